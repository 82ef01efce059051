"""The tricks of a 扒鸡窝 (Pajiwo) hand and its end: the first lead, each play, the trick won,
the hand scored and the levels moved (``pajiwo.txt`` lines 73-110).

Functions over a :class:`games.pajiwo.engine.PajiwoGame`, called by the engine after it has
checked the action; the trick rules are those of :mod:`games.tricks` (through
:mod:`games.pajiwo.play`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.base import (
    JSON,
    Event,
    HandResult,
    MatchResult,
)
from games.cards import (
    Card,
    format_cards,
)
from games.pajiwo import play as tricks
from games.pajiwo.deck import (
    TEAMS,
    asc,
)
from games.pajiwo.scoring import card_points, level_label, settle

if TYPE_CHECKING:
    from games.pajiwo.engine import PajiwoGame

__all__ = [
    "apply_play",
    "finish_hand",
    "finish_trick",
    "start_play",
    "validate_play",
]


def start_play(game: PajiwoGame) -> list[Event]:
    """Trump is final (pajiwo.txt:79); the dealer leads the first trick (pajiwo.txt:81, 99)."""
    game._refresh_order()
    game.phase = "play"
    assert game.dealer is not None
    game.turn = game.dealer  # the dealer leads the first trick (pajiwo.txt:81, 99)
    game.trick_leader = game.dealer
    trump = "no-trump" if game.no_trump else f"{game.trump_suit} trump"
    assert game.level is not None
    return [
        Event(
            "play_started",
            game.dealer,
            {"trump": game.trump_suit.value if game.trump_suit else None},
            f"trump is fixed: {trump} at level {level_label(game.level)}; seat {game.dealer} leads",
        )
    ]


def apply_play(
    game: PajiwoGame, seat: int, cards: list[Card], lead: tricks.Lead | None
) -> list[Event]:
    """Play cards to the trick; a throw some other hand can beat is cut to its smallest
    card or, by option, the beaten unit (pajiwo.txt:105)."""
    order = game._order()
    events: list[Event] = []
    if not game.trick_plays:
        assert lead is not None  # _validate_play read the lead
        played: tuple[Card, ...] = tuple(cards)
        thrown = lead
        stood = True
        if tricks.is_throw(lead):
            others = {(seat + k) % 4: game.hands[(seat + k) % 4] for k in (1, 2, 3)}
            ok, played, beaten_by = tricks.check_throw(lead, others, order, game.rules)
            stood = ok
            if not ok:
                game.failed_throw = {
                    "seat": seat,
                    "cards": asc(cards),
                    "played": asc(played),
                    "beaten_by": beaten_by,
                }
                events.append(
                    Event(
                        "throw_failed",
                        seat,
                        {"cards": asc(cards), "played": asc(played), "beaten_by": beaten_by},
                        f"seat {seat}'s throw {format_cards(cards)} fails (seat {beaten_by} "
                        f"can beat it): {format_cards(played)} is played",
                    )
                )
                lead = tricks.classify_lead(list(played), order, game.rules)
        game.lead = lead
        game.trick_leader = seat
        game.lead_reading = {
            "seat": seat,
            **tricks.lead_json(lead),
            "throw": {"stood": stood, "units": tricks.units_json(thrown.units)}
            if tricks.is_throw(thrown)
            else None,
        }
    else:
        played = tuple(cards)
    game._remove(seat, played)
    game.trick_plays.append((seat, played))
    if len(game.trick_plays) < 4:
        game.turn = (seat + 1) % 4
        return events
    return events + game._finish_trick()


def finish_trick(game: PajiwoGame) -> list[Event]:
    """The trick's winner (ruffs and over-ruffs, pajiwo.txt:111-119) takes its points
    (pajiwo.txt:123) and leads next (pajiwo.txt:99); after the 25th trick the hand ends."""
    order = game._order()
    winner = tricks.trick_winner(game.trick_plays, order, game.rules)
    cards = [c for _, p in game.trick_plays for c in p]
    pts = card_points(cards)
    game.points[winner % 2] += pts
    game.won_cards.extend(cards)
    record: dict[str, JSON] = {
        "leader": game.trick_leader,
        "plays": [{"seat": s, "cards": asc(p)} for s, p in game.trick_plays],
        "winner": winner,
        "points": pts,
        "failed_throw": game.failed_throw,
        "lead": game.lead_reading,
    }
    game.tricks_done.append(record)
    events = [
        Event(
            "trick_won",
            winner,
            {"points": pts, "trick": len(game.tricks_done), "plays": record["plays"]},
            f"seat {winner} wins trick {len(game.tricks_done)}"
            + (f" with {pts} points" if pts else ""),
        )
    ]
    last_plays = game.trick_plays
    game.trick_plays = []
    game.lead = None
    game.failed_throw = None
    game.lead_reading = None
    game.trick_leader = winner
    game.turn = winner
    if any(game.hands):
        return events
    return events + game._finish_hand(winner, dict(last_plays)[winner])


def finish_hand(game: PajiwoGame, last_winner: int, winning_play: Sequence[Card]) -> list[Event]:
    """扣底 (pajiwo.txt:127-129), the result table, levels, next dealer and match end
    (pajiwo.txt:133-143, :func:`games.pajiwo.scoring.settle`)."""
    assert game.dealer is not None and game.level is not None
    events: list[Event] = []
    dealer_team = game.dealer % 2
    def_team = 1 - dealer_team
    kitty_pts = card_points(game.kitty)
    if last_winner % 2 == def_team:
        # 扣底: kitty points × the winning play's largest unit (pajiwo.txt:129)
        if game.options.kitty_multiplier == "double":
            mult = 2
        else:
            mult = tricks.kitty_multiplier(winning_play, game._order(), game.rules)
        bonus = kitty_pts * mult
        game.points[def_team] += bonus
        game.kitty_bonus = {
            "kitty_points": kitty_pts,
            "multiplier": mult,
            "bonus": bonus,
            "seat": last_winner,
        }
        events.append(
            Event(
                "kitty_won",
                last_winner,
                dict(game.kitty_bonus),
                f"扣底: seat {last_winner} wins the last trick; the kitty's {kitty_pts} points "
                f"×{mult} = {bonus} go to the defenders",
            )
        )
    def_points = game.points[def_team]
    opts = game.options
    before = list(game.levels)
    st = settle(def_points, game.dealer, (before[0], before[1]), opts.match, opts.target_level)
    res, winner_team, up, next_dealer = st.outcome, st.winner_team, st.levels_up, st.next_dealer
    match_won = st.match_won
    game.levels = list(st.levels)
    game.hands_won[winner_team] += 1
    if res.takeover:
        text = f"defenders {def_points}: they take over the deal ({res.name})"
        if up:
            text += f" and go up {up}"
    else:
        text = f"defenders {def_points}: the dealer side goes up {up} ({res.name})"
    summary: dict[str, JSON] = {
        "dealer": game.dealer,
        "dealer_team": list(TEAMS[dealer_team]),
        "level": level_label(game.level),
        "trump": game.trump_suit.value if game.trump_suit else None,
        "no_trump": game.no_trump,
        "defenders_points": def_points,
        "kitty": asc(game.kitty),
        "kitty_bonus": game.kitty_bonus,
        "result": res.name,
        "takeover": res.takeover,
        "levels_up": up,
        "winner_team": list(TEAMS[winner_team]),
        "levels_before": [level_label(x) for x in before],
        "levels_after": [level_label(x) for x in game.levels],
        "next_dealer": next_dealer,
    }
    result = HandResult(game.hand_number, TEAMS, (game.points[0], game.points[1]), summary, text)
    game._hand_results.append(result)
    events.append(Event("hand_over", None, result.to_json(), text))
    if up:
        events.append(
            Event(
                "level_up",
                None,
                {
                    "team": list(TEAMS[winner_team]),
                    "up": up,
                    "level": level_label(game.levels[winner_team]),
                },
                f"seats {TEAMS[winner_team][0]} & {TEAMS[winner_team][1]} go up {up} to "
                f"{level_label(game.levels[winner_team])}",
            )
        )
    game.dealer = next_dealer
    game.phase = "hand_over"
    game.turn = None
    if match_won:
        game.phase = "match_over"
        ranks = (1, 2) if winner_team == 0 else (2, 1)
        game._match_result = MatchResult(
            TEAMS,
            ranks,
            (game.levels[0], game.levels[1]),
            {
                "levels": [level_label(x) for x in game.levels],
                "hands": game.hand_number,
                "hands_won": list(game.hands_won),
            },
            f"seats {TEAMS[winner_team][0]} & {TEAMS[winner_team][1]} win the match",
        )
        events.append(
            Event("match_over", None, game._match_result.to_json(), game._match_result.text)
        )
    return events


def validate_play(game: PajiwoGame, seat: int, cards: list[Card]) -> tricks.Lead | None:
    """A lead: its reading (single, pair, tractor, throw; pajiwo.txt:103); a follow: checked
    against the lead (follow suit, tractors, pairs; pajiwo.txt:101,107,109)."""
    order = game._order()
    if not game.trick_plays:
        lead = tricks.classify_lead(cards, order, game.rules)
        return lead
    assert game.lead is not None
    tricks.check_follow(game.lead, game.hands[seat], cards, order, game.rules)
    return None
