"""Every special hand and multiplier of 金华麻将 with a scored example, alone and combined
(``dagun_and_jinhua-mahjong.txt:139-175``); the 财神 (here 9s unless a test says) is wild."""

from __future__ import annotations

from games.jinhua.scoring import payments
from tests.jinhua.helpers import meld, value


def hands(hand: str, **kw: object) -> tuple[int, tuple[str, ...]]:
    val = value(hand, **kw)  # type: ignore[arg-type]
    assert val is not None, hand
    return val.multiplier, val.keys


def test_pinghu_is_one() -> None:
    assert hands("123m 456m 789p 234s 55s") == (1, ("pinghu",))


def test_pengpenghu_three_claimed_pongs_and_the_fourth_on_the_winning_tile() -> None:
    melds = [meld("pong", "111m"), meld("pong", "999p"), meld("pong", "E E E")]
    assert hands("55p 77s 5p", melds=melds) == (2, ("pengpenghu",))
    # won on the pair instead: no 碰碰胡
    assert hands("555p 7s 7s", melds=melds)[0] == 1
    # by self-draw too (reading)
    assert hands("55p 77s 5p", melds=melds, self_drawn=True) == (2, ("pengpenghu",))


def test_quanqiuren_one_tile_left_won_on_a_discard() -> None:
    melds = [meld("chow", "123m"), meld("pong", "999p"), meld("chow", "456s"), meld("pong", "EEE")]
    assert hands("7s 7s", melds=melds) == (2, ("quanqiuren",))
    assert hands("7s 7s", melds=melds, self_drawn=True) == (1, ("pinghu",))  # self-draw: 平胡
    # the one tile left is a 财神: no 全求人
    assert hands("9s 7s", melds=melds)[0] == 1


def test_seven_pairs_with_and_without_caishen() -> None:
    assert hands("11m 22m 33p 44p 55s 66s 77s") == (4, ("qingqidui",))
    assert hands("11m 22m 33p 44p 55s 66s 7s 9s", tile="7s") == (2, ("qidui",))
    # a four of a kind counts as two pairs
    assert hands("1111m 33p 44p 55s 66s 77s") == (4, ("qingqidui",))


def test_haidi_on_qidui_is_four_and_on_qingqidui_eight() -> None:
    # dagun_and_jinhua-mahjong.txt:173 海捞7对的话那就是四倍，清7对的话那是八倍
    assert hands("11m 22m 33p 44p 55s 66s 77s", self_drawn=True, haidi=True) == (
        8,
        ("qingqidui", "haidi"),
    )
    # a 七对 with a 财神 that is not 七对爆头: the 财神 sits inside a pair
    assert hands("11m 22m 33p 44p 55s 6s 9s 77s", tile="7s", self_drawn=True, haidi=True) == (
        4,
        ("qidui", "haidi"),
    )


def test_qidui_baotou_is_a_fixed_eight() -> None:
    # six pairs and a lone 财神, any drawn tile
    hand = "11m 22m 33p 44p 55s 66s 9s 2p"
    assert hands(hand, self_drawn=True) == (8, ("qidui_baotou",))
    assert hands(hand, self_drawn=True, baotou=4)[0] == 8
    # 海底捞月 on it: 16
    assert hands(hand, self_drawn=True, haidi=True) == (16, ("qidui_baotou", "haidi"))
    # on a discard it is a plain 七对
    assert hands(hand) == (2, ("qidui",))


def test_shisanbukao_five_honours_and_spaced_suits() -> None:
    assert hands("147m 258p 369s E S W N C") == (1, ("shisanbukao",))
    assert hands("147m 159p 258s E S W C P") == (1, ("shisanbukao",))
    # two ranks apart is too close (3-5), six honours too many, a pair not allowed
    assert value("147m 258p 358s E S W N C") is None
    assert value("147m 258p 36s E S W N C F") is None
    assert value("147m 258p 369s E E W N C") is None
    # a 财神 fills any gap, an honour too
    assert hands("147m 258p 3s 9s 9s E S W N C", tile="N") == (1, ("shisanbukao",))
    # the 财神 中 stands for a fifth honour
    assert hands("147m 258p 369s E S W N C", tile="N", caishen="C") == (1, ("shisanbukao",))


def test_qifeng_seven_honours_and_a_wild_never_an_honour() -> None:
    assert hands("147m 258p 3s E S W N C F P") == (2, ("qifeng",))
    assert hands("147m 258p 9s E S W N C F P", caishen="5s") == (2, ("qifeng",))  # 9s natural
    # the 财神 (5s) may stand for a suited tile ...
    assert hands("147m 258p 5s E S W N C F P", caishen="5s", tile="P") == (2, ("qifeng",))
    # ... but never for the missing honour 白
    assert value("147m 258p 3s E S W N C F 5s", caishen="5s", tile="F") is None


def test_qifeng_with_an_honour_caishen_needs_two_white() -> None:
    # 财神 东: 东 is wild, so one 白板 plays 东 and another plays itself (:153)
    assert hands("147m 258p 3s P P S W N C F", caishen="E") == (2, ("qifeng",))
    assert value("147m 258p 3s E P S W N C F", caishen="E") is None


