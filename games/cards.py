"""Playing cards and their notation, shared by every card game.

A :class:`Card` is a value: the two 红桃K of a two-deck game are equal and
interchangeable, so a hand is a multiset of cards (a sorted tuple or a
``collections.Counter``), never a set of unique objects.

Notation accepted by :func:`parse_card` (case-insensitive, ``T`` means ten):

* symbol first or last: ``♠10``, ``10♠``, ``♥Q``
* letter first or last: ``S10``, ``10s``, ``hQ``, ``Td``; but ``SJ`` is the small
  joker, so the jack of spades is ``Js`` or ``♠J``
* Chinese suit names: ``黑桃10``, ``红桃K`` (also 红心, 紅桃, 紅心), ``梅花3`` (also 草花),
  ``方块A`` (also 方片, 方塊)
* jokers: ``BJ`` / ``大王`` / ``大鬼`` / ``RJ`` for the big joker, ``SJ`` / ``小王`` / ``小鬼`` /
  ``LJ`` for the small one
* what phone keyboards add: full-width letters and digits (``Ｋ``, ``１０``, read through
  Unicode NFKC) and the emoji variation selector after a suit symbol (``♥️K``)

:func:`format_card` gives the canonical form (``♠10``, ``大王``), and
:func:`format_card_ascii` the plain one (``10s``, ``Js``, ``BJ``) that is easy to type.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import total_ordering

__all__ = [
    "BIG_JOKER",
    "SMALL_JOKER",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "format_card",
    "format_card_ascii",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
]


class Suit(enum.Enum):
    """The four suits. ``value`` is the one-letter code used in ASCII notation."""

    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        """``♠ ♥ ♣ ♦``."""
        return _SUIT_SYMBOL[self]

    @property
    def chinese(self) -> str:
        """``黑桃 红桃 梅花 方块``."""
        return _SUIT_CHINESE[self]

    @property
    def is_red(self) -> bool:
        """True for ♥ and ♦."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.symbol


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}
_SUIT_CHINESE = {
    Suit.SPADES: "黑桃",
    Suit.HEARTS: "红桃",
    Suit.CLUBS: "梅花",
    Suit.DIAMONDS: "方块",
}


class Rank(enum.IntEnum):
    """Card ranks, 2 low to ace high, then the two jokers.

    The integer values give the natural order inside a suit (A high); a game's
    trump order is built on top of this by the game, not here.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    SMALL_JOKER = 15
    BIG_JOKER = 16

    @property
    def label(self) -> str:
        """``2``…``10``, ``J Q K A``, ``小王 大王``."""
        return _RANK_LABEL[self]

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER


_RANK_LABEL = {r: str(r.value) for r in Rank if r <= Rank.TEN}
_RANK_LABEL.update(
    {
        Rank.JACK: "J",
        Rank.QUEEN: "Q",
        Rank.KING: "K",
        Rank.ACE: "A",
        Rank.SMALL_JOKER: "小王",
        Rank.BIG_JOKER: "大王",
    }
)


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and a suit, or a joker (``suit is None``).

    Ordering is by (suit letter, rank) and only makes hands print in a stable
    order; it is *not* a game's card strength.
    """

    rank: Rank
    suit: Suit | None = None
    # Cards are hashed on every Counter and dict lookup in the engines' hot loops, and hashing
    # an Enum runs Python code; so the hash is computed once, here.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank.is_joker != (self.suit is None):
            raise ValueError(f"a joker has no suit and every other card has one: {self.rank!r}")
        suit_code = "SHCD".index(self.suit.value) + 1 if self.suit else 0
        object.__setattr__(self, "_hash", int(self.rank) * 8 + suit_code)

    def __hash__(self) -> int:
        return self._hash

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        # a value that never changes: a copy of a game keeps the deck's shared instances
        # (the engines find a held card by identity first, deck.card_of)
        return self

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def points(self) -> int:
        """Scoring points in the Tractor family: 5 → 5, 10 and K → 10, others 0."""
        if self.rank == Rank.FIVE:
            return 5
        if self.rank in (Rank.TEN, Rank.KING):
            return 10
        return 0

    def _key(self) -> tuple[str, int]:
        return (self.suit.value if self.suit else "Z", int(self.rank))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"Card({format_card_ascii(self)})"


SMALL_JOKER = Card(Rank.SMALL_JOKER)
"""小王, the small (black) joker."""
BIG_JOKER = Card(Rank.BIG_JOKER)
"""大王, the big (red) joker."""


def full_deck(decks: int = 1, jokers: bool = True) -> list[Card]:
    """Every card of ``decks`` standard decks, in a fixed order (54 cards a deck with jokers).

    Raises ``ValueError`` if ``decks`` is not positive.
    """
    if decks < 1:
        raise ValueError(f"decks must be at least 1, not {decks}")
    one = [Card(rank, suit) for suit in Suit for rank in Rank if not rank.is_joker]
    if jokers:
        one += [SMALL_JOKER, BIG_JOKER]
    return one * decks


def format_card(card: Card) -> str:
    """Canonical display form: ``♠10``, ``♥A``, ``小王``, ``大王``."""
    if card.suit is None:
        return card.rank.label
    return card.suit.symbol + card.rank.label


