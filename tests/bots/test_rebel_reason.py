"""造反's reason (扒鸡窝's rebel call, pajiwo.txt:65) on a real deal: the one where the decision
arises among the first 40 seeds of the quick preset (造反 is allowed with fewer than
``rebel_below`` points in hand, and the heuristic, which decides it for the strong bot too,
then rebels). Found by playing each seed with the heuristic up to the tricks."""

from __future__ import annotations

import random

from games.reasons import explain
from games.registry import GAMES
from present.bots import reason_line
from present.message import Reader

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_the_rebel_call_says_why_in_both_languages() -> None:
    spec = GAMES["pajiwo"]
    engine = spec.engine()
    game = engine(12, engine.options_type.from_dict(engine.presets["quick"]))
    bot = spec.bots()["heuristic"]()
    rng = random.Random(12)
    for _ in range(100):
        decision = next(d for d in game.pending() if d.required)
        if decision.seat is None:
            game.apply(game.table_action())
            continue
        if any(a.kind == "rebel" for a in game.legal_actions(decision.seat)):
            break
        game.apply(bot.choose(game, decision.seat, rng))
    else:
        raise AssertionError("no 造反 decision in seed 12")
    seat = decision.seat
    assert seat == 3 and game.view(seat)["phase"] == "rebel"
    move = bot.choose(game, seat, rng)
    assert move.kind == "rebel"
    reasons = explain(game, seat, move, spec.reasons())
    assert [r.id for r in reasons] == ["bots.tricks.rebel"]
    lines = [reason_line(Reader(lg, NAMES, you=seat), reasons) for lg in ("en", "zh")]
    assert lines == [
        "Why: rebels (造反): only 5 trumps and 10 points in hand",
        "理由：造反：手里只有 5 张主牌、10 分",
    ]
