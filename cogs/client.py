"""The Discord client: a discord.py ``commands.Bot`` over the table service, and ``run(settings)``.

It lives here, in the Discord package, and not in :mod:`bot`, so that dependencies point
one way (``cogs -> bot -> games``): the host never imports discord.py. ``python -m bot run``
loads this module by name (``importlib``, only for ``run``) and calls :func:`main`.
Tests and benchmarks build the bot with :func:`create_bot` and drive it through a loopback
Discord server.

Test-only routing (issue 4 §6): ``Settings.discord_api_base`` replaces
discord.py's REST base (``discord.http.Route.BASE``, used by every REST call
and by webhook follow-ups), and ``Settings.discord_gateway_url`` the first
gateway URL (``DiscordWebSocket.DEFAULT_GATEWAY``; discord.py 2.7's ``Client``
does not ask ``GET /gateway/bot``; resumes use READY's ``resume_gateway_url``).
Both are process-wide class attributes, so one process talks to one Discord.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.config import Settings
from bot.stop_signal import until_terminated
from cogs.state import DiscordState, share_user_changes

__all__ = [
    "COGS",
    "PaijuBot",
    "ShardedPaijuBot",
    "create_bot",
    "main",
    "point_at",
    "run",
    "start_pages",
]

#: A person whose only legal move is pass is passed for after this many seconds (uniformly
#: random, so that the timing reveals nothing) instead of having to tap "pass" (issue 15).
FORCED_PASS_DELAY = (1.0, 3.0)

log = logging.getLogger(__name__)

COGS = (
    "cogs.tables",
    "cogs.play",
    "cogs.info",
    "cogs.league",
    "cogs.league_web",
    "cogs.tournaments",
    "cogs.replay",
)
"""Extensions loaded by :class:`PaijuBot` (each defines ``async def setup(bot)``)."""


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py's REST calls at ``api_base`` and its first gateway at ``gateway_url``.

    ``None`` leaves the real Discord in place. TEST ONLY.
    """
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class PaijuBot(commands.Bot):
    """The bot. Attributes set in :meth:`setup_hook`:

    * ``store`` (:class:`bot.store.Store`) and ``service`` (:class:`bot.tables.TableService`)
      — given to the constructor, or opened on ``settings.database_path``;
    * ``state`` (:class:`cogs.state.DiscordState`), the front end's own memory;
    * ``display`` (:class:`cogs.display.TableDisplay`), the table and hand messages.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        service: Any = None,
        bot_delay_s: float = 0.0,
        sync_commands: bool = True,
        rng_seed: int | None = None,
        edit_intervals: tuple[float, float] = (1.05, 1.0),
        forced_pass_delay: tuple[float, float] | None = FORCED_PASS_DELAY,
        bot_workers: int = 0,
        **kwargs: Any,
    ) -> None:
        from cogs.failures import PaijuTree

        intents = discord.Intents.none()
        intents.guilds = True
        kwargs.setdefault("tree_cls", PaijuTree)  # answers whatever a command lets out
        # nobody is pinged unless a message names them in its own allowed_mentions
        # (cogs.inert.pings): a display name "<@victim>" or "@everyone" stays text
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            **kwargs,
        )
        self.settings = settings
        self._given_service = service
        self.bot_delay_s = bot_delay_s
        self.sync_commands = sync_commands
        self.rng_seed = rng_seed
        self.edit_intervals = edit_intervals
        self.forced_pass_delay = forced_pass_delay
        self.bot_workers = bot_workers  # processes for the strong bots (0: on the loop)
        self.service: Any = service
        self.store: Any = getattr(service, "store", None)
        self.state: DiscordState
        self.display: Any = None
        self._owns_store = service is None

    async def setup_hook(self) -> None:
        from bot.store import Store
        from bot.tables import TableService
        from cogs.controls import all_dynamic_items
        from cogs.display import TableDisplay
        from cogs.i18n import PaijuTranslator

        if self.service is None:
            self.store = await Store.open(self.settings.database)
            from bot.thinking import PoolThinker

            self.service = TableService(
                self.store,
                default_pace=self.settings.default_pace,
                bot_delay_s=self.bot_delay_s,
                rng_seed=self.rng_seed,
                forced_pass_delay=self.forced_pass_delay,
                thinker=PoolThinker(self.bot_workers) if self.bot_workers > 0 else None,
                shards=_shared_shards(self.settings),
            )
        # on PostgreSQL in the store, shared by every process of the bot (cogs.state)
        self.state = await DiscordState.open(self.settings.database_path, self.store)
        self.display = TableDisplay(
            self, table_interval=self.edit_intervals[0], hand_interval=self.edit_intervals[1]
        )
        self.service.subscribe(self.display.on_update)
        self.display.delete_old_prompts()  # what a stopped bot had left to clean up
        if self._owns_store:
            await self.service.start_up()
        self.add_dynamic_items(*all_dynamic_items())
        await self.tree.set_translator(PaijuTranslator())
        for name in COGS:
            await self.load_extension(name)
        shard_ids = self.settings.shard_ids
        if self.sync_commands and (shard_ids is None or 0 in shard_ids):  # one process syncs
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        await self.display.resume()
        await self._tell_set_aside()
        if getattr(self.service, "owners", None) is not None:
            self.service.subscribe_ownership(self._ownership_changed)
            await share_user_changes(self.state, self.service.owners)
            await self._route_interactions()

    async def _ownership_changed(self, kind: str, table_ids: list[int]) -> None:
        """Shards: tables this process now runs (taken over, adopted, handed back, taken back
        after a lost claim connection) are shown from what the store says of their messages,
        which another process may have posted and edited: the same table message and hands
        are edited, never posted again. Tables it stopped running are no longer edited here."""
        for table_id in table_ids:
            self.display._forget_table(table_id)  # what it showed before is not what is shown
        if kind != "gained":
            return
        tables = [t for t in self.service.open_tables() if t.id in set(table_ids)]
        users = {s.user_id for t in tables for s in t.seats if s.user_id is not None}
        await self.state.load_tables(table_ids, users)
        for table in tables:
            self.display.refresh_table(table.id)
            self.display.refresh_hands(table, {s.index for s in table.seats})

    async def _route_interactions(self) -> None:
        """Shards split across processes (:mod:`bot.owners`): an interaction for a table
        another process owns (a DM click comes on shard 0) is handed to its owner, which
        handles it as if Discord had sent it there (the move applied once, under the table's
        lock; its table message and hands updated; the player answered through the
        interaction's token, within Discord's 3 s); one for a table nobody owns is adopted
        and handled here. discord.py's parser of ``INTERACTION_CREATE`` is wrapped before the
        gateway connects."""
        owners = self.service.owners
        parsers = self._connection.parsers
        handle = parsers["INTERACTION_CREATE"]

        def route(data: dict[str, Any]) -> None:
            table_id = _table_of(data)
            here = table_id in self.service._tables if table_id is not None else None
            if here or (here is None and not _dm_command_elsewhere(data)):
                handle(data)
            else:
                task = asyncio.get_running_loop().create_task(hand_over(data, table_id))
                self._handing.add(task)
                task.add_done_callback(self._handing.discard)

        def _dm_command_elsewhere(data: dict[str, Any]) -> bool:
            """A command (or its autocomplete) in a DM by someone seated at no table here:
            it may be about their table in another process."""
            if data.get("guild_id") or data.get("type") not in (2, 4):
                return False
            user_id = int((data.get("user") or {}).get("id") or 0)
            return not any(
                t.status == "playing" and t.seat_of(user_id) is not None
                for t in self.service.open_tables()
            )

        async def hand_over(data: dict[str, Any], table_id: int | None) -> None:
            try:
                if table_id is None:  # a DM command: the one table the person plays at
                    user_id = int((data.get("user") or {}).get("id") or 0)
                    tables = await self.service.store.playing_tables_of(user_id)
                    if len(tables) != 1 or tables[0] in self.service._tables:
                        handle(data)
                        return
                    table_id = tables[0]
                owner = await owners.owner(table_id)
                if owner is not None and owner != owners.pid:
                    await owners.hand_to(owner, data)
                    return
                if owner is None:
                    await self.service.adopt([table_id])
                else:  # ours: being loaded (adopted, handed back, taken back)
                    async with self.service._adopting:
                        pass
            except Exception:
                log.exception("table %s: the interaction could not be handed over", table_id)
            handle(data)

        self._handing: set[asyncio.Task[None]] = set()
        parsers["INTERACTION_CREATE"] = route
        # one handed here is routed again: its table may have moved on meanwhile (handed back)
        await owners.listen(route)

    async def _tell_set_aside(self) -> None:
        """Tell the host of each table start-up set aside (its records cannot be read,
        :mod:`bot.damage`), in the table's channel, once a start: the table is kept, not
        played, and an admin can restore a backup."""
        from cogs.i18n import lang_of, tr

        lang = lang_of(self.settings.default_locale)
        for aside in getattr(self.service, "set_aside", {}).values():
            channel_id = aside.thread_id or aside.channel_id
            if channel_id is None:
                continue
            host = aside.host_user_id
            try:
                await self.get_partial_messageable(channel_id).send(
                    tr(lang, "table.set_aside", mention=f"<@{host}>" if host else ""),
                    allowed_mentions=discord.AllowedMentions(
                        users=[discord.Object(host)] if host else False
                    ),
                )
            except discord.HTTPException as exc:
                log.warning(
                    "table %s: its host could not be told it is set aside: %s", aside.table_id, exc
                )

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Refuse a component of ours whose custom_id is crafted (fits no control template,
        is not on the message it claims to come from, or comes as another kind of component:
        a "click" on a select); discord.py would drop it silently."""
        if interaction.type != discord.InteractionType.component or interaction.data is None:
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        if not custom_id.startswith("pj:"):
            return
        from cogs.actions import Refusal, refuse
        from cogs.controls import matches_a_control
        from cogs.picker import walk_components

        kind = interaction.data.get("component_type")
        on_message = interaction.message is not None and any(
            getattr(c, "custom_id", None) == custom_id
            and getattr(getattr(c, "type", None), "value", kind) == kind
            for c in walk_components(interaction.message.components)
        )
        if not matches_a_control(custom_id) or not on_message:
            from cogs.bound import stale_elsewhere
            from cogs.failures import answer_failure

            # a control the message no longer shows, for a step the game has passed, is a tap
            # on an earlier drawing of it (a phone that has not caught up): out of date, and
            # the reply says what to do; anything else was never drawn
            stale = matches_a_control(custom_id) and stale_elsewhere(
                self.service, custom_id, interaction.user.id
            )
            refusal = (
                Refusal("stale", "this control is out of date")
                if stale
                else Refusal("bad_control", "this control is not valid")
            )
            try:
                await refuse(interaction, refusal)
            except Exception as exc:  # the refusal itself failed: say why, if anything can
                await answer_failure(interaction, exc)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """An event handler raised (interactions answer their own failures, see
        :mod:`cogs.failures`): log it with the event's name, keep running."""
        log.exception("error in event %s", event_method)

    async def close(self) -> None:
        try:
            if self.display is not None:
                self.display.cancel_retries()
                self.display.table_edits.cancel()
                self.display.hand_edits.cancel()
                self.display.render_pool.shutdown(wait=False, cancel_futures=True)
            if self.service is not None and self._owns_store:
                await self.service.shut_down()
            if getattr(self, "state", None) is not None:
                await self.state.close()
            if self._owns_store and self.store is not None:
                await self.store.close()
        finally:
            await super().close()


