"""Fixed sample scenes and sheets of every sprite, for golden tests, the benchmark's
contact sheet and previews. Deterministic: the same pictures on every run.

They are fixtures, not drawing, so they live beside the tests (``benchmarks/bench_render.py``
imports them from here). ``python -m tests.render.samples`` rebuilds the shared PNG palette
(``render/assets/palette.png``) from them after colours were added."""

from __future__ import annotations

import random
from collections.abc import Callable

from PIL import Image

from games.cards import Card, Rank, Suit, full_deck, parse_card, parse_cards
from games.tiles import ALL_KINDS, FLOWERS, Family, Tile, full_tile_set, parse_tile, parse_tiles
from games.tricks.order import TRUMP, TrumpOrder
from render.cards import CardGroup, card_image, group_cards, hand_image
from render.climb import climb_table_image
from render.common import BG
from render.leaderboard import leaderboard_image
from render.mahjong import mahjong_hand_image, mahjong_table_image
from render.mahjong_result import mahjong_result_image
from render.scenes import (
    ClimbTableScene,
    LeaderboardRow,
    MahjongHandScene,
    MahjongResultScene,
    MahjongSeat,
    MahjongTableScene,
    MahjongWin,
    Meld,
    TrickTableScene,
)
from render.tiles import tile_back, tile_image, tile_size
from render.trick import trick_table_image

__all__ = ["NAMES", "PICTURES", "cards_sheet", "hand_39_groups", "tiles_sheet"]

NAMES = ("张伟", "Alice", "李小龙 Bruce", "王芳")
"""Sample player names: Chinese, Latin and mixed."""


def hand_39_groups() -> list[CardGroup]:
    """A 39-card 打滚子 hand (3 decks) grouped by a trump order: level 7, trump ♥, 2s
    permanent trumps (``dagunzi.txt:21``)."""
    rng = random.Random(39)
    cards = rng.sample(full_deck(3), 39)
    order = TrumpOrder(Rank.SEVEN, Suit.HEARTS, permanent=(Rank.TWO,))
    suits = [*Suit]

    def key(card: Card) -> tuple[int, int, int]:
        s = order.suit_of(card)
        own = -1 if card.suit is None else suits.index(card.suit)  # equal trumps by suit
        return (0 if s == TRUMP else 1 + suits.index(s), -order.strength(card), own)

    return group_cards(
        cards,
        sort_key=key,
        group_of=order.suit_of,
        label_of=lambda g: "主 trumps" if g == TRUMP else f"{g} {Suit(g).chinese}",
    )


def hand_39() -> Image.Image:
    return hand_image(hand_39_groups(), title="你的手牌 Your hand · 39")


def hand_marked() -> Image.Image:
    """The 39-card hand while burying, six cards just taken from the kitty marked (two ♠4
    among them: one mark per copy taken)."""
    return hand_image(hand_39_groups(), marked=parse_cards("10h 7d 3c Kd 4s 4s"))


def trick_scene() -> TrickTableScene:
    p = parse_cards
    return TrickTableScene(
        names=NAMES,
        cards_left=[20, 19, 19, 20],
        trick=[(1, p("AS AS KS KS")), (2, p("3S 3S 4S 5S")), (3, p("7H 7H 2S 2S"))],
        trump_suit=Suit.HEARTS,
        level="7",
        points=[("庄家方", 0), ("抓分方", 35)],
        dealer=2,
        turn=0,
        deadline="0:25 left",
        teams=[0, 1, 0, 1],
        title="扒鸡窝 Pajiwo",
        phase="出牌 play",
        lead_lines=["首家 lead", "拖拉机 tractor 2对 pairs"],
    )


def trick_over_scene() -> TrickTableScene:
    """The end of a hand: the last trick with its winner, the public kitty (底牌), and an
    Arabic-Hebrew name and a long name at the sides."""
    p = parse_cards
    return TrickTableScene(
        names=["张伟", "مرحبا שלום", "李小龙 Bruce", "Maximilian Alexander von Hohenzollern"],
        cards_left=[0, 0, 0, 0],
        trick=[
            (3, p("9S 9S 8S 8S 7S 7S 6S 6S 5S 5S 4S 4S")),
            (0, p("AH KH QH JH 10H 9H 8H 6H 5H 4H 3H 3H")),
            (1, p("AD AD KD KD QD QD JD JD 10D 10D 9D 9D")),
            (2, p("BJ SJ 7H 7H 7S 7C 7D 2H 2H AH KH QH")),
        ],
        trump_suit=Suit.HEARTS,
        level="7",
        points=[("庄家方", 95), ("抓分方", 105)],
        dealer=2,
        teams=[0, 1, 0, 1],
        title="扒鸡窝 Pajiwo",
        phase="本局结束 hand over",
        trick_caption="上一墩 last trick",
        trick_winner=2,
        kitty=p("5C 5C 10C KC 3D 4D 6D 8D"),
    )


def climb_scene() -> ClimbTableScene:
    return ClimbTableScene(
        names=NAMES,
        cards_left=[0, 12, 5, 20],
        # 杂五十K: a single 5, 10 and K of any suits, a bomb (dagun_and_jinhua-mahjong.txt:23)
        last_play=(2, parse_cards("5S 10H KD"), "杂五十K 510K"),
        # the round so far: Alice's pair of 9s, then 李小龙's bomb over it; 王芳 passed
        plays=[(1, parse_cards("9S 9D"), "对子 99"), (2, parse_cards("5S 10H KD"), "杂五十K 510K")],
        round_points=25,
        passed=[3],
        finish_order=[0],
        captured=[35, 10, 0, 25],
        teams=[0, None, 0, None],
        called_card=parse_card("AH"),
        dealer=0,
        turn=1,
        deadline="0:18 left",
        title="打滚 Dagun",
    )


