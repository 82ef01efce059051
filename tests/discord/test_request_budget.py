"""The shared request budget (``cogs.coalesce.RequestBudget``) and the hand tokens
(``cogs.hand_tokens.HandTokens``): who is served first when Discord's 50 calls a second run
short, and which interaction token may carry a player's hand message."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.coalesce import RequestBudget
from cogs.hand_tokens import HandTokens


async def _served_order(
    budget: RequestBudget, calls: list[tuple[str, dict[str, Any]]]
) -> list[str]:
    """Queue every call (in list order, while the bucket is empty) and return the order
    in which they were served."""
    served: list[str] = []

    async def one(name: str, kwargs: dict[str, Any]) -> None:
        await budget.take(**kwargs)
        served.append(name)

    tasks = []
    for name, kwargs in calls:
        tasks.append(asyncio.create_task(one(name, kwargs)))
        await asyncio.sleep(0)  # queued in this order
    await asyncio.gather(*tasks)
    return served


async def _empty_bucket(per_second: float) -> RequestBudget:
    budget = RequestBudget(per_second, burst=1)
    await budget.take()  # the one saved token: everyone after this waits for the refill
    return budget


async def test_lower_priority_number_is_served_first_then_first_come() -> None:
    budget = await _empty_bucket(200)
    order = await _served_order(
        budget,
        [
            ("clean-up", {"priority": 3}),
            ("table A", {"priority": 1}),
            ("next hand", {"priority": 0}),
            ("table B", {"priority": 1}),
        ],
    )
    assert order == ["next hand", "table A", "table B", "clean-up"]


async def test_a_table_with_an_older_unshown_move_goes_before_newer_ones() -> None:
    budget = await _empty_bucket(200)
    now = asyncio.get_running_loop().time()
    order = await _served_order(
        budget,
        [
            ("moved just now", {"priority": 1}),
            ("moved 5 s ago", {"priority": 1, "since": now - 5.0}),
            ("moved 1 s ago", {"priority": 1, "since": now - 1.0}),
        ],
    )
    assert order == ["moved 5 s ago", "moved 1 s ago", "moved just now"]


async def test_promote_moves_a_waiting_clean_up_ahead_and_it_is_served_once() -> None:
    budget = await _empty_bucket(200)
    served: list[str] = []

    async def one(name: str, priority: int, key: str | None = None) -> None:
        await budget.take(priority, key=key)
        served.append(name)

    catch_up = asyncio.create_task(one("picture catch-up of table 7", 3, key="t7"))
    await asyncio.sleep(0)
    other = asyncio.create_task(one("table 8", 1))
    await asyncio.sleep(0)
    assert budget.waiting() == 2
    budget.promote("t7", 0)  # table 7 has a new move: its waiting edit is a move's now
    assert budget.waiting() == 2  # the same caller, not a second one
    await asyncio.gather(catch_up, other)
    assert served == ["picture catch-up of table 7", "table 8"]
    assert budget.waiting() == 0
    budget.promote("t7", 0)  # nobody waits under that key any more: nothing happens


async def test_promote_never_lowers_a_waiter() -> None:
    budget = await _empty_bucket(200)
    order: list[str] = []

    async def one(name: str, priority: int, key: str | None = None) -> None:
        await budget.take(priority, key=key)
        order.append(name)

    hand = asyncio.create_task(one("next hand", 0, key="h"))
    await asyncio.sleep(0)
    table = asyncio.create_task(one("table", 1))
    await asyncio.sleep(0)
    budget.promote("h", 3)
    await asyncio.gather(hand, table)
    assert order == ["next hand", "table"]


async def test_a_cancelled_waiter_gives_its_turn_to_the_next() -> None:
    budget = await _empty_bucket(50)
    first = asyncio.create_task(budget.take(1, key="a"))
    await asyncio.sleep(0)
    second = asyncio.create_task(budget.take(1))
    await asyncio.sleep(0)
    first.cancel()
    await asyncio.wait_for(second, 1.0)
    with pytest.raises(asyncio.CancelledError):
        await first


async def test_the_rate_is_kept_under_load() -> None:
    budget = RequestBudget(100, burst=1)
    loop = asyncio.get_running_loop()
    began = loop.time()
    await asyncio.gather(*(budget.take(i % 4) for i in range(21)))
    # one saved token, then 20 more at 100 a second: at least 0.2 s
    assert loop.time() - began >= 0.19


# --------------------------------------------------------------------------- hand tokens
def _interaction(message_id: int | None, *, ephemeral: bool = False) -> Any:
    message = (
        None
        if message_id is None
        else SimpleNamespace(id=message_id, flags=SimpleNamespace(ephemeral=ephemeral))
    )
    return SimpleNamespace(message=message)


def test_a_token_edits_only_the_message_that_was_clicked() -> None:
    tokens = HandTokens()
    click = _interaction(500)
    tokens.note(1, 42, click)
    token = tokens.usable(1, 42, 500)
    assert token is not None and token.interaction is click and not token.followup
    assert tokens.usable(1, 42, 501) is None  # the hand message is another one now
    assert tokens.usable(2, 42, 500) is None  # another table
    assert tokens.usable(1, 43, 500) is None  # another player
    assert tokens.usable(1, 42, None) is None  # no hand message known


def test_ephemeral_replies_and_message_less_interactions_give_no_token() -> None:
    tokens = HandTokens()
    tokens.note(1, 42, _interaction(500, ephemeral=True))
    tokens.note(1, 42, _interaction(None))
    assert len(tokens) == 0


def test_a_token_is_dropped_when_it_is_too_old() -> None:
    tokens = HandTokens(lifetime_s=0.0)
    tokens.note(1, 42, _interaction(500))
    assert tokens.usable(1, 42, 500) is None
    assert len(tokens) == 0


def test_a_follow_up_sent_through_the_token_is_the_message_it_edits_next() -> None:
    tokens = HandTokens()
    click = _interaction(500)
    tokens.note(1, 42, click)
    token = tokens.usable(1, 42, 500)
    assert token is not None
    tokens.moved_to(1, 42, token, 777)
    assert tokens.usable(1, 42, 500) is None
    moved = tokens.usable(1, 42, 777)
    assert moved is not None and moved.followup and moved.interaction is click
    assert moved.since == token.since  # the token's 15 minutes run from the click


def test_forgetting_a_table_drops_only_its_tokens() -> None:
    tokens = HandTokens()
    tokens.note(1, 42, _interaction(500))
    tokens.note(1, 43, _interaction(501))
    tokens.note(2, 42, _interaction(502))
    tokens.forget_table(1)
    assert len(tokens) == 1 and tokens.usable(2, 42, 502) is not None
    tokens.forget(2, 42)
    assert len(tokens) == 0


def test_processes_sharing_the_bot_split_discords_global_limit_by_their_shards() -> None:
    # Discord counts every call made with the bot's token against one 50 a second, whatever
    # process makes it: two processes of two shards each of four take half each
    from bot.config import Settings
    from cogs.display_core import budget_share

    assert budget_share(Settings()) == 1.0  # one process, no shards
    assert budget_share(Settings(shard_count=4)) == 1.0  # every shard here
    assert budget_share(Settings(shard_count=4, shard_ids=(0, 1))) == 0.5
    assert budget_share(Settings(shard_count=2, shard_ids=(1,))) == 0.5
    assert budget_share(None) == 1.0
