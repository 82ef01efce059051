"""``/replay``: a finished hand step by step in one message, its exports and the review of your
play (issue 24). A thin front end over :mod:`bot.replay` (the steps), :mod:`bot.replay_export`
(JSON and text log), :mod:`bot.review` (the review) and :mod:`render.replay` (pictures).

* ``/replay [match] [hand]``: by default the last finished hand at the table in this channel
  (an open table's, else the newest finished match played here); ``match`` is the number
  ``/history`` shows (``#12``), ``hand`` a hand of it (default its last finished one). The
  answer is one public message: the step's picture (every hand face up), its narration in the
  reader's language (whoever pressed last), and ⏮ ◀ ▶ ⏭; *Export* and *Review my play* answer
  privately. Anyone in the server may use it; a hand still being played is refused, for
  everyone (its own players too), and a match of another server does not exist here.
* The buttons are :class:`discord.ui.DynamicItem`s whose ``custom_id`` carries the match, the
  hand and the step they open (``rp:<match>:<hand>:<step>:<way>``), so they keep working after a
  restart; a crafted one can only open a finished hand of the clicker's own server.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import re
import weakref
from collections import OrderedDict
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from bot.replay import GameRecord, HandReplay, ReplayRefused, load_game, replay_hand
from bot.replay_text import refused_text, step_text
from cogs.actions import app, defer_private, lang, reply
from cogs.i18n import tr
from cogs.inert import fit, inert
from present.message import Msg, Reader, render

__all__ = ["ReplayButton", "ReplayCog", "ReplayExtra", "replay_content", "setup"]

CACHED = 32  # hands kept replayed (a finished hand never changes)
SHOWN_DIFFERENCES = 12
QUICK_ANSWER_S = 2.0  # Discord wants an answer within 3 s
_cache: OrderedDict[tuple[int, int, int | None], HandReplay] = OrderedDict()
HEAVY_AT_ONCE = 2
"""Exports and reviews prepared at once for the whole bot (each takes seconds of CPU: a
flood of clicks waits its turn instead of starving the tables)."""
_busy: set[int] = set()  # users with an export or review being prepared
_heavy_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def _heavy() -> asyncio.Semaphore:
    """The gate of the running event loop (a semaphore belongs to one loop; tests run many)."""
    loop = asyncio.get_running_loop()
    gate = _heavy_gates.get(loop)
    if gate is None:
        gate = _heavy_gates[loop] = asyncio.Semaphore(HEAVY_AT_ONCE)
    return gate


def _names(record: GameRecord) -> list[str]:
    return [inert(n) for n in record.names]


def _lines(lg: str, names: list[str], msgs: Any) -> list[str]:
    reader = Reader(lg, names)
    return [render(reader, m) for m in msgs]


def replay_content(replay: HandReplay, step: int, lg: str) -> str:
    """The message's text at ``step``: title, step number, the narration (the result screen
    at the last step), in ``lg`` (:func:`bot.replay_text.step_text`, as the terminal shows)."""
    text = step_text(replay, step, lg, _names(replay.record))
    lines = [f"**{text.title}**", text.count, *(f"> {s}" for s in text.said)]
    if text.screen:
        lines += ["", *text.screen]
    return fit("\n".join(lines))


def _picture(replay: HandReplay, step: int) -> bytes:
    from render.replay import step_png

    s = replay.steps[step]
    return step_png(replay.game, s.public, s.views, _names(replay.record))


def replay_view(replay: HandReplay, step: int, lg: str) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭, then *Export* and *Review my play*."""
    gid, hand, last = replay.record.game_id or 0, replay.hand, len(replay.steps) - 1
    view = discord.ui.View(timeout=None)
    for target, way, label in (
        (0, "f", "⏮"),
        (max(0, step - 1), "p", "◀"),
        (min(last, step + 1), "n", "▶"),
        (last, "l", "⏭"),
    ):
        stays = (way in "fp" and step == 0) or (way in "nl" and step == last)
        view.add_item(ReplayButton(gid, hand, target, way, label, disabled=stays))
    view.add_item(ReplayExtra(gid, hand, "x", "📎 " + tr(lg, "replay.button.export")))
    view.add_item(ReplayExtra(gid, hand, "r", "🔍 " + tr(lg, "replay.button.review")))
    return view


def _refusal(lg: str, refused: ReplayRefused) -> str:
    return "❌ " + refused_text(lg, refused)


