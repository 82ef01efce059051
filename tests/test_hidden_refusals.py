"""Refusals never reveal hidden state, in all five games (issue 20 F3, docs/security.md).

For states reached by the heuristic bots over many seeds, and for every seat ``s``: the
hidden cards (tiles) that ``s`` cannot see -- the other seats' hands, the hidden kitty, the
undealt cards, the mahjong wall -- are shuffled among themselves, keeping every holder's
count, and ``view(s)`` is checked unchanged. Then ``s``'s menu (``legal_actions``) and the
engine's answer to every candidate move for ``s`` (accepted, or the refusal's code, message
and params) must be the same in both states. The candidates are every seat's listed moves
re-addressed to ``s`` plus bare kinds, fixed before the shuffle. Every listed move of ``s``
must also pass ``check`` (a menu offers only moves ``check`` accepts).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.base import Action, Game, IllegalAction
from games.registry import GAMES

KEYS = ["pajiwo", "dagunzi", "dagun", "jintan", "jinhua"]
SEEDS = range(1, 9)
SAMPLES = 5  # states examined per seed


def _answer(game: Game, action: Action) -> tuple[Any, ...]:
    try:
        game.check(action)
    except IllegalAction as exc:
        return ("refused", exc.code, exc.message, repr(sorted(exc.params.items())), exc.rule)
    return ("accepted",)


def _pools(game: Game, seat: int) -> list[list[list[Any]]]:
    """Groups of lists whose contents ``seat`` cannot see: each group is shuffled as one."""
    hands = [h for s, h in enumerate(game.hands) if s != seat]  # type: ignore[attr-defined]
    groups: list[list[list[Any]]] = [hands]
    extra: list[list[Any]] = []
    kitty = getattr(game, "kitty", None)
    if isinstance(kitty, list) and kitty:
        extra.append(kitty)
    if isinstance(getattr(game, "undealt", None), list):
        extra.append(_Tail(game, "undealt", int(getattr(game, "deal_pos", 0))))  # type: ignore[arg-type]
    wall = getattr(game, "wall", None)
    if wall is not None and hasattr(wall, "tiles"):
        extra.append(_Tail(wall, "tiles", wall.front, wall.back))  # type: ignore[arg-type]
    if extra:
        groups = [hands + extra, hands, extra]
    return groups


class _Tail:
    """A slice ``obj.name[start:stop]`` that can be read and written back as a list."""

    def __init__(self, obj: Any, name: str, start: int, stop: int | None = None) -> None:
        self.obj, self.name, self.start, self.stop = obj, name, start, stop

    def get(self) -> list[Any]:
        return list(getattr(self.obj, self.name)[self.start : self.stop])

    def put(self, items: list[Any]) -> None:
        whole = getattr(self.obj, self.name)
        stop = len(whole) if self.stop is None else self.stop
        whole[self.start : stop] = items


def _read(part: Any) -> list[Any]:
    return part.get() if isinstance(part, _Tail) else list(part)


def _write(part: Any, items: list[Any]) -> None:
    if isinstance(part, _Tail):
        part.put(items)
    else:
        part[:] = items


def _twin(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A copy of ``game`` whose hidden contents (for ``seat``) are shuffled, with the same
    ``view(seat)``; ``None`` when no shuffle kept the view (or none changed anything)."""
    before = game.view(seat)
    for group_index in range(3):
        twin = copy.deepcopy(game)
        groups = _pools(twin, seat)
        if group_index >= len(groups):
            return None
        parts = groups[group_index]
        contents = [_read(p) for p in parts]
        pool = [x for c in contents for x in c]
        rng.shuffle(pool)
        at = 0
        for part, old in zip(parts, contents, strict=True):
            _write(part, pool[at : at + len(old)])
            at += len(old)
        if [_read(p) for p in parts] == contents:
            continue  # nothing moved
        if twin.view(seat) == before:
            return twin
    return None


