"""How long the match is, said once at the terminal's table (issue 24 review): each game says
it in its own words (打滚: hands ranked by coins, not a level game's "until a side playing A
goes up"), in both languages."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from bot.cli import play
from present.i18n import tr

CASES: list[tuple[str, dict[str, Any], str, str]] = [
    ("dagun", {}, "match: 8 hands, the seats ranked by their coins", "比赛：打 8 局，按金币排名"),
    (
        "dagun",
        {"hands": 4},
        "match: 4 hands, the seats ranked by their coins",
        "比赛：打 4 局，按金币排名",
    ),
    (
        "dagunzi",
        {},
        "match: 1 轮 (each from level 3 to past the top)",
        "比赛：打 1 轮（每轮从 3 打过顶）",
    ),
    (
        "jintan",
        {},
        "match: one round (until the deal has passed four times), at most 32 hands",
        "比赛：一圈（庄家轮过四次为止），最多 32 局",
    ),
    ("pajiwo", {}, tr("en", "terminal.match.full"), tr("zh", "terminal.match.full")),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("game", "options", "en", "zh"), CASES)
async def test_each_game_says_its_match_length(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    game: str,
    options: dict[str, Any],
    en: str,
    zh: str,
) -> None:
    monkeypatch.setenv("PAIJU_LANG", lang)
    out = io.StringIO()
    await play(
        game,
        db_path=tmp_path / "m.sqlite3",
        stdin=io.StringIO("quit\n"),
        stdout=out,
        seed=2,
        pace="async",
        options=options,
    )
    lines = out.getvalue().splitlines()
    assert (en if lang == "en" else zh) in lines
    assert tr(lang, "terminal.match.full") not in lines or game == "pajiwo"
