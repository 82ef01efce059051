"""The one refusal type of the host: :class:`TableError`.

Every refusal of the table service (a lobby command that does not apply, a
move out of turn, an illegal move) is a ``TableError`` with a stable ``code``
for front ends to translate, an English ``message`` that names what is wrong,
and ``params`` (the values in the message). When a refusal raises, nothing in
the table, the game or the store has changed.

Codes: ``no_table``, ``table_exists``, ``unknown_game``, ``bad_option``,
``bad_preset``, ``bad_pace``, ``bad_seat``, ``seat_taken``, ``seat_empty``,
``seat_full``, ``already_seated``, ``not_seated``, ``not_host``,
``kick_self``, ``bad_bot_kind``, ``seats_empty``, ``already_started``,
``not_started``, ``finished``, ``not_your_turn``, ``not_your_seat``,
``not_handed_over``, ``bad_count`` (bots to add), ``bad_action`` (a move a front end
built wrongly: seat, kind or data of the wrong type), ``illegal``, ``not_stored``
(the store refused the write of a move or a seat change: nothing of it was made),
``take_back_not_stored`` (the same for taking a seat back: the bot still plays it).

``illegal`` wraps :class:`games.base.IllegalAction`: ``rule_code`` keeps the
engine's code (``"must_follow_suit"``), ``params`` its params and ``rule`` its
source (``"pajiwo.txt:101"``).

``bad_option`` and ``bad_pace`` carry ``params["reason"]``, the stable code of what is
wrong (an :class:`games.base.OptionError`'s or :class:`bot.pace.PaceError`'s ``reason``,
e.g. ``not_a_choice``, ``out_of_range``; ``rated_value`` for ``rated``), with that error's
params, so front ends can say it in any language.

At start-up only (never in answer to a player): ``database_in_use``, another
process runs the tables of the same database file (:mod:`bot.claim`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["TableError"]


class TableError(Exception):
    """A refused table command or move; nothing changed.

    Attributes:
        code: stable identifier, e.g. ``"not_your_turn"`` (see the module docstring).
        message: one English sentence naming what is wrong.
        params: values substituted into the message, for translation.
        rule_code: for ``code == "illegal"``, the engine's :class:`~games.base.IllegalAction`
            code (e.g. ``"must_follow_suit"``); otherwise ``""``.
        rule: for ``"illegal"``, where the rule comes from (``"pajiwo.txt:101"``); may be empty.
        game: for ``"illegal"``, the key of the game played (``"dagunzi"``): the rules page a
            refusal points at is that game's (:mod:`present.rule_links`); may be empty.
    """

    def __init__(
        self,
        code: str,
        message: str,
        params: Mapping[str, Any] | None = None,
        *,
        rule_code: str = "",
        rule: str = "",
        game: str = "",
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})
        self.rule_code = rule_code
        self.rule = rule
        self.game = game

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"TableError({self.code!r}, {self.message!r})"
