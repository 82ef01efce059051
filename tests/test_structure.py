"""The tree proves docs/architecture.md: every registered game has each file the "where a new
game goes" list names, and no shared module branches on a game.

A game's own modules are found by its registry key (``present.<key>``, ``render.<key>``,
``cogs.<key>_text`` …), so a shared module never needs to name one; one that compares a value
with a game key (``if game == "dagun"``) fails here with the file and line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
SHARED = ("bot", "cogs", "render", "present")


def new_game_files(text: str) -> list[str]:
    """The paths of the list between ``<!-- new-game-files -->`` and its closing marker:
    every line ``- `path` …``, ``KEY`` standing for the registry key."""
    block = text.split("<!-- new-game-files -->", 1)[1].split("<!-- /new-game-files -->", 1)[0]
    return re.findall(r"^- `([^`]+)`", block, flags=re.MULTILINE)


def test_the_list_is_read_from_the_page() -> None:
    paths = new_game_files(ARCHITECTURE.read_text(encoding="utf-8"))
    # the engine, its presentation, pictures, catalogues, rules pages, tests and benchmark
    assert "games/KEY/__init__.py" in paths and "present/KEY.py" in paths
    assert len(paths) >= 9 and all("KEY" in p for p in paths)


def test_every_registered_game_has_every_listed_file() -> None:
    paths = new_game_files(ARCHITECTURE.read_text(encoding="utf-8"))
    missing = [
        p.replace("KEY", key)
        for key in sorted(GAMES)
        for p in paths
        if not (ROOT / p.replace("KEY", key)).exists()
    ]
    assert missing == []
    assert sorted(GAMES) == ["dagun", "dagunzi", "jinhua", "jintan", "pajiwo"]


def _own_module(path: Path) -> bool:
    """A game's own module: its file is named by the key (``render/pajiwo.py``,
    ``cogs/dagun_text.py``, ``bot/textview_dagun.py``)."""
    return any(part in GAMES for part in path.stem.split("_"))


def game_comparisons(path: Path) -> list[str]:
    """``line: code`` of every comparison of ``path`` with a game key (``x == "dagun"``,
    ``game in ("jintan", "jinhua")``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for side in (node.left, *node.comparators):
            items = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
            if any(isinstance(i, ast.Constant) and i.value in GAMES for i in items):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
                break
    return found


def test_no_shared_module_branches_on_a_game() -> None:
    branching = {
        path.relative_to(ROOT).as_posix(): game_comparisons(path)
        for package in SHARED
        for path in sorted((ROOT / package).rglob("*.py"))
        if not _own_module(path)
    }
    assert {f: lines for f, lines in branching.items() if lines} == {}


def test_the_branch_check_sees_a_comparison(tmp_path: Path) -> None:
    mod = tmp_path / "shared.py"
    mod.write_text(
        "def f(game, table):\n"
        "    if game == 'dagun':\n"
        "        return 1\n"
        "    return table.game in ('jintan', 'jinhua') or game != 'cards'\n"
    )
    assert game_comparisons(mod) == [
        "2: game == 'dagun'",
        "4: table.game in ('jintan', 'jinhua')",
    ]
    assert _own_module(Path("cogs/dagun_text.py")) and not _own_module(Path("cogs/display.py"))


# ------------------------------------------------------------------ composing vs delivering
COMPOSING = ("cogs/table_message.py", "cogs/hand_compose.py")
DELIVERING = (
    "cogs.display",
    "cogs.display_core",
    "cogs.table_delivery",
    "cogs.hand_delivery",
    "cogs.coalesce",
    "cogs.hand_tokens",
    "cogs.failures",
    "cogs.client",
)


def test_composing_a_message_is_kept_apart_from_delivering_it() -> None:
    """The table and hand messages are composed by plain functions: nothing awaited, no
    Discord call, no module of the delivery (budget, tokens, retries, alerts) imported."""
    from tests.test_dependencies import imports_of

    for rel in COMPOSING:
        path = ROOT / rel
        tree = ast.parse(path.read_text(encoding="utf-8"))
        waits = [
            n.lineno for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef | ast.Await)
        ]
        assert waits == [], rel
        used = {i.module for i in imports_of(path, runtime_only=True)}
        assert not any(m == d or m.startswith(d + ".") for m in used for d in DELIVERING), rel
    # the check sees such imports: the table's delivery builds on the display's core
    delivery = {i.module for i in imports_of(ROOT / "cogs" / "table_delivery.py")}
    assert "cogs.display_core" in delivery and "cogs.table_message" in delivery
