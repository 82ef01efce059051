"""Fixtures of the web tests: a league database (:mod:`tests.web.league`), ``python -m bot web``
serving it in a subprocess, and Debian's headless chromium driven by Selenium.

Without chromium the browser tests are skipped on a developer's machine, and FAIL in CI
(``CI=true``): ``.ci/run`` installs ``chromium`` and ``chromium-driver`` first. Screenshots go
to ``test-artifacts/web/`` (git-ignored), one per page kind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.league import build_league

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "web"
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)


@pytest.fixture(scope="session")
def league_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_league(tmp_path_factory.mktemp("league") / "league.sqlite3")


@pytest.fixture(scope="session")
def site(league_db: Path) -> Iterator[str]:
    """``python -m bot web`` on a free port; its base URL (no trailing slash)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING"}
    env.pop("WEB_PORT", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--db", str(league_db), "--port", "0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert " on http://" in line, (line, proc.stderr.read() if proc.stderr else "")
        url = line.split(" on ", 1)[1].split()[0].rstrip("/")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _found(paths: tuple[str, ...]) -> str | None:
    return next((p for p in paths if Path(p).exists()), shutil.which(Path(paths[0]).name))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless chromium (fresh profile), or a skip (a failure in CI) when there is none."""
    chromium, driver = _found(CHROMIUM), _found(CHROMEDRIVER)
    if chromium is None or driver is None:
        why = "Debian's chromium and chromium-driver are not installed (apt-get install -y"
        why += " chromium chromium-driver)"
        if _in_ci():
            pytest.fail(why)
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="paiju-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in BROWSER_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=1280,900")
    options.add_argument("--lang=en-US")
    drv = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    drv.set_page_load_timeout(60)
    try:
        yield drv
    finally:
        drv.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def cjk_font() -> str:
    """The first font that has Chinese glyphs (``fc-list :lang=zh``), or a skip (a failure in
    CI) when there is none: chromium would draw the Chinese pages as boxes. ``.ci/run``
    installs ``fonts-wqy-zenhei`` when it is missing."""
    found = ""
    if shutil.which("fc-list"):
        listed = subprocess.run(
            ["fc-list", ":lang=zh", "family"], capture_output=True, text=True, check=False
        )
        found = next((line for line in listed.stdout.splitlines() if line.strip()), "")
    if not found:
        why = "no font with Chinese glyphs (fc-list :lang=zh is empty): chromium draws boxes"
        why += " (apt-get install -y fonts-wqy-zenhei)"
        if _in_ci():
            pytest.fail(why)
        pytest.skip(why)
    return found


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
