"""The loopback server's own tests also check its answers against the description."""

import pytest

from tests.discord_loopback.plugin import discord_harness, discord_server
from tests.discord_loopback.server import LoopbackDiscord

__all__ = ["check_responses", "discord_harness", "discord_server"]


@pytest.fixture(autouse=True)
def check_responses(request: pytest.FixtureRequest) -> None:
    """Turn on response validation for every test here that uses ``discord_server``."""
    if "discord_server" in request.fixturenames:
        server: LoopbackDiscord = request.getfixturevalue("discord_server")
        server.validate_responses = True
