"""The two rules 金华's rules page states that the seed leaves implicit (issue 21): a 财神 may
stand for a fifth copy of a tile (the seed's "可以代替任何牌", dagun_and_jinhua-mahjong.txt:103),
and 白板 standing in for the 财神's face is not used when claiming a chow."""

from __future__ import annotations

from tests.jinhua.helpers import IDLE, discard, jrig, offers, value


def test_a_caishen_may_stand_for_a_fifth_copy_of_a_tile() -> None:
    # four 3m of one's own and the 财神 9s as a fifth 3m: 333m + the pair 3m 3m
    hand = value("3333m 123p 456p 789p 9s", caishen="9s", self_drawn=True)
    assert hand is not None
    # a 白板 is no wild: standing for the 财神's face (9s), it cannot be a fifth 3m
    assert value("3333m 123p 456p 789p P", caishen="9s", self_drawn=True) is None


def test_white_standing_for_the_caishen_is_not_used_to_claim_a_chow() -> None:
    # the 财神 is 5s; seat 1 holds 4s and 白板 (which may play as 5s in a winning hand)
    game = jrig({0: IDLE + " 6s", 1: "4s P 147m 147p 1s E S W N"}, caishen="5s")
    discard(game, 0, "6s")
    assert "chow" not in offers(game).get(1, ())  # 4s-白板-6s is not offered as a chow
    # with real 7s 8s beside the 6s the chow is offered: the tiles themselves decide
    game = jrig({0: IDLE + " 6s", 1: "4s 78s P 147m 147p E S W"}, caishen="5s")
    discard(game, 0, "6s")
    assert "chow" in offers(game)[1]
