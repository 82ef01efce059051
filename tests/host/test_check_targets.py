"""``python -m bot check`` finds its database as ``backup`` and ``health`` do: the path or URL
given, ``--db``, else ``DATABASE_URL``, else ``DATABASE_PATH`` (README "Moving to PostgreSQL")."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from games.registry import GAMES

pytestmark = pytest.mark.skipif(not GAMES["pajiwo"].available, reason="pajiwo is not built")

UNREACHABLE = "postgresql://paiju:secret@127.0.0.1:1/paiju"  # nobody listens on port 1
SHOWN = "postgresql://paiju:***@127.0.0.1:1/paiju"


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no .env of the worktree read
    for name in ("DATABASE_URL", "DATABASE_PATH", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    db = tmp_path / "played.sqlite3"
    hand = ["simulate", "pajiwo", "--games", "1", "--seed", "8", "--match", "one_hand"]
    assert main([*hand, "--db", str(db)]) == 0
    return db


def _ok_line(out: str, db: Path) -> str:
    lines = [line for line in out.splitlines() if line.startswith(f"{db}: ")]
    assert len(lines) == 1, out
    return lines[0]


def test_check_takes_the_path_db_or_database_path(
    played: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["check", str(played)]) == 0
    by_path = _ok_line(capsys.readouterr().out, played)
    assert by_path.startswith(f"{played}: ok (schema version ")
    assert main(["check", "--db", str(played)]) == 0
    assert _ok_line(capsys.readouterr().out, played) == by_path
    monkeypatch.setenv("DATABASE_PATH", str(played))
    assert main(["check"]) == 0
    assert _ok_line(capsys.readouterr().out, played) == by_path
    assert main(["check", str(played), "--db", str(played)]) == 0  # the same one twice: fine
    assert _ok_line(capsys.readouterr().out, played) == by_path

    other = played.parent / "other.sqlite3"
    assert main(["check", str(played), "--db", str(other)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"error: check takes one database: {played} or --db {other}, not both"
    )
    assert not other.exists()


def test_check_reads_database_url_and_db_url(
    played: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    monkeypatch.setenv("DATABASE_PATH", str(played))
    monkeypatch.setenv("DATABASE_URL", UNREACHABLE)  # the URL wins over the file
    assert main(["check"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: check of {SHOWN}: cannot connect to {SHOWN}: "), err
    assert "secret" not in err
    monkeypatch.delenv("DATABASE_URL")
    assert main(["check", "--db", UNREACHABLE]) == 2
    assert capsys.readouterr().err.strip() == err
    assert main(["check", UNREACHABLE]) == 2
    assert capsys.readouterr().err.strip() == err
