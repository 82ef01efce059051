"""How a move is named, once, for every front end: the label of a listed move, a hint, a
button or a menu entry, and the words that name each kind of move.

:func:`move_label` is a language-neutral :class:`~present.message.Msg` (the kind's name from
the catalogue, ``kind.<kind>``, then the cards, tiles and data the move carries); Discord
(:func:`cogs.present.action_label`) and the terminal (:mod:`bot.textview`) render it for
their reader. Whatever is printed this way is read back as the same move
(:mod:`bot.typed`, which reads :func:`kind_words`). Messages are in ``moves.po``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Action
from games.cards import Suit
from present.i18n import MESSAGES, has_message
from present.message import Cards, Join, Msg, Tiles

__all__ = ["kind_msg", "kind_words", "move_label", "reading_label"]


def kind_msg(kind: str) -> Msg | str:
    """A kind of move in the reader's language (``出牌 play`` / 出牌); the engine's own name
    for a kind the catalogue does not know."""
    key = f"kind.{kind}"
    return Msg(key) if has_message(key) else kind


def _data(key: str, value: Any) -> Any:
    name = Msg(f"data.{key}") if has_message(f"data.{key}") else key
    if isinstance(value, list):
        return Msg("move.data", name=name, value=Cards(value))
    if key == "suit" and value in ("S", "H", "C", "D"):  # 打滚子's three jokers name a suit
        return Msg("move.suit", suit=Suit(value).symbol)
    if key == "as":  # a reading's ranks: ten written 10 (as 1010JJ, 当作 1010JJ)
        return Msg("move.data", name=name, value=reading_label(str(value)))
    return Msg("move.data", name=name, value=str(value))


def reading_label(key: str) -> str:
    """A reading's ranks as a move label shows them, ten written 10 as cards are (``1010JJ``
    for ``TTJJ``) in both languages; read back by :mod:`bot.typed`."""
    return key.replace("T", "10")


def move_label(action: Action, *, with_kind: bool = True, kind: str | None = None) -> Msg:
    """``出牌 play ♠10 ♠10`` / ``出牌 ♠10 ♠10``, ``打 discard 5 Dots`` / ``打牌 五筒``,
    ``出牌 play ♠5 ♥5 大王 as 555``, ``亮主 declare trump 大王 大王 大王 → ♥``.

    ``with_kind=False``: the cards and data alone (a list already grouped by kind), the kind
    when the move carries nothing; ``kind``: the name to show for the move's kind (a
    declaration shown as 反主 overcall when another seat's stands)."""
    data: dict[str, Any] = dict(action.data)
    parts: list[Any] = []
    cards = data.pop("cards", None)
    if isinstance(cards, list):
        parts.append(Cards(cards))
    for key in ("tile", "tiles"):  # mahjong: 五筒 / 5 Dots, never "tile 5p"
        if key in data:
            value = data.pop(key)
            parts.append(Tiles(value if isinstance(value, list) else [value]))
    parts += [_data(key, value) for key, value in data.items()]
    name = kind_msg(kind or action.kind)
    if not parts:
        return Msg("move.kind", kind=name)
    body = Join(parts, sep="space")
    if not with_kind:
        return Msg("move.kind", kind=body)
    return Msg("move.label", kind=name, body=body)


def kind_words(messages: Mapping[str, tuple[str, ...]] = MESSAGES) -> dict[str, list[str]]:
    """Every kind's name in every language of the catalogues (``"扣王 bury jokers"``,
    ``"出牌"``) and the kinds it names: typed back, a printed label names its kind."""
    out: dict[str, list[str]] = {}
    for key, labels in messages.items():
        if key.startswith("kind."):
            for label in labels:
                out.setdefault(label, []).append(key[len("kind.") :])
    return out
