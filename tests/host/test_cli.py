"""The command line end to end: simulate, play (driven through stdin), run without a token."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import parse_move
from games.base import Action
from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
ENV.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))
# the bots on the loop at their normal level (BOT_WORKERS=0), as these tests were written for:
# the strong bots in a worker process are tried in-process (tests/host/test_terminal_*.py)
ENV["BOT_WORKERS"] = "0"


def run(
    *args: str, stdin: str = "", cwd: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.host.toy_main", *args],
        cwd=cwd,
        env=ENV if env is None else env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def needs(game: str) -> None:
    if not GAMES[game].available:
        pytest.skip(f"{game} is not built yet")


def test_simulate_prints_one_json_line_per_game(tmp_path: Path) -> None:
    db = tmp_path / "sim.sqlite3"
    done = run("simulate", "toy", "--games", "3", "--seed", "40", "--json", "--db", str(db))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert [x["seed"] for x in lines] == [40, 41, 42]
    for line in lines:
        assert line["status"] == "finished" and line["hands"] == 2
        assert line["cards_conserved"] is True and line["replay_equal"] is True
        assert len(line["scores"]) == 2 and sorted(line["ranks"])[0] == 1
    with sqlite3.connect(db) as conn:
        counts = conn.execute(
            "SELECT game_id, COUNT(*) FROM actions GROUP BY game_id ORDER BY game_id"
        ).fetchall()
        assert [c for _, c in counts] == [x["actions"] for x in lines]
        assert conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 6


def test_simulate_same_seed_same_games(tmp_path: Path) -> None:
    a = run("simulate", "toy", "--seed", "9", "--json", "--db", str(tmp_path / "a.sqlite3"))
    b = run("simulate", "toy", "--seed", "9", "--json", "--db", str(tmp_path / "b.sqlite3"))
    strip = [{k: v for k, v in json.loads(x.stdout).items() if k != "seconds"} for x in (a, b)]
    assert strip[0] == strip[1]


def test_simulate_pajiwo_one_hand(tmp_path: Path) -> None:
    needs("pajiwo")
    done = run("simulate", "pajiwo", "--games", "2", "--seed", "3", "--match", "one_hand", "--json")
    assert done.returncode == 0, done.stderr
    for line in map(json.loads, done.stdout.splitlines()):
        assert line["hands"] == 1 and line["status"] == "finished"
        assert line["cards_conserved"] and line["replay_equal"]
        assert line["actions"] > 60  # 25 cards each in tricks alone is 100 plays... minus throws


def test_bad_option_is_refused_with_its_reason(tmp_path: Path) -> None:
    done = run("simulate", "toy", "--option", "hands=9", "--db", str(tmp_path / "x.sqlite3"))
    assert done.returncode == 2
    assert "option 'hands' must be at most 5, not 9" in done.stderr
    done = run("simulate", "chess")
    assert done.returncode == 2 and "no game called 'chess'" in done.stderr


def test_play_toy_through_stdin_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "play.sqlite3"
    moves = "2\n" + "♠A\n" + "1\n" * 80  # ante 2, a card that may or may not be legal, then firsts
    done = run("play", "toy", "--db", str(db), "--seed", "5", "--pace", "async", stdin=moves)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "your hand (3):" in out and "1. ante amount 1" in out
    assert "match over:" in out and ("you won" in out or "you lost" in out)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1
        users = conn.execute("SELECT user_id FROM actions WHERE user_id IS NOT NULL").fetchall()
        assert users and {u for (u,) in users} == {1}


def test_play_resumes_a_saved_game(tmp_path: Path) -> None:
    db = tmp_path / "play.sqlite3"
    first = run("play", "toy", "--db", str(db), "--seed", "5", "--pace", "async", stdin="1\n")
    assert "the game is saved" in first.stdout
    second = run("play", "toy", "--db", str(db), "--pace", "async", stdin="1\n" * 80)
    assert "resuming your unfinished Toy game (table 1, seed 5); add --new" in second.stdout
    assert "match over:" in second.stdout


def test_play_says_a_saved_game_keeps_its_options_and_new_starts_another(tmp_path: Path) -> None:
    db = tmp_path / "play.sqlite3"
    run("play", "toy", "--db", str(db), "--seed", "5", "--pace", "async", stdin="1\n")
    again = run("play", "toy", "--db", str(db), "--seed", "9", "--pace", "async", stdin="quit\n")
    assert "seed 5): it keeps its own options; add --new to start one with yours" in again.stdout
    fresh = run(
        "play", "toy", "--db", str(db), "--seed", "9", "--new", "--pace", "async", stdin="quit\n"
    )
    assert "resuming" not in fresh.stdout
    assert "table 2, seed 9" in fresh.stdout
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT id, status FROM tables ORDER BY id").fetchall() == [
            (1, "aborted"),
            (2, "playing"),
        ]


def test_play_pajiwo_one_hand_with_card_notation(tmp_path: Path) -> None:
    """Answer every play by typing the first listed move's cards (♠A ♠A …), not its number."""
    needs("pajiwo")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bot",
            "play",
            "pajiwo",
            "--db",
            str(tmp_path / "p.sqlite3"),
            "--seed",
            "3",
            "--match",
            "one_hand",
        ],
        cwd=ROOT,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    typed, out, first = 0, [], True
    for line in proc.stdout:
        out.append(line)
        match = re.match(r"^\s+1\. \S+ (\w+)(.*)$", line)  # 出牌 play ♠A ♠A
        if match:
            kind, cards = match.group(1), match.group(2).strip()
            answer = cards if kind == "play" else "1"
            typed += kind == "play"
            if first:  # a bad answer first, then the real one
                proc.stdin.write("zz\n")
                first = False
            proc.stdin.write(answer + "\n")
            proc.stdin.flush()
    proc.wait(timeout=60)
    text = "".join(out)
    assert proc.returncode == 0
    assert "! 'zz' is not a card: write cards such as" in text  # the input quoted once (issue 14)
    # a refusal changes nothing and does not repeat the table: the error stays in sight
    refusal = text.index("! 'zz'")
    assert "your hand" not in text[refusal : text.index("\n", refusal + 1) + 1]
    assert text.count("your move") == text.count("── 扒鸡窝 Pajiwo")  # a table per prompt
    assert "your hand (25):" in text
    assert "Lead: " in text and " — follow " in text  # how the lead was read, as on Discord
    assert typed >= 10  # one typed play per trick led or followed by seat 0
    assert text.count("\n! ") == 1  # only zz was refused: every typed play was understood
    assert "Match over: Bot 2 & Bot 4 win" in text  # seats by name


