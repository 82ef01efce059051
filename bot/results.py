"""What a finished match leaves behind: its history record and the players' new ratings.

:func:`match_record` turns a table whose engine reports a
:class:`games.base.MatchResult` into a :class:`bot.store.MatchRow` (each seat's
team, rank and rating change, each hand's result) and the ratings to store;
the table service writes both with the closed table in one transaction.
"""

from __future__ import annotations

from bot.ratings import NO_GUILD, RatingChange, rate_match
from bot.store import HandRow, MatchPlayerRow, MatchRow, RatingRow, Store
from bot.table_model import Table

__all__ = ["match_record"]


async def match_record(store: Store, table: Table, now: float) -> tuple[MatchRow, list[RatingRow]]:
    """The match's history record and the new ratings (empty when the match is unrated).

    A match is rated when the table is (:attr:`Table.is_rated`) and a person
    played; bot seats are rated with a fresh rating that is not stored. Seats
    outside every team of the result get team -1 and rank 0.
    """
    engine = table.engine
    assert engine is not None and table.game_id is not None
    result = engine.match_result
    if result is None:
        raise ValueError(f"table {table.id}: the match is not over")
    game_row = await store.game(table.game_id)
    guild = NO_GUILD if table.guild_id is None else table.guild_id
    seat_users = [s.user_id if s.bot is None else None for s in table.seats]
    team_of = {seat: i for i, team in enumerate(result.teams) for seat in team}
    rated = table.is_rated and any(u is not None for u in seat_users)
    changes: dict[int, RatingChange] = {}
    new_rows: list[RatingRow] = []
    if rated:
        current = await store.ratings(guild, table.game, [u for u in seat_users if u is not None])
        for rated_seat in rate_match(result, seat_users, current, guild_id=guild, game=table.game):
            changes[rated_seat.seat] = rated_seat
            if rated_seat.after is not None:
                new_rows.append(rated_seat.after)
    players = []
    for seat in table.seats:
        team = team_of.get(seat.index, -1)
        change = changes.get(seat.index)
        players.append(
            MatchPlayerRow(
                seat=seat.index,
                user_id=seat.user_id,
                name=seat.name,
                bot=seat.bot,
                team=team,
                rank=result.ranks[team] if team >= 0 else 0,
                mu_before=change.before.mu if change and change.before else None,
                mu_after=change.after.mu if change and change.after else None,
                sigma_after=change.after.sigma if change and change.after else None,
            )
        )
    match = MatchRow(
        game_id=table.game_id,
        table_id=table.id,
        guild_id=guild,
        game=table.game,
        rated=rated,
        started_at=game_row.started_at,
        finished_at=now,
        result=result.to_json(),
        players=players,
        hands=[HandRow(h.number, h.to_json()) for h in engine.hand_results],
    )
    return match, new_rows
