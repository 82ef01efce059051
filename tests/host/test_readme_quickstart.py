"""The README's terminal quick start, run as a newcomer would, in a fresh directory (issue 21).

Every ``.venv/bin/python -m bot play|simulate|resume`` line of the README's quick start runs
as a subprocess from a temporary directory, with this interpreter for ``.venv/bin/python``:
``play`` with a few typed moves and then ``quit`` (the printed carry-on command is then
pasted as it is and must resume the game), ``simulate`` with one game instead of the README's
3 or 10 (the same command otherwise: CI time), then ``resume``. Then the same commands with
bad ``--db`` paths: each is one ``error:`` line naming the path, exit status 2, no traceback,
and nothing created.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.host.test_cli import ENV, ROOT, needs

README = (ROOT / "README.md").read_text(encoding="utf-8")
QUICK_START = README[README.index("No Discord account is needed") : README.index("## Running")]
COMMANDS = [
    line.split("#")[0].strip()
    for line in QUICK_START.splitlines()
    if line.startswith(".venv/bin/python -m bot ")
]


def run(command: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        env=ENV,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def as_run(line: str) -> list[str]:
    """A README line as this test runs it: this interpreter, one game for ``simulate``."""
    words = shlex.split(line)
    assert words[0] == ".venv/bin/python"
    words[0] = sys.executable
    if "--games" in words:
        words[words.index("--games") + 1] = "1"
    return words


def test_the_quick_start_lists_play_simulate_and_resume() -> None:
    kinds = [shlex.split(c)[3] for c in COMMANDS]
    assert kinds.count("play") >= 5 and "simulate" in kinds and "resume" in kinds


def test_each_quick_start_play_line_plays_quits_and_its_printed_command_resumes(
    tmp_path: Path,
) -> None:
    plays = [c for c in COMMANDS if shlex.split(c)[3] == "play"]
    for line in plays:
        needs(shlex.split(line)[4])
        done = run(as_run(line), tmp_path, stdin="1\n" * 3 + "quit\n")
        assert done.returncode == 0, (line, done.stderr)
        assert "Traceback" not in done.stderr
        found = re.search(r"the game is saved; to carry on: (.+)", done.stdout)
        if found is None and done.stdout.rstrip().endswith(("you won", "you lost")):
            continue  # a hand of mahjong may end within three moves: nothing to carry on
        assert found is not None, (line, done.stdout[-800:])
        pasted = found.group(1)
        # the running interpreter, never a bare "python" that may lack the packages
        assert pasted.startswith(shlex.quote(sys.executable) + " -m bot play "), pasted
        again = run(shlex.split(pasted), tmp_path, stdin="quit\n")
        assert again.returncode == 0, (pasted, again.stderr)
        assert "resuming your unfinished" in again.stdout, again.stdout[:400]


def test_the_quick_start_simulate_and_resume_lines_run(tmp_path: Path) -> None:
    needs("pajiwo")
    for line in COMMANDS:
        words = as_run(line)
        if words[3] == "simulate":
            done = run(words, tmp_path)
            assert done.returncode == 0, (line, done.stderr)
            record = json.loads(done.stdout.splitlines()[0])
            assert record["status"] == "finished" and record["replay_equal"] is True
        elif words[3] == "resume":
            done = run(words, tmp_path)
            # nothing was left unfinished: said on stderr, no JSON without --json
            assert done.returncode == 0, (line, done.stderr)
            assert done.stdout == "" and "nothing to resume" in done.stderr
            assert "INFO" not in done.stderr


BAD = {
    "directory": "adir",
    "file as its directory": "afile/x.sqlite3",
    "missing directory": "missing/dir/x.sqlite3",
    "not SQLite": "notes.txt",
}


@pytest.mark.parametrize("kind", ["play", "simulate", "resume"])
def test_a_bad_db_path_is_one_error_line_with_status_2(tmp_path: Path, kind: str) -> None:
    needs("pajiwo")
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("not a directory\n")
    (tmp_path / "notes.txt").write_text("my notes, not a database\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    line = next(c for c in COMMANDS if shlex.split(c)[3] == kind)
    for what, path in BAD.items():
        words = as_run(line)
        words[words.index("--db") + 1] = path
        done = run(words, tmp_path, stdin="quit\n")
        lines = done.stderr.strip().splitlines()
        assert done.returncode == 2, (kind, what, done.stderr)
        assert len(lines) == 1 and lines[0].startswith("error: "), (kind, what, lines)
        assert path.rstrip("/").split("/")[0] in lines[0], (kind, what, lines)
        assert "Traceback" not in done.stderr and done.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing created
    assert (tmp_path / "notes.txt").read_text() == "my notes, not a database\n"


def test_db_help_says_the_directory_is_not_created() -> None:
    done = run([sys.executable, "-m", "bot", "play", "--help"], ROOT)
    assert "its directory must exist (it is not created)" in " ".join(done.stdout.split())


def test_simulate_without_a_seed_is_random_and_says_its_seed(tmp_path: Path) -> None:
    needs("pajiwo")
    seeds = set()
    for _ in range(2):
        done = run(
            [sys.executable, "-m", "bot", "simulate", "pajiwo", "--match", "one_hand", "--json"],
            tmp_path,
        )
        assert done.returncode == 0, done.stderr
        said = re.search(r"seed (\d+) \(random; add --seed \1 to repeat\)", done.stderr)
        assert said is not None, done.stderr
        assert json.loads(done.stdout)["seed"] == int(said.group(1))
        seeds.add(int(said.group(1)))
    assert len(seeds) == 2  # two draws from 10**9 values


def _crashed(db: Path, seed: int) -> None:
    """A bot-only match killed mid-way, as a crash would leave it."""
    command = ["simulate", "pajiwo", "--db", str(db), "--seed", str(seed), "--progress"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", *command],
        cwd=db.parent,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    for line in proc.stderr:
        if line.startswith("action") and int(line.split()[-1]) > 40:
            proc.kill()
            break
    proc.wait()


def test_resume_prints_json_only_when_asked(tmp_path: Path) -> None:
    """A table left unfinished is finished by resume: one plain line, or with ``--json`` one
    JSON line; no INFO log line either way."""
    needs("pajiwo")
    _crashed(tmp_path / "a.sqlite3", 3)
    _crashed(tmp_path / "b.sqlite3", 4)
    plain = run([sys.executable, "-m", "bot", "resume", "--db", "a.sqlite3"], tmp_path)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.startswith("pajiwo seed 3: finished"), plain.stdout
    assert "{" not in plain.stdout and "INFO" not in plain.stderr
    as_json = run([sys.executable, "-m", "bot", "resume", "--db", "b.sqlite3", "--json"], tmp_path)
    assert as_json.returncode == 0, as_json.stderr
    record = json.loads(as_json.stdout)
    assert record["seed"] == 4 and record["status"] == "finished"
    assert "INFO" not in as_json.stderr
