"""Starting the pages: beside the bot (``python -m bot run`` with ``WEB_PORT``) they start
before the bot has created its database and show it once it exists; ``python -m bot web``
refuses a database that does not exist, and a bad port, with one ``error:`` line."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from bot.store import Store
from tests.web.conftest import ROOT
from web.server import start


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


async def test_the_pages_wait_for_the_bots_database(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    pages = await start(path, "127.0.0.1", 0, must_exist=False)
    try:
        assert "No server shows its league here yet" in await asyncio.to_thread(_get, pages.url)
        assert not path.exists()  # the pages never create the file
        store = await Store.open(path)
        try:
            await store.set_web_listing(5, True, "Late Club", 1.0)
        finally:
            await store.close()
        assert "Late Club" in await asyncio.to_thread(_get, pages.url)
    finally:
        await pages.stop()


def test_the_web_command_refuses_a_missing_database_and_a_bad_port(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot", "web", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )

    missing = run("--db", str(tmp_path / "none.sqlite3"))
    assert missing.returncode == 2 and "error:" in missing.stderr
    assert "Traceback" not in missing.stderr
    port = run("--db", str(tmp_path / "none.sqlite3"), "--port", "70000")
    assert port.returncode == 2 and "--port must be 0-65535" in port.stderr


def test_port_0_is_a_free_port_printed_not_the_default(league_db: Path) -> None:
    """``--port 0`` listens on a port the system chooses and prints it (never 8080)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--db", str(league_db), "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        url = line.split(" on ", 1)[1].split()[0]
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        assert port not in (0, 8080), line
        assert "Paiju Club" in _get(url)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_sigterm_stops_the_pages_also_when_sigint_is_ignored(league_db: Path) -> None:
    """Started in the background by a script (or under nohup), the process inherits SIGINT
    ignored; SIGTERM still stops it cleanly (a review found it did nothing: it was turned
    into a SIGINT)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--db", str(league_db), "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        url = line.split(" on ", 1)[1].split()[0]
        assert "Paiju Club" in _get(url)
        proc.send_signal(signal.SIGINT)  # ignored, as inherited
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err
        assert "Traceback" not in err
    finally:
        if proc.returncode is None:
            proc.kill()
            proc.wait()


def test_the_container_serves_the_pages_on_its_published_port() -> None:
    """compose.yaml turns the pages on inside the container, on every interface there, and
    publishes that port on the host's loopback (for a reverse proxy); the image has them."""
    from tests.host.test_deploy import compose, dockerfile

    service, d = compose(), dockerfile()
    environment = service["environment"]
    assert isinstance(environment, dict)
    port = str(environment["WEB_PORT"])
    assert environment["WEB_HOST"] == "0.0.0.0"
    ports = service["ports"]
    assert isinstance(ports, list) and f"127.0.0.1:{port}:{port}" in ports
    assert "COPY web ./web" in [f"COPY {c}" for c in d["COPY"]]
    assert port in " ".join(d["EXPOSE"]) and "WEB_HOST=0.0.0.0" in d["ENV"][0].split()
    assert "COPY docs/rules ./docs/rules" in [f"COPY {c}" for c in d["COPY"]]


async def test_run_serves_the_pages_beside_the_bot_when_web_port_is_set(tmp_path: Path) -> None:
    """``python -m bot run`` starts the pages with the bot (``cogs.client.start_pages``) when
    ``WEB_PORT`` is set, on the bot's database; without it, none."""
    from bot.config import Settings
    from cogs.client import start_pages

    db = tmp_path / "bot.sqlite3"
    assert await start_pages(Settings(database_path=db)) is None
    pages = await start_pages(Settings(database_path=db, web_port=0, web_host="127.0.0.1"))
    try:
        assert pages is not None and pages.port > 0
        assert "No server shows its league here yet" in await asyncio.to_thread(_get, pages.url)
        assert "<h1>404</h1>" in await asyncio.to_thread(_get_404, pages.url + "s/x")
    finally:
        await pages.stop()


def _get_404(url: str) -> str:
    import urllib.error

    try:
        urllib.request.urlopen(url, timeout=30)
    except urllib.error.HTTPError as exc:
        assert exc.code == 404
        return str(exc.read().decode())
    raise AssertionError(f"{url} was found")


def test_the_pages_load_without_discord() -> None:
    """``python -m bot web`` runs without discord.py: no module of ``web/`` loads it."""
    code = (
        "import pkgutil, importlib, sys\n"
        "import web\n"
        "for m in pkgutil.walk_packages(web.__path__, 'web.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] in ('discord', 'cogs')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
