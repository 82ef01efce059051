"""Every end-of-hand and end-of-match screen names what the engine's results hold.

Over 200 bot-played seeds per game (issue 19), in both front ends and both languages: the
teams, the winners, the dealer, the called card and partner, the scores and coins are compared
with the engine's ``HandResult`` / ``MatchResult`` (never with golden strings), and no screen
names two seats together that were not on one side.
"""

from __future__ import annotations

import pytest

from games.cards import format_card, parse_card
from tests.present.screens import Shown, hand_screens, match_screens, play_out

SEEDS = range(200)


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−") if value else "0"


def _only_true_teams(shown: Shown, teams: list[list[int]]) -> None:
    true = {tuple(sorted(t)) for t in teams}
    for group in shown.teams_named():
        assert tuple(sorted(group)) in true, (shown.front, shown.lang, group, shown.text)


@pytest.mark.parametrize("seed", SEEDS)
def test_dagun_screens_tell_the_engines_result(seed: int) -> None:
    game = play_out("dagun", seed)
    for hand in game.hand_results:
        result = hand.to_json()
        summary = hand.summary
        winners = sorted(summary["winners"])  # type: ignore[arg-type]
        for shown in hand_screens("dagun", result):
            text = shown.text
            assert shown.team(winners) in text, (shown, winners)
            for seat, coins in enumerate(summary["coins"]):  # type: ignore[arg-type]
                assert f"{shown.name(seat)} {_signed(int(coins))}" in text, (shown, seat)
            _only_true_teams(shown, [list(t) for t in hand.teams])
            if shown.front != "terminal":
                continue  # Discord's result line is the headline; the full screen below
            dealer = int(summary["dealer"])  # type: ignore[call-overload]
            assert shown.name(dealer) in text
            assert format_card(parse_card(str(summary["called"]))) in text
            if summary["alone"] is None:
                assert shown.name(int(summary["partner"])) in text  # type: ignore[call-overload]
            for seat in summary["finish_order"]:  # type: ignore[union-attr]
                assert shown.name(int(seat)) in text
            for seat, total in enumerate(summary["coins_total"]):  # type: ignore[arg-type]
                assert f"{shown.name(seat)} {_signed(int(total))}" in text
    match = game.match_result
    assert match is not None
    first = [s for s, r in enumerate(match.ranks) if r == 1]
    for shown in match_screens("dagun", match.to_json()):
        assert shown.team(first) in shown.text, (shown, first)
        for seat, coins in enumerate(match.scores):
            assert f"{shown.name(seat)} {_signed(int(coins))}" in shown.text


@pytest.mark.parametrize("game_key", ["pajiwo", "dagunzi"])
@pytest.mark.parametrize("seed", SEEDS)
def test_trick_game_screens_tell_the_engines_result(game_key: str, seed: int) -> None:
    game = play_out(game_key, seed)
    for hand in game.hand_results:
        summary = hand.summary
        winners = list(summary["winner_team"])  # type: ignore[call-overload]
        dealer_team = list(summary["dealer_team"])  # type: ignore[call-overload]
        defenders = next(list(t) for t in hand.teams if sorted(t) != sorted(dealer_team))
        for shown in hand_screens(game_key, hand.to_json()):
            text = shown.text
            assert shown.team(winners) in text, (shown, winners)
            assert str(summary["defenders_points"]) in text
            _only_true_teams(shown, [list(t) for t in hand.teams])
            if shown.front != "terminal":
                continue
            assert shown.name(int(summary["dealer"])) in text  # type: ignore[call-overload]
            assert shown.team(dealer_team) in text and shown.team(defenders) in text
            for i, team in enumerate(hand.teams):
                after = summary["levels_after"][i]  # type: ignore[index]
                assert f"{shown.team(list(team))} {summary['levels_before'][i]} → {after}" in text  # type: ignore[index]
            assert shown.name(int(summary["next_dealer"])) in text  # type: ignore[call-overload]
    match = game.match_result
    assert match is not None
    for shown in match_screens(game_key, match.to_json()):
        if match.ranks.count(1) == 1:
            first = list(match.teams[match.ranks.index(1)])
            assert shown.team(first) in shown.text, (shown, first)
        _only_true_teams(shown, [list(t) for t in match.teams])
        levels = match.summary.get("levels") or list(match.scores)
        for i, team in enumerate(match.teams):
            assert f"{shown.team(list(team))}" in shown.text and str(levels[i]) in shown.text


