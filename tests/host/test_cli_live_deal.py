"""A live deal in the terminal ends when the cards are dealt (issue 21).

At 扒鸡窝's live deal the player's last prompt offered declaring "or wait: the deal goes
on". A bot declared as the deal closed, and the 造反 window that followed asked the player
(who could only pass) for a required answer; the terminal took that for the prompt already
shown (the same single move, pass) and printed nothing, so the player waited out the 60 s
clock until "time is up: your bot played pass". Now a new decision is always prompted, and
a required decision whose only move is pass is passed for the player in a moment, as on
Discord.
"""

from __future__ import annotations

import asyncio
import io
import os
import re
from pathlib import Path

from bot.cli import play
from bot.timers import FakeClock, ManualScheduler
from tests.host.test_cli import needs


async def test_the_live_deal_goes_on_to_the_play_without_waiting_out_a_clock(
    db_path: Path,
) -> None:
    needs("pajiwo")
    clock = FakeClock()
    scheduler = ManualScheduler(clock)
    start = clock()
    read_end, write_end = os.pipe()
    stdin = open(read_end, encoding="utf-8")  # noqa: SIM115 - closed below
    out = io.StringIO()
    task = asyncio.create_task(
        play(
            "pajiwo",
            db_path=db_path,
            stdin=stdin,
            stdout=out,
            seed=3,
            pace="live",
            options={"match": "one_hand"},
            scheduler=scheduler,
        )
    )
    try:
        # nobody types; the table's clock runs in half seconds for 40 s, well under the 60 s
        # a move may take: the deal, the bot's declaration, the 造反 window and the 扒鸡窝
        # round must all be over by then
        for _ in range(80):
            for _ in range(5):
                await asyncio.sleep(0)
            await scheduler.advance(0.5)
            await asyncio.sleep(0.01)
            if "your move (lead a trick" in out.getvalue() or "follow the trick" in out.getvalue():
                break
        text = out.getvalue()
        assert "cards held: you 25, Bot 2 25, Bot 3 25, Bot 4 25" in text  # all dealt
        assert "or wait: the table will end the deal" in text  # not "the deal goes on"
        assert "your move (造反 rebel or pass; your only move, passed for you in a moment):" in text
        assert "time is up" not in text and "reminder" not in text
        assert "Bot 2 buried the kitty" in text
        assert "follow the trick" in text or "lead a trick" in text, text[-2000:]
        assert clock() - start < 40
        # each event line comes before the first screen that shows its result (issue 21)
        said = text.index("· Bot 2 declared trump")
        assert said < text.index("dealer Bot 2 · ")  # the declarer deals the first hand
        lead = re.search(r"your move \((lead a trick|follow the trick)", text)
        assert lead is not None and text.index("· Bot 2 buried the kitty") < lead.start()
        os.write(write_end, b"quit\n")
        assert await asyncio.wait_for(task, 10) == 0
    finally:
        task.cancel()
        os.close(write_end)
        stdin.close()
