"""How many taps a person needs on a phone: one scripted hand of 扒鸡窝 over the loopback Discord.

``python -m benchmarks discord_ux``. Alice (seat 1) and Bob (seat 2) play with two bots on a
one-hand table whose cards are all dealt at once; every move of theirs is made from the
controls of their newest DM hand message, as a person on a phone would, never by typing:

* declaring and passing from the suggested moves and buttons (one tap);
* burying eight cards of Alice's choice (not a suggested set) from the card menus: a tap per
  menu she picks from, then *Bury*;
* a throw (甩牌: two or more single cards of one side suit) chosen from the menus and played
  with *Play*, the first time Alice leads and holds one;
* every other lead and follow from the suggested moves (one tap).

A seat whose only move is pass is passed for them (``forced_pass_delay``) and is no decision.

Figures: ``discord_ux.taps_per_play_median`` (taps per trick decision, target at most 2),
``discord_ux.taps_bury_8`` (at most 5), ``discord_ux.typed_moves`` (0: no move was typed) and
``discord_ux.turn_alerts_missed`` (decisions of a person that did not come as a new DM
message, which notifies; 0).

The other four games (:func:`benchmarks.ux_games.one_hand`: a person and three bots, one
hand, every decision from the DM's controls) give ``discord_ux.<game>.taps_per_play_median``
(<= 2) and ``discord_ux.<game>.typed_moves`` (0); 打滚子's live deal gives
``discord_ux.declare_accepted_at_3s``, the share of grabs tapped 3 s after they were offered
that were accepted (1.0; :func:`benchmarks.ux_games.live_declare`).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks import Figure
from benchmarks.ux_games import live_declare, one_hand
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage

__all__ = ["run"]

OTHER_GAMES = ("dagunzi", "dagun", "jintan", "jinhua")
DECLARE_REACTION_S = 3.0  # a person on a phone: read the offer, think, tap

SEEDS = range(1, 40)  # the first whose auction gives Alice the kitty is played


def _ids(message: StoredMessage, prefix: str) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith(prefix)]


def _options(message: StoredMessage, custom_id: str) -> list[dict[str, Any]]:
    comp = message.component(custom_id)
    return list(comp["options"]) if comp else []


class Script:
    """The two people's side of the hand, counting taps per decision."""

    def __init__(self, server: LoopbackDiscord, h: Harness, bot: Any, tid: int) -> None:
        self.server, self.h, self.bot, self.tid = server, h, bot, tid
        self.play_taps: list[int] = []
        self.bury_taps = 0
        self.typed = 0
        self.alerts_missed = 0
        self.threw = False
        self.last_prompt: dict[int, int] = {}

    @property
    def engine(self) -> Any:
        return self.bot.service.get(self.tid).engine

    async def prompt(self, user: LoopbackUser, step: int) -> StoredMessage:
        """The person's newest DM with controls drawn for their decision (its number,
        :mod:`bot.decisions`); a decision that did not arrive as a new message is a missed
        alert."""
        from bot.decisions import decision_of

        table = self.bot.service.get(self.tid)
        number = decision_of(table, table.seat_of(user.id))
        step = step if number is None else number

        def ready() -> StoredMessage | None:
            for m in reversed(self.server.dms(user)):
                if any(c.split(":")[3] == str(step) for c in _ids(m, "pj:") if c.count(":") >= 3):
                    return m
            return None

        message = await self.server.wait_until(ready, what=f"{user.name}'s prompt", timeout=20)
        if self.last_prompt.get(user.id) == message.id:
            self.alerts_missed += 1
        self.last_prompt[user.id] = message.id
        return message

    async def changed(self, step: int) -> None:
        await self.server.wait_until(
            lambda: len(self.engine.actions) > step, what="the move", timeout=20
        )

    async def _ticked(self, message: StoredMessage, menu: str, values: list[str]) -> StoredMessage:
        """The message once ``values`` show ticked in ``menu`` (the bot redraws it)."""

        def ready() -> StoredMessage | None:
            m = self.server.message(message.id)
            ticked = {o["value"] for o in _options(m, menu) if o.get("default")}
            return m if set(values) <= ticked else None

        return await self.server.wait_until(ready, what="the ticks")

    async def bury(self, user: LoopbackUser, message: StoredMessage, step: int) -> None:
        """Eight cards of the weakest side suits, picked from the menus (not a suggestion)."""
        menus = _ids(message, "pj:c:")[1:] or _ids(message, "pj:c:")  # not the trumps
        wanted = 8
        for menu in sorted(menus, key=lambda m: -len(_options(message, m))):
            if wanted == 0:
                break
            values = [o["value"] for o in _options(message, menu)][-wanted:]
            await self.h.select(user, message, menu, values)
            self.bury_taps += 1
            wanted -= len(values)
            message = await self._ticked(message, menu, values)
        [bury] = [c for c in _ids(message, "pj:p:") if c.endswith(":bury")]
        await self.h.click(user, message, bury)
        self.bury_taps += 1
        await self.changed(step)

    async def throw(self, user: LoopbackUser, message: StoredMessage, step: int) -> bool:
        """Lead two singles of a side suit from its menu, if Alice holds such; True if sent."""
        for menu in _ids(message, "pj:c:")[1:]:
            cards = [o["value"] for o in _options(message, menu)]
            faces = [v.split("~")[0] for v in cards]
            singles = [v for v, f in zip(cards, faces, strict=True) if faces.count(f) == 1]
            if len(singles) >= 2:
                await self.h.select(user, message, menu, singles[:2])
                message = await self._ticked(message, menu, singles[:2])
                [play] = [c for c in _ids(message, "pj:p:") if c.endswith(":play")]
                await self.h.click(user, message, play)
                self.play_taps.append(2)
                self.threw = True
                await self.changed(step)
                return True
        return False

    async def decide(self, user: LoopbackUser, seat: int) -> None:
        step = len(self.engine.actions)
        kinds = {k for d in self.engine.pending() if d.seat == seat for k in d.kinds}
        message = await self.prompt(user, step)
        if "bury" in kinds:
            await self.bury(user, message, step)
            return
        trick = self.bot.service.view(self.tid, user.id).get("trick") or {}
        leading = "play" in kinds and not trick.get("plays")
        if leading and seat == 0 and not self.threw and await self.throw(user, message, step):
            return
        suggested = _ids(message, "pj:s:")
        if suggested:
            first = _options(message, suggested[0])[0]["value"]
            await self.h.select(user, message, suggested[0], [first])
        else:
            await self.h.click(user, message, _ids(message, "pj:a:")[0])
        if "play" in kinds:
            self.play_taps.append(1)
        await self.changed(step)


