"""Moves typed as text: the one reader behind the terminal's prompt and Discord's ``/play``.

Whatever the program prints as a move (a numbered list entry, a hint, a Discord label) is
read back as that move. A typed move is, in order:

* an optional list number (``12.`` or ``12)``), or ``hint:``, copied along with the move;
* kind words, any number, in English or Chinese, matched without regard to case, alone or
  one after another as they are printed (``discard 打``, ``pong 碰``, ``扣王 bury jokers``,
  ``出牌 play``): the kind is the one every word names (``打`` names play and discard; with
  ``discard`` it is discard);
* the cards or tiles (any notation of :mod:`games.cards` / :mod:`games.tiles`; a tile's
  printed annotation ``E(东)`` is read as ``E``);
* data the move carries, as printed: ``as=QQ``, ``as QQ``, ``当作 QQ`` or ``= QQ`` (打滚's
  reading of jokers, read only where the legal moves have readings), ``suit=H`` or
  ``→ ♥`` (打滚子's three jokers name a suit).

:func:`split_move` cuts text into those parts; :func:`read_cards_move`,
:func:`read_reading_move` and :func:`read_tile_move` match them against the legal moves
(numbers, kinds alone, cards with the only open card-taking kind) and raise
:class:`MoveTextError` (a ``ValueError``) with a message for the player. No input makes
them raise anything else: text longer than :data:`MAX_TEXT` is refused as such.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.base import Action
from games.cards import CardParseError, Suit, format_card_ascii, parse_card
from games.cards import parse_cards as _parse_cards
from games.tiles import TileParseError, parse_tiles
from present.message import Cards, Join, Msg, Reader, Tiles, render
from present.moves import kind_msg, kind_words, reading_label

__all__ = [
    "ALL_KINDS",
    "CARDLESS_KINDS",
    "KIND_WORDS",
    "MAX_TEXT",
    "MoveText",
    "MoveTextError",
    "cannot_now",
    "read_cards_move",
    "read_reading_move",
    "read_tile_move",
    "split_move",
    "takes_cards",
]

MAX_TEXT = 500
"""Longest text read as a move (the longest printed move is well under 200 characters)."""

KIND_WORDS: dict[str, tuple[str, ...]] = {
    # the engines' action kinds in the words players use, English and Chinese; a word may
    # stand for several kinds (出 plays a card or discards a tile): the open one is meant
    "出": ("play", "discard"),
    "出牌": ("play",),
    "打": ("play", "discard"),
    "打牌": ("discard",),
    "过": ("pass",),
    "過": ("pass",),
    "不要": ("pass",),
    "要不起": ("pass",),
    "pass": ("pass",),
    "p": ("pass",),
    "扣底": ("bury",),
    "埋底": ("bury",),
    "扣": ("bury",),
    "亮主": ("declare",),
    "叫主": ("declare",),
    "反主": ("declare", "overcall"),
    "加固": ("declare", "reinforce"),
    "抢亮": ("declare",),
    "扒鸡窝": ("declare",),
    "overcall": ("declare", "overcall"),
    "造反": ("rebel",),
    "lead": ("play",),
    "follow": ("play",),
    "beat": ("play",),  # 打滚's prompt: "beat ♠5 ♥5 …"
    "grab": ("declare",),  # 打滚子's prompt: "grab the deal with a 大王 (抢亮)"
    "reinforce": ("declare", "reinforce"),
    "甩牌": ("play",),
    "throw": ("play",),
    "扣王": ("bury_jokers",),
    "捡牌": ("take",),
    "拿回": ("take",),
    "碰": ("pong",),
    "peng": ("pong",),
    "吃": ("chow",),
    "chi": ("chow",),
    "杠": ("kong",),
    "槓": ("kong",),
    "gang": ("kong",),
    "胡": ("win",),
    "和": ("win",),
    "hu": ("win",),
    "硬牌": ("declare_alone",),
    "alone": ("declare_alone",),
}
"""Words for action kinds beside the kinds' own names (``bury_jokers``, ``bury jokers``,
``buryjokers``), matched without regard to case."""
ALL_KINDS = frozenset(k for kinds in KIND_WORDS.values() for k in kinds) | {"bury", "declare"}

_NUMBERED = re.compile(r"^\s*(?:hint\s*[:：]\s*|提示\s*[:：]\s*)?(?:([0-9]{1,4})\s*[.)、]\s+)?")
_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
"""Full-width digits (a Chinese input method's ``１``) read as ASCII ones, as NFKC reads them;
other scripts' digits (``٣``) stay what they are: no move's number."""
_ANNOTATION = re.compile(r"^(.+?)[(（][^()（）]*[)）]$")
_READING_WORDS = ("as", "当作", "當作", "=")
_SUIT_MARKS = ("→", "->")
_SUITS: dict[str, str] = {
    "S": "S",
    "H": "H",
    "C": "C",
    "D": "D",
    "SPADES": "S",
    "HEARTS": "H",
    "CLUBS": "C",
    "DIAMONDS": "D",
    **{s.symbol: s.value for s in Suit},
    "黑桃": "S",
    "红桃": "H",
    "红心": "H",
    "梅花": "C",
    "草花": "C",
    "方块": "D",
    "方片": "D",
}


class MoveTextError(ValueError):
    """Typed text that is not a move now. ``said``: why, for the player, as a message of the
    catalogue (``typed.<why>`` in ``moves.po``, rendered in the reader's language; the
    exception's text is its English); ``bad``: the piece of text that is not a card, when
    that is the reason."""

    def __init__(self, said: Msg, bad: str | None = None) -> None:
        super().__init__(render(Reader("en", []), said))
        self.said = said
        self.bad = bad


def _either(kinds: Sequence[str]) -> Any:
    """Kinds as the reader names them, ``过 pass or 硬牌 play alone`` (``过或硬牌``)."""
    names: list[Any] = [kind_msg(k) for k in kinds]
    if not names:
        return ""
    out = names[-1]
    for name in reversed(names[:-1]):
        out = Msg("typed.or", first=name, second=out)
    return out


@dataclass
class MoveText:
    """Typed text cut into its parts (see the module docstring).

    ``number``: the list number typed alone (1-based), else ``None``; ``named``: for each
    kind word or phrase, the kinds it names; ``body``: the words left for cards or tiles;
    ``data``: ``{"as": "QQ", "suit": "H", ...}`` as typed (reading upper-cased, suit as
    its letter).
    """

    number: int | None = None
    named: list[frozenset[str]] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    data: dict[str, str] = field(default_factory=dict)

    def kind(self, kinds: Sequence[str]) -> tuple[str | None, list[str]]:
        """``(the open kind every word names, [])``, or ``(None, [kinds named, none open])``,
        or ``(None, [])`` when no kind was named. Raises :class:`MoveTextError` for words
        naming no kind in common (``pass play``)."""
        if not self.named:
            return None, []
        common = set(self.named[0]).intersection(*self.named[1:])
        if not common:
            raise MoveTextError(Msg("typed.different_moves"))
        for kind in kinds:
            if kind in common:
                return kind, []
        return None, sorted(common)


def _phrases(
    kinds: Iterable[str], words: Mapping[str, Iterable[str]] | None, tiles: bool
) -> dict[tuple[str, ...], frozenset[str]]:
    """Lower-cased word tuples naming kinds: the kinds' own names (with ``_`` as a space,
    or left out), :data:`KIND_WORDS`, and ``words`` (e.g. a front end's labels)."""
    out: dict[tuple[str, ...], set[str]] = {}

    def add(phrase: str, names: Iterable[str]) -> None:
        key = tuple(_fold(phrase).split())
        if key:
            out.setdefault(key, set()).update(names)

    for kind in kinds:
        add(kind, [kind])
        add(kind.replace("_", " "), [kind])
        add(kind.replace("_", ""), [kind])
    for word, names in KIND_WORDS.items():
        if tiles and len(word) == 1 and word.isascii():
            continue  # P is a tile (白): never the word p for pass
        add(word, names)
    for label, label_kinds in kind_words().items():  # the moves' printed names
        add(label, label_kinds)
    for extra, extra_names in (words or {}).items():
        add(extra, extra_names)
    return {k: frozenset(v) for k, v in out.items()}


def _fold(text: str) -> str:
    """Full-width forms to ASCII, emoji variation selectors dropped, lower case."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text).replace("\ufe0f", "").replace("\ufe0e", "")
    return text.lower()


def _suit(value: str) -> str | None:
    folded = _fold(value).strip()
    return _SUITS.get(folded.upper()) or _SUITS.get(folded)


def split_move(
    text: str,
    kinds: Iterable[str] = (),
    *,
    words: Mapping[str, Iterable[str]] | None = None,
    tiles: bool = False,
    readings: bool = False,
) -> MoveText:
    """Cut ``text`` into a number, kind words, body words and data (see :class:`MoveText`).

    ``kinds``: kind names to recognise beside :data:`ALL_KINDS`; ``words``: more kind words
    or phrases (``{"扣王 bury jokers": ["bury_jokers"]}``); ``tiles``: the body is tiles
    (single ASCII letters are tiles, not kind words); ``readings``: ``as X`` / ``= X`` at
    the end is a reading (else ``as`` may be the ace of spades). Raises
    :class:`MoveTextError` for text longer than :data:`MAX_TEXT` or empty text.
    """
    if len(text) > MAX_TEXT:
        raise MoveTextError(Msg("typed.too_long", length=len(text)))
    text = text.translate(_FULL_WIDTH_DIGITS)  # "１" is 1, as the README says
    match = _NUMBERED.match(text)
    number_text = match.group(1) if match else None
    rest = text[match.end() :] if match else text
    tokens = rest.split()
    if number_text is not None and not tokens:  # "12." alone is the number
        return MoveText(number=int(number_text))
    if not tokens:
        raise MoveTextError(Msg("typed.empty"))
    if len(tokens) == 1 and tokens[0].isdecimal() and tokens[0].isascii():
        return MoveText(number=int(tokens[0]) if len(tokens[0]) <= 6 else 10**6)
    phrases = _phrases(set(kinds) | ALL_KINDS, words, tiles)
    longest = max((len(p) for p in phrases), default=1)
    out = MoveText()
    folded = [_fold(t) for t in tokens]
    i = 0
    while i < len(tokens):  # kind words, one after another, first
        for n in range(min(longest, len(tokens) - i), 0, -1):
            found = phrases.get(tuple(folded[i : i + n]))
            if found is not None:
                out.named.append(found)
                i += n
                break
        else:
            break
    body: list[str] = []
    while i < len(tokens):
        token, low = tokens[i], folded[i]
        key, eq, value = token.partition("=")
        if eq and key and _fold(key) in ("as", "当作", "當作", "suit"):
            name = "suit" if _fold(key) == "suit" else "as"
            value = value or (tokens[i + 1] if i + 1 < len(tokens) else "")
            i += 2 if not token.partition("=")[2] else 1
            _put(out, name, value)
            continue
        if low in _SUIT_MARKS or (low.startswith(_SUIT_MARKS) and _suit(low.lstrip("->→"))):
            value = low.lstrip("->→") or (tokens[i + 1] if i + 1 < len(tokens) else "")
            i += 1 if low.lstrip("->→") else 2
            _put(out, "suit", value)
            continue
        if low in _READING_WORDS and (low != "as" or readings) and i == len(tokens) - 2:
            _put(out, "as", tokens[i + 1])
            i += 2
            continue
        if low.startswith("=") and len(low) > 1 and i == len(tokens) - 1:
            _put(out, "as", token[1:])
            i += 1
            continue
        if tiles:
            annotated = _ANNOTATION.match(token)
            if annotated:  # "E(东)", "5m(五万)": the tile and its Chinese name
                token = annotated.group(1)
        body.append(token)
        i += 1
    out.body = body
    return out


def _put(out: MoveText, name: str, value: str) -> None:
    if name == "suit":
        suit = _suit(value)
        if suit is None:
            raise MoveTextError(Msg("typed.not_suit", text=_short(value)))
        out.data["suit"] = suit
        return
    reading = _fold(value).upper().replace("10", "T")  # ten as the Chinese label writes it
    if not reading or not reading.isalnum() or not reading.isascii():
        raise MoveTextError(Msg("typed.not_reading", text=_short(value)))
    out.data["as"] = reading


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:23] + "…"


def _number(n: int, legal: Sequence[Action]) -> Action:
    if not legal:
        raise MoveTextError(Msg("typed.no_numbers"))
    if not 1 <= n <= len(legal):
        raise MoveTextError(Msg("typed.number_range", last=len(legal)))
    return legal[n - 1]


def _cards(words: Sequence[str]) -> list[str]:
    try:
        return [format_card_ascii(c) for c in _parse_cards(" ".join(words))]
    except CardParseError:
        bad = _first_bad(words)
        raise MoveTextError(Msg("typed.not_card", text=bad), bad=bad) from None


def _first_bad(words: Sequence[str]) -> str:
    """The first word that is not cards (for a refusal that quotes it)."""
    for word in words:
        try:
            _parse_cards(word)
        except CardParseError:
            return word if len(word) <= 24 else word[:23] + "…"
    return ""


def _card_key(values: Any) -> Counter[str] | None:
    if not isinstance(values, list):
        return None
    try:
        return Counter(format_card_ascii(parse_card(str(v))) for v in values)
    except CardParseError:
        return None


def _same_data(action: Action, data: Mapping[str, str]) -> bool:
    """True when every typed datum agrees with the action's (a reading in upper case)."""
    for key, value in data.items():
        have = action.data.get(key)
        if have is None or str(have).upper() != value.upper():
            return False
    return True


def _example(kind: str, legal: Sequence[Action]) -> Msg:
    """``bury 3c 4c …``: the move as typed, with the cards of a listed one."""
    example = next((a for a in legal if a.kind == kind and a.data.get("cards")), None)
    cards = ["3c", "4c"] if example is None else [str(c) for c in example.data["cards"]]
    ascii_cards = " ".join(format_card_ascii(parse_card(c)) for c in cards)
    return Msg("move.label", kind=kind_msg(kind), body=ascii_cards)


CARDLESS_KINDS = frozenset(
    {"pass", "declare_alone", "rebel", "deal", "next_hand", "tribute", "close_window", "standing"}
)
"""Kinds that never carry cards: typed cards are never one of them."""


def takes_cards(kind: str, legal: Sequence[Action]) -> bool:
    """True when typed cards may be a ``kind`` move: not a :data:`CARDLESS_KINDS` kind, and
    not a kind whose listed moves all carry no cards (a move not listed is judged by the
    rules: a bury of any 8 cards is not listed)."""
    if kind in CARDLESS_KINDS:
        return False
    listed = [a for a in legal if a.kind == kind]
    return not listed or any(a.data.get("cards") for a in listed)


def cannot_now(closed: str, kinds: Sequence[str]) -> MoveTextError:
    """``you cannot 出牌 play now: your move is 硬牌 / 过`` (:func:`_cannot`)."""
    return _cannot(closed, kinds)


def _cannot(closed: str, kinds: Sequence[str]) -> MoveTextError:
    """``you cannot 造反 rebel now: your move is 过 pass``."""
    open_now = [k for k in kinds if k != "standing"]
    return MoveTextError(Msg("typed.cannot_now", kind=kind_msg(closed), kinds=_either(open_now)))


def _kind_or_refuse(move: MoveText, kinds: Sequence[str]) -> str | None:
    kind, closed = move.kind(kinds)
    if kind is None and closed:
        raise _cannot(closed[0], kinds)
    return kind


def read_cards_move(
    text: str,
    seat: int,
    legal: Sequence[Action],
    kinds: Sequence[str],
    known: Iterable[str] | None = None,
    *,
    words: Mapping[str, Iterable[str]] | None = None,
) -> Action:
    """Read a typed card move: a number from ``legal``, a kind alone (``pass``, ``造反``),
    or cards with optional kind words before and data after (``declare 大王 大王 大王 suit=H``).

    ``kinds`` are the kinds open to the seat now; ``known`` every kind of the game (a kind
    not open now is refused as such, not read as a card). Cards matching a listed move give
    that move; otherwise the move is built with the kind named or the only card-taking kind
    open (the engine then judges it). Raises :class:`MoveTextError`.
    """
    every = set(known or ()) | {a.kind for a in legal} | set(kinds)
    move = split_move(text, every, words=words)
    if move.number is not None:
        return _number(move.number, legal)
    kind = _kind_or_refuse(move, kinds)
    if kind is not None and not move.body and not move.data:
        plain = next((a for a in legal if a.kind == kind and not a.data), None)
        if plain is not None:
            return plain
        # "bury" or "declare" alone (a move without cards would be listed): the engine
        # would only say that data is missing
        raise MoveTextError(
            Msg("typed.which_cards", kind=kind_msg(kind), example=_example(kind, legal))
        )
    cards = _cards(move.body)
    if not cards:
        raise MoveTextError(Msg("typed.name_cards", example="10s 10s"))
    wanted = Counter(cards)
    for action in legal:
        if (
            (kind is None or action.kind == kind)
            and _card_key(action.data.get("cards")) == wanted
            and _same_data(action, move.data)
        ):
            return action
    if kind is None and not kinds:
        kind = "play"  # nothing is open to this seat: the rules say why (not your turn)
    if kind is not None and kinds and not takes_cards(kind, legal):
        raise cannot_now("play", kinds)  # "硬牌 ♥3", "pass 3h": that move takes no cards
    if kind is None:
        card_kinds = [k for k in kinds if takes_cards(k, legal)]
        if not card_kinds:  # 硬牌 or pass, 造反 or pass: cards are no answer
            raise cannot_now("play", kinds)
        if len(card_kinds) != 1:
            raise MoveTextError(Msg("typed.say_kind", kinds=_either(card_kinds)))
        kind = card_kinds[0]
    return Action(seat, kind, {"cards": cards, **move.data})


def read_reading_move(
    text: str,
    seat: int,
    legal: Sequence[Action],
    kinds: Sequence[str],
    *,
    words: Mapping[str, Iterable[str]] | None = None,
    readings_of: Callable[[list[str]], list[str]] | None = None,
    accepts: Callable[[Action], bool] | None = None,
    ask: bool = True,
) -> Action:
    """Read a typed move of a game whose plays carry a reading of their jokers (打滚):
    a number, ``pass``, ``declare_alone``, or cards with an optional reading
    (``5s 5h BJ SJ as 4455``, ``♠5 ♥5 大王 小王 = 4455``, ``play … as=4455``).

    Cards that read several ways raise :class:`MoveTextError` naming every reading that
    would be accepted: the listed ones with their numbers, and those ``readings_of(cards)``
    offers that ``accepts`` (the engine's check) takes although no listed play has these
    cards (``8s 8c BJ BJ``: ``7788 (4), 8888 (9), or as 8899``). Cards not listed are sent as
    typed for the engine to judge. ``ask=False``: cards that read several ways are sent
    without a reading too, so that the engine's refusal names the readings (``/play``).
    """
    every = {a.kind for a in legal} | set(kinds) | {"play"}
    move = split_move(text, every, words=words, readings=True)
    if move.number is not None:
        return _number(move.number, legal)
    kind = _kind_or_refuse(move, kinds)
    if kind is not None and kind != "play" and not move.body:
        return next((a for a in legal if a.kind == kind and not a.data), Action(seat, kind))
    cards = _cards(move.body)
    if not cards:
        raise MoveTextError(Msg("typed.name_cards", example="5s 5h"))
    wanted = Counter(cards)
    reading = move.data.get("as")
    matches = [
        (i, a)
        for i, a in enumerate(legal, 1)
        if a.kind == "play" and _card_key(a.data.get("cards")) == wanted
    ]
    if reading is not None:
        matches = [(i, a) for i, a in matches if str(a.data.get("as")).upper() == reading]
    unlisted: list[Action] = []
    if reading is None and readings_of is not None and accepts is not None:
        listed = {str(a.data.get("as")) for _, a in matches}
        for key in readings_of(cards):
            if key not in listed:
                action = Action(seat, "play", {"cards": cards, "as": key})
                if accepts(action):
                    unlisted.append(action)
    if len(matches) + len(unlisted) == 1:
        return matches[0][1] if matches else unlisted[0]
    if len(matches) + len(unlisted) > 1 and ask:
        options: list[Msg] = [
            Msg("typed.reading_listed", reading=reading_label(str(a.data.get("as"))), number=i)
            for i, a in matches
        ]
        options += [
            Msg("typed.reading_as", reading=reading_label(str(a.data.get("as")))) for a in unlisted
        ]
        first = (matches[0][1] if matches else unlisted[0]).data.get("as")
        raise MoveTextError(
            Msg(
                "typed.readings",
                cards=Cards(cards),
                readings=Join(options),
                first=Msg("typed.reading_as", reading=reading_label(str(first))),
            )
        )
    data: dict[str, Any] = {"cards": cards}
    if reading is not None:
        data["as"] = reading
    return Action(seat, "play", data)


def read_tile_move(
    text: str,
    seat: int,
    legal: Sequence[Action],
    kinds: Sequence[str],
    *,
    words: Mapping[str, Iterable[str]] | None = None,
    claimed: str | None = None,
) -> Action:
    """Read a typed mahjong move: a number, a kind (``pass``/``过``, ``win``/``胡``,
    ``pong 碰``, ``kong 杠 N(北)``, ``chow 吃 4p 6p``) or a bare tile to discard (``5p``,
    ``五筒``, ``东``, ``discard 打 E(东)``); a claim may name ``claimed``, the tile of the
    window (``碰 5p``). Raises :class:`MoveTextError`."""
    every = {a.kind for a in legal} | set(kinds) | {"discard", "chow", "pong", "kong", "win"}
    move = split_move(text, every, words=words, tiles=True)
    if move.number is not None:
        return _number(move.number, legal)
    if move.data:
        raise MoveTextError(Msg("typed.tile_move"))
    kind, closed = move.kind(kinds)
    if kind is None and closed:
        raise _cannot(closed[0], kinds)
    try:
        tiles = [str(t) for t in parse_tiles(" ".join(move.body))] if move.body else []
    except TileParseError as exc:
        bad = _short(exc.bad or " ".join(move.body))
        raise MoveTextError(Msg("typed.not_tile", text=bad)) from None
    if kind is None:
        # a tile alone discards; in a claim window it is the chow's tiles; with nothing open
        # the rules say why (not your turn)
        kind = "discard" if "discard" in kinds or not kinds else "chow"
    for action in legal:
        if action.kind != kind:
            continue
        if kind == "chow" and tiles and sorted(action.data["tiles"]) != sorted(tiles):
            continue
        if "tile" in action.data and tiles and action.data["tile"] != tiles[0]:
            continue
        if tiles and not action.data:
            # "碰 3s" at a claim of 5p: a pong, a win on a discard or a pass names no tile
            # but the one claimed: never the listed move with another tile ignored
            if claimed is None or kind == "pass":
                raise MoveTextError(Msg("typed.kind_alone", kind=kind_msg(kind)))
            if set(tiles) != {claimed}:
                wrong = next(t for t in tiles if t != claimed)
                named = {"claimed": Tiles([claimed]), "tile": Tiles([wrong])}
                raise MoveTextError(Msg("typed.not_claimed", named, kind=kind_msg(kind)))
        return action
    if kind == "chow":
        return Action(seat, "chow", {"tiles": tiles})
    if tiles:
        return Action(seat, kind, {"tile": tiles[0]})
    return Action(seat, kind)
