"""The deployment files say what the code does: ``Dockerfile``, ``compose.yaml``,
``deploy/paiju.service``.

Without a container runtime the files are read: the commands they run are
``python -m bot`` subcommands, the database path is on the volume (or the
service's state directory), the user is not root, and the health check command
really tells a running bot from a stopped one. Where ``docker info`` answers, the
image is built too and its user checked.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
import yaml

from bot.claim import claim_database
from bot.config import parse_shard_ids
from bot.store import Store

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}


def dockerfile() -> dict[str, list[str]]:
    """Instruction -> its arguments, one entry per occurrence (continuations joined)."""
    out: dict[str, list[str]] = {}
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.setdefault(word.upper(), []).append(" ".join(rest.split()))
    return out


def unit() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (ROOT / "deploy" / "paiju.service").read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            out.setdefault(key.strip(), []).append(value.strip())
    return out


def compose() -> dict[str, object]:
    with open(ROOT / "compose.yaml", encoding="utf-8") as f:
        service: dict[str, object] = yaml.safe_load(f)["services"]["paiju"]
    return service


def is_subcommand(argv: list[str]) -> bool:
    """``argv`` is ``python -m bot COMMAND ...`` with a COMMAND ``python -m bot`` has."""
    assert argv[:3] == ["python", "-m", "bot"] or argv[1:3] == ["-m", "bot"], argv
    done = subprocess.run(
        [sys.executable, "-m", "bot", argv[3], "--help"],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode == 0


def test_the_image_runs_the_bot_as_a_user_with_its_database_on_the_volume() -> None:
    d = dockerfile()
    (base,) = d["FROM"]
    assert base.startswith("python:3.") and base.endswith("-slim")
    cmd = json.loads(d["CMD"][-1])
    assert cmd == ["python", "-m", "bot", "run"] and is_subcommand(cmd)
    (user,) = d["USER"]
    assert user not in ("root", "0")
    assert any("useradd" in r and r.split()[-1] != "root" and user in r for r in d["RUN"])
    env = dict(item.split("=", 1) for line in d["ENV"] for item in shlex.split(line) if "=" in item)
    database = PurePosixPath(env["DATABASE_PATH"])
    volumes = [v for line in d["VOLUME"] for v in json.loads(line)]
    assert str(database.parent) in volumes
    # the user may write there (the -wal and -shm files appear beside the database)
    assert any(f"chown {user}:{user} {database.parent}" in r for r in d["RUN"])
    assert d["STOPSIGNAL"] == ["SIGINT"]  # a clean stop snapshots every table
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored and "*.sqlite3" in ignored  # never the token, never a database


def test_compose_starts_the_image_with_env_and_the_same_volume_path() -> None:
    service, d = compose(), dockerfile()
    assert service["build"] == "."
    assert service["env_file"] in (".env", [".env"])
    command = service["command"]
    assert isinstance(command, list) and command == json.loads(d["CMD"][-1])
    environment = service["environment"]
    assert isinstance(environment, dict)
    database = PurePosixPath(environment["DATABASE_PATH"])
    assert f"DATABASE_PATH={database}" in d["ENV"][0].split()
    volumes = service["volumes"]
    assert isinstance(volumes, list)
    mounts = {v.split(":")[1]: v.split(":")[0] for v in volumes}
    assert str(database.parent) in mounts
    with open(ROOT / "compose.yaml", encoding="utf-8") as f:
        assert mounts[str(database.parent)] in yaml.safe_load(f)["volumes"]  # a named volume
    assert service["stop_signal"] == "SIGINT"


def test_the_systemd_unit_runs_the_bot_as_a_user_in_its_state_directory() -> None:
    u = unit()
    (exec_start,) = u["ExecStart"]
    argv = shlex.split(exec_start)
    assert argv[0].endswith("/python") and argv[1:] == ["-m", "bot", "run"]
    assert is_subcommand(argv)
    (user,) = u["User"]
    assert user not in ("root", "0")
    env = dict(e.split("=", 1) for e in u["Environment"])
    database = PurePosixPath(env["DATABASE_PATH"])
    (state,) = u["StateDirectory"]
    assert database.parent == PurePosixPath("/var/lib") / state
    assert u["ReadWritePaths"] == [str(database.parent)]
    assert u["EnvironmentFile"] and u["KillSignal"] == ["SIGINT"]
    assert "130" in u["SuccessExitStatus"][0].split()  # how python -m bot ends on SIGINT
    assert u["RestartPreventExitStatus"] == ["2"]  # a bad setting: restarting cannot help


async def test_the_health_check_tells_a_running_bot_from_a_stopped_one(tmp_path: Path) -> None:
    check = json.loads(dockerfile()["HEALTHCHECK"][0].split("CMD ", 1)[1])
    assert is_subcommand(check)
    db = tmp_path / "data" / "paiju.sqlite3"
    store = await Store.open(db)
    await store.close()
    env = {**ENV, "DATABASE_PATH": str(db)}

    def probe() -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, *check[1:]]
        return subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True)

    stopped = probe()
    assert stopped.returncode == 1 and "unhealthy: no process runs the tables" in stopped.stdout
    claim = claim_database(db)  # what the running bot holds
    try:
        running = probe()
        assert running.returncode == 0 and running.stdout.startswith("healthy: process")
    finally:
        claim.release()


def _docker() -> bool:
    if shutil.which("docker") is None:
        return False
    done = subprocess.run(["docker", "info"], capture_output=True, timeout=30)
    return done.returncode == 0


@pytest.mark.skipif(not _docker(), reason="no container runtime answers `docker info`")
def test_the_image_builds_and_runs_as_its_user() -> None:
    tag = "paiju-test:latest"
    subprocess.run(["docker", "build", "-t", tag, str(ROOT)], check=True, timeout=1800)
    user = subprocess.run(
        ["docker", "run", "--rm", "--entrypoint", "id", tag, "-u"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert user.stdout.strip() not in ("", "0")
    helped = subprocess.run(
        ["docker", "run", "--rm", tag, "python", "-m", "bot", "check", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert helped.returncode == 0


def test_the_container_and_the_unit_keep_the_rules_pages_that_rules_quotes() -> None:
    """/rules reads docs/rules beside the cogs: the image copies the pages and installs the
    project editable, and so does the systemd unit (a wheel would leave the pages behind)."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "COPY docs/rules ./docs/rules" in dockerfile
    assert "pip install -e ." in dockerfile
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert "!docs/rules" in ignored
    assert "pip install -e /opt/paiju" in (ROOT / "deploy" / "paiju.service").read_text()
    from present.rule_links import RULES_DIR

    assert RULES_DIR == ROOT / "docs" / "rules" and (RULES_DIR / "pajiwo.zh.md").is_file()


def test_the_shards_compose_file_splits_the_shards_over_postgresql() -> None:
    with open(ROOT / "compose.shards.yaml", encoding="utf-8") as f:
        services: dict[str, Any] = yaml.safe_load(f)["services"]
    bots = {name: s for name, s in services.items() if "SHARD_IDS" in s.get("environment", {})}
    assert len(bots) == 2
    counts = {int(s["environment"]["SHARD_COUNT"]) for s in bots.values()}
    assert len(counts) == 1  # every process agrees on the count
    (count,) = counts
    shards = [parse_shard_ids(s["environment"]["SHARD_IDS"], count) for s in bots.values()]
    assert sorted(i for ids in shards for i in ids) == list(range(count))  # disjoint, complete
    paths = {s["environment"]["DATABASE_PATH"] for s in bots.values()}
    assert len(paths) == 2  # a front-end file of its own each
    d = dockerfile()
    for service in bots.values():
        assert service["command"] == json.loads(d["CMD"][-1])
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service["stop_signal"] == "SIGINT"
    assert services["postgres"]["healthcheck"]