async def _others(db: Path) -> dict[str, Any]:
    """The other four games' taps per play (benchmarks.ux_games.one_hand) and the live deal's
    declarations at a 3 s reaction (benchmarks.ux_games.live_declare)."""
    from bot.config import Settings
    from cogs.client import create_bot

    server = LoopbackDiscord(validate=False)
    await server.start()
    h = Harness(server, timeout=30)
    out: dict[str, Any] = {}
    try:
        (alice,) = server.add_users("amy")
        settings = Settings(
            database_path=db,
            dev_guild_id=server.guild.id,
            default_pace="relaxed",
            discord_api_base=server.api_base,
            discord_gateway_url=server.gateway_url,
        )
        bot = create_bot(
            settings, rng_seed=1, edit_intervals=(0.3, 0.1), forced_pass_delay=(0.05, 0.2)
        )
        await h.start_bot(bot)
        for game in OTHER_GAMES:
            out[game] = await one_hand(server, h, bot, alice, game, seed=1)
        trials = [await live_declare(server, h, bot, t, DECLARE_REACTION_S) for t in range(3)]
        out["declare"] = trials
        await h.stop_bot()
    finally:
        await server.stop()
    return out


async def _main(db: Path) -> dict[str, float]:
    from bot.config import Settings
    from cogs.client import create_bot

    server = LoopbackDiscord(validate=False)
    await server.start()
    h = Harness(server, timeout=30)
    try:
        alice, bob = server.add_users("alice", "bob")
        settings = Settings(
            database_path=db,
            dev_guild_id=server.guild.id,
            default_pace="relaxed",
            discord_api_base=server.api_base,
            discord_gateway_url=server.gateway_url,
        )
        bot = create_bot(
            settings, rng_seed=1, edit_intervals=(0.3, 0.1), forced_pass_delay=(0.05, 0.2)
        )
        await h.start_bot(bot)
        for seed in SEEDS:
            channel = server.add_channel(f"ux-{seed}")
            opened = await h.slash(
                alice, "table open", channel=channel, game="pajiwo", preset="quick"
            )
            await opened.final()
            options = await h.slash(alice, "table options", channel=channel, set="deal=all_at_once")
            await options.final()
            await (await h.slash(bob, "table join", channel=channel)).final()
            await (await h.slash(alice, "table addbot", channel=channel)).final()
            table = await bot.service.start(channel.id, alice.id, seed=seed)
            script = Script(server, h, bot, table.id)
            people = {0: alice, 1: bob}
            while not script.engine.is_over:
                pending = [d for d in script.engine.pending() if d.seat in people and d.required]
                legal = {
                    d.seat: bot.service.legal_actions(table.id, people[d.seat].id, 2)
                    for d in pending
                }
                choices = [d for d in pending if [a.kind for a in legal[d.seat]] != ["pass"]]
                if script.engine.phase == "play" and script.bury_taps == 0:
                    break  # somebody else took the kitty: try the next deal
                if not choices:
                    await asyncio.sleep(0.05)
                    continue
                seat = choices[0].seat
                await script.decide(people[seat], seat)
            if script.bury_taps:
                await bot.display.drain()
                break
            await (await h.slash(alice, "table abort", channel=channel)).final()
        await h.stop_bot()
    finally:
        await server.stop()
    return {
        "taps_per_play_median": statistics.median(script.play_taps),
        "taps_bury_8": script.bury_taps,
        "typed_moves": script.typed,
        "turn_alerts_missed": script.alerts_missed,
        "plays": len(script.play_taps),
        "threw": script.threw,
        "seed": seed,
    }


