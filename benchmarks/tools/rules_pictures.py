"""The pictures of the rules pages (``docs/rules/img/*.png``), drawn by the project's renderer.

``python -m benchmarks.tools.rules_pictures`` (from the repository root) writes every picture;
``--check`` only says which committed picture differs from what the renderer draws now (exit
status 1). Each picture shows what words say less well: a combination, a declaration ladder, a
winning mahjong hand. The labels are in both languages, so the English and Chinese pages share
one picture. The PNGs use the renderer's shared palette (:func:`render.common.to_png`), a few
tens of KiB each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from games.cards import parse_cards
from games.tiles import Tile, parse_tiles
from render.cards import CardGroup, hand_image
from render.common import to_png
from render.mahjong import mahjong_hand_image
from render.scenes import MahjongHandScene, Meld

__all__ = ["PICTURES", "main", "picture_bytes"]

IMG = Path(__file__).resolve().parents[2] / "docs" / "rules" / "img"
WIDTH = 760  # the widest row of cards: readable on a phone, small as a file


def _cards(*groups: tuple[str, str], title: str) -> bytes:
    """A row of labelled card groups: ``(label, cards)``, cards in any notation."""
    shown = [CardGroup(tuple(parse_cards(cards)), label) for label, cards in groups]
    return to_png(hand_image(shown, legend_style="ascii", max_width=WIDTH, title=title))


def _tiles(text: str) -> list[Tile]:
    return parse_tiles(text)


def pajiwo_declarations() -> bytes:
    return _cards(
        ("单亮 single", "BJ 2h"),
        ("对♦ pair", "BJ 2d 2d"),
        ("对♣", "SJ 2c 2c"),
        ("对♥", "BJ 2h 2h"),
        ("对♠", "SJ 2s 2s"),
        ("对小王", "SJ SJ"),
        ("对大王", "BJ BJ"),
        title="亮主 declarations at level 2, weakest → strongest",
    )


def pajiwo_tractors() -> bytes:
    return _cards(
        ("拖拉机 ✓", "3s 3s 4s 4s"),
        ("✓ (5 out)", "4s 4s 6s 6s"),
        ("✓", "5s 5s 5h 5h"),
        ("✓", "BJ BJ SJ SJ"),
        ("× not", "5s 5s 6s 6s"),
        title="Level 5, ♥ trump · 打 5，红桃主",
    )


def pajiwo_follow() -> bytes:
    return _cards(
        ("首家 lead", "2s 2s 3s 3s 4s 4s"),
        ("跟 must play", "7s 7s 8s 8s Qs Qs"),
        ("× refused", "10s 10s Qs Qs 7s 7s"),
        title="A 3-pair tractor led · 首家出三连对",
    )


def dagunzi_declarations() -> bytes:
    return _cards(
        ("1 张 card", "5h"),
        ("2 张", "5s 5s"),
        ("3 张", "5d 5d 5d"),
        ("3 小王 + suit", "SJ SJ SJ"),
        ("3 大王 + suit", "BJ BJ BJ"),
        title="亮主 at level 5, weakest → strongest · 打5亮5",
    )


def dagun_readings() -> bytes:
    return _cards(
        ("= 5555 bomb 炸弹", "5s 5h BJ SJ"),
        ("= 4455 连对", "5s 5h BJ SJ"),
        ("= 5566 连对", "5s 5h BJ SJ"),
        title="One play, three readings · 一手牌三种读法",
    )


def dagun_bombs() -> bytes:
    return _cards(
        ("天炸", "BJ BJ SJ SJ"),
        ("摇摆", "As As As As Ks Ks Kh Kh"),
        ("♠ 510K", "5s 10s Ks"),
        ("杂 510K", "5h 10s Kd"),
        title="Bombs 炸弹 (strongest first)",
    )


def jintan_win() -> bytes:
    scene = MahjongHandScene(
        concealed=_tiles("234m 567p 88s 34s"),
        melds=(Meld("pong", _tiles("EEE"), claimed=1),),
        drawn=_tiles("5s")[0],
        flowers=_tiles("1f 5f"),
        title="胡 a win: 4 sets + a pair, 2 flowers",
    )
    return to_png(mahjong_hand_image(scene))


def jinhua_caishen() -> bytes:
    scene = MahjongHandScene(
        concealed=_tiles("3333m 123p 456p 789p"),
        drawn=_tiles("9s")[0],
        wildcard=_tiles("9s")[0],
        title="财神 9s as a fifth 3m · 财神当第五张三万",
    )
    return to_png(mahjong_hand_image(scene))


def jinhua_white() -> bytes:
    scene = MahjongHandScene(
        concealed=_tiles("2m P 4m 678m 567p 888s C"),
        drawn=_tiles("C")[0],
        wildcard=_tiles("3m")[0],
        title="财神 3m: 白板 plays 3m · 白板当三万",
    )
    return to_png(mahjong_hand_image(scene))


PICTURES: dict[str, Callable[[], bytes]] = {
    "pajiwo-declarations.png": pajiwo_declarations,
    "pajiwo-tractors.png": pajiwo_tractors,
    "pajiwo-follow.png": pajiwo_follow,
    "dagunzi-declarations.png": dagunzi_declarations,
    "dagun-readings.png": dagun_readings,
    "dagun-bombs.png": dagun_bombs,
    "jintan-win.png": jintan_win,
    "jinhua-caishen.png": jinhua_caishen,
    "jinhua-white.png": jinhua_white,
}
"""File name -> the function drawing it."""


def picture_bytes(name: str) -> bytes:
    """The PNG the renderer draws for ``name`` now."""
    return PICTURES[name]()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tools.rules_pictures")
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args(argv)
    stale = []
    IMG.mkdir(parents=True, exist_ok=True)
    for name in PICTURES:
        data = picture_bytes(name)
        path = IMG / name
        if path.is_file() and path.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(IMG.parents[2])} ({len(data) // 1024} KiB)")
    if args.check and stale:
        print("differ from the renderer: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
