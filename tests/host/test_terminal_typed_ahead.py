"""Lines typed at a terminal (a tty) before their prompt (issue 24 review): the control words
are answered at once while the bots play, and a move typed before its decision is shown is
refused, never played on a decision the player has not seen."""

from __future__ import annotations

import asyncio
import io
import os
from pathlib import Path
from typing import Any

import pytest

from bot.cli import play
from bot.replay import load_game
from bot.store import Store
from present.i18n import tr


def _delivered(loop: asyncio.AbstractEventLoop) -> int:
    """Lines the terminal's reader thread has handed to the event loop, not yet taken."""
    ready: Any = getattr(loop, "_ready", ())
    return sum(
        getattr(getattr(h, "_callback", None), "__name__", "") == "_put" for h in list(ready)
    )


class _Typist(io.StringIO):
    """The screen: at the first numbered move, four lines typed at once (``1``, ``1``,
    ``view``, ``hint``), as a quick player does; at the first refusal (or the next prompt),
    ``quit``."""

    def __init__(self, master: int, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.master = master
        self.loop = loop
        self.stage = 0

    def write(self, text: str) -> int:
        n = super().write(text)
        if self.stage == 0 and text.startswith("    1. "):
            self.stage = 1
            os.write(self.master, "1\n1\nview\n提示\n".encode())
            while _delivered(self.loop) < 4:  # all four arrived while this prompt is shown
                pass
        elif self.stage == 1 and text.startswith(("! ", "    1. ")):  # (or a next prompt)
            self.stage = 2
            os.write(self.master, b"quit\n")
        return n


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_move_typed_before_its_prompt_is_refused_and_control_words_answered(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAIJU_LANG", lang)
    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r", encoding="utf-8")
    out = _Typist(master, asyncio.get_running_loop())
    db = tmp_path / "t.sqlite3"
    try:
        status = await play(
            "dagun",
            db_path=db,
            stdin=stdin,
            stdout=out,
            seed=5,
            pace="async",
            options={"match": "one_hand"},
        )
    finally:
        os.close(master)
    assert status == 0
    text = out.getvalue()
    refusals = {f"! {tr(lang, 'terminal.not_your_turn')}", f"! {tr(lang, 'terminal.typed_early')}"}
    assert refusals & set(text.splitlines())
    assert tr(lang, "terminal.saved", command="") in text
    # view and hint were answered (the table drawn again, a hint line) before quit
    after = text[text.index("! ") :]
    assert tr(lang, "terminal.hint", move="").split("{")[0].strip() in after
    assert after.count("── ") >= 1
    # the player's seat played once: the second 1 was not applied to the next decision
    store = await Store.open(db)
    try:
        record = await load_game(store, 1)
    finally:
        await store.close()
    assert len([a for a in record.actions if a["seat"] == 0]) == 1
