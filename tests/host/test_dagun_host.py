"""打滚 through the table service and a real SQLite store: one person (moving with the hint)
and three heuristic bots; the command line's simulate and play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.history import history
from bot.ratings import rating
from bot.screens import typed_refusal
from bot.store import Store
from bot.tables import TableService
from bot.textview_dagun import format_moves, hand_groups, parse_move
from bot.timers import ManualScheduler
from bot.typed import MoveTextError
from games.base import Action
from games.registry import GAMES
from tests.host.test_cli import ENV, ROOT

pytestmark = pytest.mark.skipif(not GAMES["dagun"].available, reason="dagun not built yet")

USER = 77
CH = 4321


async def test_whole_dagun_match(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    table = await service.open_table(
        guild_id=3,
        channel_id=CH,
        game="打滚",
        user_id=USER,
        name="me",
        pace="relaxed",
        rated=True,
        options={"hands": 2},
    )
    await service.add_bot(CH, USER, 3)
    await service.start(CH, USER, seed=2026)
    engine = table.engine
    assert engine is not None and table.game_id is not None
    moves = 0
    while table.status == "playing":
        await scheduler.run_due()
        if table.status != "playing":
            break
        move = service.hint(table.id, USER)
        assert move is not None, engine.pending()
        await service.act(table.id, USER, move, f"m{moves}")
        moves += 1
    assert table.status == "finished" and moves > 10
    match = engine.match_result
    assert match is not None and len(engine.hand_results) == 2
    assert match.teams == ((0,), (1,), (2,), (3,))  # free-for-all by coins
    assert all(engine.invariants().values())
    stored = await store.actions(table.game_id)
    row = await store.game(table.game_id)
    assert type(engine).replay(row.seed, row.options, stored).snapshot() == engine.snapshot()
    (record,) = await history(store, 3, USER)
    assert [h.result for h in record.hands] == [h.to_json() for h in engine.hand_results]
    mine = await rating(store, 3, "dagun", USER)
    assert mine is not None and mine.games == 1


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=ENV,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_simulate_dagun(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite3"
    done = _run("simulate", "dagun", "--games", "3", "--seed", "1", "--json", "--db", str(db))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert [x["seed"] for x in lines] == [1, 2, 3]
    for line in lines:
        assert line["status"] == "finished" and line["hands"] == 8
        assert line["cards_conserved"] and line["invariants_ok"] and line["replay_equal"]
        assert sum(line["scores"]) == 0  # coins change hands


def test_play_dagun_in_the_terminal(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    done = _run(
        "play", "dagun", "--db", str(db), "--seed", "4", "--match", "one_hand", stdin="1\n" * 200
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "── 打滚 Dagun · hand 1 ──" in out and "Called card (叫牌) " in out
    assert "your hand (27):" in out and " ×" in out
    assert "1. 过 pass" in out and "对子 pair:" in out
    assert "Match over: " in out and "Match over after 1 hand\n" in out  # ngettext: 1 hand


def test_terminal_hand_is_grouped_by_rank_with_jokers_apart() -> None:
    groups = hand_groups(["3s", "BJ", "3h", "2d", "10c", "SJ", "As"])
    assert groups == [
        ("3", ["♠3", "♥3"]),
        ("10", ["♣10"]),
        ("A", ["♠A"]),
        ("2", ["♦2"]),
        ("jokers", ["大王", "小王"]),
    ]


def test_terminal_asks_for_the_reading_of_ambiguous_cards() -> None:
    legal = [
        Action(0, "play", {"cards": ["5s", "5h", "BJ", "SJ"], "as": "4455"}),
        Action(0, "play", {"cards": ["5s", "5h", "BJ", "SJ"], "as": "5566"}),
        Action(0, "play", {"cards": ["5s", "5h", "BJ", "SJ"], "as": "5555"}),
        Action(0, "play", {"cards": ["9c"], "as": "9"}),
    ]
    kinds = ["play"]
    with pytest.raises(ValueError, match=r"reads several ways: 4455 \(1\), 5566 \(2\), 5555 \(3\)"):
        parse_move("5s 5h 大王 小王", 0, legal, kinds)
    assert parse_move("5s 5h BJ SJ as 5566", 0, legal, kinds) is legal[1]
    assert parse_move("play 9c", 0, legal, kinds) is legal[3]
    assert parse_move("3", 0, legal, kinds) is legal[2]
    typed = parse_move("9c 9d as 99", 0, legal, kinds)  # not listed: the engine judges it
    assert typed == Action(0, "play", {"cards": ["9c", "9d"], "as": "99"})
    lines = format_moves(legal)
    assert any("连对 consecutive pairs: 1) ♠5 ♥5 大王 小王 as 4455" in x for x in lines)
    assert any("炸弹 bomb:" in x and "3) " in x for x in lines)
    zh = format_moves(legal, "zh")
    assert any("连对:" in x and "1) ♠5 ♥5 大王 小王 当作 4455" in x for x in zh)
    with pytest.raises(MoveTextError) as err:
        parse_move("5s 5h 大王 小王", 0, legal, kinds)
    assert typed_refusal("zh", err.value) == (
        "♠5 ♥5 大王 小王 有几种当法：4455（1），5566（2），5555（3）；"
        "请输入编号，或在后面加上「当作 4455」"
    )


def test_the_help_names_硬牌_as_players_see_it_and_the_words_it_names_are_read() -> None:
    from bot.textview_dagun import HELP, HELP_ASCII
    from present.i18n import tr

    help_en = tr("en", "terminal.help.dagun")
    assert help_en == HELP and "declare_alone" not in help_en
    assert "pass 过, 硬牌 (or alone) to play alone," in help_en
    assert "declare_alone" not in HELP_ASCII and "alone (to play alone)" in HELP_ASCII
    assert HELP_ASCII.isascii()
    legal = [Action(0, "declare_alone"), Action(0, "pass")]
    kinds = ["declare_alone", "pass"]
    for word in ("硬牌", "alone"):
        assert parse_move(word, 0, legal, kinds) is legal[0]
