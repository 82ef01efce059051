"""Crafted custom_ids and select values through the loopback Discord (issue 20 F9), 10,000
hypothesis cases or more.

``python -m benchmarks fuzz_controls`` sends the cases of :mod:`tests.discord.fuzz_controls`
(every control template with odd numbers and values, and drawn ones) half on a lobby's table
message, half on a player's hand message during play, and prints
``fuzz_controls.examples`` (cases sent), ``fuzz_controls.went_wrong`` (answers "Something
went wrong", target 0) and ``fuzz_controls.unanswered`` (no answer within 30 s, target 0),
with as extras how many were refused and ``errors_logged`` (target 0). ``FUZZ_EXAMPLES``
in the environment changes the count (default 10,000).
"""

from __future__ import annotations

import asyncio
import logging
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks import Figure
from tests.discord.fuzz_controls import Case, cases, poke
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage
from tests.discord_loopback.harness import InteractionTimeout

__all__ = ["run"]

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10000"))


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


async def _main(db: Path, examples: int) -> dict[str, Any]:
    from bot.config import Settings
    from cogs.client import create_bot

    server = LoopbackDiscord(validate=False)
    await server.start()
    h = Harness(server, timeout=30)
    errors = _Errors()
    logging.getLogger().addHandler(errors)
    sent = refused = wrong = 0
    unanswered: list[str] = []

    async def send(user: LoopbackUser, message: StoredMessage, case: Case) -> None:
        nonlocal sent, refused, wrong
        sent += 1
        try:
            texts = await poke(h, user, message, case)
        except InteractionTimeout:
            unanswered.append(case.custom_id)
            return
        refused += any(t.startswith("❌") for t in texts)
        wrong += any("went wrong" in t.lower() for t in texts)

    try:
        alice, bob = server.add_users("alice", "bob")
        settings = Settings(
            database_path=db,
            dev_guild_id=server.guild.id,
            default_pace="relaxed",
            discord_api_base=server.api_base,
            discord_gateway_url=server.gateway_url,
        )
        bot = create_bot(settings, rng_seed=1, edit_intervals=(0.3, 0.1), forced_pass_delay=None)
        await h.start_bot(bot)
        await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
        tid = table_id(table_message(server))
        half = examples // 2
        for case in cases(tid, half, seed=1)[:half]:
            await send(bob, table_message(server), case)
        await (await h.slash(alice, "table addbot")).final()
        await bot.service.start(server.channel.id, alice.id, seed=3)
        hand = await server.wait_until(
            lambda: next((m for m in reversed(server.dms(alice)) if m.custom_ids()), None),
            what="Alice's hand message",
        )
        for case in cases(tid, examples - half, seed=2)[: examples - half]:
            await send(alice, hand, case)
        await h.stop_bot()
    finally:
        logging.getLogger().removeHandler(errors)
        await server.stop()
    return {
        "sent": sent,
        "refused": refused,
        "wrong": wrong,
        "errors": errors.count,
        "unanswered": unanswered,
    }


def run() -> Iterator[Figure]:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        out = asyncio.run(_main(Path(tmp) / "fuzz.sqlite3", EXAMPLES))
    extra = {
        "refused": out["refused"],
        "went_wrong": out["wrong"],
        "errors_logged": out["errors"],
        "unanswered": len(out["unanswered"]),
        "unanswered_first": out["unanswered"][:5],
        "seconds": round(time.perf_counter() - started, 1),
    }
    yield Figure("fuzz_controls.examples", out["sent"], "cases", f">= {EXAMPLES}", extra)
    yield Figure("fuzz_controls.went_wrong", out["wrong"], "answers", "0", extra)
    yield Figure("fuzz_controls.unanswered", len(out["unanswered"]), "cases", "0", extra)
