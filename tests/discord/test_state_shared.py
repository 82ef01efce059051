"""The Discord front end's small state (cogs.state) on PostgreSQL: in the game store, shared
by the bot processes, so that a process that takes a table over knows its table message and
hands (issue 25); the rows a process kept in its local file are copied in once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from bot.store import Store
from cogs.state import DiscordState


@pytest.mark.postgres
async def test_two_processes_share_the_message_ids_and_a_takeover_reads_them(
    postgres_url: str, tmp_path: Path
) -> None:
    store_a = await Store.open(postgres_url)
    store_b = await Store.open(postgres_url)
    try:
        a = await DiscordState.open(tmp_path / "front-a.sqlite3", store_a)
        b = await DiscordState.open(tmp_path / "front-b.sqlite3", store_b)
        assert a.shared and b.shared
        await a.set_table_message(7, 100, 1000, "zh")
        await a.set_hand_message(7, 42, 200, 2000)
        await a.set_hand_message(7, 42, 200, 2001)  # replaced: the old one is to delete
        await a.set_table_lang(7, "en")
        await a.set_user_lang(42, "zh")
        await a.set_alerts(42, False)
        await a.set_auto_grab(42, True)
        assert await a.mark_dm_closed(7, 43, 100)
        # B started before: it knows nothing of table 7 until it takes the table over
        assert 7 not in b.table_messages
        await b.load_tables([7], [42, 43])
        assert b.table_messages[7] == (100, 1000) and b.table_lang[7] == "en"
        assert b.hand_messages[(7, 42)] == (200, 2001) and (7, 43) in b.dm_closed
        assert b.user_lang[42] == "zh" and 42 in b.alerts_off and 42 in b.auto_grab
        # B posts a new table message (the old one was deleted): A, taking the table back,
        # reads B's, and a third process started later reads everything at once
        await b.set_table_message(7, 100, 1500, "en")
        await b.set_alerts(42, True)
        await a.load_tables([7], [42])
        assert a.table_messages[7] == (100, 1500) and 42 not in a.alerts_off
        c = await DiscordState.open(tmp_path / "front-c.sqlite3", store_a)
        assert c.table_messages[7] == (100, 1500) and (200, 2000) in c.old_prompts
        await c.forget_old_prompt((200, 2000))
        d = await DiscordState.open(tmp_path / "front-d.sqlite3", store_b)
        assert not d.old_prompts
        for state in (a, b, c, d):
            await state.close()  # its own pool; the store's stays open
        assert store_a.pg is not None
        assert await store_a.pg.fetch_value("SELECT count(*) FROM discord_table_message") == 1
    finally:
        await store_a.close()
        await store_b.close()


@pytest.mark.postgres
async def test_a_local_state_file_is_copied_into_the_store_once(
    postgres_url: str, tmp_path: Path
) -> None:
    local = tmp_path / "front.sqlite3"
    old = await DiscordState.open(local)  # as a process kept it before: in its own file
    assert not old.shared
    await old.set_table_message(3, 30, 300, "zh")
    await old.set_hand_message(3, 5, 50, 500)
    await old.set_user_lang(5, "zh")
    await old.close()
    store = await Store.open(postgres_url)
    try:
        state = await DiscordState.open(local, store)
        assert state.table_messages[3] == (30, 300) and state.table_lang[3] == "zh"
        assert state.hand_messages[(3, 5)] == (50, 500) and state.user_lang[5] == "zh"
        await state.set_table_message(3, 30, 301, "zh")  # the store's row moves on
        await state.close()
        again = await DiscordState.open(local, store)  # not copied twice over the newer row
        assert again.table_messages[3] == (30, 301)
        await again.close()
        async with (
            aiosqlite.connect(local) as lite,
            lite.execute("SELECT rows FROM discord_moved_to_store") as cur,
        ):
            assert [tuple(r) for r in await cur.fetchall()] == [(3,)]
    finally:
        await store.close()


async def test_on_sqlite_the_state_stays_in_its_file(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "paiju.sqlite3")  # the store's migration 7 made them
    try:
        state = await DiscordState.open(tmp_path / "paiju.sqlite3", store)
        assert not state.shared
        await state.set_table_message(1, 10, 100, "en")
        await state.set_table_message(1, 10, 101, "en")  # replaced in place
        await state.close()
        again = await DiscordState.open(tmp_path / "paiju.sqlite3", store)
        assert again.table_messages == {1: (10, 101)}
        await again.close()
    finally:
        await store.close()


@pytest.mark.postgres
async def test_a_users_change_is_told_to_the_other_processes(postgres_url: str) -> None:
    """Shards: a person silences alerts (or changes language) through one process; the
    process running their table reads it again at once."""
    from bot.tables import TableService
    from cogs.state import share_user_changes

    services = []
    states = []
    try:
        for shard in (0, 1):
            service = TableService(
                await Store.open(postgres_url), shards=(2, (shard,)), takeover_interval_s=0
            )
            await service.start_up()
            services.append(service)
            state = await DiscordState.open(Path("/nonexistent/front.sqlite3"), service.store)
            await share_user_changes(state, service.owners)
            states.append(state)
        a, b = states
        await a.set_alerts(42, False)
        await a.set_user_lang(42, "zh")
        for _ in range(200):
            if 42 in b.alerts_off and b.user_lang.get(42) == "zh":
                break
            await asyncio.sleep(0.05)
        assert 42 in b.alerts_off and b.user_lang[42] == "zh"
        await b.set_alerts(42, True)
        for _ in range(200):
            if 42 not in a.alerts_off:
                break
            await asyncio.sleep(0.05)
        assert 42 not in a.alerts_off
    finally:
        for state in states:
            await state.close()
        for service in services:
            await service.shut_down()
            await service.store.close()
