"""``python -m tests.discord.fast_bot``: ``python -m bot run``'s bot, configured from the
environment the same way, but with bots moving at once (``run`` waits 0.8 s between bot moves
so that people can follow) and ``/tournament add`` adding a bot each time, however
soon after the last (``cogs.tournaments.BOT_ADD_SAME_S``), for end-to-end tests of whole
tournaments in a real process."""

from __future__ import annotations

import asyncio

from bot.config import Settings
from cogs.client import create_bot


async def _run() -> None:
    settings = Settings.from_env()
    bot = create_bot(settings, bot_delay_s=0.0, bot_workers=0)
    bot.bot_add_same_s = 0.0  # type: ignore[attr-defined]  # tests add bots in a row
    async with bot:
        await bot.start(settings.discord_token or "")


if __name__ == "__main__":
    asyncio.run(_run())