def test_gangkai_and_gangbao() -> None:
    assert hands("123m 456m 789p 234s 55s", self_drawn=True, after_kong=True) == (
        2,
        ("gangkai",),
    )
    # 敲响 on a kong's replacement: 爆头 × 杠上开花, named 杠爆 (:167)
    assert hands("123m 456m 789p 234s 9s 7p", self_drawn=True, after_kong=True) == (4, ("gangbao",))


def test_qingyise_four_without_caishen_two_with() -> None:
    assert hands("111m 234m 567m 789m 99m") == (4, ("qingyise",))
    assert hands("123m 456m 78m 9s 111m 55m", tile="5m") == (2, ("qingyise_caishen",))


def test_hunyise_one_suit_and_honours() -> None:
    assert hands("123s 456s 789s EEE CC") == (2, ("hunyise",))
    assert hands("123s 456s 789s EEE 5m 5m")[0] == 1


def test_luanfeng_all_honours_any_shape() -> None:
    assert hands("E E S W N C C F P P P E S W") == (8, ("luanfeng",))
    assert hands("E E S W N C C F P P P E S 9s", tile="E")[0] == 8


def test_caishentou_two_caishen_as_the_pair() -> None:
    assert hands("123m 456m 789p 234s 9s 9s", tile="2s") == (4, ("caishentou",))


def test_sancai_three_caishen_as_a_pong() -> None:
    assert hands("123m 456m 789p 55s 9s 9s 9s", tile="5s") == (8, ("sancai",))


def test_baotou_default_two_option_four() -> None:
    # twelve tiles complete and a lone 财神; any drawn tile, self-draw only (reading)
    assert hands("123m 456m 789p 234s 9s 7p", self_drawn=True) == (2, ("baotou",))
    assert hands("123m 456m 789p 234s 9s 7p", self_drawn=True, baotou=4) == (4, ("baotou",))
    assert hands("123m 456m 789p 234s 9s 7p") == (1, ("pinghu",))
    # the seed's :173 8 for 爆头 with 海底捞月 is the ×4 option's product
    assert hands("123m 456m 789p 234s 9s 7p", self_drawn=True, baotou=4, haidi=True)[0] == 8
    assert hands("123m 456m 789p 234s 9s 7p", self_drawn=True, haidi=True)[0] == 4


def test_tianhu_dihu_haidi_multiply() -> None:
    assert hands("123m 456m 789p 234s 55s", self_drawn=True, tianhu=True) == (
        2,
        ("tianhu",),
    )
    assert hands("123m 456m 789p 234s 55s", dihu=True) == (2, ("dihu",))
    assert hands("111m 234m 567m 789m 99m", self_drawn=True, haidi=True) == (
        8,
        ("qingyise", "haidi"),
    )


def test_qingyise_seven_pairs_combined() -> None:
    assert hands("11m 22m 33m 44m 55m 66m 77m") == (16, ("qingqidui", "qingyise"))
    assert hands("11m 22m 33m 44m 55m 66m 7m 9s", tile="7m") == (4, ("qidui", "qingyise_caishen"))


def test_white_as_the_caishen_face_and_as_itself() -> None:
    # 财神 3m: 白板 plays 3m in 2m-白板-4m (:103)
    val = value("2m P 4m 456p 789p 123s 55s", caishen="3m", tile="5s")
    assert val is not None and val.white_as_caishen == 1 and val.multiplier == 1
    # ... or itself in a pong of 白板
    val = value("PPP 456p 789p 123s 55s", caishen="3m", tile="5s")
    assert val is not None and val.white_as_caishen == 0
    # one of each: 白板 as 3m in the chow, 白板 pair as itself
    val = value("2m P 4m 456p 789p 123s PP", caishen="3m", tile="2m")
    assert val is not None and val.white_as_caishen == 1
    assert value("2m P 4m 456p 789p 123s 55s", caishen="E", tile="5s") is None


def test_a_discarded_caishen_wins_as_its_face() -> None:
    # 9s from a discard is a natural 9s: 78s + 9s
    assert hands("123m 456m 789p 78s 55s 9s", tile="9s") == (1, ("pinghu",))
    # as a natural tile it is no 财神头 and no lone 财神
    assert hands("123m 456m 789p 234s 9s 9s", tile="9s") == (1, ("pinghu",))


def test_chengbao_both_ways() -> None:
    # seat 1 claimed three in a row from seat 0: (claimer 1, victim 0)
    liable = {(1, 0)}
    assert payments(1, 2, 3, liable)[0] == [-12, 12, 0, 0]  # claimer wins: 4X·m from seat 0
    assert payments(1, None, 3, liable)[0] == [-18, 18, 0, 0]  # self-draw: 6X·m
    assert payments(0, 2, 3, liable)[0] == [24, -24, 0, 0]  # victim wins: 8X·m from seat 1
    assert payments(0, None, 3, liable)[0] == [36, -36, 0, 0]  # self-draw: 12X·m
    # no 承包 on a third seat's win: the normal payments
    assert payments(2, 0, 3, liable)[0] == [-6, -3, 12, -3]
    assert payments(2, None, 3, set())[0] == [-6, -6, 18, -6]
    # every pair counts
    deltas, notes = payments(1, 2, 1, {(1, 0), (1, 3)})
    assert deltas == [-4, 8, 0, -4] and len(notes) == 2
