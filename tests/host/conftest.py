"""Fixtures for the host tests: the toy game in the registry, a real SQLite file, a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.store import Store
from bot.tables import TableService, TableUpdate
from bot.timers import FakeClock, ManualScheduler
from tests.host import toygame


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    toygame.register()
    yield
    toygame.unregister()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "paiju.sqlite3"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_target(request: pytest.FixtureRequest, db_path: Path) -> Path | str:
    """Where the store lives: the SQLite file, or a new PostgreSQL schema (every test that
    uses the store runs on both backends)."""
    if request.param == "sqlite":
        return db_path
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def store(store_target: Path | str) -> AsyncIterator[Store]:
    s = await Store.open(store_target)
    yield s
    await s.close()


@pytest.fixture
def scheduler() -> ManualScheduler:
    return ManualScheduler(FakeClock())


class Recorder:
    """A listener that keeps every update."""

    def __init__(self) -> None:
        self.updates: list[TableUpdate] = []

    async def __call__(self, update: TableUpdate) -> None:
        self.updates.append(update)

    def kinds(self) -> list[str]:
        return [u.kind for u in self.updates]


@pytest.fixture
async def service(store: Store, scheduler: ManualScheduler) -> AsyncIterator[TableService]:
    svc = TableService(store, scheduler=scheduler, rng_seed=7)
    await svc.start_up()
    yield svc
    await svc.shut_down()


@pytest.fixture
def recorder(service: TableService) -> Recorder:
    rec = Recorder()
    service.subscribe(rec)
    return rec
