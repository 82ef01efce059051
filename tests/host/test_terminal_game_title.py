"""The terminal names its game as present.games.game_title does for its reader: in traditional
characters at a zh-TW terminal (扒雞窩), simplified at a Chinese one, both names in English; on
the "opened" and "resuming" lines and the table's screen."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.cli import play


@pytest.mark.parametrize(
    ("lang", "name", "other"),
    [("zh-TW", "扒雞窩", "扒鸡窝"), ("zh", "扒鸡窝", "扒雞窩"), ("en", "扒鸡窝 Pajiwo", "扒雞窩")],
)
async def test_the_terminal_names_the_game_in_its_readers_script(
    tmp_path: Path, lang: str, name: str, other: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAIJU_LANG", lang)
    db = tmp_path / "t.sqlite3"
    for _ in range(2):  # opened, then resumed
        out = io.StringIO()
        status = await play(
            "pajiwo", db_path=db, stdin=io.StringIO("view\nquit\n"), stdout=out, seed=3,
            pace="async",
        )  # fmt: skip
        assert status == 0
        text = out.getvalue()
        assert name.split()[-1] in text.splitlines()[0]  # "opened …" / "resuming … Pajiwo"
        assert f"── {name}" in text  # the screen's title
        assert other not in text
