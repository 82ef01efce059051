"""The terminal's bots think in the worker pool, as on Discord (issue 22): its default level is
then ``strong``, what is typed is answered while a bot thinks, and ``hint`` gives the strong
bot's move with /hint's one-line reason, in both languages."""

from __future__ import annotations

import asyncio
import io
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.cli import play
from bot.replay import load_game
from bot.screens import move_line
from bot.store import Store
from bot.thinking import PoolThinker, hint_of
from games.base import Action
from present.bots import reason_line
from present.i18n import tr
from present.message import Reader


def _pool() -> PoolThinker:
    # a thread pool stands in for the processes: the same trip (the engine pickled, the
    # random source rebuilt from its key) without starting processes in a test
    return PoolThinker(executor=ThreadPoolExecutor(max_workers=1))


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_hint_says_the_strong_move_and_why_as_hint_does(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAIJU_LANG", lang)
    db = tmp_path / "h.sqlite3"
    out = io.StringIO()
    thinker = _pool()
    await play(
        "pajiwo",
        db_path=db,
        stdin=io.StringIO("hint\nquit\n"),
        stdout=out,
        seed=3,
        pace="async",
        options={"match": "one_hand"},
        thinker=thinker,
    )
    assert thinker.asked >= 1  # the hint (and the strong bots' moves) went to the pool
    store = await Store.open(db)
    try:
        record = await load_game(store, 1)
    finally:
        await store.close()
    assert record.options["bot_level"] == "strong"  # the default where bots think off the loop
    # the hint was asked at the player's first prompt, where the game was left
    engine = record.new_game()
    for data in record.actions:
        engine.apply(Action.from_json(data))
    key = f"hint:{engine.seed}:{len(engine.actions)}:0"
    move, reasons = hint_of(engine, "pajiwo", 0, key)
    assert reasons  # the strong bot always gives a reason
    text = out.getvalue().splitlines()
    said = tr(lang, "terminal.hint", move=move_line(lang, move))
    at = text.index(said)
    why = reason_line(Reader(lang, list(record.names), you=0), reasons)
    assert text[at + 1] == f"  {why}"  # /hint's line, in the reader's language
    assert why.startswith("Why: " if lang == "en" else "理由：")


async def test_without_workers_the_terminal_plays_normal(tmp_path: Path) -> None:
    db = tmp_path / "n.sqlite3"
    await play(
        "dagun",
        db_path=db,
        stdin=io.StringIO("quit\n"),
        stdout=io.StringIO(),
        seed=3,
        pace="async",
        options={"match": "one_hand"},
        bot_workers=0,
    )
    store = await Store.open(db)
    try:
        record = await load_game(store, 1)
    finally:
        await store.close()
    assert record.options["bot_level"] == "normal"


class _Held(ThreadPoolExecutor):
    """The pool, its decisions held until the test lets them through."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.go = threading.Event()
        self.waiting = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.waiting += 1

        def held() -> Any:
            self.go.wait()
            return fn(*args, **kwargs)

        return super().submit(held)


async def test_what_is_typed_is_answered_while_a_bot_thinks(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    pool = _Held()
    read_end, write_end = os.pipe()
    stdin = open(read_end, encoding="utf-8")  # noqa: SIM115 - closed below
    out = io.StringIO()
    task = asyncio.create_task(
        play(
            "dagun",
            db_path=db,
            stdin=stdin,
            stdout=out,
            seed=3,
            pace="async",
            options={"match": "one_hand"},
            thinker=PoolThinker(executor=pool),
        )
    )
    try:
        helped = 0
        for _ in range(2000):  # answer prompts until a bot's decision is held in the pool
            await asyncio.sleep(0.01)
            if pool.waiting:
                break
            prompts = out.getvalue().count("your move")
            if prompts > helped:
                helped = prompts
                os.write(write_end, b"1\n")
        assert pool.waiting, out.getvalue()[-2000:]
        before = out.getvalue()
        os.write(write_end, b"help\n")
        for _ in range(2000):
            await asyncio.sleep(0.01)
            if out.getvalue().count("type a play's number") > before.count("type a play's number"):
                break
        # the help came while the bot's decision is still held: the terminal is not blocked
        assert out.getvalue().count("type a play's number") > before.count("type a play's number")
        assert not pool.go.is_set() and not task.done()
        pool.go.set()
        os.write(write_end, b"quit\n")
        assert await asyncio.wait_for(task, 120) == 0
    finally:
        pool.go.set()
        task.cancel()
        os.close(write_end)
        stdin.close()
        pool.shutdown(wait=False, cancel_futures=True)
