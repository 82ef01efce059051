"""Digits typed on Discord: ranks or tiles, never a position in a list the player never saw.

The terminal prints its moves numbered and reads a bare number as one of them
(:mod:`bot.typed`); Discord shows no numbers, so ``/play cards:10`` means a ten, ``33`` a
pair of threes and, at a mahjong table, ``5`` the 5 tile (of whichever suit is held).
Letter ranks typed alone are ranks too (:func:`ranks_only`): ``JJ`` two jacks, ``T`` a ten,
``QQ KK`` (a card with its suit, ``Js``, and a joker, ``SJ``, are cards, not this).
:func:`read_digits` matches such text against the legal moves: exactly one move plays it, or
the refusal names every move it could be (``♦10 or ♣10: name the one you mean with its
suit``), or says no move plays just that. Raises :class:`bot.typed.MoveTextError`.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence

from bot.typed import MoveTextError, cannot_now, takes_cards
from games.base import Action
from games.cards import CardParseError, Rank, parse_card
from games.tiles import Family, TileParseError, parse_tiles
from present.message import Join, Msg
from present.moves import move_label

__all__ = ["digits_only", "ranks_only", "read_digits", "unnumbered"]

_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")
_SUITED = (Family.CHARACTERS, Family.DOTS, Family.BAMBOO)
_MAX_OPTIONS = 8
_LETTERS = {"T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
#: the typed readers' reasons that offer a move's number (the terminal's numbered list), and
#: the same reasons where no list is shown and digits are ranks (Discord)
_UNNUMBERED = {
    "typed.which_cards": "typed.which_cards.unnumbered",
    "typed.name_cards": "typed.name_cards.unnumbered",
}


def digits_only(text: str) -> str | None:
    """The digits of text made of ASCII or full-width digits and spaces only, else ``None``."""
    digits = "".join(text.translate(_FULL_WIDTH).split()).rstrip(".)、")  # "12." too
    return digits if digits and digits.isascii() and digits.isdecimal() else None


def ranks_only(text: str) -> str | None:
    """The ranks of text made of rank letters (``J Q K A``, ``T`` for ten, any case, full
    width too) and digits and spaces only, with a letter among them (``JJ``, ``10 J Q``),
    written as :func:`read_digits` reads them (``JJ``); else ``None``."""
    ranks = unicodedata.normalize("NFKC", "".join(text.split())).upper()
    if not ranks or not any(c in _LETTERS for c in ranks):
        return None
    return ranks if all(c in _LETTERS or c in "0123456789" for c in ranks) else None


def _ranks(digits: str) -> list[Rank] | None:
    """``10`` a ten, ``33`` two threes, ``1`` an ace, ``JJ`` two jacks; ``None`` for text
    that is no ranks."""
    out: list[Rank] = []
    i = 0
    while i < len(digits):
        if digits.startswith("10", i):
            out.append(Rank.TEN)
            i += 2
        elif digits[i] in _LETTERS:
            out.append(_LETTERS[digits[i]])
            i += 1
        elif digits[i] == "0":
            return None
        else:
            out.append(Rank.ACE if digits[i] == "1" else Rank(int(digits[i])))
            i += 1
    return out


def _card_ranks(action: Action) -> Counter[Rank] | None:
    cards = action.data.get("cards")
    if not isinstance(cards, list) or not cards:
        return None
    try:
        parsed = [parse_card(str(c)) for c in cards]
    except CardParseError:
        return None
    return Counter(c.rank for c in parsed)


def _tile_number(action: Action) -> int | None:
    tile = action.data.get("tile")
    if action.kind != "discard" or not isinstance(tile, str):
        return None
    try:
        (parsed,) = parse_tiles(tile)
    except (TileParseError, ValueError):
        return None
    return parsed.number if parsed.family in _SUITED else None


def read_digits(
    digits: str, legal: Sequence[Action], kinds: Sequence[str], *, tiles: bool = False
) -> Action:
    """The one legal move ``digits`` names (see the module docstring), or
    :class:`MoveTextError`: not a card-taking move now, several moves, or none."""
    if tiles:
        matches = [a for a in legal if len(digits) == 1 and _tile_number(a) == int(digits)]
        example = "5p"
    else:
        ranks = _ranks(digits)
        wanted = None if ranks is None else Counter(ranks)
        matches = [a for a in legal if wanted is not None and _card_ranks(a) == wanted]
        example = "10s 10s"
    if len(matches) == 1:
        return matches[0]
    if matches:
        options = [move_label(a, with_kind=False) for a in matches[:_MAX_OPTIONS]]
        raise MoveTextError(Msg("typed.which_digits", text=digits, options=Join(options)))
    if tiles and kinds and "discard" not in kinds:
        raise cannot_now("discard", kinds)
    if not tiles and kinds and not any(takes_cards(k, legal) for k in kinds):
        raise cannot_now("play", kinds)
    raise MoveTextError(Msg("typed.no_digits", text=digits, example=example))


def unnumbered(said: Msg | None) -> Msg | None:
    """A typed reader's reason as Discord says it: without "or the move's number" (no list
    is shown there, and digits are ranks); any other reason as it is."""
    if said is None or said.id not in _UNNUMBERED:
        return said
    return Msg(_UNNUMBERED[said.id], said.params)