def test_run_without_token_says_how_to_get_one(tmp_path: Path) -> None:
    done = run("run", cwd=tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and ".env" in done.stderr
    assert "discord.com/developers/applications" in done.stderr


def test_run_that_cannot_reach_discord_says_so_without_a_traceback(tmp_path: Path) -> None:
    env = {
        **ENV,
        "DISCORD_TOKEN": "abc.def.ghi",
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",  # the discard port: nothing listens
        "DATABASE_PATH": str(tmp_path / "run.sqlite3"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "cannot reach Discord:" in done.stderr
    assert "Traceback" not in done.stderr


def test_parse_move_reads_numbers_cards_and_kinds() -> None:
    legal = [
        Action(0, "play", {"cards": ["As"]}),
        Action(0, "play", {"cards": ["10h", "10h"]}),
        Action(0, "pass"),
    ]
    kinds = ["play", "pass"]
    assert parse_move("2", 0, legal, kinds) is legal[1]
    assert parse_move("♠A", 0, legal, kinds) is legal[0]
    assert parse_move("红桃10 h10", 0, legal, kinds) is legal[1]
    assert parse_move("play SA", 0, legal, kinds) is legal[0]
    assert parse_move("pass", 0, legal, kinds) == Action(0, "pass")
    # cards not listed: built with the one card-taking kind, for the engine to judge
    assert parse_move("3c 4c", 0, legal, kinds) == Action(0, "play", {"cards": ["3c", "4c"]})
    for bad, words in (("9", "from 1 to 3"), ("xx", "is not a card"), ("", "type a number")):
        with pytest.raises(ValueError, match=words):
            parse_move(bad, 0, legal, kinds)
    with pytest.raises(ValueError, match="say which move first"):
        parse_move("3c", 0, [], ["declare", "bury", "pass"])


def test_play_offers_optional_moves_at_a_live_table(tmp_path: Path) -> None:
    done = run(
        "play",
        "toy",
        "--db",
        str(tmp_path / "live.sqlite3"),
        "--seed",
        "5",
        "--pace",
        "live",
        "--option",
        "deal_delay_ms=200",
        stdin="bid\n" + "1\n" * 80,
    )
    assert done.returncode == 0, done.stderr
    assert "your move (bid if you like, or wait: the table will deal):" in done.stdout
    assert "· you bid" in done.stdout  # the seat by name
    assert "match over:" in done.stdout


def test_a_game_saved_under_the_old_name_you_goes_on_under_the_players_name(
    tmp_path: Path,
) -> None:
    """A terminal game saved when the player's stored name was the literal "you" is carried
    on (and recorded) under their name, the login name here; --name on resume renames."""
    db = tmp_path / "play.sqlite3"
    args = ("play", "toy", "--db", str(db), "--seed", "5", "--pace", "async")
    run(*args, "--name", "you", stdin="1\n")  # as the terminal stored its player before

    def seat_name() -> str:
        with sqlite3.connect(db) as conn:
            (seats,) = conn.execute("SELECT seats FROM tables WHERE id = 1").fetchone()
        return str(json.loads(seats)[0]["name"])

    assert seat_name() == "you"
    ann = {**ENV, "USER": "ann", "LOGNAME": "ann", "USERNAME": "ann"}
    again = run(*args, stdin="quit\n", env=ann)
    assert "resuming your unfinished Toy game" in again.stdout
    assert seat_name() == "ann"
    done = run(*args, "--name", "Ann Lee", stdin="1\n" * 80, env=ann)
    assert "match over:" in done.stdout
    with sqlite3.connect(db) as conn:
        names = conn.execute("SELECT name FROM match_players WHERE seat = 0").fetchall()
    assert names == [("Ann Lee",)]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "! your name could not be saved, so the game goes on under the name you"),
        ("zh", "! 你的名字没能保存，这局仍以“you”的名字继续"),
    ],
)
def test_a_rename_the_store_refuses_at_resume_is_said_and_the_game_goes_on(
    tmp_path: Path, lang: str, said: str
) -> None:
    """A store that refuses the rename at a resume (here a trigger of the database itself
    aborting any change of the stored name) does not end the session: the player is told in
    their language, the game goes on under its old name, to the end."""
    db = tmp_path / "play.sqlite3"
    args = ("play", "toy", "--db", str(db), "--seed", "5", "--pace", "async")
    run(*args, "--name", "you", stdin="1\n")
    with sqlite3.connect(db) as conn:
        conn.execute(
            "CREATE TRIGGER no_rename BEFORE UPDATE OF seats ON tables"
            " WHEN json_extract(NEW.seats, '$[0].name') IS NOT json_extract(OLD.seats, '$[0].name')"
            " BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END"
        )
    env = {**ENV, "USER": "ann", "LOGNAME": "ann", "USERNAME": "ann", "PAIJU_LANG": lang}
    done = run(*args, stdin="1\n" * 80, env=env)
    assert "Traceback" not in done.stderr
    assert said in done.stdout
    assert done.returncode == 0
    with sqlite3.connect(db) as conn:
        names = conn.execute("SELECT name FROM match_players WHERE seat = 0").fetchall()
    assert names == [("you",)]
