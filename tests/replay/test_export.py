"""The hand history exports (bot/replay_export.py): the JSON schema, reading it back, the log."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.replay import ReplayRefused, record_of
from bot.replay_export import (
    ExportError,
    export_match,
    load_export,
    schema,
    state_digest,
    text_log,
)
from tests.replay.helpers import GAME_KEYS, NAMES, play

VALIDATOR = jsonschema.Draft202012Validator(schema())


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


def _export(key: str, seed: int, options=None, stop_after=None, status="finished"):
    game, _said = play(key, seed, options, stop_after=stop_after)
    rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES, status=status)
    return game, rec, export_match(rec)


@pytest.mark.parametrize("key", GAME_KEYS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_an_export_replays_to_the_same_final_state(key: str, seed: int) -> None:
    game, _rec, doc = _export(key, seed)
    text = json.dumps(doc, ensure_ascii=False)  # what a file holds
    read = json.loads(text)
    VALIDATOR.validate(read)
    again = load_export(read)
    assert again.snapshot() == game.snapshot()
    assert state_digest(again) == doc["final"]["state_sha256"]
    assert [h.to_json() for h in again.hand_results] == [h["result"] for h in doc["hands"]]
    assert doc["complete"] and doc["match_result"] == game.match_result.to_json()


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_match_not_finished_is_not_exported(key: str) -> None:
    """The document carries the seed, and seed plus actions deal every hand to come: a match
    in play (a finished hand of it is replayable) is refused, and so is a match stopped before
    its end (its stopped hand is never shown)."""
    game, _said = play(key, 9, stop_after=250)
    assert game.hand_results  # a finished hand, replayable; the record says the match goes on
    for status, code in (("playing", "match_in_play"), ("aborted", "match_aborted")):
        rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES, status=status)
        with pytest.raises(ReplayRefused) as refused:
            export_match(rec)
        assert refused.value.code == code


def test_nothing_finished_is_not_exported() -> None:
    game, _said = play("pajiwo", 4, stop_after=10)
    rec = record_of(
        "pajiwo", game.seed, game.options.to_dict(), game.actions, NAMES, status="playing"
    )
    with pytest.raises(ReplayRefused):
        export_match(rec)


def test_a_document_that_is_not_ours_or_does_not_replay_is_refused() -> None:
    _game, _rec, doc = _export("dagun", 3)
    for change, why in (
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d["actions"].pop(), "hands"),
        (lambda d: d["actions"].__setitem__(5, {"seat": 0, "kind": "fly", "data": {}}), "replay"),
        (lambda d: d["final"].update(state_sha256="0" * 64), "differs"),
    ):
        bad = copy.deepcopy(doc)
        change(bad)
        with pytest.raises(ExportError, match=why):
            load_export(bad)


@pytest.mark.parametrize("lang", ["en", "zh", "zh-TW"])
def test_the_text_log_reads_in_either_language(lang: str) -> None:
    _game, rec, doc = _export("jintan", 6)
    log = text_log(rec, lang)
    title = {"en": "# 金坛麻将 Jintan mahjong", "zh": "# 金坛麻将", "zh-TW": "# 金壇麻將"}[lang]
    assert log.splitlines()[0].partition(" #")[0] == title, log.splitlines()[0]
    if lang == "zh-TW":  # converted from the simplified text
        assert "牌牆" in log and "牌墙" not in log
    else:
        for line in doc["hands"][0]["screen"][lang]:
            assert line in log
    assert all(name in log for name in NAMES)
    assert log.count("\n") > len(doc["hands"][0]["steps"])
