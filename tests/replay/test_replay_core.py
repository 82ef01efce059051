"""The replay core (bot/replay.py): hands cut from the log, steps, narration, refusals."""

from __future__ import annotations

import pytest

from bot.replay import (
    ReplayRefused,
    event_msg,
    hand_bounds,
    narration_text,
    record_of,
    replay_hand,
    step_ends,
)
from games.base import Action
from tests.replay.helpers import GAME_KEYS, NAMES, play


def _record(key: str, seed: int, options=None, stop_after=None, status="finished"):
    game, said = play(key, seed, options, stop_after=stop_after)
    rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES, status=status)
    return game, said, rec


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_hand_steps_from_deal_to_result(key: str) -> None:
    game, said, rec = _record(key, 11)
    replay = replay_hand(rec)
    assert replay.hand == 1 and replay.hands_finished == 1
    assert (replay.start, replay.end) == (0, len(game.actions))
    steps = replay.steps
    assert steps[0].index == 0 and steps[0].actions == ()
    assert [s.index for s in steps] == list(range(len(steps)))
    # the steps cover the hand's actions exactly, in order
    assert [a for s in steps for a in s.actions] == list(game.actions)
    assert steps[-1].hand_over and not any(s.hand_over for s in steps[:-1])
    # every step but the last ends on an action the presentation narrates
    for s in steps[1:-1]:
        assert s.narration and step_ends(key, s.events)
    # the narration is each event's line as the table said it, none lost, none added
    live = [m for events in said for e in events if (m := event_msg(key, e)) is not None]
    told = [m for s in steps for m in s.narration if not m.id.startswith("replay.")]
    assert told == live  # the replay's own lines (the kitty, what was buried) apart
    # all hands face up: every seat's own view, and the result
    assert len(steps[-1].views) == 4
    assert all(v.get("seat") == i for i, v in enumerate(steps[-1].views))
    assert replay.result == game.hand_results[0].to_json()
    assert replay.match_result == game.match_result.to_json()
    assert replay.screen() and narration_text(replay, len(steps) - 1, "zh")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_each_hand_of_a_match_is_cut_where_the_engine_ends_it(key: str) -> None:
    game, _said, rec = _record(key, 5, {}, stop_after=400, status="playing")
    bounds = hand_bounds(rec)
    assert len(bounds) == len(game.hand_results)
    for k, (start, end) in enumerate(bounds, 1):
        replay = replay_hand(rec, k)
        assert replay.result["number"] == k
        assert (replay.start, replay.end) == (start, end)
        if k > 1:  # the dealing table step opens the hand
            assert replay.steps[0].actions[0].seat is None
            assert bounds[k - 2][1] == start


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_hand_in_play_is_refused(key: str) -> None:
    game, _said, rec = _record(key, 3, stop_after=12, status="playing")
    assert not game.hand_results
    with pytest.raises(ReplayRefused) as refused:
        replay_hand(rec, 1)
    assert refused.value.code == "hand_in_play"
    with pytest.raises(ReplayRefused) as refused:
        replay_hand(rec)
    assert refused.value.code == "no_finished_hand"
    with pytest.raises(ReplayRefused) as refused:
        replay_hand(rec, 0)
    assert refused.value.code == "no_hand"


def test_the_hand_after_the_last_finished_one_is_refused_in_a_match_going_on() -> None:
    game, _said, rec = _record("dagun", 8, {}, stop_after=200, status="playing")
    done = len(game.hand_results)
    assert done >= 1
    assert replay_hand(rec).hand == done
    with pytest.raises(ReplayRefused) as refused:
        replay_hand(rec, done + 1)
    assert refused.value.code == "hand_in_play"
    with pytest.raises(ReplayRefused) as refused:
        replay_hand(rec, done + 2)
    assert refused.value.code == "no_hand"


def test_a_record_that_does_not_replay_is_refused() -> None:
    game, _said, _rec = _record("pajiwo", 2)
    bad = record_of("pajiwo", game.seed, game.options.to_dict(), [Action(3, "bury", {}).to_json()])
    with pytest.raises(ReplayRefused) as refused:
        replay_hand(bad)
    assert refused.value.code == "bad_record"
    unknown = record_of("chess", 1, {}, [])
    with pytest.raises(ReplayRefused) as refused:
        replay_hand(unknown)
    assert refused.value.code == "no_game"