_TABLE_CONTROL = re.compile(r"pj:[a-z]:([0-9]{1,18}):")


def _table_of(data: dict[str, Any]) -> int | None:
    """The table a component (or modal) interaction's ``custom_id`` names, if any."""
    custom_id = (data.get("data") or {}).get("custom_id")
    found = _TABLE_CONTROL.match(custom_id) if isinstance(custom_id, str) else None
    return int(found.group(1)) if found else None


def _shared_shards(settings: Settings) -> tuple[int, tuple[int, ...]] | None:
    """``(shard_count, shard_ids)`` when this process runs some shards of a bot whose processes
    share PostgreSQL (each then owns its shards' tables, :mod:`bot.owners`), else ``None``."""
    if settings.shard_ids is None or settings.database_url is None or not settings.shard_count:
        return None
    return settings.shard_count, settings.shard_ids


class ShardedPaijuBot(PaijuBot, commands.AutoShardedBot):
    """The bot over discord.py's ``AutoShardedBot`` (``SHARD_COUNT`` set): the shards
    ``settings.shard_ids`` (all when unset) of ``settings.shard_count`` (Discord's
    recommendation when ``auto``) in this process, one gateway connection each. Discord sends
    each its servers' events and shard 0 the DMs; the table service is the same."""


def create_bot(settings: Settings, **kwargs: Any) -> PaijuBot:
    """A configured bot (not started): points discord.py at ``settings``' test URLs if any.

    Keyword arguments go to :class:`PaijuBot` (``service``, ``bot_delay_s``,
    ``sync_commands``, ``rng_seed``, ``forced_pass_delay`` (seconds, low and high, before a
    person who can only pass is passed for; None: never), ``bot_workers`` (processes in which
    the strong bots think, bot.thinking; 0, the default: on the loop), ``edit_intervals`` = (table
    message, hand message) seconds between two edits, and discord.py's own, e.g.
    ``max_messages``). With ``settings.shard_count`` set it is a :class:`ShardedPaijuBot`.
    """
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    if settings.sharded:
        kwargs.setdefault("shard_count", settings.shard_count or None)  # 0: auto
        kwargs.setdefault("shard_ids", list(settings.shard_ids) if settings.shard_ids else None)
        return ShardedPaijuBot(settings, **kwargs)
    return PaijuBot(settings, **kwargs)


