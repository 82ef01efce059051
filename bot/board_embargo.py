"""The duplicate board embargo: a table of a duplicate tournament's round shows nothing of its
deal (replay, export, review, result, web page) until every table of the round has finished,
since they all play that deal (docs/tournaments.md). Plain SQL over the tournament tables
(migration 6 of :mod:`bot.store_schema`), for the store, the replays and the web pages alike.
"""

from __future__ import annotations

__all__ = ["BOARD_IN_PLAY_SQL", "FINISHED_MATCH_SQL", "board_in_play_sql"]


def board_in_play_sql(table: str = "?") -> str:
    """SQL selecting a row when the host table ``table`` (an SQL expression: ``?`` for a
    parameter, or a column such as ``m.table_id``) played a board of a duplicate tournament's
    round that another table is still playing or has still to play: the same deal
    (docs/tournaments.md), so nothing of it may be shown before the round is over, not even a
    finished table's replay or result."""
    return f"""
    SELECT 1 FROM tournament_tables mine
    JOIN tournaments t ON t.id = mine.tournament_id
    WHERE mine.table_id = {table} AND t.duplicate = 1
      AND t.status NOT IN ('finished', 'cancelled')
      AND EXISTS (
        SELECT 1 FROM tournament_tables other
        WHERE other.tournament_id = mine.tournament_id AND other.round = mine.round
          AND other.status <> 'finished'
      )
"""


BOARD_IN_PLAY_SQL = board_in_play_sql()
""":func:`board_in_play_sql` of a parameter: the host table's id."""


FINISHED_MATCH_SQL = (
    "EXISTS (SELECT 1 FROM games g WHERE g.id = m.game_id AND g.status = 'finished')"
    f" AND NOT EXISTS ({board_in_play_sql('m.table_id')})"
)
"""The condition on a ``matches m`` row that its game really finished and may be shown: a row
whose game is still ``playing`` (a damaged file could have one) is neither listed nor shown, as
the web pages refuse its replay; nor is a duplicate tournament board that other tables of its
round still play (its result and winning hand would tell them the deal)."""