async def _record(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """The stored game, if it was played on this server (else it does not exist here)."""
    record = await load_game(app(interaction).service.store, game_id)
    if record.guild_id != interaction.guild_id:
        raise ReplayRefused("no_game", "no such match here", {"game_id": game_id})
    return record


async def _hand(interaction: discord.Interaction, game_id: int, hand: int | None) -> HandReplay:
    """Hand ``hand`` (``None``: the last finished) of match ``game_id``, replayed off the loop
    and kept (only finished hands are ever replayed, and those never change)."""
    store = id(app(interaction).service.store)  # ids are the store's: a test opens many
    key = (store, game_id, hand)
    known = _cache.get(key)
    if known is not None and known.record.guild_id == interaction.guild_id and hand is not None:
        _cache.move_to_end(key)
        return known
    record = await _record(interaction, game_id)
    replay = await asyncio.to_thread(replay_hand, record, hand)
    _cache[(store, game_id, replay.hand)] = replay
    while len(_cache) > CACHED:
        _cache.popitem(last=False)
    return replay


async def _here(interaction: discord.Interaction) -> int:
    """The match whose last finished hand ``/replay`` shows by default: the open table's in
    this channel when it has finished a hand, else the newest finished match played here."""
    bot = app(interaction)
    channel = interaction.channel_id or 0
    table = bot.service.table_in_channel(channel)
    engine = table.engine if table is not None else None
    if (
        table is not None
        and table.game_id is not None
        and engine is not None
        and engine.hand_results
    ):
        return table.game_id  # a finished hand of the match being played here
    store = bot.service.store
    guild = interaction.guild_id
    for match in await store.matches(0 if guild is None else guild, limit=50):
        row = await store.table(match.table_id)
        if row is not None and channel in (row.channel_id, row.thread_id):
            return match.game_id
    raise ReplayRefused("nothing_here", "no finished hand in this channel")


async def _show(
    interaction: discord.Interaction, replay: HandReplay, step: int, *, edit: bool
) -> None:
    lg = lang(interaction)
    step = max(0, min(step, len(replay.steps) - 1))
    png = await asyncio.to_thread(_picture, replay, step)
    name = f"replay-{replay.record.game_id}-{replay.hand}-{step}.png"
    file = discord.File(io.BytesIO(png), filename=name)
    content = replay_content(replay, step, lg)
    view = replay_view(replay, step, lg)
    if edit:
        await interaction.edit_original_response(content=content, attachments=[file], view=view)
    else:
        await reply(interaction, content, ephemeral=False, file=file, view=view)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rp:(?P<game>[0-9]{1,18}):(?P<hand>[0-9]{1,6}):(?P<step>[0-9]{1,6}):(?P<way>[fpnl])",
):
    """⏮ ◀ ▶ ⏭: the custom_id names the step it opens."""

    def __init__(
        self, game: int, hand: int, step: int, way: str, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or way,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{game}:{hand}:{step}:{way}",
                disabled=disabled,
            )
        )
        self.game, self.hand, self.step = game, hand, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["hand"]), int(match["step"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        lg = lang(interaction)
        await interaction.response.defer()  # the message is updated once the step is drawn
        try:
            replay = await _hand(interaction, self.game, self.hand)
        except ReplayRefused as refused:
            await interaction.followup.send(_refusal(lg, refused), ephemeral=True)
            return
        await _show(interaction, replay, self.step, edit=True)


class ReplayExtra(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rp:(?P<game>[0-9]{1,18}):(?P<hand>[0-9]{1,6}):(?P<what>[xr])",
):
    """*Export* (``x``) and *Review my play* (``r``): answered privately."""

    def __init__(self, game: int, hand: int, what: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or what,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{game}:{hand}:{what}",
            )
        )
        self.game, self.hand, self.what = game, hand, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayExtra:
        return cls(int(match["game"]), int(match["hand"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        lg = lang(interaction)
        user = interaction.user.id
        if user in _busy:  # one export or review at a time each: they cost seconds of CPU
            await defer_private(interaction)
            await reply(interaction, "⏳ " + tr(lg, "replay.busy"))
            return
        _busy.add(user)  # before any await, so a double click is the second one here
        try:
            await defer_private(interaction)
            async with _heavy():
                replay = await _hand(interaction, self.game, self.hand)
                if self.what == "x":
                    await export(interaction, replay)
                else:
                    await review(interaction, replay)
        except ReplayRefused as refused:
            await reply(interaction, _refusal(lg, refused))
        finally:
            _busy.discard(user)


def _export_files(replay: HandReplay, lg: str) -> list[tuple[str, bytes]]:
    """The JSON document of the match, its text log in ``lg`` and this hand animated."""
    from bot.replay_export import export_match, text_log
    from render.replay import UPLOAD_LIMIT, animation, step_image

    record, gid = replay.record, replay.record.game_id
    doc = json.dumps(export_match(record), ensure_ascii=False, indent=1).encode()
    log = text_log(record, lg, _names(record)).encode()
    files = [(f"paiju-{gid}.json", doc), (f"paiju-{gid}-{lg}.txt", log)]
    names = _names(record)
    frames = [
        step_image(replay.game, s.public, s.views, names, _lines(lg, names, s.narration))
        for s in replay.steps
    ]
    room = UPLOAD_LIMIT - len(doc) - len(log) - 64 * 1024
    with contextlib.suppress(ValueError):  # too large even thinned: the caller says so
        files.append((f"paiju-{gid}-hand{replay.hand}.gif", animation(frames, limit=room)))
    return files


async def export(interaction: discord.Interaction, replay: HandReplay) -> None:
    """The hand history of the replay's match (JSON, text log) and the hand's animation,
    attached to a private answer."""
    lg = lang(interaction)
    files = await asyncio.to_thread(_export_files, replay, lg)
    text = tr(lg, "replay.export.done", match=replay.record.game_id)
    if not any(name.endswith(".gif") for name, _ in files):
        text += "\n" + tr(lg, "replay.export.too_big")
    await reply(
        interaction, text, files=[discord.File(io.BytesIO(b), filename=n) for n, b in files]
    )


def review_text(replay: HandReplay, found: Any, lg: str) -> str:
    """The review (:class:`bot.review.Review`) as a private message in ``lg``: the match rate,
    then each difference with the bot's reason and what the move cost (:mod:`present.review`)."""
    from cogs.present import action_label
    from present.review import cost_line

    names = _names(replay.record)
    reader = Reader(lg, names, you=found.seat)
    lines = [f"**{tr(lg, 'replay.review.title', hand=replay.hand, match=replay.record.game_id)}**"]
    bot_moves = getattr(found, "bot_moves", 0)
    if not found.decisions:
        lines.append(tr(lg, "replay.review.none"))
        if bot_moves:
            lines.append(tr(lg, "replay.review.bot_moves", n=bot_moves))
        return fit("\n".join(lines))
    percent = round(100 * found.rate)
    lines.append(
        tr(lg, "replay.review.rate", same=found.same, total=found.decisions, percent=percent)
    )
    if bot_moves:
        lines.append(tr(lg, "replay.review.bot_moves", n=bot_moves))
    if not found.differences:
        lines.append(tr(lg, "replay.review.all_same"))
    steps = replay.steps
    for diff in found.shown(SHOWN_DIFFERENCES):  # the costliest when they do not all fit
        step = next((s.index for s in steps if s.first <= diff.action_index < s.end), 0)
        line = "• " + tr(
            lg,
            "replay.review.line",
            step=step,
            played=action_label(lg, diff.played),
            bot=action_label(lg, diff.bot),
        )
        if diff.reason is not None:
            reason = render(reader, diff.reason) if isinstance(diff.reason, Msg) else diff.reason
            line += " " + tr(lg, "replay.review.reason", reason=reason)
        if diff.cost is not None:
            line += " · " + cost_line(lg, diff.cost)
        lines.append(line)
    more = len(found.differences) - SHOWN_DIFFERENCES
    if more > 0:
        lines.append(tr(lg, "replay.review.more", n=more))
    return fit("\n".join(lines))


async def review(interaction: discord.Interaction, replay: HandReplay) -> None:
    """The asker's own play in the replay's hand against the strong bot, privately."""
    from bot.review import QUICK_BUDGET

    lg = lang(interaction)
    record = replay.record
    if interaction.user.id not in record.user_ids:
        raise ReplayRefused("not_seated", "not a player of this match")
    seat = record.user_ids.index(interaction.user.id)
    # the bots' worker processes judge it decision by decision when the bot has them
    # (bot.thinking), else a thread: either way the event loop is not held for the review
    found = await app(interaction).service.thinker.review(
        record, replay.hand, seat, user_id=interaction.user.id, budget=QUICK_BUDGET
    )
    await reply(interaction, review_text(replay, found, lg))


class ReplayCog(commands.Cog):
    """``/replay``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReplayButton, ReplayExtra)

    @app_commands.command(name=_L("replay"), description=_L("Replay a finished hand step by step"))
    @app_commands.rename(match=_L("match"), hand=_L("hand"))
    @app_commands.describe(
        match=_L("The match's number, as /history shows it (default: this channel's last)"),
        hand=_L("Which hand of it (default: its last finished hand)"),
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1, 2**53 - 1] | None = None,
        hand: app_commands.Range[int, 1, 100_000] | None = None,
    ) -> None:
        lg = lang(interaction)
        try:
            game_id = match if match is not None else await _here(interaction)
            work = asyncio.ensure_future(_hand(interaction, game_id, hand))
            try:  # a refusal is private, so answer before acknowledging when it is quick
                found = await asyncio.wait_for(asyncio.shield(work), QUICK_ANSWER_S)
            except TimeoutError:  # a long match on a busy machine: acknowledge, then show
                await interaction.response.defer(thinking=True)
                found = await work
        except ReplayRefused as refused:
            await reply(interaction, _refusal(lg, refused))
            return
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        await _show(interaction, found, 0, edit=False)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReplayCog(bot))