async def run(settings: Settings) -> None:
    """Run the bot until it is stopped. Raises ``ValueError`` when no token is set."""
    if not settings.discord_token:
        raise ValueError("DISCORD_TOKEN is not set: the bot needs its token to log in")
    bot = create_bot(settings, bot_delay_s=0.8, bot_workers=settings.bot_workers)
    # SIGTERM (what `kill`, Docker without our STOPSIGNAL and Kubernetes send) stops the bot
    # the way SIGINT does, also where SIGINT is ignored (nohup, a script's &): the bot is
    # cancelled, stores its snapshots and lets go of the database's claim
    await until_terminated(_run_bot(bot, settings, settings.discord_token))


async def _run_bot(bot: PaijuBot, settings: Settings, token: str) -> None:
    pages = await start_pages(settings)
    try:
        async with bot:
            await bot.start(token)
    finally:
        if pages is not None:
            await pages.stop()


async def start_pages(settings: Settings) -> Any:
    """The read-only web pages beside the bot (:mod:`web`) when ``WEB_PORT`` is set, on the
    bot's database (which the bot may create after they start); ``None`` otherwise. The
    caller stops them (``await pages.stop()``)."""
    if settings.web_port is None:
        return None
    from web.server import start as start_web

    return await start_web(
        settings.database, settings.web_host, settings.web_port, must_exist=False
    )


def main(settings: Settings) -> int:
    """Run the bot (``python -m bot run``) and return the exit status.

    2 when Discord refuses the token, 1 when Discord cannot be reached, 0 after a clean stop;
    each failure is explained on stderr in one line, without a traceback.
    """
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure as exc:
        print(
            f"Discord refused the token ({exc}): copy a fresh one from your application's Bot"
            " page (Reset Token) into DISCORD_TOKEN",
            file=sys.stderr,
        )
        return 2
    except OSError as exc:  # aiohttp's connection errors are OSErrors
        print(f"cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    return 0
