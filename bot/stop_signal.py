"""SIGTERM stops a long-running command (``python -m bot run``, ``python -m bot web``) the way
Ctrl-C does, whatever SIGINT's disposition.

Mapping SIGTERM to ``raise_signal(SIGINT)`` relied on asyncio's own Ctrl-C handler, which
``asyncio.run`` installs only while SIGINT has Python's default handler: a process started in
the background by a shell script or under ``nohup`` inherits SIGINT *ignored*, and SIGTERM then
did nothing (found by a review). Here SIGTERM cancels the command's task itself (its
``finally`` and ``async with`` blocks close the bot, store the snapshots, stop the pages),
then :class:`KeyboardInterrupt` is raised, so the command ends as after Ctrl-C.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Awaitable
from typing import TypeVar

__all__ = ["until_terminated"]

T = TypeVar("T")


async def until_terminated(awaitable: Awaitable[T]) -> T:
    """Await ``awaitable`` in the current task; a SIGTERM meanwhile cancels it and raises
    ``KeyboardInterrupt`` once it has finished cleaning up (a second SIGTERM changes
    nothing). Where the loop cannot handle signals (Windows), just awaits it."""
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    terminated = False

    def on_sigterm() -> None:
        nonlocal terminated
        if not terminated and task is not None:
            terminated = True
            task.cancel()

    try:
        loop.add_signal_handler(signal.SIGTERM, on_sigterm)
    except (NotImplementedError, RuntimeError):  # no signals on Windows, or not the main thread
        return await awaitable
    try:
        return await awaitable
    except asyncio.CancelledError:
        if not terminated or task is None:
            raise
        task.uncancel()
        raise KeyboardInterrupt from None
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
