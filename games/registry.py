"""The games Paiju hosts, by registry key.

``GAMES[name]`` is a :class:`GameSpec`: the engine class and the bot players
it offers. Engines are imported lazily so that a broken or slow engine module
does not stop the others from loading.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.base import Action, Game, Player

__all__ = ["GAMES", "GameSpec", "UnknownGame", "game_module", "get_game"]


@dataclass(frozen=True)
class GameSpec:
    """One game: its key, names, and where its engine and bots live.

    ``module`` must define ``GAME`` (a :class:`~games.base.Game` subclass) and
    ``BOTS`` (``{"random": factory, "heuristic": factory}``; a factory takes no
    arguments and returns a :class:`~games.base.Player`).
    """

    key: str
    title_zh: str
    title_en: str
    module: str
    #: True when partners sit opposite from the start (seats 1 & 3 against 2 & 4): the lobby
    #: shows the partnerships so friends can choose to sit together
    fixed_partners: bool = False

    def engine(self) -> type[Game]:
        """The engine class. Raises ``ImportError`` if the game is not built yet."""
        game: type[Game] = importlib.import_module(self.module).GAME
        return game

    def bots(self) -> dict[str, Callable[[], Player]]:
        """Bot player factories by kind; ``"heuristic"`` is the default opponent."""
        bots: dict[str, Callable[[], Player]] = importlib.import_module(self.module).BOTS
        return bots

    def reasons(self) -> Callable[[Game, int, Action], list[Any]] | None:
        """The game's reading of a move for the hint (``REASONS``, :mod:`games.reasons`), if
        it has one."""
        found: Callable[[Game, int, Action], list[Any]] | None = getattr(
            importlib.import_module(self.module), "REASONS", None
        )
        return found

    def evaluator(self) -> Any:
        """The game's part in the cost of a decision (``EVALUATOR``, a
        :class:`games.review.Evaluator`), or ``None``."""
        return getattr(importlib.import_module(self.module), "EVALUATOR", None)

    def shared_rules(self) -> dict[str, str]:
        """Where this game's own seed says what a shared engine's refusal cites from another
        game's seed (``SHARED_RULES``: ``{"pajiwo.txt:101": "dagunzi.txt:67"}``), so that a
        refusal points at this game's rules page (:mod:`present.rule_links`)."""
        try:
            found = getattr(importlib.import_module(self.module), "SHARED_RULES", None)
        except ImportError:
            return {}
        return dict(found) if isinstance(found, dict) else {}

    @property
    def available(self) -> bool:
        """True when the engine module imports."""
        try:
            self.engine()
        except ImportError:
            return False
        return True


GAMES: dict[str, GameSpec] = {
    spec.key: spec
    for spec in (
        GameSpec("pajiwo", "扒鸡窝", "Pajiwo", "games.pajiwo", fixed_partners=True),
        GameSpec("dagunzi", "打滚子", "Dagunzi", "games.dagunzi", fixed_partners=True),
        GameSpec("dagun", "打滚", "Dagun", "games.dagun"),
        GameSpec("jintan", "金坛麻将", "Jintan mahjong", "games.jintan"),
        GameSpec("jinhua", "金华麻将", "Jinhua mahjong", "games.jinhua"),
    )
}


def game_module(pattern: str, game: str | None) -> ModuleType | None:
    """A registered game's own module in another layer, by name: ``pattern`` with ``{game}``
    filled in (``"present.{game}"``, ``"cogs.{game}_text"``, ``"render.{game}"``), so that no
    shared module names a game. ``None`` for a game that is not registered or has no such
    module; an error inside an existing module is raised, not hidden.
    """
    if not game or game not in GAMES:
        return None
    name = pattern.format(game=game)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


class UnknownGame(KeyError):
    """Raised for a game key that is not in :data:`GAMES`, or not built yet."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


def get_game(key: str) -> GameSpec:
    """The spec for ``key`` (case-insensitive, Chinese title accepted).

    Raises :class:`UnknownGame` naming the playable games.
    """
    wanted = key.strip().lower()
    for spec in GAMES.values():
        if wanted in (spec.key, spec.title_zh, spec.title_en.lower()):
            if not spec.available:
                raise UnknownGame(f"{spec.title_zh} {spec.title_en} is not playable yet")
            return spec
    playable = ", ".join(f"{s.key} ({s.title_zh})" for s in GAMES.values() if s.available)
    raise UnknownGame(f"no game called {key!r}: the playable games are {playable or 'none yet'}")
