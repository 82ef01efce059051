"""Invariants over random legal games (hypothesis + bots): cards conserved, replay = live, JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.base import Action, IllegalAction, Player
from games.cards import format_card_ascii, full_deck, parse_card
from games.pajiwo import BOTS, PajiwoGame, PajiwoOptions, RandomPlayer
from games.pajiwo.selfplay import play_hand, step

KINDS = st.sampled_from(["random", "heuristic", "thrower"])


def make_player(kind: str) -> Player:
    """A bot of ``kind``; "thrower" is the random player trying a random throw on 30% of its
    leads, so that games also go through failed throws (pajiwo.txt:105)."""
    return RandomPlayer(throw_rate=0.3) if kind == "thrower" else BOTS[kind]()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    deal=st.sampled_from(["progressive", "all_at_once"]),
    failed_throw=st.sampled_from(["smallest_card", "beaten_unit"]),
    kinds=st.lists(KINDS, min_size=4, max_size=4),
    hands=st.integers(1, 2),
)
def test_cards_conserved_and_replay_equals_live(
    seed: int, deal: str, failed_throw: str, kinds: list[str], hands: int
) -> None:
    opts = PajiwoOptions(deal=deal, failed_throw=failed_throw, deal_round=7)
    game = PajiwoGame(seed, opts)
    players = [make_player(k) for k in kinds]
    rng = random.Random(seed)
    while not game.is_over and len(game.hand_results) < hands:
        applied = step(game, players, rng)
        assert applied, "a live game always has a next step"
        checks = game.invariants()
        assert checks == {"cards_conserved": True, "hand_sizes": True, "points_total": True}, (
            game.actions[-1]
        )
    assert len(game.hand_results) == hands or game.is_over
    # replay from the record (through JSON text) rebuilds the same state
    record = json.loads(json.dumps(game.to_json(), ensure_ascii=False))
    again = PajiwoGame.from_json(record)
    assert again.snapshot() == game.snapshot()
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in game.actions]
    for seat in (None, 0, 1, 2, 3):
        assert json.loads(json.dumps(game.view(seat))) == again.view(seat)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 3))
def test_every_listed_legal_action_passes_check_and_round_trips(seed: int, seat: int) -> None:
    game = PajiwoGame(seed, PajiwoOptions(deal="all_at_once"))
    players = [BOTS["random"]() for _ in range(4)]
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 60)):
        if not step(game, players, rng):
            break
    for action in game.legal_actions(seat, limit=20):
        game.check(action)
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_same_seed_same_game() -> None:
    a, b = PajiwoGame(42), PajiwoGame(42)
    assert a.snapshot() == b.snapshot()
    assert PajiwoGame(43).snapshot()["undealt"] != a.snapshot()["undealt"]


def test_spectator_view_hides_hands() -> None:
    game = PajiwoGame(3, PajiwoOptions(deal="all_at_once"))
    spectator = game.view(None)
    assert spectator["hand"] is None and spectator["kitty"] is None
    assert spectator["hand_counts"] == [25, 25, 25, 25]
    own = game.view(2)
    assert own["hand"] is not None and len(own["hand"]) == 25
    assert "hands" not in own


def test_a_whole_match_plays_to_the_end_and_replays() -> None:
    game = PajiwoGame(1, PajiwoOptions())
    players = [BOTS["heuristic"]() for _ in range(4)]
    rng = random.Random(1)
    while not game.is_over:
        play_hand(game, players, rng)
        assert game.invariants()["cards_conserved"]
    result = game.match_result
    assert result is not None and game.pending() == [] and game.phase == "match_over"
    winner = result.ranks.index(1)
    last = game.hand_results[-1].summary
    # the winners were the dealer side playing A and went up
    assert last["dealer"] % 2 == winner and last["level"] == "A" and not last["takeover"]
    assert game.levels[winner] == 14
    again = PajiwoGame.replay(game.seed, game.options, game.actions)
    assert again.snapshot() == game.snapshot() and again.match_result == result


ASCII_CARDS = sorted({format_card_ascii(c) for c in full_deck(1)})


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**16),
    moves=st.integers(0, 80),
    fuzz=st.lists(
        st.tuples(
            st.sampled_from([None, 0, 1, 2, 3, True, -1, "0"]),
            st.sampled_from(
                ["deal", "declare", "pass", "rebel", "bury", "play", "next_hand", "x", None, 5]
            ),
            st.one_of(
                st.lists(st.sampled_from(ASCII_CARDS), max_size=9).map(lambda c: {"cards": c}),
                st.sampled_from(
                    [None, [], "BJ", {}, {"cards": 5}, {"cards": [5]}, {"cards": "BJ"}]
                ),
            ),
        ),
        min_size=1,
        max_size=15,
    ),
)
def test_refused_actions_change_nothing(
    seed: int, moves: int, fuzz: list[tuple[Any, Any, Any]]
) -> None:
    """Any action, however malformed (bool seats, non-string kinds, data that is no object),
    is either applied or refused with an IllegalAction that changes nothing."""
    game = PajiwoGame(seed, PajiwoOptions(deal="all_at_once"))
    players = [BOTS["random"]() for _ in range(4)]
    rng = random.Random(seed)
    for _ in range(moves):
        if not step(game, players, rng):
            break
    for seat, kind, data in fuzz:
        before = game.snapshot()
        action = Action(seat, kind, data)
        try:
            game.apply(action)
        except IllegalAction as exc:
            assert exc.code and exc.message
            assert game.snapshot() == before
        assert game.invariants()["cards_conserved"]


def _respell(text: str, k: int) -> str:
    """The same card in one of several notations games.cards reads: 10s, ♠10, S10, 黑桃10 …"""
    card = parse_card(text)
    if card.is_joker:
        big = card == parse_card("BJ")
        return (["BJ", "大王", "RJ"] if big else ["SJ", "小王", "LJ"])[k % 3]
    assert card.suit is not None
    rank = card.rank.label
    forms = [rank + card.suit.value.lower(), card.suit.symbol + rank, card.suit.chinese + rank]
    if not (card.suit.value == "S" and rank == "J"):  # "SJ" is the small joker
        forms.append(card.suit.value + rank)
    return forms[k % len(forms)]


def test_a_record_in_any_card_notation_replays_to_the_same_state() -> None:
    game = PajiwoGame(11, PajiwoOptions())
    players = [BOTS["heuristic"](), BOTS["random"](), BOTS["heuristic"](), BOTS["random"]()]
    play_hand(game, players, random.Random(11))
    respelled = []
    for i, action in enumerate(game.actions):
        data = dict(action.data)
        if "cards" in data:
            data["cards"] = [_respell(c, i + j) for j, c in enumerate(data["cards"])]
        respelled.append(Action(action.seat, action.kind, data))
    assert any("♠" in " ".join(a.data.get("cards", [])) for a in respelled)
    record = json.loads(json.dumps({**game.to_json(), "actions": [a.to_json() for a in respelled]}))
    again = PajiwoGame.from_json(record)
    assert again.snapshot() == game.snapshot() and len(game.hand_results) == 1
    assert again.view(2) == game.view(2)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), deal=st.sampled_from(["progressive", "all_at_once"]))
def test_views_show_the_kitty_only_to_its_last_buryer_until_the_hand_ends(
    seed: int, deal: str
) -> None:
    """pajiwo.txt:69-77: the kitty is buried face down; only the seat that buried it knows it."""
    game = PajiwoGame(seed, PajiwoOptions(deal=deal, deal_round=25))
    players = [BOTS["random"]() for _ in range(4)]
    rng = random.Random(seed)
    buryer: int | None = None
    seen_phases = set()
    while not game.hand_results:
        for action in step(game, players, rng):
            if action.kind == "bury":
                buryer = action.seat
            if action.kind == "rebel":
                buryer = None
        seen_phases.add(game.phase)
        spectator = game.view(None)
        assert spectator["hand"] is None
        for seat in range(4):
            view = game.view(seat)
            assert sorted(view["hand"]) == sorted(format_card_ascii(c) for c in game.hands[seat])
            if game.phase in ("pajiwo", "play"):
                assert (view["kitty"] is not None) == (seat == buryer), (seat, buryer)
            elif game.phase not in ("hand_over", "match_over"):
                assert view["kitty"] is None
        if game.phase not in ("hand_over", "match_over"):
            assert spectator["kitty"] is None
    assert {"pajiwo", "play"} <= seen_phases
    assert all(game.view(s)["kitty"] is not None for s in (None, 0, 1, 2, 3))


def test_random_throwers_go_through_failed_throws_and_replay() -> None:
    game = PajiwoGame(4, PajiwoOptions(deal="all_at_once"))
    players = [make_player("thrower") for _ in range(4)]
    play_hand(game, players, random.Random(4))
    failed = [t["failed_throw"] for t in game.view(None)["tricks"] if t["failed_throw"]]
    assert failed, "no throw failed in a hand of random throws"
    for throw in failed:
        assert len(throw["cards"]) >= 2 and len(throw["played"]) == 1
    assert all(game.invariants().values())
    again = PajiwoGame.replay(game.seed, game.options, game.actions)
    assert again.snapshot() == game.snapshot()
    with pytest.raises(ValueError, match="share from 0 to 1"):
        RandomPlayer(throw_rate=1.5)
