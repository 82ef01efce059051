"""Dependencies point one way: ``cogs -> bot -> games`` and ``render -> games``.

The packages' source is read with :mod:`ast` (every ``import``/``from`` statement at any
depth, relative imports resolved, and ``importlib.import_module``/``__import__`` calls whose
module name is a string constant or a module-level constant), so an import hidden in a
function counts as much as one at the top. A new import that breaks the direction fails
here with the file, line and module named.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN: dict[str, frozenset[str]] = {
    # pure engines: no front end, no drawing, no I/O, no event loop
    "games": frozenset(
        {"bot", "cogs", "render", "tests", "benchmarks", "discord", "PIL", "asyncio"}
        | {"sqlite3", "aiosqlite"}
    ),
    # what each moment says (messages, catalogues): from engine values only, no front end
    "present": frozenset(
        {"bot", "cogs", "render", "tests", "benchmarks", "discord", "PIL", "asyncio"}
        | {"sqlite3", "aiosqlite"}
    ),
    # the host: no Discord (the client lives in cogs/client.py), no drawing
    "bot": frozenset({"cogs", "discord", "render", "tests", "benchmarks"}),
    # drawing: from engine values only
    "render": frozenset({"bot", "cogs", "discord", "tests", "benchmarks", "sqlite3", "aiosqlite"}),
    # the Discord adapters may use the host, engines and pictures, never test code
    "cogs": frozenset({"tests", "benchmarks"}),
}

ALLOWED: frozenset[tuple[str, str]] = frozenset(
    {
        # ``python -m bot run`` loads the Discord front end by name, only for that command
        ("bot/__main__.py", "cogs.client"),
    }
)


@dataclass(frozen=True)
class Import:
    file: str  # relative to the repository root, with "/"
    line: int
    module: str  # dotted, absolute


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(path: Path, root: Path, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    package = _module_name(path, root).split(".")
    if path.name != "__init__.py":
        package.pop()
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(path: Path, root: Path = ROOT) -> list[Import]:
    """Every module ``path`` imports (statically or through importlib with a known name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    rel = path.relative_to(root).as_posix()
    constants = {
        target.id: stmt.value.value
        for stmt in tree.body
        if isinstance(stmt, ast.Assign | ast.AnnAssign)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
        for target in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
        if isinstance(target, ast.Name)
    }
    found: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(rel, node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(path, root, node)
            found.append(Import(rel, node.lineno, module))
            # ``from cogs import client`` imports cogs.client too
            found += [Import(rel, node.lineno, f"{module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in ("import_module", "__import__"):
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append(Import(rel, node.lineno, arg.value))
            elif isinstance(arg, ast.Name) and arg.id in constants:
                found.append(Import(rel, node.lineno, constants[arg.id]))
    return found


def package_imports(package: str) -> list[Import]:
    return [imp for path in sorted((ROOT / package).rglob("*.py")) for imp in imports_of(path)]


def violations(package: str) -> list[str]:
    bad = []
    for imp in package_imports(package):
        root = imp.module.split(".")[0]
        if root in FORBIDDEN[package] and (imp.file, imp.module) not in ALLOWED:
            bad.append(f"{imp.file}:{imp.line} imports {imp.module}")
    return bad


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_dependencies_point_one_way(package: str) -> None:
    assert violations(package) == []


def test_the_scanner_sees_every_kind_of_import() -> None:
    """The checks above could pass by seeing nothing: these are real imports it must find."""
    client = {i.module for i in imports_of(ROOT / "cogs" / "client.py")}
    assert {"discord", "discord.ext.commands", "cogs.state", "cogs.display"} <= client
    main = package_imports("bot")
    # the one by-name load, through a module-level constant
    assert any(i.file == "bot/__main__.py" and i.module == "cogs.client" for i in main)


def test_the_scanner_resolves_relative_and_hidden_imports(tmp_path: Path) -> None:
    (tmp_path / "games" / "sub").mkdir(parents=True)
    mod = tmp_path / "games" / "sub" / "mod.py"
    mod.write_text(
        "import importlib\n"
        "from ..cards import Card\n"
        "from . import sibling\n"
        "NAME = 'discord.ext'\n"
        "def f():\n"
        "    import asyncio\n"
        "    importlib.import_module(NAME)\n"
        "    __import__('PIL.Image')\n"
    )
    found = {(i.line, i.module) for i in imports_of(mod, tmp_path)}
    assert {
        (2, "games.cards"),
        (2, "games.cards.Card"),
        (3, "games.sub.sibling"),
        (6, "asyncio"),
        (7, "discord.ext"),
        (8, "PIL.Image"),
    } <= found


def test_the_host_loads_without_discord() -> None:
    """Importing every module of bot/ (and games/, render/) leaves discord.py unloaded."""
    code = (
        "import pkgutil, importlib, sys\n"
        "import bot, games, render\n"
        "for pkg in (bot, games, render):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] in ('discord', 'cogs')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
