"""The end of a 打滚 (Dagun) hand and match: the points that stood, 末游's points, the result and
the coins (``dagun_and_jinhua-mahjong.txt:59-75``), and the match's ranking by coins.

Functions over a :class:`games.dagun.engine.DagunGame`, called by the engine when the hand ends;
the amounts are :mod:`games.dagun.scoring`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import JSON, Event, HandResult, MatchResult
from games.dagun.deck import asc, card_points
from games.dagun.scoring import Settlement, settle_alone, settle_partners

if TYPE_CHECKING:
    from games.dagun.engine import DagunGame

__all__ = ["finish_hand", "rank_match"]


def finish_hand(game: DagunGame) -> list[Event]:
    """Points on the table go to the play that stood (:67); 末游's points to 一游 and its
    unplayed points to 三游 (:59); the result (:61-65) and the coins (:69-75)."""
    events: list[Event] = []
    if game.standing is not None and game.round_cards:
        pts = card_points(game.round_cards)
        game.captured[game.standing.seat] += pts
    game.standing = None
    game.turn = None
    teams = game.true_teams()
    last: int | None = None
    if game.alone is None and len(game.out) == 3:
        last = next(s for s in range(4) if s not in game.out)
        first, third = game.out[0], game.out[2]
        moved = game.captured[last]
        game.captured[first] += moved
        game.captured[last] = 0
        left = card_points(game.hands[last])
        game.captured[third] += left
        game.left_points = left
    st: Settlement
    if game.alone is not None:
        st = settle_alone(game.alone, game.out[0], game.options)
    else:
        st = settle_partners(teams, game.out, last, game.captured, game.options)
    for s, bonus in game.bonuses.items():
        for name, per_other in bonus:
            for o in range(4):
                delta = per_other * game.options.stake
                st.coins[o] += 3 * delta if o == s else -delta
            st.notes.append(f"seat {s} holds {name}: each other seat pays {per_other} stake")
    for s in range(4):
        game.coins[s] += st.coins[s]
    game.revealed = True
    team_points = tuple(sum(game.captured[s] for s in team) for team in teams)
    summary: dict[str, JSON] = {
        "dealer": game.dealer,
        "called": asc([game.called])[0],
        "partner": game.partner,
        "alone": game.alone,
        "finish_order": list(game.out),
        "last": last,
        "captured": list(game.captured),
        "team_points": list(team_points),
        "result": st.result,
        "multiplier": st.multiplier,
        "winners": list(st.winners),
        "coins": list(st.coins),
        "coins_total": list(game.coins),
        "bonuses": {str(s): [n for n, _ in b] for s, b in game.bonuses.items()},
        "notes": list(st.notes),
    }
    result = HandResult(game.hand_number, teams, team_points, summary, st.text)
    game.finished_teams = teams
    game._hand_results.append(result)
    events.append(Event("hand_over", None, result.to_json(), st.text))
    game.dealer = game.out[0]  # the last hand's 一游 deals next (:47)
    if game.hand_number >= game.options.match_hands:
        game.phase = "match_over"
        game._match_result = rank_match(game)
        events.append(
            Event("match_over", None, game._match_result.to_json(), game._match_result.text)
        )
    else:
        game.phase = "hand_over"
    return events


def rank_match(game: DagunGame) -> MatchResult:
    """Seats ranked by total coins, ties sharing a rank (free-for-all ratings)."""
    ranks = tuple(1 + sum(1 for o in game.coins if o > c) for c in game.coins)
    best = max(game.coins)
    leaders = " & ".join(f"seat {s}" for s in range(4) if game.coins[s] == best)
    return MatchResult(
        ((0,), (1,), (2,), (3,)),
        ranks,
        tuple(game.coins),
        {"coins": list(game.coins), "hands": game.hand_number},
        f"{leaders} {'share first place' if ' & ' in leaders else 'wins'} with {best} coins",
    )