def format_card_ascii(card: Card) -> str:
    """ASCII form that :func:`parse_card` reads back: ``10s``, ``Ah``, ``Js``, ``SJ``, ``BJ``.

    Rank first and a lowercase suit letter, because ``SJ`` already means the small joker.
    """
    if card.suit is None:
        return "BJ" if card.rank == Rank.BIG_JOKER else "SJ"
    return card.rank.label + card.suit.value.lower()


def format_cards(cards: Iterable[Card], ascii_only: bool = False) -> str:
    """Space-separated cards in the given order; :func:`parse_cards` reads it back."""
    fmt = format_card_ascii if ascii_only else format_card
    return " ".join(fmt(c) for c in cards)


class CardParseError(ValueError):
    """Raised for text that is not a card; the message quotes the text and says what is expected."""


_JOKERS = {
    "BJ": BIG_JOKER,
    "RJ": BIG_JOKER,
    "大王": BIG_JOKER,
    "大鬼": BIG_JOKER,
    "SJ": SMALL_JOKER,
    "LJ": SMALL_JOKER,
    "小王": SMALL_JOKER,
    "小鬼": SMALL_JOKER,
}
_SUIT_WORDS: dict[str, Suit] = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "黑桃": Suit.SPADES,
    "红桃": Suit.HEARTS,
    "紅桃": Suit.HEARTS,
    "红心": Suit.HEARTS,
    "紅心": Suit.HEARTS,
    "梅花": Suit.CLUBS,
    "草花": Suit.CLUBS,
    "方块": Suit.DIAMONDS,
    "方塊": Suit.DIAMONDS,
    "方片": Suit.DIAMONDS,
}
_RANK_WORDS: dict[str, Rank] = {str(r.value): r for r in Rank if r <= Rank.TEN}
_RANK_WORDS.update({"T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING})
_RANK_WORDS.update({"A": Rank.ACE, "1": Rank.ACE})

_SUIT_RE = "|".join(sorted((re.escape(s) for s in _SUIT_WORDS), key=len, reverse=True))
_RANK_RE = "10|[2-9]|[TJQKA1]"
_CARD_RE = re.compile(
    rf"^(?:(?P<s1>{_SUIT_RE})(?P<r1>{_RANK_RE})|(?P<r2>{_RANK_RE})(?P<s2>{_SUIT_RE}))$"
)
_JOKER_RE = "|".join(sorted((re.escape(j) for j in _JOKERS), key=len, reverse=True))
_TOKEN_RE = re.compile(
    rf"(?:{_JOKER_RE})|(?:{_SUIT_RE})(?:{_RANK_RE})|(?:{_RANK_RE})(?:{_SUIT_RE})",
    re.IGNORECASE,  # matched on the typed text itself: str.upper() may change its length (ß)
)

_EXPECTED = "a card such as ♠10, 10s, S10, 黑桃10, HQ, or a joker BJ/SJ/大王/小王"
_QUOTE_MAX = 24
"""Longest piece of typed text a refusal quotes in full; longer text is cut with ``…``."""
_VARIATION_SELECTORS = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))


def _normalize(text: str) -> str:
    """Full-width forms to ASCII (NFKC: ``Ｋ１０`` -> ``K10``, ``，`` -> ``,``) and the emoji
    variation selectors dropped (``♥️`` -> ``♥``)."""
    if text.isascii():  # the common case, and the engines' own notation: nothing to do
        return text
    return unicodedata.normalize("NFKC", text).translate(_VARIATION_SELECTORS)


def _quote(text: str) -> str:
    """``repr`` of typed text, cut to :data:`_QUOTE_MAX` characters so a refusal stays short."""
    if len(text) > _QUOTE_MAX:
        text = text[: _QUOTE_MAX - 1] + "…"
    return repr(text)


def parse_card(text: str) -> Card:
    """Read one card in any accepted notation (see the module docstring).

    Raises :class:`CardParseError` naming the text when it is not a card.
    """
    raw = _normalize(text).strip()
    up = raw.upper()
    if up in _JOKERS:
        return _JOKERS[up]
    if raw in _JOKERS:
        return _JOKERS[raw]
    match = _CARD_RE.match(up)
    if match is None:
        raise CardParseError(f"{_quote(text.strip())} is not a card: expected {_EXPECTED}")
    suit_text = match.group("s1") or match.group("s2")
    rank_text = match.group("r1") or match.group("r2")
    return Card(_RANK_WORDS[rank_text], _SUIT_WORDS[suit_text])


def parse_cards(text: str) -> list[Card]:
    """Read several cards separated by spaces or commas, or written together (``S10S10HK``).

    Empty text gives an empty list. Raises :class:`CardParseError` naming the
    first piece that is not a card.
    """
    cards: list[Card] = []
    for piece in re.split(r"[\s,，、;；]+", _normalize(text).strip()):
        if not piece:
            continue
        try:
            cards.append(parse_card(piece))
            continue
        except CardParseError:
            pass
        cards.extend(_parse_run(piece))
    return cards


def _parse_run(piece: str) -> list[Card]:
    """Split cards written without separators, such as ``S10S10`` or ``♥K♥K``."""
    out: list[Card] = []
    pos = 0
    while pos < len(piece):
        match = _TOKEN_RE.match(piece, pos)
        if match is None:
            bad = piece[pos:]
            where = f" (in {_quote(piece)})" if pos else ""
            raise CardParseError(f"{_quote(bad)}{where} is not a card: expected {_EXPECTED}")
        out.append(parse_card(piece[match.start() : match.end()]))
        pos = match.end()
    return out
