from tests.discord_loopback.plugin import discord_harness, discord_server

__all__ = ["discord_harness", "discord_server"]