def mahjong_hand_scene() -> MahjongHandScene:
    t = parse_tiles
    return MahjongHandScene(
        concealed=t("123m 55p 789s EE"),
        melds=[Meld("pong", t("CCC"), claimed=1), Meld("concealed_kong", t("9p9p9p9p"))],
        drawn=parse_tile("5p"),
        flowers=t("春 梅 竹"),
        wildcard=parse_tile("5p"),
        title="你的牌 Your hand",
    )


def mahjong_table_scene() -> MahjongTableScene:
    rng = random.Random(3)
    wall = full_tile_set()
    rng.shuffle(wall)
    t = parse_tiles
    melds = [[Meld("chow", t("345s"), claimed=0)], [], [Meld("kong", t("NNNN"))], []]
    flowers = [[], t("春夏"), [], t("菊")]
    seats = []
    for i, name in enumerate(NAMES):
        discards = [wall.pop() for _ in range((23, 22, 22, 21)[i])]
        seats.append(
            MahjongSeat(
                name=name,
                wind=Tile(Family.WIND, i + 1),
                hand_count=(10, 13, 10, 13)[i],
                discards=discards,
                melds=melds[i],
                flowers=flowers[i],
            )
        )
    return MahjongTableScene(
        seats=seats,
        wall_left=52,
        dealer=1,
        prevailing_wind=parse_tile("E"),
        wildcard=parse_tile("5p"),
        turn=2,
        last_discard=1,
        deadline="0:20 left",
        title="金华麻将 Jinhua",
    )


def mahjong_result_scene() -> MahjongResultScene:
    """A 金华 hand won on a discard: a concealed kong (face up now), a chow, two 财神 (5p)
    among the concealed tiles, the winning tile 3m."""
    t = parse_tiles
    win = MahjongWin(
        name="李小龙 Bruce",
        concealed=t("12m 5p5p 789s"),
        winning_tile=parse_tile("3m"),
        melds=[Meld("concealed_kong", t("NNNN")), Meld("chow", t("345s"), claimed=0)],
        flowers=t("春"),
        how="Alice 放炮 discard",
        hands=["平胡"],
    )
    return MahjongResultScene(wins=[win], wildcard=parse_tile("5p"), title="第3局 hand 3 · 胡 win")


def leaderboard_rows() -> list[LeaderboardRow]:
    names = ["张伟", "Alice Wonderland the Great and Long-named", "李小龙", "王芳", "Bob", "김철수"]
    return [
        LeaderboardRow(i + 1, n, 1500 - i * 37.4, 40 - i * 3, 0.62 - i * 0.05)
        for i, n in enumerate(names)
    ]


def tiles_sheet(width: int = 64) -> Image.Image:
    """Every tile: the 34 kinds in rows by family, the 8 flowers, a back and a 财神 tile."""
    w, h = tile_size(width)
    rows: list[list[Image.Image]] = [
        [tile_image(t, width) for t in ALL_KINDS[0:9]],
        [tile_image(t, width) for t in ALL_KINDS[9:18]],
        [tile_image(t, width) for t in ALL_KINDS[18:27]],
        [tile_image(t, width) for t in ALL_KINDS[27:34]]
        + [tile_back(width), tile_image(ALL_KINDS[13], width, wildcard=True)],
        [tile_image(t, width) for t in FLOWERS],
    ]
    return _sheet(rows, w, h)


def cards_sheet(width: int = 90) -> Image.Image:
    """Every card face: one row per suit (A high to 2), then both jokers."""
    deck = full_deck(1)
    rows: list[list[Image.Image]] = []
    for suit in Suit:
        cards = sorted((c for c in deck if c.suit == suit), key=lambda c: -c.rank)
        rows.append([card_image(c, width) for c in cards])
    rows.append([card_image(c, width) for c in deck if c.is_joker])
    return _sheet(rows, width, round(width * 1.4))


def _sheet(rows: list[list[Image.Image]], w: int, h: int) -> Image.Image:
    gap = 6
    cols = max(len(r) for r in rows)
    img = Image.new("RGB", (cols * (w + gap) + gap, len(rows) * (h + gap) + gap), BG)
    for r, row in enumerate(rows):
        for c, sprite in enumerate(row):
            img.paste(sprite, (gap + c * (w + gap), gap + r * (h + gap)), sprite)
    return img


PICTURES: dict[str, Callable[[], Image.Image]] = {
    "cards": cards_sheet,
    "hand_39": hand_39,
    "hand_marked": hand_marked,
    "trick_table": lambda: trick_table_image(trick_scene()),
    "trick_table_over": lambda: trick_table_image(trick_over_scene()),
    "climb_table": lambda: climb_table_image(climb_scene()),
    "tiles": tiles_sheet,
    "mahjong_hand": lambda: mahjong_hand_image(mahjong_hand_scene()),
    "mahjong_table": lambda: mahjong_table_image(mahjong_table_scene()),
    "mahjong_result": lambda: mahjong_result_image(mahjong_result_scene()),
    "leaderboard": lambda: leaderboard_image(leaderboard_rows(), "扒鸡窝 Pajiwo · 排行榜"),
}
"""Every kind of picture, by name, drawn from the sample scenes."""


if __name__ == "__main__":
    from render.palette import PALETTE_PATH, build_palette

    build_palette(draw() for draw in PICTURES.values()).save(PALETTE_PATH)
    print(f"wrote {PALETTE_PATH}")
