"""On Discord letter ranks typed alone are ranks, as digits are (bot/typed_ranks.py): ``JJ``
two jacks, ``A`` an ace, ``T`` a ten; a card with its suit (``Js``) and a joker (``SJ``)
stay cards."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.typed_ranks import ranks_only
from cogs.actions import Refusal, read_play_text
from cogs.i18n import refusal_text
from games.base import Action
from games.cards import parse_card
from tests.dagunzi.helpers import drive_to, new_game

LETTER = {11: "J", 12: "Q", 13: "K", 14: "A"}


def test_rank_letters_alone_read_as_ranks_and_nothing_else_does() -> None:
    assert ranks_only("JJ") == "JJ"
    assert ranks_only("j j") == "JJ"
    assert ranks_only("ＱＱ") == "QQ"  # full width, as an input method types it
    assert ranks_only("10 J Q") == "10JQ"
    for text in ("Js", "SJ", "BJ", "33", "pass", "J♠", "٣J", ""):
        assert ranks_only(text) is None, text


def test_letter_ranks_typed_alone_are_the_play_of_those_ranks_on_discord() -> None:
    game = new_game(3)
    drive_to(game, "play")
    seat = game.turn
    assert seat is not None
    legal = game.legal_actions(seat)
    kinds = [k for d in game.pending() if d.seat == seat for k in d.kinds]

    def ranks(action: Action) -> Counter[int]:
        return Counter(int(parse_card(c).rank) for c in action.data.get("cards") or [])

    plays = [a for a in legal if a.kind == "play"]
    by_ranks = Counter(frozenset(ranks(a).items()) for a in plays)
    # a lead of letter ranks only that no other listed play has the ranks of: typed, it is that
    unique = next(
        a
        for a in plays
        if by_ranks[frozenset(ranks(a).items())] == 1 and set(ranks(a)) <= set(LETTER)
    )
    typed = "".join(LETTER[r] * n for r, n in sorted(ranks(unique).items()))
    assert read_play_text(typed, seat, legal, kinds) is unique
    assert read_play_text(typed.lower(), seat, legal, kinds) is unique
    # one letter that several plays have: the refusal names them all, asks for the suit
    shared = next(
        a
        for a in plays
        if by_ranks[frozenset(ranks(a).items())] > 1 and set(ranks(a)) <= set(LETTER)
    )
    typed = "".join(LETTER[r] * n for r, n in sorted(ranks(shared).items()))
    with pytest.raises(Refusal) as refused:
        read_play_text(typed, seat, legal, kinds)
    said = refusal_text("en", refused.value)
    assert said.startswith(f"'{typed}' could be ")
    assert said.endswith(": name the one you mean with its suit")
    assert "number" not in said