def _candidates(game: Game, seat: int) -> list[Action]:
    out: list[Action] = []
    kinds: set[str] = set()
    for other in range(game.seat_count):
        for action in game.legal_actions(other, 30):
            out.append(Action(seat, action.kind, dict(action.data)))
            kinds.add(action.kind)
    for decision in game.pending():
        kinds.update(decision.kinds)
    out += [Action(seat, kind, {}) for kind in sorted(kinds)]
    return out


def _step(game: Game, bots: dict[int, Any], rng: random.Random) -> bool:
    pending = [d for d in game.pending() if d.required]
    if not pending:
        return False
    decision = rng.choice(pending)
    if decision.seat is None:
        action = game.table_action() or Action(None, decision.kinds[0])
    else:
        action = bots[decision.seat].choose(game, decision.seat, rng)
    game.apply(action)
    return True


def _options(key: str) -> dict[str, Any]:
    spec = GAMES[key]
    names = set(spec.engine().options_type.__dataclass_fields__)
    out: dict[str, Any] = {}
    if "match" in names:
        out["match"] = "one_hand"
    return out


@pytest.mark.parametrize("key", KEYS)
def test_no_refusal_changes_when_hidden_cards_are_swapped(key: str) -> None:
    spec = GAMES[key]
    engine = spec.engine()
    checked = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        game = engine(seed, engine.options_type.from_dict(_options(key)))
        bots = {s: spec.bots()["heuristic"]() for s in range(engine.seat_count)}
        marks = sorted(rng.sample(range(120), SAMPLES))
        kinds: tuple[str, ...] = ()
        for n in range(401):
            if game.is_over:
                break
            # random states, and every state where what is asked changes (a new phase:
            # declaring, burying, 扣王, taking back, a claim window ...)
            now = tuple(sorted({k for d in game.pending() if d.required for k in d.kinds}))
            changed, kinds = now != kinds, now
            if n in marks or changed:
                for seat in range(engine.seat_count):
                    twin = _twin(game, seat, rng)
                    if twin is None:
                        continue
                    menu = game.legal_actions(seat)
                    assert twin.legal_actions(seat) == menu, (key, seed, n, seat)
                    for action in menu:  # a menu offers only what check accepts
                        assert _answer(game, action) == ("accepted",), (key, seed, action)
                    for action in _candidates(game, seat):
                        mine, theirs = _answer(game, action), _answer(twin, action)
                        assert mine == theirs, (key, seed, n, seat, action, mine, theirs)
                    checked += 1
            if not _step(game, bots, rng):
                break
    assert checked >= 100, (key, checked)  # the test examined real states, not none


def test_dagunzi_joker_burial_is_answered_alike_whatever_the_kitty_holds() -> None:
    """The probe of issue 20 F3: the dealer's hidden kitty holds five point cards and one
    small card; the next seat's first menu entry buries two 大王. Its answer must be the same
    when the kitty holds more small cards (the same view for that seat)."""
    from games.dagunzi import rules as R
    from tests.dagunzi.helpers import act, cards, place
    from tests.dagunzi.test_flow import at_bury, side_cards

    game = at_bury()
    dealer = game.dealer
    assert dealer is not None
    bury, _ = side_cards(game, 5)
    place(game, game.hands[dealer], cards(" ".join(bury)))
    nxt = (dealer + 1) % 4
    place(game, game.hands[nxt], cards("BJ BJ"))
    act(game, dealer, "bury", " ".join(bury))
    assert len(R.pickable(game.kitty)) == 1
    rng = random.Random(3)
    twins = []
    for _ in range(200):
        twin = _twin(game, nxt, rng)
        if twin is not None and len(R.pickable(twin.kitty)) >= 3:  # type: ignore[attr-defined]
            twins.append(twin)
        if len(twins) == 3:
            break
    assert len(twins) == 3
    menu = game.legal_actions(nxt)
    assert menu[0].kind == "bury_jokers" and len(menu[0].data["cards"]) >= 2
    for twin in twins:
        assert twin.legal_actions(nxt) == menu
        for action in [*menu, *_candidates(game, nxt)]:
            assert _answer(game, action) == _answer(twin, action), action
