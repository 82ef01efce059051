"""A match's hand history as JSON (a versioned schema) and as a readable text log (issue 24).

The JSON form is documented in ``docs/replay-schema.md`` and checked by the JSON Schema
``docs/replay-schema.json`` (:data:`SCHEMA_PATH`). It holds what replays the match (the game,
seed, full options and the actions of its finished hands) and, for a reader that is not Paiju,
each hand's steps with the engine's events and the narration in English and Chinese. A hand
still being played is never in it: the actions stop at the end of the last finished hand.

* :func:`export_match` — the JSON document (a dict) of a :class:`bot.replay.GameRecord`;
* :func:`load_export` — read a document back: check its format and version, replay its
  actions and check the final state against the document's digest; returns the engine;
* :func:`text_log` — the same hands as plain text in the reader's language.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.replay import GameRecord, HandReplay, ReplayRefused, replay_hands
from games.base import Action, Game
from games.registry import GAMES
from present.games import game_title
from present.message import Reader, render

__all__ = [
    "FORMAT",
    "SCHEMA_PATH",
    "VERSION",
    "ExportError",
    "export_match",
    "load_export",
    "schema",
    "state_digest",
    "text_log",
]

FORMAT = "paiju-replay"
VERSION = 1
"""The schema's version: a reader refuses a document of a newer major version."""
SCHEMA_PATH = Path(__file__).resolve().parent.parent / "docs" / "replay-schema.json"
LINE_LANGS = ("en", "zh")
"""The languages of the narration written into a document."""


class ExportError(ValueError):
    """A document that is not a Paiju replay this version reads, or that does not replay to
    the state it records."""


def schema() -> dict[str, Any]:
    """The JSON Schema of the document (``docs/replay-schema.json``)."""
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def state_digest(game: Game) -> str:
    """SHA-256 of the engine's full state (``Game.snapshot()`` as canonical JSON)."""
    text = json.dumps(game.snapshot(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _event_json(event: Any) -> dict[str, Any]:
    return {"kind": event.kind, "seat": event.seat, "data": dict(event.data)}


def _lines(replay: HandReplay, msgs: Sequence[Any], lang: str) -> list[str]:
    reader = Reader(lang, list(replay.names))
    return [render(reader, m) for m in msgs]


def _hand_json(replay: HandReplay) -> dict[str, Any]:
    return {
        "number": replay.hand,
        "actions": [replay.start, replay.end],
        "result": dict(replay.result),
        "screen": {lang: _lines(replay, replay.screen(), lang) for lang in LINE_LANGS},
        "steps": [
            {
                "index": step.index,
                "actions": [step.first, step.end],
                "seat": step.seat,
                "events": [_event_json(e) for e in step.events],
                "lines": {lang: _lines(replay, step.narration, lang) for lang in LINE_LANGS},
            }
            for step in replay.steps
        ],
    }


def export_match(record: GameRecord) -> dict[str, Any]:
    """The JSON document of ``record``'s finished hands (``docs/replay-schema.md``).

    Raises :class:`bot.replay.ReplayRefused`: ``match_in_play`` while the match is still
    played (the document carries the seed, which decides every hand to come, so a player
    holding it would know the cards of the hand in play), ``no_finished_hand`` when no hand
    is finished, ``match_aborted`` for a match stopped before its end (the seed would show
    the hand it stopped in, which is never shown).
    """
    if record.status == "aborted":  # the seed would show the hand it stopped in
        raise ReplayRefused("match_aborted", "the match was stopped before its end")
    if record.status != "finished":
        raise ReplayRefused("match_in_play", "the match is still being played")
    hands = replay_hands(record)
    if not hands:
        raise ReplayRefused("no_finished_hand", "no hand of this match is finished yet")
    end = hands[-1].end
    actions = [Action.from_json(a) for a in record.actions[:end]]
    game = record.new_game()
    for action in actions:
        game.apply(action)
    spec = GAMES[record.game]
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "title": {"zh": spec.title_zh, "en": spec.title_en},
        "game_id": record.game_id,
        "seed": int(record.seed),
        "options": dict(record.options),
        "players": [
            {"seat": i, "name": name, "bot": record.bots[i] if i < len(record.bots) else None}
            for i, name in enumerate(record.names)
        ],
        "complete": game.match_result is not None,
        "actions": [a.to_json() for a in actions],
        "hands": [_hand_json(h) for h in hands],
        "match_result": game.match_result.to_json() if game.match_result is not None else None,
        "final": {"hands": len(game.hand_results), "state_sha256": state_digest(game)},
    }


def load_export(doc: Mapping[str, Any], *, check_digest: bool = True) -> Game:
    """Replay a document of :func:`export_match` and return the engine at its end.

    Raises :class:`ExportError` for another format, a newer version, an unknown game, actions
    that do not replay, or (``check_digest``) a final state other than the one recorded."""
    if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
        raise ExportError("not a Paiju replay (format is not 'paiju-replay')")
    version = doc.get("version")
    if not isinstance(version, int) or version < 1 or version > VERSION:
        raise ExportError(f"replay version {version!r}: this Paiju reads versions 1 to {VERSION}")
    spec = GAMES.get(str(doc.get("game")))
    if spec is None or not spec.available:
        raise ExportError(f"unknown game {doc.get('game')!r}")
    cls = spec.engine()
    try:
        game = cls.replay(int(doc["seed"]), doc.get("options") or {}, doc.get("actions") or [])
    except Exception as exc:  # an action refused, a malformed one, bad options
        raise ExportError(f"the actions do not replay: {exc}") from None
    final = doc.get("final") or {}
    if len(game.hand_results) != final.get("hands"):
        raise ExportError(f"{len(game.hand_results)} hands replayed, {final.get('hands')} recorded")
    if check_digest and state_digest(game) != final.get("state_sha256"):
        raise ExportError("the replayed state differs from the recorded one")
    return game


def text_log(record: GameRecord, lang: str, names: Sequence[str] | None = None) -> str:
    """``record``'s finished hands as plain text in ``lang``: a heading, then per hand each
    step's lines and the result screen."""
    hands = replay_hands(record)
    shown = list(names if names is not None else record.names)
    reader = Reader(lang, shown)
    zh = lang.startswith("zh")
    title = game_title(record.game, lang)
    players = ("、" if zh else ", ").join(f"{i + 1}. {n}" for i, n in enumerate(shown))
    out = [f"# {title}" + (f" #{record.game_id}" if record.game_id is not None else ""), players]
    for hand in hands:
        out.append("")
        out.append(render(reader, _heading(hand.hand)))
        for step in hand.steps:
            for msg in step.narration:
                out.append(f"  {render(reader, msg)}")
        out.append("")
        out += [render(reader, m) for m in hand.screen()]
    return "\n".join(out) + "\n"


def _heading(number: int) -> Any:
    from present.message import Msg

    return Msg("replay.log.hand", number=number)
