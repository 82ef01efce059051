"""The command line tried as a new user would (issue 14): refused arguments, Ctrl-C, the
database claim, a cp1252 console, the words a player types, and the help."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import parse_move, play
from bot.screens import typed_refusal
from bot.timers import FakeClock, ManualScheduler
from bot.typed import MoveTextError
from games.base import Action
from games.pajiwo.options import PajiwoOptions
from tests.host.test_cli import ENV, ROOT, needs, run


def bot(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` with ``stdin`` typed in."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=ENV,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


# ------------------------------------------------------------------ refused arguments
REFUSED = [
    (["--pace", "weird"], "pace must be live, relaxed, async or a time"),
    (["--pace", "5s"], "a custom pace must be between 10 seconds and 7 days, not 5 seconds"),
    (["--option", "foo"], "--option takes NAME=VALUE, not 'foo'"),
    (["--seed", "99999999999999999999999999"], "--seed must be a whole number from 0 to"),
    (["--seed", "-1"], "--seed must be a whole number from 0 to"),
    (["--option", "hands=9"], "option 'hands' must be at most 5, not 9"),
    (["--preset", "nope"], "玩具 Toy has no preset 'nope': the presets are standard, quick"),
    (["--bot", "smart"], "there is no 'smart' bot: choose"),
]


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize(("args", "reason"), REFUSED)
def test_a_refused_argument_exits_2_at_once_before_the_database_is_opened(
    tmp_path: Path, command: str, args: list[str], reason: str
) -> None:
    db = tmp_path / "x.sqlite3"
    done = run(command, "toy", "--db", str(db), *args)  # a 300 s timeout if it hung
    assert done.returncode == 2
    assert f"python -m bot {command}: error: {reason}" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists()  # refused before anything was opened


@pytest.mark.parametrize("games", ["0", "-1"])
def test_simulate_refuses_fewer_than_one_game(tmp_path: Path, games: str) -> None:
    done = run("simulate", "toy", "--games", games, "--db", str(tmp_path / "x.sqlite3"))
    assert done.returncode == 2
    assert f"error: --games must be 1 or more, not {games}" in done.stderr
    assert done.stdout == ""


def test_an_option_without_effect_in_this_match_length_is_warned_about(tmp_path: Path) -> None:
    needs("pajiwo")
    done = bot(
        "simulate",
        "pajiwo",
        "--match",
        "one_hand",
        "--option",
        "target_level=A",
        "--json",
        "--db",
        str(tmp_path / "w.sqlite3"),
    )
    assert done.returncode == 0, done.stderr
    assert (
        "warning: target_level has no effect in a one_hand match: it counts only with"
        " match=to_level" in done.stderr
    )


def test_levels_accept_a_for_14() -> None:
    options = PajiwoOptions.from_dict({"match": "to_level", "target_level": "A"})
    assert options.target_level == 14
    assert PajiwoOptions.from_dict({"start_level": "j"}).start_level == 11
    assert PajiwoOptions().unused(["start_level"]) == {}


def test_options_without_effect_are_named_with_the_reason() -> None:
    quick = PajiwoOptions.from_dict({"match": "one_hand", "deal": "all_at_once"})
    given = ["target_level", "next_hand_delay_ms", "deal_round", "start_level"]
    assert sorted(quick.unused(given)) == ["deal_round", "next_hand_delay_ms", "target_level"]
    full = PajiwoOptions.from_dict({"match": "to_level", "deal": "progressive"})
    assert full.unused(given) == {}


# ------------------------------------------------------------------ Ctrl-C
def _start_play(db: Path, *extra: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.host.toy_main", "play", "toy", "--db", str(db), *extra],
        cwd=ROOT,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:  # the table is up once the first prompt is shown
        if line.startswith("your move"):
            break
    return proc


def test_ctrl_c_at_a_prompt_stops_at_once_and_says_how_to_resume(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    proc = _start_play(db, "--seed", "5", "--pace", "async")
    assert proc.stdout is not None and proc.stderr is not None
    proc.send_signal(signal.SIGINT)  # no Enter follows: the stdin pipe stays open
    try:
        code = proc.wait(timeout=20)
    finally:
        proc.kill()
    out = proc.stdout.read()
    assert code == 130
    # the interpreter actually running (a bare python may lack the packages), pasteable as is
    command = f"{sys.executable} -m bot play toy --db {db}"
    assert f"interrupted: the game is saved; to carry on: {command}" in out
    assert "Traceback" not in proc.stderr.read()
    again = run("play", "toy", "--db", str(db), "--pace", "async", stdin="quit\n")
    assert "resuming your unfinished Toy game (table 1, seed 5)" in again.stdout


# ------------------------------------------------------------------ one writer per database
def test_simulate_is_refused_on_a_database_that_play_holds(tmp_path: Path) -> None:
    db = tmp_path / "held.sqlite3"
    proc = _start_play(db, "--pace", "async")
    try:
        done = run("simulate", "toy", "--db", str(db))
        assert done.returncode == 2
        assert "error: another Paiju process is running the tables of" in done.stderr
    finally:
        assert proc.stdin is not None
        proc.stdin.close()  # end of input: the game is saved
        proc.wait(timeout=60)
    assert run("simulate", "toy", "--db", str(db)).returncode == 0  # free again


# ------------------------------------------------------------------ a cp1252 console
def test_a_cp1252_console_gets_ascii_cards(tmp_path: Path) -> None:
    needs("pajiwo")
    env = {**ENV, "PYTHONIOENCODING": "cp1252"}
    args = ["play", "pajiwo", "--db", str(tmp_path / "a.sqlite3"), "--seed", "3"]
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args, "--match", "one_hand"],
        cwd=ROOT,
        env=env,
        input=b"1\n" * 300,
        capture_output=True,
        timeout=300,
    )
    out = done.stdout.decode("cp1252")
    assert done.returncode == 0, done.stderr.decode("cp1252")
    assert "Traceback" not in done.stderr.decode("cp1252")
    assert "dealer Bot 2 - you & Bot 3 at level 2; Bot 2 & Bot 4 at level 2" in out
    assert "Trump hearts - level 2 - defenders' points 0" in out
    assert "   1. play 10s" in out or "   1. pass" in out  # labels in ASCII, 出牌 left out
    assert "Match over: Bot 2 & Bot 4 win" in out
    # nothing the console lacks is printed as "?", and no spelling is listed twice once the
    # Chinese ones are written in ASCII (issue 21: "jokers BJ SJ BJ SJ")
    assert "?" not in out and "BJ SJ BJ SJ" not in out
    assert "(10s S10 Kh, jokers BJ SJ)" in out
    helped = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--help"], cwd=ROOT, env=env, capture_output=True
    )
    assert helped.returncode == 0 and b"J Q K A for 11 12 13 14" in helped.stdout


def test_a_cp1252_console_gets_mahjong_tiles_in_ascii(tmp_path: Path) -> None:
    """Winds, honours and tile names are not "?" on a cp1252 console: the ASCII codes the
    player types (E, C, 5p), and the Chinese word beside an English one is left out."""
    needs("jintan")
    env = {**ENV, "PYTHONIOENCODING": "cp1252"}
    args = ["play", "jintan", "--db", str(tmp_path / "m.sqlite3"), "--seed", "3"]
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args, "--match", "one_hand"],
        cwd=ROOT,
        env=env,
        input=b"1\n2\nhelp\nquit\n",
        capture_output=True,
        timeout=300,
    )
    out = done.stdout.decode("cp1252")
    assert done.returncode == 0, done.stderr.decode("cp1252")
    assert "?" not in out, [line for line in out.splitlines() if "?" in line][:5]
    assert "Hand 1 - dealer you - dice 5+3 - wall 90" in out
    assert "you: 14 tiles in hand - discards: —" in out
    assert (
        "your hand (14): 1 Character, 4 Characters, 4 Dots, 7 Dots, 8 Dots, 8 Dots, 2 Bamboo,"
        " 4 Bamboo, 7 Bamboo, East, South, North, North  | drawn: Green Dragon"
    ) in out
    assert "   1. discard Green Dragon\n" in out  # 打 discard, the Chinese word left out
    assert "to change one, type e.g. standing auto_win=on" in out  # settings, and how


# ------------------------------------------------------------------ what a player types
LEGAL = [
    Action(0, "play", {"cards": ["As"]}),
    Action(0, "play", {"cards": ["10h", "10h"]}),
]


def test_a_kind_that_is_not_open_now_is_named_not_read_as_a_card() -> None:
    for text in ("PASS", "pass", "过", "bury 3c", "扣底 3c 4c", "declare BJ", "造反"):
        with pytest.raises(
            ValueError, match=r"^you cannot \w+ [\w ]+ now: your move is 出牌 play$"
        ):
            parse_move(text, 0, LEGAL, ["play"])
    with pytest.raises(MoveTextError) as err:
        parse_move("过", 0, LEGAL, ["play", "bury"])
    assert typed_refusal("zh", err.value) == "现在不能过：你可以出牌或扣底"
    assert str(err.value) == "you cannot 过 pass now: your move is 出牌 play or 扣底 bury"


def test_a_kind_alone_that_needs_cards_says_so_in_plain_words() -> None:
    with pytest.raises(ValueError) as err:
        parse_move("play", 0, LEGAL, ["play"])
    assert str(err.value) == (
        "出牌 play: which cards? type them after it, e.g. 出牌 play As (or the move's number)"
    )
    assert typed_refusal("zh", err.value) == "出牌哪些牌？请写在后面，例如 出牌 As（或输入编号）"
    bury = [Action(0, "bury", {"cards": ["3c", "4c"]})]
    with pytest.raises(
        ValueError, match=r"^扣底 bury: which cards\? type them after it, e\.g\. 扣底 bury 3c"
    ):
        parse_move("BURY", 0, bury, ["bury"])
    declare = [Action(0, "declare", {"cards": ["BJ", "BJ"]})]
    with pytest.raises(
        ValueError, match=r"^亮主 declare trump: which cards\? .* e\.g\. 亮主 declare trump BJ BJ "
    ):
        parse_move("亮主", 0, declare, ["declare", "pass"])
    # the review's case: the listed moves hold no declaration (the list is cut, or only pass
    # is shown), yet declare is open: still a plain question, not "declare needs data"
    only_pass = [Action(0, "pass")]
    with pytest.raises(ValueError, match=r"^亮主 declare trump: which cards\? type them after it"):
        parse_move("declare", 0, only_pass, ["declare", "pass"])


def test_every_kind_in_english_and_chinese_any_case_with_or_without_cards() -> None:
    rebel = [Action(0, "rebel"), Action(0, "pass")]
    assert parse_move("造反", 0, rebel, ["rebel", "pass"]) == Action(0, "rebel")
    assert parse_move("REBEL", 0, rebel, ["rebel", "pass"]) == Action(0, "rebel")
    assert parse_move("过", 0, rebel, ["rebel", "pass"]) == Action(0, "pass")
    assert parse_move("Pass", 0, rebel, ["rebel", "pass"]) == Action(0, "pass")
    assert parse_move("PLAY ♥️10 红心10", 0, LEGAL, ["play"]) is LEGAL[1]
    assert parse_move("出 Ａs", 0, LEGAL, ["play"]) is LEGAL[0]
    assert parse_move("扣底 3c 4c", 0, [], ["bury"]) == Action(0, "bury", {"cards": ["3c", "4c"]})
    assert parse_move("Declare 大鬼 大鬼", 0, [], ["declare", "pass"]) == Action(
        0, "declare", {"cards": ["BJ", "BJ"]}
    )


def test_help_words_at_the_prompt_show_the_help(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    done = run("play", "toy", "--db", str(db), "--pace", "async", stdin="help\nh\n?\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "not a card" not in done.stdout
    assert done.stdout.count("now: ante") == 3
    assert done.stdout.count("type a move's number") == 4  # once at the start, then per help


# ------------------------------------------------------------------ what the table shows
def test_the_move_list_says_how_many_more_there_are(tmp_path: Path) -> None:
    needs("pajiwo")
    args = ["play", "pajiwo", "--db", str(tmp_path / "m.sqlite3"), "--seed", "2"]
    done = bot(*args, "--match", "one_hand", stdin="1\n" * 300)
    assert done.returncode == 0, done.stderr
    assert "   … 975+ more, type the cards (listed: the 25 most useful, in your hand's order" in (
        done.stdout
    )  # 25 listed of 1000 counted
    assert "match: one hand" in done.stdout


def test_each_hand_end_shows_the_last_trick_once_its_winner_and_the_kitty(tmp_path: Path) -> None:
    """The trick that ends the hand is its event line, every play named, and only that: the
    result screen follows without a "last trick" line repeating it."""
    needs("pajiwo")
    args = ["play", "pajiwo", "--db", str(tmp_path / "e.sqlite3"), "--seed", "3"]
    done = bot(*args, "--match", "one_hand", stdin="1\n" * 300)
    out = done.stdout
    end = out.index("── hand over ──\n")
    won = out[:end].splitlines()[-2]
    assert won.startswith("  · Bot 2 won trick 17 with ♠2 ♣2 ♦2 (20 points): Bot 2 ♠2 ♣2 ♦2, ")
    assert out.count("Bot 2 ♠2 ♣2 ♦2, Bot 3 ") == 1  # the last trick's plays, said once
    assert "last trick:" not in out[end:]
    block = out[end:].splitlines()[1:4]
    # then the presentation's result screen: the headline, the sides, the kitty
    assert block[0] == (
        "Hand 1 over: the defenders scored 40 points; the dealer's side Bot 2 & Bot 4 goes up 1"
        " (不上台)"
    )
    assert "against you & Bot 3, who scored 40 points" in block[1]
    assert block[2] == "Kitty (底牌): ♦4 ♦Q ♣9 ♠3 ♠8 ♠9 ♠J ♠Q"
    assert out.count("── hand over ──") == 1
    # the match over, the command that replays its hands (python -m bot replay)
    replay = out.splitlines()[-1]
    assert replay.startswith("To replay a hand of this match: ")
    assert replay.endswith(f" -m bot replay 1 --db {tmp_path / 'e.sqlite3'}")


def test_in_chinese_too_the_last_trick_is_said_once_at_the_hand_end(tmp_path: Path) -> None:
    needs("pajiwo")
    args = ["play", "pajiwo", "--db", str(tmp_path / "z.sqlite3"), "--seed", "3"]
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args, "--match", "one_hand"],
        cwd=ROOT,
        env={**ENV, "PAIJU_LANG": "zh-CN"},
        input="1\n" * 300,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = done.stdout
    end = out.index("── 本局结束 ──\n")
    won = out[:end].splitlines()[-2]
    assert won.startswith("  · 机器人2 以 ♠2 ♣2 ♦2 赢第 17 墩（20 分）：机器人2 ♠2 ♣2 ♦2，机器人3 ")
    assert out.count("机器人2 ♠2 ♣2 ♦2，机器人3 ") == 1
    assert "上一墩" not in out[end:]
    assert out[end:].splitlines()[1].startswith("第 1 局结束：抓分方得 40 分")


async def test_the_match_over_line_comes_without_enter_after_a_seat_goes_to_a_bot(
    db_path: Path,
) -> None:
    """Nobody types: three timeouts hand the seat to its bot, which plays the match out; the
    end is printed while the input still waits for a line that never comes."""
    scheduler = ManualScheduler(FakeClock())
    read_end, write_end = os.pipe()
    stdin = open(read_end, encoding="utf-8")  # noqa: SIM115 - closed below
    out = io.StringIO()
    task = asyncio.create_task(
        play(
            "toy",
            db_path=db_path,
            stdin=stdin,
            stdout=out,
            seed=5,
            pace="async",
            scheduler=scheduler,
        )
    )
    try:
        for _ in range(200):
            await asyncio.sleep(0.01)
            await scheduler.advance(86_400)
            if task.done():
                break
        assert task.done() and task.result() == 0
    finally:
        task.cancel()
        os.close(write_end)
        stdin.close()
    text = out.getvalue()
    assert "your seat is handed to a bot" in text
    assert "match over:" in text


# ------------------------------------------------------------------ help
def test_play_and_simulate_help_list_presets_options_ranges_bots_and_defaults() -> None:
    needs("pajiwo")
    for command in ("play", "simulate"):
        done = bot(command, "--help")
        assert done.returncode == 0
        text = " ".join(done.stdout.split())  # argparse wraps lines
        assert "pajiwo (扒鸡窝 Pajiwo)" in text
        assert "presets: standard (the seed's rules), quick (match=one_hand)" in text
        assert "match: full | one_hand | to_level; default full" in text
        assert "target_level: 3..14 (J Q K A for 11 12 13 14); default 8" in text
        assert "bots: random, heuristic" in text and "; default heuristic" in text
        # --match names each game's own lengths (issue 21: 扒鸡窝's were listed for every game)
        assert "pajiwo: full, one_hand, to_level (default full)" in text
        assert "dagunzi: lun, hands, one_hand (default lun)" in text
        assert "jintan: one_round, four_rounds, one_hand (default one_round)" in text
        assert "paces (--pace): live (60 s a move" in text
    assert "(default: relaxed)" in " ".join(bot("play", "--help").stdout.split())
    assert "(default: async)" in " ".join(bot("simulate", "--help").stdout.split())


def test_run_help_names_the_token_and_the_env_file(tmp_path: Path) -> None:
    done = bot("run", "--help")
    assert done.returncode == 0
    assert "DISCORD_TOKEN" in done.stdout and ".env" in done.stdout
    assert "DISCORD_TOKEN" in bot("--help").stdout


def test_run_without_a_token_suggests_play_with_its_own_database(tmp_path: Path) -> None:
    done = run("run", cwd=tmp_path)
    assert done.returncode == 2
    assert "python -m bot play pajiwo --db terminal.sqlite3" in done.stderr


def test_a_database_from_a_newer_version_is_refused_with_an_error_line(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 999")
    done = run("simulate", "toy", "--db", str(db))
    assert done.returncode == 2
    assert f"error: {db} has schema version 999, newer than this code's" in done.stderr
    assert "Traceback" not in done.stderr


async def test_other_seats_answering_beside_the_player_do_not_repeat_the_prompt(
    db_path: Path,
) -> None:
    """Every seat antes at once in the toy game (as both defenders may 造反 in 扒鸡窝): when the
    bots answer, the player's unchanged prompt is not listed again, which would invite a second
    answer that then lands on the next decision."""
    scheduler = ManualScheduler(FakeClock())
    read_end, write_end = os.pipe()
    stdin = open(read_end, encoding="utf-8")  # noqa: SIM115 - closed below
    out = io.StringIO()
    task = asyncio.create_task(
        play(
            "toy",
            db_path=db_path,
            stdin=stdin,
            stdout=out,
            seed=5,
            pace="async",
            scheduler=scheduler,
        )
    )
    try:
        for _ in range(500):
            if "your move" in out.getvalue():
                break
            await asyncio.sleep(0.01)
        await scheduler.run_due()  # the three bots ante
        for _ in range(20):
            await asyncio.sleep(0.01)
        with sqlite3.connect(db_path) as conn:
            antes = conn.execute(
                'SELECT COUNT(*) FROM actions WHERE action LIKE \'%"kind":"ante"%\''
            ).fetchone()
        assert antes == (3,)  # the bots answered beside the player
        assert out.getvalue().count("1. ante amount 1") == 1
        os.write(write_end, b"quit\n")
        assert await asyncio.wait_for(task, 10) == 0
    finally:
        task.cancel()
        os.close(write_end)
        stdin.close()


def test_help_is_the_games_own() -> None:
    """The review's case: `help` in 金坛 or 打滚 repeated 扒鸡窝's card help (bury, 造反)."""
    from bot.cli import _help

    assert "bury 3c 4c" in _help("pajiwo") and "造反" in _help("pajiwo", "zh")
    assert "bury" not in _help("jintan") and "bury" not in _help("dagun")
    assert "扣底" not in _help("jintan", "zh") and "扣底" not in _help("dagun", "zh")
    assert "as 4455" in _help("dagun") and "当作 4455" in _help("dagun", "zh")


def test_dagun_reads_its_kinds_in_chinese_too() -> None:
    from bot.textview_dagun import parse_move as dagun_move

    kinds = ["declare_alone", "pass"]
    assert dagun_move("硬牌", 2, [], kinds) == Action(2, "declare_alone")
    assert dagun_move("过", 2, [], kinds) == Action(2, "pass")
    assert dagun_move("PASS", 2, [], kinds) == Action(2, "pass")


def test_a_long_move_list_is_in_the_hands_order() -> None:
    """Of hundreds of legal moves the terminal lists the 25 most useful, grouped by kind and
    in the order the hand is shown (trumps first, then ♠ ♥ ♣ ♦), and says so (issue 21)."""
    import random

    from bot.cli import in_hand_order
    from bot.textview import hand_groups
    from games.cards import format_card, parse_card
    from games.registry import GAMES

    spec = GAMES["pajiwo"]
    engine_type = spec.engine()
    game = engine_type(2, engine_type.options_type.from_dict({"deal": "all_at_once"}))
    bots = [spec.bots()["heuristic"]() for _ in range(4)]
    rng = random.Random(2)
    long_lists = 0
    for _ in range(400):
        if not game.pending():
            break
        step = game.table_action()
        if step is not None:
            game.apply(step)
            continue
        d = next(d for d in game.pending() if d.seat is not None and d.required)
        assert d.seat is not None
        legal = game.legal_actions(d.seat, 1000)
        if len(legal) > 25:
            long_lists += 1
            view = game.view(d.seat)
            listed = in_hand_order(legal[:25], view)
            assert sorted(map(repr, listed)) == sorted(map(repr, legal[:25]))  # same moves
            order = [c for _, cards in hand_groups(view) for c in cards]
            firsts = [
                min(order.index(format_card(parse_card(c))) for c in a.data["cards"])
                for a in listed
            ]
            assert firsts == sorted(firsts)
        game.apply(bots[d.seat].choose(game, d.seat, rng))
    assert long_lists > 0


def test_an_empty_db_name_is_refused_not_taken_for_the_default_file() -> None:
    """``--db ''`` (an unset shell variable) must not quietly play in ./paiju.sqlite3."""
    for command in (["play", "pajiwo"], ["simulate", "pajiwo"], ["resume"]):
        done = bot(*command, "--db", "")
        assert done.returncode == 2, done.stderr
        assert "argument --db: give a database file name" in done.stderr
        assert "Traceback" not in done.stderr


def test_a_chinese_terminal_refuses_typed_nonsense_in_chinese(tmp_path: Path) -> None:
    """With PAIJU_LANG=zh-CN a word that is no card is refused in Chinese, as /play does."""
    db = str(tmp_path / "z.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "dagun", "--db", db, "--match", "one_hand"],
        cwd=ROOT,
        env={**ENV, "PAIJU_LANG": "zh-CN"},
        input="xyz\nquit\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    refusals = [line for line in done.stdout.splitlines() if line.startswith("! ")]
    assert refusals == [
        "! 「xyz」不是牌：请写 ♠10、10s、S10、黑桃10、HQ 这样的牌，王写 大王/小王 或 BJ/SJ"
    ]
