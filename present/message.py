"""Language-neutral messages and the one renderer every front end uses.

A game's presentation says what a moment means as :class:`Msg` values: a catalogue id and
parameters. A parameter is a plain value (a number, a word the catalogue does not translate)
or one of the typed values below, which only the renderer turns into words, because how they
read depends on the reader:

* :class:`Seat` — a seat, written as the seat's name, or as "you" / "你" to the seat's own
  player (and then the message's ``.you`` form is used when the catalogue has one, so English
  verbs agree: "you take the kitty", never "you takes"). The subject is ``who``, or any seat
  parameter ``p`` for which the catalogue has a ``<id>.you.<p>`` form (``to`` in
  "{to} takes the lead": ``dagun.event.jiefeng.you.to``).
* :class:`Owner` — a seat's possessive (``Ann's`` / ``Ann 的``; ``your`` / ``你的``).
* :class:`Seats` — several seats (``Ann & Cy``, ``Ann, Bo & Cy`` / ``Ann、Cy``).
* :class:`Cards` and :class:`Tiles` — card notation (``♠10 大王``) and tile names (``5 Dots`` /
  五筒), each in the reader's language.
* :class:`Signed` — a score change, ``+4`` / ``−4``.
* :class:`Msg` itself, for a phrase inside a line, and :class:`Join` for a list of phrases.

:func:`render` needs a :class:`Reader`: the language, the seat names, the reading seat (or
``None`` for a public message) and whether cards must be ASCII. The names are given as the
front end shows them: Discord passes them already inert (``cogs.inert``: no markdown, mention
or link), the terminal as typed.
A message with a ``n`` parameter is a plural message (:func:`present.i18n.ntr`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from games.cards import CardParseError, format_card, format_card_ascii, parse_card
from present.i18n import Lang, has_message, is_zh, ntr, tr
from present.tiles import tile_name
from present.zh_variant import is_traditional, to_traditional

__all__ = [
    "ByLang",
    "Cards",
    "Join",
    "Msg",
    "Owner",
    "Reader",
    "Seat",
    "Seats",
    "Signed",
    "Tiles",
    "render",
    "render_all",
    "render_joined",
]


@dataclass(frozen=True)
class Msg:
    """One message: a catalogue id and its parameters (see the module's list of values)."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, id: str, params: Mapping[str, Any] | None = None, /, **kw: Any) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "params", {**(params or {}), **kw})


@dataclass(frozen=True)
class Seat:
    """A seat (0-based), written as its player's name or as "you"."""

    seat: int | None


@dataclass(frozen=True)
class Owner:
    """A seat as an owner: ``Ann's`` / ``Ann 的``, and ``your`` / ``你的`` to its own player."""

    seat: int | None


@dataclass(frozen=True)
class Seats:
    """Several seats, written ``Ann & Cy``, ``Ann, Bo & Cy`` (``Ann、Bo、Cy``)."""

    seats: tuple[int, ...]

    def __init__(self, seats: Sequence[int]) -> None:
        object.__setattr__(self, "seats", tuple(int(s) for s in seats))


@dataclass(frozen=True)
class Cards:
    """Cards in the engine's notation (``10s``, ``BJ``), shown as ``♠10 大王``."""

    cards: tuple[str, ...]

    def __init__(self, cards: Sequence[Any]) -> None:
        object.__setattr__(self, "cards", tuple(str(c) for c in cards))


@dataclass(frozen=True)
class Tiles:
    """Mahjong tiles in the engine's notation (``5p``, ``E``), named in the reader's
    language (``5 Dots`` / 五筒). ``marked`` tiles (indices) are bracketed (the winning
    tile); tiles equal to ``wild`` (金华's 财神) are marked: ``4 Characters (财神)`` / ``四万★``."""

    tiles: tuple[str, ...]
    marked: tuple[int, ...] = ()
    wild: str | None = None

    def __init__(
        self, tiles: Sequence[Any], marked: Sequence[int] = (), wild: str | None = None
    ) -> None:
        object.__setattr__(self, "tiles", tuple(str(t) for t in tiles))
        object.__setattr__(self, "marked", tuple(marked))
        object.__setattr__(self, "wild", wild)


@dataclass(frozen=True)
class Signed:
    """A score change: ``+4``, ``−4`` (a true minus sign), ``0``."""

    value: int


@dataclass(frozen=True)
class ByLang:
    """A word the engine gives in both languages (a combination's name: ``pair`` / 对子):
    ``en`` for English readers, ``zh`` for Chinese ones (converted for traditional)."""

    en: str
    zh: str


@dataclass(frozen=True)
class Join:
    """Phrases joined by a separator of the reader's language: ``comma`` (``, `` / ``，``),
    ``semicolon`` (``; `` / ``；``), ``dot`` (`` · `` / ``、``), ``middot`` (`` · ``),
    ``plus`` (``+``), ``and`` (`` + ``) or ``space``."""

    items: tuple[Any, ...]
    sep: Literal["comma", "semicolon", "space", "plus", "and", "dot", "middot"] = "comma"

    def __init__(
        self,
        items: Sequence[Any],
        sep: Literal["comma", "semicolon", "space", "plus", "and", "dot", "middot"] = "comma",
    ) -> None:
        object.__setattr__(self, "items", tuple(items))
        object.__setattr__(self, "sep", sep)


@dataclass(frozen=True)
class Reader:
    """Who reads: ``lang``, the seats' ``names``, the reading seat ``you`` (``None``: a public
    message, nobody is "you") and whether cards must be ASCII (a console that cannot show
    ♠)."""

    lang: Lang
    names: Sequence[str]
    you: int | None = None
    ascii_cards: bool = False


def seat_text(reader: Reader, seat: int | None) -> str:
    """A seat's name for ``reader`` ("you" / "你" for the reader's own seat)."""
    if seat is None:
        return "—"
    if reader.you is not None and seat == reader.you:
        return tr(reader.lang, "present.you")
    if 0 <= seat < len(reader.names):
        return reader.names[seat]
    return tr(reader.lang, "seat_n", n=seat + 1)


def local_names(names: Sequence[str], bots: Sequence[bool], lang: str) -> list[str]:
    """Seats' names for a reader of ``lang``: a bot's default name (``Bot 2``) in the reader's
    words (``机器人2``), any other name as it is (the terminal and Discord alike)."""
    out = []
    for i, name in enumerate(names):
        default = i < len(bots) and bots[i] and name == f"Bot {i + 1}"
        out.append(tr(lang, "bot_name", n=i + 1) if default and is_zh(lang) else name)
    return out


def cards_text(reader: Reader, cards: Sequence[str]) -> str:
    out = []
    for c in cards:
        try:
            card = parse_card(c)
        except CardParseError:
            out.append(c)
            continue
        out.append(format_card_ascii(card) if reader.ascii_cards else format_card(card))
    return " ".join(out)


def tile_text(reader: Reader, tile: str) -> str:
    """One tile in the reader's language (五筒 / 5 Dots, :func:`present.tiles.tile_name`)."""
    return tile_name(reader.lang, tile)


def _value(reader: Reader, value: Any) -> Any:
    if isinstance(value, Msg):
        return render(reader, value)
    if isinstance(value, Seat):
        return seat_text(reader, value.seat)
    if isinstance(value, Owner):
        if reader.you is not None and value.seat == reader.you:
            return tr(reader.lang, "present.your")
        return tr(reader.lang, "present.owner", who=seat_text(reader, value.seat))
    if isinstance(value, Seats):
        names = [seat_text(reader, s) for s in value.seats]
        if is_zh(reader.lang):
            return "、".join(names)
        if len(names) > 2:  # Ann, Bo & Cy
            return ", ".join(names[:-1]) + " & " + names[-1]
        return " & ".join(names)
    if isinstance(value, Cards):
        return cards_text(reader, value.cards)
    if isinstance(value, Tiles):
        sep = " " if is_zh(reader.lang) else ", "
        names = [
            tr(reader.lang, "present.wild_tile", tile=tile_text(reader, t))
            if value.wild is not None and t == value.wild
            else tile_text(reader, t)
            for t in value.tiles
        ]
        return sep.join(f"[{n}]" if i in value.marked else n for i, n in enumerate(names))
    if isinstance(value, ByLang):
        if not is_zh(reader.lang):
            return value.en
        return to_traditional(value.zh, reader.lang) if is_traditional(reader.lang) else value.zh
    if isinstance(value, Signed):
        return f"{value.value:+d}".replace("-", "−") if value.value else "0"
    if isinstance(value, Join):
        zh = is_zh(reader.lang)
        sep = {
            "comma": "，" if zh else ", ",
            "semicolon": "；" if zh else "; ",
            "space": " ",
            "plus": "+",
            "and": " + ",
            "dot": "、" if zh else " · ",
            "middot": " · ",
        }[value.sep]
        return sep.join(str(_value(reader, v)) for v in value.items if v is not None)
    return value


def _is_you(reader: Reader, value: Any) -> bool:
    """True when ``value`` is the reader's seat: a :class:`Seat`, or :class:`Seats` of that
    one seat alone."""
    if reader.you is None:
        return False
    if isinstance(value, Seat):
        return value.seat == reader.you
    return isinstance(value, Seats) and value.seats == (reader.you,)


def _key_for(reader: Reader, msg: Msg) -> str:
    """The catalogue id to use for ``msg``: the convention for "you" as a subject.

    * ``<id>.you.<param>`` when the seat parameter ``param`` is the reader (the sentence whose
      subject is ``param`` reads differently in English: "you take the lead"); the first such
      parameter (in the message's order) with a form in the catalogue wins;
    * else ``<id>.you`` when ``who`` (the usual subject) is the reader;
    * else ``<id>``.

    Chinese needs no such form (你 takes no agreement), but the catalogues keep the same keys
    in both languages, so a Chinese ``.you`` form repeats the plain text.
    """
    key = msg.id
    for name, value in msg.params.items():
        if _is_you(reader, value) and has_message(f"{key}.you.{name}"):
            return f"{key}.you.{name}"
    if _is_you(reader, msg.params.get("who")) and has_message(f"{key}.you"):
        return f"{key}.you"
    return key


def render(reader: Reader, msg: Msg) -> str:
    """``msg`` as text for ``reader``. A ``.you`` form of the id is used when the message's
    subject is the reader and the catalogue has that form (:func:`_key_for`); ``n`` makes it
    plural."""
    key = _key_for(reader, msg)
    params = {name: _value(reader, value) for name, value in msg.params.items()}
    you = [name for name, value in msg.params.items() if _is_you(reader, value)]
    if you and is_zh(reader.lang):  # 你坐庄, never 你 坐庄 (a name keeps its space)
        for name in you:
            params[name] = _YOU_MARK
    if "n" in params and isinstance(params["n"], int):
        text = ntr(reader.lang, key, params.pop("n"), **params)
    else:
        text = tr(reader.lang, key, **params)
    if _YOU_MARK in text:
        text = _GLUED.sub("", text).replace(_YOU_MARK, tr(reader.lang, "present.you"))
    return text


_YOU_MARK = "\x00you\x00"
"""The reader's own seat in a Chinese text before its spaces are settled."""
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_GLUED = re.compile(f"(?<={_YOU_MARK}) (?=[{_CJK}])|(?<=[{_CJK}]) (?={_YOU_MARK})")
"""A space between 你 and a Chinese character, which Chinese does not write (a template's
space keeps a Latin name such as ``Ann`` apart from the Chinese beside it: ``Ann 坐庄``)."""


def render_joined(
    reader: Reader,
    msgs: Sequence[Msg],
    sep: Literal["comma", "semicolon", "space", "plus", "and", "dot", "middot"] = "semicolon",
) -> str:
    """``msgs`` rendered as one line, joined by ``sep`` in the reader's language (see
    :class:`Join`)."""
    return str(_value(reader, Join(list(msgs), sep=sep)))


def render_all(reader: Reader, msgs: Sequence[Msg]) -> list[str]:
    """Each message of ``msgs`` rendered, in order."""
    return [render(reader, m) for m in msgs]
