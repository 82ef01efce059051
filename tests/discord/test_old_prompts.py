"""A replaced hand message is remembered in the state file until it is deleted, so a bot
stopped or killed before its background clean-up deletes it after the restart."""

from __future__ import annotations

from pathlib import Path

from cogs.state import DiscordState


async def test_a_replaced_prompt_is_kept_until_deleted_across_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "paiju.sqlite3"
    state = await DiscordState.open(path)
    await state.set_hand_message(1, 42, 900, 1001)
    await state.set_hand_message(1, 42, 900, 1001)  # the same message edited: nothing to delete
    assert state.old_prompts == set()
    await state.set_hand_message(1, 42, 900, 1002)  # a new prompt: the old one is to delete
    await state.set_hand_message(1, 43, 901, 2001)
    await state.close()

    again = await DiscordState.open(path)  # the bot was killed before its clean-up
    assert again.old_prompts == {(900, 1001)}
    assert again.hand_messages[(1, 42)] == (900, 1002)
    await again.forget_old_prompt((900, 1001))
    await again.close()
    last = await DiscordState.open(path)
    assert last.old_prompts == set()
    await last.close()
