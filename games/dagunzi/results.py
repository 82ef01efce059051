"""The end of a Dagunzi hand: 抠底, the result table, blood, levels, the 轮's end, the match.

Functions over a :class:`games.dagunzi.engine.DagunziGame` (called by the engine when the
last trick is won); the rules themselves are :mod:`games.dagunzi.rules`
(``dagunzi.txt:78-112``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import JSON, Event, HandResult, MatchResult
from games.dagunzi import rules as R
from games.dagunzi.deck import TEAMS, asc, card_points, level_label

if TYPE_CHECKING:
    from games.dagunzi.engine import DagunziGame

__all__ = ["end_match", "finish_hand", "match_done"]


def finish_hand(game: DagunziGame, last_winner: int) -> list[Event]:
    """抠底 (dagunzi.txt:106), the result (dagunzi.txt:83-97), blood (:103-104), levels and
    the 轮's end (dagunzi.txt:78-81, 108-112)."""
    assert game.dealer is not None
    opts = game.options
    events: list[Event] = []
    dealer_team = game.dealer % 2
    def_team = 1 - dealer_team
    defenders_last = last_winner % 2 == def_team
    if defenders_last:
        kitty_pts = card_points(game.kitty)
        game.points[def_team] += 2 * kitty_pts
        game.kitty_bonus = {"kitty_points": kitty_pts, "bonus": 2 * kitty_pts}
        events.append(
            Event(
                "kitty_won",
                last_winner,
                dict(game.kitty_bonus),
                f"抠底: seat {last_winner} wins the last trick; the kitty's {kitty_pts} "
                f"points count double: {2 * kitty_pts}",
            )
        )
    score = game.points[def_team]
    st = R.settle(score, dealer_team, defenders_last, game.kitty, game.gan, opts.kitty_joker_levels)
    before = list(game.levels)
    winner = st.winner_team
    game.levels[winner] = R.climb(game.levels[winner], st.levels_up, opts.top)
    if opts.j_rule and game.level == 11 and defenders_last:
        game.levels[dealer_team] = 3  # 打J: the dealer side starts again from 3 (:113)
    game.hands_won[winner] += 1
    end = R.lun_end(score, dealer_team, st, game.kitty, game.gan, game.levels[winner], opts.top)
    lun_winner, why = end if end is not None else (None, "")
    game.blood = st.blood
    game.blood_parts = {
        "score": R.blood_from_score(score),
        "jokers": st.blood - R.blood_from_score(score),
    }
    if st.takeover:
        next_dealer = (game.dealer + 1) % 4
    else:
        next_dealer = game.dealer if opts.next_dealer == "same" else (game.dealer + 2) % 4
    words = {
        "keep_up": f"the dealer side keeps the kitty (保底) and goes up {st.levels_up}",
        "keep_void": "the defenders win the kitty (抠底) under 120: the dealer side keeps "
        "the deal without a level, the buried jokers are void",
        "take_no_level": "the dealer side keeps the kitty but the defenders take the deal "
        "without a level",
        "take_up": f"the defenders win the kitty (抠底) and go up {st.levels_up}",
    }
    text = f"defenders {score}: {words[st.case]}"
    summary: dict[str, JSON] = {
        "dealer": game.dealer,
        "dealer_team": list(TEAMS[dealer_team]),
        "level": level_label(game.level),
        "trump": game.trump_suit.value if game.trump_suit else None,
        "defenders_points": score,
        "kitty": asc(game.kitty),
        "kitty_bonus": game.kitty_bonus,
        "gan_guo": game.gan,
        "case": st.case,
        "takeover": st.takeover,
        "levels_up": st.levels_up,
        "jokers_rewarded": st.jokers_rewarded and not game.gan,
        "blood_next": st.blood,
        "winner_team": list(TEAMS[winner]),
        "levels_before": [level_label(x) for x in before],
        "levels_after": [level_label(min(x, opts.top)) for x in game.levels],
        "next_dealer": next_dealer,
        "lun": game.lun_number,
        "lun_over": lun_winner is not None,
        "lun_winner": None if lun_winner is None else list(TEAMS[lun_winner]),
    }
    result = HandResult(game.hand_number, TEAMS, (game.points[0], game.points[1]), summary, text)
    game._hand_results.append(result)
    events.append(Event("hand_over", None, result.to_json(), text))
    if st.levels_up and game.levels[winner] != before[winner]:
        events.append(
            Event(
                "level_up",
                None,
                {"team": list(TEAMS[winner]), "level": level_label(game.levels[winner])},
                f"seats {TEAMS[winner][0]} & {TEAMS[winner][1]} go up to "
                f"{level_label(min(game.levels[winner], opts.top))}"
                + (" and past it" if game.levels[winner] > opts.top else ""),
            )
        )
    game.dealer = next_dealer
    game.phase = "hand_over"
    game.turn = None
    if lun_winner is not None:
        game.luns_won[lun_winner] += 1
        game.lun_winners.append(lun_winner)
        events.append(
            Event(
                "lun_over",
                None,
                {"lun": game.lun_number, "winner": list(TEAMS[lun_winner]), "why": why},
                f"seats {TEAMS[lun_winner][0]} & {TEAMS[lun_winner][1]} win 轮 "
                f"{game.lun_number}: {why}",
            )
        )
    if match_done(game, lun_winner is not None):
        events.append(end_match(game, winner))
    elif lun_winner is not None:
        game.lun_number += 1
        game.levels = [3, 3]
        game.blood = 0
        game.blood_parts = {"score": 0, "jokers": 0}
        game.dealer = None
    return events


def match_done(game: DagunziGame, lun_over: bool) -> bool:
    opts = game.options
    if opts.match == "one_hand":
        return True
    if opts.match == "hands":
        return game.hand_number >= opts.hands
    return lun_over and len(game.lun_winners) >= opts.luns


def end_match(game: DagunziGame, last_hand_winner: int) -> Event:
    """Ranks: more 轮 won, then the higher level, then the last hand's winner in a
    one-hand match; otherwise a tie."""
    game.phase = "match_over"
    key = [(game.luns_won[t], min(game.levels[t], game.options.top + 1)) for t in (0, 1)]
    if game.options.match == "one_hand" and key[0] == key[1]:
        key = [(int(t == last_hand_winner), 0) for t in (0, 1)]
    if key[0] == key[1]:
        ranks: tuple[int, ...] = (1, 1)
        text = "the match is drawn"
    else:
        best = 0 if key[0] > key[1] else 1
        ranks = (1, 2) if best == 0 else (2, 1)
        text = f"seats {TEAMS[best][0]} & {TEAMS[best][1]} win the match"
    game._match_result = MatchResult(
        TEAMS,
        ranks,
        (game.levels[0], game.levels[1]),
        {
            "levels": [level_label(min(x, game.options.top)) for x in game.levels],
            "luns_won": list(game.luns_won),
            "hands": game.hand_number,
            "hands_won": list(game.hands_won),
        },
        text,
    )
    return Event("match_over", None, game._match_result.to_json(), text)
