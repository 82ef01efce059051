"""What the display keeps in memory about a table is dropped once the table has closed: a bot
that runs for months must not keep every table it ever showed (its pictures, tokens, the
signatures of its hands, its recent lines …)."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.display import _about
from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord


def _kept_about(display: Any, tid: int) -> list[str]:
    """Names of the display's dicts and sets that still hold something about table ``tid``."""
    out = []
    for name, value in vars(display).items():
        if isinstance(value, dict | set) and any(_about(k, tid) for k in value):
            out.append(name)
    out += ["hand_tokens"] if any(k[0] == tid for k in display.hand_tokens._tokens) else []
    for name in ("table_edits", "hand_edits"):  # the coalescers' last run of each key
        out += [name] if any(_about(k, tid) for k in getattr(display, name)._last) else []
    return out


def test_about_reads_every_kind_of_key() -> None:
    assert _about(7, 7) and not _about(8, 7)
    assert _about((7, 1001), 7) and not _about((8, 7), 7)
    assert _about(("t", 7), 7) and _about(("h", 7, 1001), 7)
    assert not _about(("h", 8, 7), 7) and not _about("7", 7) and not _about((), 7)


async def test_a_closed_table_leaves_nothing_behind_in_the_display(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    # longer than the test bot's edit intervals (0.4 s, 0.2 s): the last edits go first, as
    # with the real minute
    bot.display.forget_after_s = 1.0
    alice = server.add_user("alice")
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    tid = table_id(table_message(server))
    await (await h.slash(alice, "table addbot")).final()
    await (await h.slash(alice, "table start")).final()
    await server.wait_until(lambda: server.dms(alice), what="alice's hand")
    await bot.display.drain()
    assert "signatures" in _kept_about(bot.display, tid)  # it did keep things while playing

    await (await h.slash(alice, "table abort")).final()
    await bot.display.drain()
    await asyncio.sleep(1.5)
    await bot.display.drain()  # an edit that came late does not bring anything back
    assert _kept_about(bot.display, tid) == []
