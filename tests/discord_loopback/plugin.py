"""pytest fixtures for the loopback Discord server.

Enable them for the whole suite with ``pytest_plugins = ["tests.discord_loopback.plugin"]`` in
``tests/conftest.py`` (or import the two fixtures into a conftest.py of a subfolder).

- ``discord_server``: a started :class:`LoopbackDiscord` (discord.py already pointed at it);
  at teardown it stops and fails the test with every request Discord would have refused.
- ``discord_harness``: a :class:`Harness` over that server; stops a still-running bot.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .harness import Harness
from .server import LoopbackDiscord


@pytest.fixture
async def discord_server() -> AsyncIterator[LoopbackDiscord]:
    server = LoopbackDiscord()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    server.assert_clean()


@pytest.fixture
async def discord_harness(discord_server: LoopbackDiscord) -> AsyncIterator[Harness]:
    harness = Harness(discord_server)
    try:
        yield harness
    finally:
        await harness.close()
