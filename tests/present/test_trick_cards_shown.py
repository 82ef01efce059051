"""Every card of a finished trick is shown (扒鸡窝, 打滚子): a trick's winner leads the next
trick at once, so the table soon shows only the new trick; the trick-won line names the
winning play and every play of the trick, in the terminal and on Discord, in both languages.
"""

from __future__ import annotations

import random

import pytest

from bot.screens import event_lines
from cogs.present import event_line
from games.base import Event, Game
from games.registry import GAMES
from present.message import Reader, cards_text

NAMES = ["Ann", "Bo", "Cy", "Di"]


def _won_tricks(game: str, seed: int) -> list[tuple[Event, dict[str, object]]]:
    """Each ``trick_won`` event of a bot-played hand, beside the trick the engine recorded."""
    spec = GAMES[game]
    engine = spec.engine()
    g: Game = engine(seed, engine.options_type.from_dict({"match": "one_hand"}))
    bots = [spec.bots()["heuristic"]() for _ in range(4)]
    rng = random.Random(seed)
    out: list[tuple[Event, dict[str, object]]] = []
    for _ in range(5_000):
        if g.is_over:
            break
        pending = g.pending()
        decision = next((d for d in pending if d.required), pending[0])
        move = (
            g.table_action()
            if decision.seat is None
            else bots[decision.seat].choose(g, decision.seat, rng)
        )
        for e in g.apply(move):
            if e.kind == "trick_won":
                out.append((e, dict(g.tricks_done[-1])))  # type: ignore[attr-defined]
    assert g.is_over
    return out


@pytest.mark.parametrize(("game", "seed"), [("pajiwo", 5), ("dagunzi", 3)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_trick_won_line_names_every_card_of_the_trick(game: str, seed: int, lang: str) -> None:
    won = _won_tricks(game, seed)
    assert len(won) >= 10
    reader = Reader(lang, NAMES)  # type: ignore[arg-type]
    for event, trick in won:
        plays = trick["plays"]
        assert isinstance(plays, list)
        terminal = event_lines(game, [event], NAMES, you=0, lang=lang)  # type: ignore[arg-type]
        discord = event_line(lang, event, NAMES, game)  # type: ignore[arg-type]
        assert len(terminal) == 1
        winning = next(p["cards"] for p in plays if p["seat"] == trick["winner"])
        for line in (terminal[0], discord):
            assert f"{cards_text(reader, winning)} " in line  # "won trick 3 with ♣A (…"
            rest = line
            for p in plays:  # each play, in the order played
                shown = cards_text(reader, p["cards"])
                assert shown in rest, (line, p)
                rest = rest[rest.index(shown) + len(shown) :]
        who = NAMES[trick["winner"]]  # type: ignore[index]
        assert discord.startswith(f"{who} ")
        assert terminal[0].startswith(
            f"{who} " if trick["winner"] else ("你" if lang == "zh" else "you ")
        )


def test_an_event_stored_without_its_plays_keeps_the_short_line() -> None:
    old = Event("trick_won", 1, {"points": 15, "trick": 2})
    assert event_line("en", old, NAMES, "pajiwo") == "Bo won trick 2 (15 points)"
    assert event_lines("pajiwo", [old], NAMES, you=1) == ["you won trick 2 (15 points)"]
