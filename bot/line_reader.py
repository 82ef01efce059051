"""Lines typed on the terminal, awaited beside the table's changes (:mod:`bot.cli`)."""

from __future__ import annotations

import asyncio
import codecs
import os
import threading
from typing import Any, TextIO

__all__ = ["CHANGED", "LineReader"]

CHANGED: Any = object()
"""What :meth:`LineReader.next_line` returns when the table changed before a line came."""


class LineReader:
    """Lines typed on ``stdin``, awaited next to table changes.

    A real file is read by a daemon thread with ``os.read`` on its descriptor: a thread
    blocked in a read must not keep the process alive after Ctrl-C (the default executor's
    threads are joined at exit, which waited for Enter), and holds no lock of ``sys.stdin``
    that the interpreter needs at exit. Other streams (``io.StringIO``) are read directly.
    """

    def __init__(self, stdin: TextIO, loop: asyncio.AbstractEventLoop) -> None:
        self.stdin = stdin
        self.loop = loop
        # each line with the number of prompts shown when it arrived (:meth:`mark`)
        self.queue: asyncio.Queue[tuple[str | None, int]] = asyncio.Queue()
        self.shown = 0  # prompts shown so far (:meth:`mark`)
        self.arrived = 0  # ``shown`` when the line last returned arrived
        self.fd: int | None
        try:
            self.fd = stdin.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        # a person typing (a terminal), not a script's lines (a pipe, a file, a string)
        self.interactive = self.fd is not None and os.isatty(self.fd)
        if self.fd is not None:
            encoding = getattr(stdin, "encoding", None) or "utf-8"
            threading.Thread(
                target=self._read, args=(self.fd, encoding), name="terminal-input", daemon=True
            ).start()

    def _read(self, fd: int, encoding: str) -> None:
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        pending = ""
        try:
            while True:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    chunk = b""
                pending += decoder.decode(chunk, final=not chunk)
                *lines, pending = pending.split("\n")
                for line in lines:
                    self.loop.call_soon_threadsafe(self._put, line + "\n")
                if not chunk:
                    if pending:
                        self.loop.call_soon_threadsafe(self._put, pending)
                    self.loop.call_soon_threadsafe(self._put, None)
                    return
        except RuntimeError:  # the event loop is closed: play() has returned; nobody listens
            return

    def _put(self, line: str | None) -> None:
        self.queue.put_nowait((line, self.shown))

    def mark(self) -> None:
        """A prompt was just shown: lines that arrived before it are :meth:`stale` from now."""
        self.shown += 1

    @property
    def stale(self) -> bool:
        """Whether the line last returned was typed before the last prompt was shown (never,
        for a script's lines, which are read when they are wanted)."""
        return self.arrived < self.shown

    async def next_line(self, changed: asyncio.Event) -> Any:
        """The next line (``None`` at end of input), or ``CHANGED`` if ``changed`` is set first."""
        if self.fd is None:
            self.arrived = self.shown
            return self.stdin.readline() or None
        if self.queue.empty() and changed.is_set():
            return CHANGED
        getter = asyncio.ensure_future(self.queue.get())
        waiter = asyncio.ensure_future(changed.wait())
        try:
            done, _ = await asyncio.wait({getter, waiter}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
            if not getter.done():
                getter.cancel()
        if getter in done:
            line, self.arrived = getter.result()
            return line
        return CHANGED
