"""``/tournament``: a thin Discord front end over :mod:`bot.tournaments.service`
(``docs/tournaments.md``).

* ``/tournament create`` (organisers: *Manage Server* or the league role,
  :func:`bot.league.organisers.is_organiser`) posts the tournament with a *Sign up* button (a
  ``DynamicItem``, ``pt:su:<tournament>``, so it answers after a restart);
* ``close`` (start now), ``add``, ``remove``, ``cancel`` for organisers, idempotent: repeated,
  they change nothing and say so; ``signup`` and ``standings`` for everyone;
* each round's tables open in threads of the tournament's channel, with the seated players
  pinged and a *Check in* button (``pt:ci:<tournament>``); a seat not checked in by the
  deadline is played by a bot and its player scores 0 for the round (said in the thread);
  the standings are posted in the channel after each round, and the final ones at the end.

Every refusal is an ephemeral line in the caller's language (``tournament.err.<code>``, the
``tournaments`` catalogue domain), sent before anything changes. What the channel is told is
in the server's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from bot.league.organisers import is_organiser
from bot.tournaments.service import (
    TournamentError,
    TournamentService,
    TournamentUpdate,
)
from bot.tournaments.service_base import RETRY_S, ThreadRefused
from bot.tournaments.store import RoundTable, Tournament
from cogs.actions import app, defer, display_name, lang, reply
from cogs.i18n import lang_of, ntr, tr
from cogs.tables import GAME_CHOICES
from cogs.tournament_text import (
    describe,
    entrant_names,
    parse_checkin,
    parse_start,
    participant,
    standings_picture,
    standings_text,
    thread_name,
)

__all__ = [
    "TOURNAMENT",
    "CheckInButton",
    "SignUpButton",
    "parse_start",
    "setup",
    "standings_text",
]

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss", value="swiss"),
    app_commands.Choice(name="Round robin (pairs)", value="round_robin"),
]


def service_of(client: Any) -> TournamentService:
    tournaments: TournamentService = client.tournaments
    return tournaments


class SignUpButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pt:su:(?P<tid>[0-9]{1,18})"
):
    """*Sign up* on the tournament's post."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Sign up 报名",
                style=discord.ButtonStyle.success,
                custom_id=f"pt:su:{tournament_id}",
            )
        )
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SignUpButton:
        return cls(int(match["tid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await sign_up(interaction, self.tournament_id)


class CheckInButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pt:ci:(?P<tid>[0-9]{1,18})"
):
    """*Check in* in a round's thread."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Check in 签到",
                style=discord.ButtonStyle.primary,
                custom_id=f"pt:ci:{tournament_id}",
            )
        )
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CheckInButton:
        return cls(int(match["tid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await defer_ephemeral(interaction)
        lg = lang(interaction)
        try:
            row = await service_of(interaction.client).check_in(
                self.tournament_id, interaction.user.id
            )
        except TournamentError as exc:
            await _refuse(interaction, exc)
            return
        await reply(interaction, tr(lg, "tournament.checked_in", table=row.number))


async def defer_ephemeral(interaction: discord.Interaction) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def _refuse(interaction: discord.Interaction, error: TournamentError) -> None:
    lg = lang(interaction)
    key, params = f"tournament.err.{error.code}", error.params
    count = params.get("count")
    text = ntr(lg, key, count, **params) if isinstance(count, int) else tr(lg, key, **params)
    await reply(interaction, "❌ " + text)


async def sign_up(
    interaction: discord.Interaction, tournament_id: int, partner_id: int | None = None
) -> None:
    await defer_ephemeral(interaction)
    lg = lang(interaction)
    service = service_of(interaction.client)
    try:
        entrant = await service.sign_up(
            tournament_id, interaction.user.id, display_name(interaction), partner_id
        )
    except TournamentError as exc:
        await _refuse(interaction, exc)
        return
    await reply(interaction, tr(lg, "tournament.signed_up", id=tournament_id, seq=entrant.seq))


async def _organiser(interaction: discord.Interaction) -> bool:
    if interaction.guild_id is None:
        return False
    roles = [r.id for r in getattr(interaction.user, "roles", None) or []]
    perms = getattr(interaction, "permissions", None)
    return await is_organiser(
        app(interaction).service.store,
        interaction.guild_id,
        roles,
        bool(perms and perms.manage_guild),
    )


async def _tournament_id(interaction: discord.Interaction, given: int | None) -> int:
    """The tournament named, else the newest one of this channel still open or running."""
    if given is not None:
        return given
    service = service_of(interaction.client)
    for t in await service.rows.select(interaction.guild_id, ("signup", "running")):
        if t.channel_id == interaction.channel_id:
            return t.id
    raise TournamentError("no_tournament", "there is no tournament in this channel", {"id": "-"})


TOURNAMENT = app_commands.Group(
    name=_L("tournament"),
    description=_L("Tournaments: Swiss, round robin, duplicate"),
    guild_only=True,
)


@TOURNAMENT.command(name=_L("create"), description=_L("Create a tournament (organisers)"))
@app_commands.rename(
    game=_L("game"),
    preset=_L("preset"),
    format=_L("format"),
    rounds=_L("rounds"),
    pace=_L("pace"),
    start=_L("start"),
    duplicate=_L("duplicate"),
    checkin=_L("checkin"),
)
@app_commands.describe(
    game=_L("Which game"),
    preset=_L("Rule preset (default: standard)"),
    format=_L("Swiss, or round robin of pairs (team games)"),
    rounds=_L("Number of rounds"),
    pace=_L("live, relaxed, async, or a time such as 5m"),
    start=_L("Start: 30m, 2h, or 2026-12-01 18:00 (UTC); empty: when closed"),
    duplicate=_L("Every table of a round plays the same deal"),
    checkin=_L("Time to check in at each round's table, such as 10m (default)"),
)
@app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
async def create(
    interaction: discord.Interaction,
    game: app_commands.Choice[str],
    preset: str = "standard",
    format: app_commands.Choice[str] | None = None,
    rounds: app_commands.Range[int, 1, 20] = 3,
    pace: str = "live",
    start: str | None = None,
    duplicate: bool = False,
    checkin: str = "10m",
) -> None:
    await defer(interaction, ephemeral=True)
    lg = lang(interaction)
    bot = interaction.client
    service = service_of(bot)
    try:
        if not await _organiser(interaction):
            raise TournamentError("not_organiser", "only organisers create tournaments", {})
        t = await service.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            organiser_id=interaction.user.id,
            game=game.value,
            preset=preset,
            fmt=format.value if format else "swiss",
            duplicate=duplicate,
            rounds=int(rounds),
            pace=pace,
            start_at=parse_start(start, service.tables.clock()),
            show_s=parse_checkin(checkin),
        )
    except TournamentError as exc:
        await _refuse(interaction, exc)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(SignUpButton(t.id))
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    await channel.send(describe(_server_lang(bot, t), t, 0), view=view, allowed_mentions=NO_PINGS)
    await reply(interaction, tr(lg, "tournament.done.created", id=t.id))


BOT_ADD_SAME_S = 10.0
"""``/tournament add`` without a player this soon after the last bot was added is the same
request (a double click, two organisers at once) and adds no second bot. A bot object's
``bot_add_same_s`` attribute, when set, replaces it (end-to-end tests add bots in a row)."""


async def _organiser_command(
    interaction: discord.Interaction, given: int | None, op: str, **kw: Any
) -> None:
    await defer(interaction, ephemeral=True)
    lg = lang(interaction)
    service = service_of(interaction.client)
    try:
        tid = await _tournament_id(interaction, given)
        organiser = await _organiser(interaction)
        by = interaction.user.id
        if op == "close":
            done = await service.close(tid, by, organiser=organiser)
        elif op == "cancel":
            done = await service.cancel(tid, by, organiser=organiser)
        elif op == "remove":
            done = await service.remove(tid, by, kw["user"].id, organiser=organiser)
        else:
            user = kw.get("user")
            done = await service.add(
                tid,
                by,
                organiser=organiser,
                user_id=user.id if user is not None else None,
                name=user.display_name if user is not None else "",
                bot="heuristic" if user is None else None,
                same_within_s=getattr(interaction.client, "bot_add_same_s", BOT_ADD_SAME_S),
            )
    except TournamentError as exc:
        await _refuse(interaction, exc)
        return
    key = f"tournament.done.{op}" if done.changed else f"tournament.same.{op}"
    user = kw.get("user")
    if op == "add" and user is None and not done.changed:
        key = "tournament.same.add_bot"
    await reply(
        interaction,
        tr(lg, key, id=tid, who=user.mention if user is not None else "🤖"),
        allowed_mentions=NO_PINGS,
    )


ID = app_commands.Range[int, 1, 10**12]


@TOURNAMENT.command(name=_L("close"), description=_L("Close sign-ups and start (organisers)"))
@app_commands.rename(tournament=_L("tournament"))
@app_commands.describe(tournament=_L("Tournament number (default: this channel's)"))
async def close(interaction: discord.Interaction, tournament: ID | None = None) -> None:
    await _organiser_command(interaction, tournament, "close")


@TOURNAMENT.command(name=_L("cancel"), description=_L("Cancel a tournament (organisers)"))
@app_commands.rename(tournament=_L("tournament"))
@app_commands.describe(tournament=_L("Tournament number (default: this channel's)"))
async def cancel(interaction: discord.Interaction, tournament: ID | None = None) -> None:
    await _organiser_command(interaction, tournament, "cancel")


@TOURNAMENT.command(name=_L("add"), description=_L("Add a player, or a bot (organisers)"))
@app_commands.rename(player=_L("player"), tournament=_L("tournament"))
@app_commands.describe(
    player=_L("Who (empty: a bot)"), tournament=_L("Tournament number (default: this channel's)")
)
async def add(
    interaction: discord.Interaction,
    player: discord.Member | None = None,
    tournament: ID | None = None,
) -> None:
    await _organiser_command(interaction, tournament, "add", user=player)


@TOURNAMENT.command(name=_L("remove"), description=_L("Remove a player (organisers)"))
@app_commands.rename(player=_L("player"), tournament=_L("tournament"))
@app_commands.describe(
    player=_L("Who"), tournament=_L("Tournament number (default: this channel's)")
)
async def remove(
    interaction: discord.Interaction, player: discord.Member, tournament: ID | None = None
) -> None:
    await _organiser_command(interaction, tournament, "remove", user=player)


@TOURNAMENT.command(name=_L("signup"), description=_L("Sign up for a tournament"))
@app_commands.rename(partner=_L("partner"), tournament=_L("tournament"))
@app_commands.describe(
    partner=_L("Your partner in a round robin of pairs"),
    tournament=_L("Tournament number (default: this channel's)"),
)
async def signup(
    interaction: discord.Interaction,
    partner: discord.Member | None = None,
    tournament: ID | None = None,
) -> None:
    try:
        tid = await _tournament_id(interaction, tournament)
    except TournamentError as exc:
        await defer_ephemeral(interaction)
        await _refuse(interaction, exc)
        return
    await sign_up(interaction, tid, partner.id if partner is not None else None)


@TOURNAMENT.command(name=_L("standings"), description=_L("A tournament's standings"))
@app_commands.rename(tournament=_L("tournament"))
@app_commands.describe(tournament=_L("Tournament number (default: this channel's)"))
async def standings_command(interaction: discord.Interaction, tournament: ID | None = None) -> None:
    await defer(interaction, ephemeral=True)
    lg = lang(interaction)
    service = service_of(interaction.client)
    try:
        tid = await _tournament_id(interaction, tournament)
        t = await service.get(tid)
    except TournamentError as exc:
        await _refuse(interaction, exc)
        return
    done = len(await service.played(tid))
    table, names = await service.standings(tid), await entrant_names(service, t)
    final = t.status == "finished"
    text = standings_text(lg, t, table, names, final, done)
    png = await asyncio.to_thread(standings_picture, lg, t, table, names, final, done)
    picture = discord.File(io.BytesIO(png), f"tournament-{t.id}-standings.png")
    await reply(interaction, text, allowed_mentions=NO_PINGS, file=picture)


def _server_lang(bot: Any, t: Tournament) -> str:
    guild = bot.get_guild(t.guild_id) if t.guild_id else None
    locale = getattr(guild, "preferred_locale", None) or bot.settings.default_locale
    return lang_of(locale)


def _need(channel: Any, permissions: tuple[str, ...]) -> None:
    """Raise :class:`ThreadRefused` naming the first of ``permissions`` the bot lacks in
    ``channel`` (from the cache: refused before a thread exists)."""
    me = getattr(getattr(channel, "guild", None), "me", None)
    if me is None or not hasattr(channel, "permissions_for"):
        return
    have = channel.permissions_for(me)
    for need in permissions:
        if not getattr(have, need):
            raise ThreadRefused(need)


class Poster:
    """Says in Discord what the tournament service did: threads, pings, standings."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def open_thread(self, t: Tournament, row: RoundTable) -> int:
        channel = self.bot.get_channel(t.channel_id) or await self.bot.fetch_channel(t.channel_id)
        name = thread_name(_server_lang(self.bot, t), t, row.round, row.number)
        if t.duplicate:
            return await self._open_private_thread(channel, name[:100], row)
        # a public thread the bot could not write in would hold no table: refuse before it
        # exists, as the private path does (the organiser is told which permission)
        _need(channel, ("create_public_threads", "send_messages_in_threads"))
        try:
            thread = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=1440
            )
        except discord.Forbidden as exc:  # 50013: the channel denies the bot the permission
            raise ThreadRefused("create_public_threads") from exc
        return int(thread.id)

    async def _open_private_thread(self, channel: Any, name: str, row: RoundTable) -> int:
        """A duplicate round's table: every table of the round plays the same deal, so its
        thread is private (type 12, not invitable) with only its seated people added; nobody
        else reads it but moderators with Manage Threads (the organiser among them, if so).
        Needs Create Private Threads and Send Messages in Threads (to add the players)."""
        _need(channel, ("create_private_threads", "send_messages_in_threads"))
        try:
            thread = await channel.create_thread(
                name=name,
                type=discord.ChannelType.private_thread,
                invitable=False,
                auto_archive_duration=1440,
            )
        except discord.Forbidden as exc:
            raise ThreadRefused("create_private_threads") from exc
        for who in row.seats:
            if who is None or who < 0:  # a free seat or a bot participant
                continue
            try:
                await thread.add_user(discord.Object(who))
            except discord.NotFound:  # left the server: their seat goes to a bot at the deadline
                log.warning("thread %s: user %s is not a member", thread.id, who)
            except discord.Forbidden as exc:
                # not kept: the round is tried again and opens a new thread
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
                raise ThreadRefused("send_messages_in_threads") from exc
        return int(thread.id)

    async def _send(self, channel_id: int, text: str, **kw: Any) -> None:
        try:
            await self.bot.get_partial_messageable(channel_id).send(text, **kw)
        except discord.HTTPException as exc:
            log.warning("tournament post to %s failed: %s", channel_id, exc)

    async def on_update(self, update: TournamentUpdate) -> None:
        t = update.tournament
        lg = _server_lang(self.bot, t)
        service = service_of(self.bot)
        if update.kind == "round_opened":
            names = await entrant_names(service, t)
            for row in update.tables:
                if row.thread_id is None:
                    continue
                people = [p for p in row.seats if p is not None and p >= 0]
                view = discord.ui.View(timeout=None)
                view.add_item(CheckInButton(t.id))
                text = tr(
                    lg,
                    "tournament.round.table",
                    round=row.round,
                    rounds=t.rounds,
                    table=row.number,
                    players=", ".join(participant(p, names) for p in row.seats),
                    deadline=f"<t:{int(row.deadline)}:R>",
                )
                await self._send(
                    row.thread_id,
                    text,
                    view=view,
                    allowed_mentions=discord.AllowedMentions(
                        users=[discord.Object(p) for p in people]
                    ),
                )
            threads = " ".join(f"<#{r.thread_id}>" for r in update.tables if r.thread_id)
            await self._send(
                t.channel_id,
                tr(lg, "tournament.round.opened", round=update.round, threads=threads),
                allowed_mentions=NO_PINGS,
            )
        elif update.kind == "table_started":
            row = update.tables[0]
            if row.absent and row.thread_id is not None:
                names = await entrant_names(service, t)
                who = ", ".join(participant(p, names) for p in sorted(row.absent))
                await self._send(
                    row.thread_id,
                    tr(lg, "tournament.no_show", who=who),
                    allowed_mentions=NO_PINGS,
                )
        elif update.kind == "forfeit":
            row = update.tables[0]
            names = await entrant_names(service, t)
            who = ", ".join(participant(p, names) for p in update.forfeit)
            text = tr(lg, "tournament.forfeit", who=who, round=row.round, table=row.number)
            for channel in {row.thread_id, t.channel_id} - {None}:
                await self._send(channel, text, allowed_mentions=NO_PINGS)  # type: ignore[arg-type]
        elif update.kind in ("round_finished", "finished"):
            names = await entrant_names(service, t)
            final = update.kind == "finished"
            text = standings_text(lg, t, update.standings, names, final, update.round)
            if t.duplicate:
                same = await service.same_deals(t.id, update.round)
                text += "\n" + tr(lg, f"tournament.deals.{'same' if same else 'differ'}")
            # with the picture /tournament standings shows
            png = await asyncio.to_thread(
                standings_picture, lg, t, update.standings, names, final, update.round
            )
            picture = discord.File(io.BytesIO(png), f"tournament-{t.id}-standings.png")
            await self._send(t.channel_id, text, allowed_mentions=NO_PINGS, file=picture)
        elif update.kind == "threads_refused":
            # told once (the service retries quietly): the organiser, pinged, and nobody else
            permission = update.permission or "create_public_threads"
            await self._send(
                t.channel_id,
                tr(
                    lg,
                    "tournament.threads_refused",
                    organiser=f"<@{t.organiser_id}>",
                    id=t.id,
                    round=update.round,
                    permission=tr(lg, f"tournament.permission.{permission}"),
                    seconds=int(RETRY_S),
                ),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(t.organiser_id)]
                ),
            )
        elif update.kind == "cancelled":
            text = tr(lg, "tournament.cancelled", id=t.id)
            if update.too_few is not None:
                count, need = update.too_few
                text = ntr(lg, "tournament.cancelled_too_few", count, id=t.id, need=need)
            await self._send(t.channel_id, text, allowed_mentions=NO_PINGS)


class TournamentCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    poster = Poster(bot)
    client: Any = bot
    service = TournamentService(client.service, open_thread=poster.open_thread)
    client.tournaments = service
    service.subscribe(poster.on_update)
    bot.add_dynamic_items(SignUpButton, CheckInButton)
    bot.tree.add_command(TOURNAMENT)
    await bot.add_cog(TournamentCog(bot))
    await service.start_up()
