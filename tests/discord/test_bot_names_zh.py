"""Chinese readers on Discord read a bot's default name as 机器人2, as the terminal says it
(:func:`present.message.local_names`, one function for both); English readers read Bot 2."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from cogs.table_message import names_of, table_text
from present.message import local_names


async def test_the_table_and_hand_messages_name_bots_in_the_readers_words(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "bots.sqlite3")
    service = TableService(store, scheduler=ManualScheduler(FakeClock()), rng_seed=7)
    await service.start_up()
    try:
        table = await service.open_table(
            guild_id=3, channel_id=40, game="pajiwo", user_id=9, name="me", pace="relaxed"
        )
        await service.add_bot(40, 9, 3)
        await service.start(40, 9, seed=5)
        table = service.get(table.id)
        assert names_of(table) == ["me", "Bot 2", "Bot 3", "Bot 4"]
        assert names_of(table, "zh") == ["me", "机器人2", "机器人3", "机器人4"]
        assert names_of(table, "en") == names_of(table)
        view = service.view(table.id, None)
        zh = table_text(table, view, "zh", None)
        assert "机器人3" in zh and "Bot 3" not in zh
        en = table_text(table, view, "en", None)
        assert "Bot 3" in en and "机器人" not in en
    finally:
        await service.shut_down()
        await store.close()


def test_the_terminal_and_discord_share_the_rule() -> None:
    from bot.cli_term import local_names as terminal_names

    assert terminal_names is local_names
    assert local_names(["Bot 1", "Bot 2"], [False, True], "zh-TW") == ["Bot 1", "機器人2"]