@pytest.mark.parametrize("game_key", ["jintan", "jinhua"])
@pytest.mark.parametrize("seed", SEEDS)
def test_mahjong_screens_tell_the_engines_result(game_key: str, seed: int) -> None:
    from present.tiles import tile_name

    game = play_out(game_key, seed)
    for hand in game.hand_results:
        summary = hand.summary
        wins = list(summary["wins"])  # type: ignore[call-overload]
        for shown in hand_screens(game_key, hand.to_json()):
            text = shown.text
            if not wins and not summary.get("special"):
                assert "荒庄" in text, shown
            for win in wins:
                assert shown.name(int(win["seat"])) in text, (shown, win)
                assert tile_name(shown.lang, str(win["tile"])) in text, (shown, win)
                if win["from"] is not None:
                    assert shown.name(int(win["from"])) in text, (shown, win)
            if shown.front != "terminal":
                continue
            for seat, delta in enumerate(hand.scores):
                assert f"{shown.name(seat)} {_signed(int(delta))}" in text, (shown, seat)
            for win in wins:  # the winning hand laid down, concealed kongs face up
                seat = int(win["seat"])
                tiles = list(summary["hands"][seat])  # type: ignore[index]
                for meld in summary["melds"][seat]:  # type: ignore[index]
                    assert meld["tiles"] is not None
                    tiles += meld["tiles"]
                for tile in set(tiles):
                    assert tile_name(shown.lang, str(tile)) in text, (shown, tile)
    match = game.match_result
    assert match is not None
    for shown in match_screens(game_key, match.to_json()):
        for seat, score in enumerate(match.scores):
            rank = match.ranks[seat]
            assert f"{rank}. {shown.name(seat)} {_signed(int(score))}" in shown.text, (shown, seat)


@pytest.mark.parametrize("game_key", ["pajiwo", "dagunzi"])
@pytest.mark.parametrize("seed", range(40))
def test_the_finished_hands_state_is_its_own_not_the_next_dealers(game_key: str, seed: int) -> None:
    """Once a hand is over the engine looks at the next hand (its dealer, so its defenders):
    the table message and the DM still show the points the finished hand's defenders took."""
    from present import games as presentation
    from present.message import Reader, render
    from tests.present.screens import NAMES

    game = play_out(game_key, seed)
    summary = game.hand_results[-1].summary
    points = f"{summary['defenders_points']}"
    for lang in ("en", "zh"):
        table = presentation.table(game_key, game.view(None)) or []
        shown = [render(Reader(lang, NAMES), m) for m in table]
        assert any(points in line for line in shown), (shown, points)
        other = [s for s in (game.hand_results[-1].scores) if str(s) != points]
        if other:  # the dealer's side's score is never shown as the defenders'
            line = next(x for x in shown if points in x)
            assert f"{other[0]}" not in line.replace(points, ""), (line, other)


@pytest.mark.parametrize("game_key", ["pajiwo", "dagunzi", "dagun"])
@pytest.mark.parametrize("seed", range(10))
def test_the_last_hands_situation_ends_with_the_match_not_a_next_hand(
    game_key: str, seed: int
) -> None:
    """A seat's DM at the end of the match says who won it and nothing of a next hand."""
    from present import games as presentation
    from present.screens import NEXT_HAND

    game = play_out(game_key, seed)
    match = game.match_result
    assert match is not None
    for seat in range(4):
        said = presentation.situation(game_key, game.view(seat), seat) or []
        ids = [m.id for m in said]
        assert not NEXT_HAND & set(ids), ids
        headline = presentation.match_result(game_key, match.to_json())[0]
        assert headline in said, ids
        if game_key != "dagun" and match.ranks.count(1) > 1:
            assert headline.id == "tricks.match_drawn"
