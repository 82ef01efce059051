"""A league command refused: :class:`LeagueError`, with a stable code for translation."""

from __future__ import annotations

from typing import Any

__all__ = ["LeagueError"]


class LeagueError(Exception):
    """A league command that is refused; nothing was changed.

    ``code`` (translated as ``league.err.<code>`` in the ``league`` domain):
    ``not_organiser``, ``not_manager``, ``no_server``, ``unknown_game``,
    ``season_running`` (params ``number``), ``no_season``, ``unknown_season``
    (``number``), ``no_seasons``.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
