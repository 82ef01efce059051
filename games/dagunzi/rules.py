"""Pure rule functions of 打滚子: trump order, declarations, flipping, blood (喝血), tribute,
the kitty (干锅, taking back after burying jokers), following (活棒/死棒) and the hand's result.

Every function cites its seed line in ``dagunzi.txt``; ``docs/rules/dagunzi.md`` states each
rule and reading in words.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.base import IllegalAction
from games.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit
from games.tricks import (
    DAGUNZI_RULES,
    Lead,
    TrumpOrder,
    Unit,
    check_follow,
    legal_follows,
    random_follow,
)
from games.tricks.order import TRUMP

__all__ = [
    "DECLARE_STRENGTH_BIG",
    "DECLARE_STRENGTH_SMALL",
    "Declaration",
    "Settlement",
    "blood_from_score",
    "check_dagunzi_follow",
    "climb",
    "flip_value",
    "follow_lead",
    "gan_guo",
    "joker_blood",
    "lun_end",
    "pickable",
    "return_cards",
    "settle",
    "take_back_choices",
    "tribute_cards",
    "trump_order",
]

RULES = DAGUNZI_RULES
DECLARE_STRENGTH_SMALL = 4
"""Strength of three 小王 naming a suit (above any level-card declaration, reading)."""
DECLARE_STRENGTH_BIG = 5
"""Strength of three 大王 (大王's right is stronger, dagunzi.txt:37)."""


@lru_cache(maxsize=512)
def trump_order(level: int, trump_suit: Suit | None, mixed: Rank | None = None) -> TrumpOrder:
    """The hand's card order (dagunzi.txt:55): 大王 > 小王 > trump-suit level cards > other level
    cards > [混主, option, dagunzi.txt:114] > trump-suit 2 > other 2s > trump suit > side suits.
    Off-suit level cards are equal to each other, and so are off-suit 2s (reading)."""
    permanent = (Rank.TWO,) if mixed is None or mixed == Rank(level) else (Rank.TWO, mixed)
    return TrumpOrder(Rank(level), trump_suit, permanent)


# ---------------------------------------------------------------- declaring (亮主)
@dataclass(frozen=True)
class Declaration:
    """A declaration of trump (亮主, dagunzi.txt:34-37).

    Attributes:
        seat: who shows the cards.
        cards: the cards shown (1-3 identical level cards, or three identical jokers, or one
            大王 in the first hand's grab).
        suit: the suit named.
        strength: 1-3 = that many level cards; 4 = three 小王; 5 = three 大王 (reading: a joker
            triple overcalls three level cards, and 3 大王 overcall 3 小王); 0 = the grab.
    """

    seat: int
    cards: tuple[Card, ...]
    suit: Suit | None
    strength: int

    def describe(self) -> str:
        return "".join(str(c) for c in self.cards)


def read_declaration(
    seat: int, cards: Sequence[Card], level: int, suit_text: object
) -> Declaration:
    """Read a declaration of a later hand (dagunzi.txt:34-37).

    Raises ``IllegalAction`` ``"bad_declaration"`` for anything but 1-3 identical level
    cards or three identical jokers with a named suit (never no-trump).
    """
    shown = "".join(str(c) for c in cards)
    if cards and all(c == cards[0] for c in cards) and cards[0].is_joker and len(cards) == 3:
        if not isinstance(suit_text, str) or suit_text.upper() not in ("S", "H", "C", "D"):
            raise IllegalAction(
                "joker_declaration_needs_suit",
                "three jokers name a suit: add a suit S, H, C or D (never no-trump)"
                + ("" if suit_text is None else f", not {suit_text!r}"),
                {"cards": shown},
                "dagunzi.txt:36-37",
            )
        strength = DECLARE_STRENGTH_BIG if cards[0] == BIG_JOKER else DECLARE_STRENGTH_SMALL
        return Declaration(seat, tuple(cards), Suit(suit_text.upper()), strength)
    if (
        1 <= len(cards) <= 3
        and all(c == cards[0] for c in cards)
        and not cards[0].is_joker
        and int(cards[0].rank) == level
    ):
        return Declaration(seat, tuple(cards), cards[0].suit, len(cards))
    label = "J" if level == 11 else str(level)
    raise IllegalAction(
        "bad_declaration",
        f"declare with 1 to 3 identical level cards ({label}s) or three identical jokers, "
        f"not {shown}",
        {"cards": shown, "level": label, "reason": "identical"},
        "dagunzi.txt:34-36",
    )


def check_overcall(standing: Declaration | None, new: Declaration) -> None:
    """2 identical cards overcall 1, 3 overcall 2 or 1, joker triples overcall those
    (dagunzi.txt:35-37); a seat may reinforce its own declaration (加固) the same way.
    Raises ``IllegalAction`` ``"declaration_too_weak"``."""
    if standing is None or new.strength > standing.strength:
        return
    raise IllegalAction(
        "declaration_too_weak",
        f"{new.describe()} does not overcall {standing.describe()}: show more identical cards "
        f"(2 overcall 1, 3 overcall 2; three jokers overcall three level cards)",
        {"cards": new.describe(), "standing": standing.describe()},
        "dagunzi.txt:35-37",
    )


def possible_declarations(
    hand: Iterable[Card], level: int, standing: Declaration | None
) -> list[tuple[tuple[Card, ...], Suit | None]]:
    """Declarations ``hand`` can make over ``standing``, strongest first: ``(cards, suit)``;
    for a joker triple one entry per suit. Per suit only the cheapest and the strongest
    level-card declarations are listed."""
    need = 0 if standing is None else standing.strength
    counts = Counter(hand)
    out: list[tuple[tuple[Card, ...], Suit | None]] = []
    for joker, strength in ((BIG_JOKER, DECLARE_STRENGTH_BIG), (SMALL_JOKER, 4)):
        if counts[joker] >= 3 and strength > need:
            out += [((joker,) * 3, s) for s in Suit]
    for suit in Suit:
        card = Card(Rank(level), suit)
        n = min(3, counts[card])
        if n > need:
            out.append(((card,) * n, suit))
            if need + 1 < n:
                out.append(((card,) * (need + 1), suit))
    return out


# ------------------------------------------------------------------------ flipping
def flip_value(card: Card, level: int) -> int:
    """How high a flipped kitty card is (dagunzi.txt:32; reading): the level card, then a 2,
    then A down to 4; jokers are never the result (flipped past)."""
    if card.is_joker:
        return -1
    if int(card.rank) == level:
        return 100
    if card.rank == Rank.TWO:
        return 99
    return int(card.rank)


# ------------------------------------------------------------------- blood (喝血)
def blood_from_score(score: int) -> int:
    """Blood (喝血) owed by the defenders' score S (dagunzi.txt:103-104).

    S < 80: one for every 10 short, a 5 counting as a full 10: ``ceil((80 - S) / 10)``;
    S > 150: one for every full 10 above: ``floor((S - 150) / 10)``; else 0.
    75 → 1, 65 → 2, 0 → 8, 155 → 0, 165 → 1, 300 → 15.
    Raises ``ValueError`` for a negative score.
    """
    if score < 0:
        raise ValueError(f"a score is never negative: {score}")
    if score < 80:
        return math.ceil((80 - score) / 10)
    if score > 150:
        return (score - 150) // 10
    return 0


def joker_blood(kitty: Iterable[Card]) -> int:
    """Blood of the jokers in a kitty: 大王 2, 小王 1 (dagunzi.txt:101-102)."""
    return sum(2 if c == BIG_JOKER else 1 for c in kitty if c.is_joker)


def tribute_cards(hand: Sequence[Card], order: TrumpOrder, level: int, count: int) -> list[Card]:
    """The payer's ``count`` highest cards, point cards excepted (dagunzi.txt:99-100,104):
    at level 5 or 10 the level cards are given although they carry points. Fewer when the
    hand holds fewer such cards. Highest = trumps by the trump order, then side cards by rank
    (the suit order ♠ ♥ ♣ ♦ breaks ties)."""
    eligible = [c for c in hand if c.points == 0 or (not c.is_joker and int(c.rank) == level)]
    eligible.sort(key=lambda c: (-int(order.is_trump(c)), -order.strength(c), order.sort_key(c)))
    return eligible[:count]


def return_cards(hand: Sequence[Card], order: TrumpOrder, count: int) -> list[Card]:
    """What the dealer gives back for a tribute of ``count`` cards (reading; the seed has no
    word on it, but hands must stay 39 cards for the tricks to come out): its smallest cards
    in the kitty's order of dagunzi.txt:47 (side cards before trumps, then rank), point cards
    and jokers last."""
    ranked = sorted(
        hand,
        key=lambda c: (c.is_joker, c.points > 0, *_small_key(order, c), order.sort_key(c)),
    )
    return ranked[:count]


# --------------------------------------------------------------------- the kitty
def gan_guo(kitty: Sequence[Card], order: TrumpOrder) -> bool:
    """干锅 (dagunzi.txt:50-52): the shown kitty has no card of the trump suit (its level
    cards aside), or is all trump."""
    suit = order.trump_suit
    has_suit = any(c.suit is not None and c.suit == suit and c.rank != order.level for c in kitty)
    return not has_suit or all(order.is_trump(c) for c in kitty)


def pickable(kitty: Iterable[Card]) -> list[Card]:
    """The kitty cards a seat burying jokers may take back: neither points nor jokers
    (dagunzi.txt:46-47)."""
    return [c for c in kitty if c.points == 0 and not c.is_joker]


def _small_key(order: TrumpOrder, card: Card) -> tuple[int, int]:
    """Smallest first: side cards before trumps, then by rank (dagunzi.txt:47)."""
    return (int(order.is_trump(card)), order.strength(card))


def take_back_choices(
    kitty: Sequence[Card], count: int, order: TrumpOrder
) -> tuple[list[Card], list[Card], int]:
    """What a seat burying ``count`` jokers takes back (dagunzi.txt:46-48).

    Returns ``(forced, tied, free)``: the ``forced`` cards are taken; of the ``tied`` cards
    (equal smallness, different suits) the seat chooses ``free`` more. Raises ``ValueError``
    when the kitty holds fewer than ``count`` pickable cards.
    """
    cards = sorted(pickable(kitty), key=lambda c: (_small_key(order, c), order.sort_key(c)))
    if count > len(cards):
        raise ValueError(f"the kitty holds {len(cards)} cards to take back, not {count}")
    if count == 0:
        return [], [], 0
    boundary = _small_key(order, cards[count - 1])
    forced = [c for c in cards if _small_key(order, c) < boundary]
    tied = [c for c in cards if _small_key(order, c) == boundary]
    return forced, tied, count - len(forced)


# ------------------------------------------------------------------ following
def _singles_lead(lead: Lead) -> Lead:
    """The same cards read as singles: only the suit binds a follower (活棒)."""
    units = tuple(Unit("single", (c,), 1, 1, u.top, u.suit) for u in lead.units for c in u.cards)
    return Lead(lead.suit, units, False)


def follow_lead(lead: Lead, hand: Iterable[Card], order: TrumpOrder, bang: str) -> Lead:
    """The lead whose shape binds this follower (dagunzi.txt:67-69, 72-77).

    活棒 (``"huobang"``): only the suit binds. 死棒 (``"sibang"``): a 滚子 asks for a 滚子, else
    a 棒 and a single, else singles; a 棒 asks for a 棒 only when the hand holds exactly two of
    some card of the suit (a 滚子 need not be broken, :76).
    """
    unit = lead.units[0]
    if bang == "huobang" or unit.kind == "single":
        return _singles_lead(lead)
    if unit.kind == "pair":
        held = Counter(c for c in hand if order.suit_of(c) == lead.suit)
        if not any(n == 2 for n in held.values()):
            return _singles_lead(lead)
    return lead


def check_dagunzi_follow(
    lead: Lead, hand: Sequence[Card], play: Sequence[Card], order: TrumpOrder, bang: str
) -> None:
    """Raise ``IllegalAction`` unless ``play`` follows ``lead`` (see :func:`follow_lead`)."""
    try:
        check_follow(follow_lead(lead, hand, order, bang), hand, play, order, RULES)
    except IllegalAction as exc:
        if exc.code in ("must_play_pair", "must_play_triple"):
            exc.rule = "dagunzi.txt:75-77"
        elif exc.code == "must_follow_suit":
            exc.rule = "dagunzi.txt:67-69"
        raise


def dagunzi_follows(
    lead: Lead, hand: Sequence[Card], order: TrumpOrder, bang: str, limit: int | None
) -> list[tuple[Card, ...]]:
    """Legal follows, most useful first (:func:`games.tricks.legal_follows`)."""
    return legal_follows(follow_lead(lead, hand, order, bang), hand, order, RULES, limit)


def random_dagunzi_follow(
    lead: Lead, hand: Sequence[Card], order: TrumpOrder, bang: str, rng: object
) -> tuple[Card, ...]:
    """A random legal follow (:func:`games.tricks.random_follow`)."""
    import random as _random

    assert isinstance(rng, _random.Random)
    return random_follow(follow_lead(lead, hand, order, bang), hand, order, RULES, rng)


# ---------------------------------------------------------------------- result
@dataclass(frozen=True)
class Settlement:
    """A hand's result (dagunzi.txt:83-97).

    Attributes:
        winner_team: the side that keeps or takes the deal (dealer side iff S < 120).
        takeover: the defenders take the deal.
        levels_up: levels the winner goes up (0: the deal changes hands without a level, or
            the dealer side keeps it after 抠底).
        jokers_rewarded: the buried jokers reward someone (else void).
        blood: blood (tribute cards) the next dealer drinks in the next hand.
        case: ``"keep_up"`` (保底, < 120), ``"keep_void"`` (抠底, < 120),
            ``"take_no_level"`` (保底, >= 120), ``"take_up"`` (抠底, >= 120).
    """

    winner_team: int
    takeover: bool
    levels_up: int
    jokers_rewarded: bool
    blood: int
    case: str


def settle(
    score: int,
    dealer_team: int,
    defenders_last: bool,
    kitty: Sequence[Card],
    gan: bool,
    joker_levels: str,
) -> Settlement:
    """The result table (dagunzi.txt:83-97, 103-104) for the defenders' score ``score``
    (抠底 already doubled in), ``defenders_last`` = the defenders won the last trick.

    Buried jokers (none in a 干锅 kitty) add blood (大王 2, 小王 1) and, with
    ``joker_levels``, levels: ``one_each`` one per joker, ``blood`` their blood, ``none``.
    """
    jokers = [] if gan else [c for c in kitty if c.is_joker]
    jblood = joker_blood(jokers)
    extra = {"one_each": len(jokers), "blood": jblood, "none": 0}[joker_levels]
    score_blood = blood_from_score(score)
    if score < 120 and not defenders_last:
        return Settlement(dealer_team, False, 1 + extra, True, score_blood + jblood, "keep_up")
    if score < 120:
        return Settlement(dealer_team, False, 0, False, score_blood, "keep_void")
    if not defenders_last:
        return Settlement(1 - dealer_team, True, 0, True, score_blood + jblood, "take_no_level")
    return Settlement(1 - dealer_team, True, 1 + extra, True, score_blood + jblood, "take_up")


def lun_end(
    score: int,
    dealer_team: int,
    st: Settlement,
    kitty: Sequence[Card],
    gan: bool,
    winner_level: int,
    top: int,
) -> tuple[int, str] | None:
    """Whether the hand ends the 轮, and who wins it: ``(team, why)`` or ``None``.

    The four ends (dagunzi.txt:78-81, 108-112): the defenders score 0 (the dealer side wins)
    or 300 or more (the defenders win); three 大王 or three 小王 buried (not in a 干锅 kitty;
    :80 names both, :110-112 only 大王: both count, reading) with the dealer side's 保底
    under 120 (it wins) or the defenders' 抠底 at 120 or more (they win); a side past the
    top level (``winner_level > top``).
    """
    if score == 0:
        return dealer_team, "the defenders scored 0"
    if score >= 300:
        return 1 - dealer_team, f"the defenders scored {score}"
    if not gan:
        jokers = Counter(c for c in kitty if c.is_joker)
        if max(jokers[BIG_JOKER], jokers[SMALL_JOKER]) >= 3:
            if st.case == "keep_up":
                return (
                    dealer_team,
                    "three jokers of a kind were buried and the dealer side held the kitty (保底)",
                )
            if st.case == "take_up":
                return (
                    1 - dealer_team,
                    "three jokers of a kind were buried and the defenders won them (抠底)",
                )
    if winner_level > top:
        label = "J" if top == 11 else str(top)
        return st.winner_team, f"they went past {label}"
    return None


def climb(level: int, up: int, top: int) -> int:
    """The level after going up ``up`` (逢10必打, dagunzi.txt:78): a jump stops at 10 first,
    and at the top level; ``top + 1`` means the side went past the top (the 轮 is won)."""
    if up <= 0:
        return level
    new = level + up
    for stop in sorted({10, top}):
        if level < stop < new:
            return stop
    return min(new, top + 1)


def is_trump_card(order: TrumpOrder, card: Card) -> bool:
    return order.suit_of(card) == TRUMP
