"""A table whose records cannot be read after a restart is set aside, and its host is told.

The bot opens a table (alice hosts it), stops; one bit of the table's stored seats is
flipped on the file; the bot starts again on it. The table is kept as it was, not
played, and the channel is told, mentioning alice; opening a new table there says why
it cannot be done.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord


async def test_a_table_set_aside_at_start_up_is_told_to_its_host(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory, db_path: Path
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(make_bot())
    opened = await discord_harness.slash(alice, "table open", game="pajiwo", preset="quick")
    assert "Table opened" in (await opened.final()).text()
    await discord_server.idle()
    await discord_harness.stop_bot()

    with sqlite3.connect(db_path) as conn:
        (seats,) = conn.execute("SELECT seats FROM tables").fetchone()
        at = seats.index('"user_id"') + 1
        conn.execute("UPDATE tables SET seats = ?", (seats[:at] + "t" + seats[at + 1 :],))
    conn.close()

    before = len(discord_server.channel_messages(discord_server.channel))
    await discord_harness.start_bot(make_bot())
    await discord_server.idle()
    told = discord_server.channel_messages(discord_server.channel)[before:]
    assert len(told) == 1
    assert told[0].text().startswith(f"⚠️ <@{alice.id}> This channel's table could not be read")
    assert "a server admin can restore a backup" in told[0].text()
    with sqlite3.connect(db_path) as conn:  # kept as it was
        assert conn.execute("SELECT status, seats FROM tables").fetchall() == [
            ("lobby", seats[:at] + "t" + seats[at + 1 :])
        ]
    conn.close()
    again = await discord_harness.slash(alice, "table open", game="pajiwo", preset="quick")
    assert (
        "could not be read after the bot restarted and is set aside" in (await again.final()).text()
    )