def run() -> Iterator[Figure]:
    with tempfile.TemporaryDirectory() as tmp:
        out = asyncio.run(_main(Path(tmp) / "ux.sqlite3"))
        others = asyncio.run(_others(Path(tmp) / "ux_others.sqlite3"))
    extra = {"plays": out["plays"], "throw_made": out["threw"], "seed": out["seed"]}
    yield Figure(
        "discord_ux.taps_per_play_median", out["taps_per_play_median"], "taps", "<= 2", extra
    )
    yield Figure("discord_ux.taps_bury_8", out["taps_bury_8"], "taps", "<= 5", extra)
    yield Figure("discord_ux.typed_moves", out["typed_moves"], "moves", "0", extra)
    yield Figure("discord_ux.turn_alerts_missed", out["turn_alerts_missed"], "alerts", "0", extra)
    for game in OTHER_GAMES:
        got = others[game]
        median = statistics.median(got["taps"]) if got["taps"] else 0
        more = {"plays": len(got["taps"]), "decisions": got["decisions"]}
        yield Figure(f"discord_ux.{game}.taps_per_play_median", median, "taps", "<= 2", more)
        yield Figure(f"discord_ux.{game}.typed_moves", got["typed"], "moves", "0", more)
    trials = others["declare"]
    accepted = sum(ok for ok, _ in trials) / len(trials)
    between = {"trials": len(trials), "deal_steps_between": [n for _, n in trials]}
    yield Figure("discord_ux.declare_accepted_at_3s", accepted, "share", "1.0", between)
