"""The phone figures of :mod:`benchmarks.bench_discord_ux` for every game, and the live deal.

:func:`one_hand` seats Alice with three bots at a one-hand table of any game and makes each
of her decisions from the controls of her newest DM hand message, as a person on a phone
would, never by typing: the first suggested move (a tap on the suggestion menu, or on a
group's menu in 打滚), a button (pass, a claim), or, where the message offers neither, the
hinted cards ticked in the card menus and the kind's button. It counts the taps of each
play (a card or tile played: ``play``, ``discard``).

:func:`live_declare` is 打滚子's live deal at its own pace (a deal step every 1.5 s): Alice,
with three people who never declare, sees the grab (a 大王) offered in her DM, waits
``reaction_s`` as a person on a phone does, then taps the offer she saw. The figure is the
share of such taps accepted (issue 19: 0 of 13 at 2.0-2.5 s before controls were bound to
decisions).
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.decisions import decision_of, step_count
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage

__all__ = ["live_declare", "one_hand"]

PLAY_KINDS = ("play", "discard")


def _ids(message: StoredMessage, prefix: str) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith(prefix)]


def _drawn_for(message: StoredMessage, number: int) -> bool:
    """True when the message's move controls carry decision ``number``."""
    ids = [c for c in message.custom_ids() if c[:5] in ("pj:a:", "pj:s:", "pj:g:", "pj:c:")]
    return any(c.split(":")[3] == str(number) for c in ids)


async def _prompt(server: LoopbackDiscord, user: LoopbackUser, number: int) -> StoredMessage:
    def ready() -> StoredMessage | None:
        return next((m for m in reversed(server.dms(user)) if _drawn_for(m, number)), None)

    return await server.wait_until(ready, what=f"{user.name}'s controls", timeout=20)


async def _from_menus(
    h: Harness, server: LoopbackDiscord, user: LoopbackUser, message: StoredMessage, move: Any
) -> int:
    """Tick ``move``'s cards in the card menus and press its kind's button; the taps."""
    from cogs.present import same_cards

    taps = 0
    wanted = list(move.data.get("cards") or [])
    for menu in _ids(message, "pj:c:"):
        options = [o["value"] for o in (message.component(menu) or {}).get("options", [])]
        chosen: list[str] = []
        for value in options:
            card = value.split("~")[0]
            match = next((w for w in wanted if same_cards([w], [card])), None)
            if match is not None:
                chosen.append(value)
                wanted.remove(match)
        if chosen:
            await h.select(user, message, menu, chosen)
            taps += 1

            def ticked(
                m: StoredMessage = message, c: str = menu, v: list[str] = chosen
            ) -> StoredMessage | None:
                return _ticked(server, m, c, v)

            message = await server.wait_until(ticked, what="the ticks")
    [submit] = [c for c in _ids(message, "pj:p:") if c.endswith(f":{move.kind}")]
    await h.click(user, message, submit)
    return taps + 1


def _ticked(
    server: LoopbackDiscord, message: StoredMessage, menu: str, values: list[str]
) -> StoredMessage | None:
    m = server.message(message.id)
    comp = m.component(menu) or {}
    ticked = {o["value"] for o in comp.get("options", []) if o.get("default")}
    return m if set(values) <= ticked else None


async def one_hand(
    server: LoopbackDiscord, h: Harness, bot: Any, alice: LoopbackUser, game: str, seed: int
) -> dict[str, Any]:
    """One hand of ``game`` for Alice and three bots: taps per play, typed moves (0)."""
    channel = server.add_channel(f"ux-{game}-{seed}")
    await (await h.slash(alice, "table open", channel=channel, game=game, preset="quick")).final()
    await (await h.slash(alice, "table addbot", channel=channel)).final()
    table = await bot.service.start(channel.id, alice.id, seed=seed)
    engine = table.engine
    taps: list[int] = []
    decisions = 0
    while not engine.is_over:
        mine = [d for d in engine.pending() if d.seat == 0 and d.required]
        legal = bot.service.legal_actions(table.id, alice.id, 25) if mine else []
        if not mine or [a.kind for a in legal] == ["pass"]:  # passed for her: no decision
            await asyncio.sleep(0.02)
            continue
        before = len(engine.actions)
        number = decision_of(table, 0)
        assert number is not None
        message = await _prompt(server, alice, number)
        kinds = {a.kind for a in legal}
        count = 1
        suggested = _ids(message, "pj:s:") or _ids(message, "pj:g:")
        if suggested:
            first = (message.component(suggested[0]) or {})["options"][0]["value"]
            await h.select(alice, message, suggested[0], [first])
        elif _ids(message, "pj:a:"):
            await h.click(alice, message, _ids(message, "pj:a:")[0])
        else:
            hint = bot.service.hint(table.id, alice.id)
            count = await _from_menus(h, server, alice, message, hint)
        decisions += 1
        if kinds & set(PLAY_KINDS):
            taps.append(count)
        await _moved(server, engine, before)
    await bot.display.drain()
    return {"taps": taps, "decisions": decisions, "typed": 0}


async def _moved(server: LoopbackDiscord, engine: Any, before: int) -> None:
    def moved() -> bool | None:
        return len(engine.actions) > before or None

    await server.wait_until(moved, what="the move")


def _grab_seed(start: int) -> int:
    """The first seed from ``start`` whose live deal offers seat 0 a grab within three deal
    steps, with at least five more to come."""
    from games.base import Action
    from games.registry import GAMES

    engine_type = GAMES["dagunzi"].engine()
    options = engine_type.options_type.from_dict({"deal": "progressive", "match": "one_hand"})
    for seed in range(start, start + 500):
        engine = engine_type(seed, options)
        for _ in range(4):
            if any(a.kind == "declare" for a in engine.legal_actions(0, None)):
                return seed
            engine.apply(Action(None, "deal"))
    raise AssertionError("no seed offers an early grab")


async def live_declare(
    server: LoopbackDiscord, h: Harness, bot: Any, trial: int, reaction_s: float
) -> tuple[bool, int]:
    """One live deal: ``(the tap was accepted, deal steps between seeing and tapping)``."""
    people = server.add_users(*(f"p{trial}-{i}" for i in range(4)))
    alice = people[0]
    channel = server.add_channel(f"live-{trial}")
    opened = await h.slash(
        alice, "table open", channel=channel, game="dagunzi", preset="quick", pace="live"
    )
    await opened.final()
    for user in people[1:]:
        await (await h.slash(user, "table join", channel=channel)).final()
    table = await bot.service.start(channel.id, alice.id, seed=_grab_seed(100 * trial + 1))
    engine = table.engine

    def offered() -> tuple[StoredMessage, str, str] | None:
        for message in reversed(server.dms(alice)):
            for custom_id in _ids(message, "pj:s:"):
                for option in (message.component(custom_id) or {}).get("options", []):
                    if str(option["value"]).startswith("declare:"):
                        return message, custom_id, str(option["value"])
        return None

    message, custom_id, value = await server.wait_until(offered, what="the grab", timeout=30)
    seen = step_count(engine.actions)
    await asyncio.sleep(reaction_s)
    between = step_count(engine.actions) - seen
    result = await h.select(alice, message.id, custom_id, [value], strict=False)
    try:
        await server.wait_until(
            lambda: any(a.kind == "declare" for a in engine.actions) or None, timeout=3
        )
        accepted = True
    except TimeoutError:
        accepted = False
    accepted = accepted and not any("❌" in f.text() for f in result.followups)
    await (await h.slash(alice, "table abort", channel=channel)).final()
    return accepted, between
