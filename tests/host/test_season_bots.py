"""An organiser's switch (``/league season start bots_count:true``): rated tables with a bot
seated count for that season too; by default only a tournament's tables do. Stored with the
season (migration 8) and said in the standings' footer."""

from __future__ import annotations

from bot.league.seasons import season_standings, start_season
from bot.store import Store
from cogs.league import standings_text
from tests.host.test_league import GUILD, _match


async def _lines(store: Store, game: str = "pajiwo") -> dict[int, tuple[int, int, int]]:
    s = await season_standings(store, GUILD, game)
    return {ln.user_id: (ln.games, ln.wins, ln.points) for ln in s.lines}


async def test_a_season_started_with_bots_count_counts_a_rated_table_with_bots(
    store: Store,
) -> None:
    season = await start_season(store, GUILD, "pajiwo", 1, 0.0, bots_count=True)
    assert season.bots_count is True
    stored = await store.active_season(GUILD, "pajiwo")
    assert stored is not None and stored.bots_count is True  # kept in the store
    # 10 & 12 (people) beat two bots at a host's rated:True table
    one = await _match(store, [10, None, 12, None], [[0, 2], [1, 3]], [1, 2], now=100.0)
    assert await store.season_match_ids(season.id) == [one]
    assert await _lines(store) == {10: (1, 1, 2), 12: (1, 1, 2)}  # bots never listed
    # an unrated table with bots still does not count
    await _match(store, [10, None, 12, None], [[0, 2], [1, 3]], [1, 2], rated=False, now=110.0)
    assert await store.season_match_ids(season.id) == [one]


async def test_by_default_a_table_with_bots_counts_only_at_a_tournament(store: Store) -> None:
    season = await start_season(store, GUILD, "dagun", 1, 0.0)
    assert season.bots_count is False
    await _match(store, [10, None, 12], [[0], [1], [2]], [1, 2, 3], game="dagun", now=100.0)
    assert await store.season_match_ids(season.id) == []
    assert await _lines(store, "dagun") == {}
    # another game's season keeps its own switch
    other = await start_season(store, GUILD, "jintan", 1, 0.0, bots_count=True)
    await _match(store, [10, None], [[0], [1]], [1, 2], game="jintan", now=120.0)
    assert len(await store.season_match_ids(other.id)) == 1


async def test_the_standings_footer_says_what_counts_in_both_languages(store: Store) -> None:
    await start_season(store, GUILD, "pajiwo", 1, 0.0, bots_count=True)
    await start_season(store, GUILD, "dagun", 1, 0.0)
    with_bots = await season_standings(store, GUILD, "pajiwo")
    without = await season_standings(store, GUILD, "dagun")
    en = standings_text("en", with_bots).splitlines()[-1]
    assert en == "-# Rated tables with a bot seated count for this season too (set at its start)."
    zh = standings_text("zh-CN", with_bots).splitlines()[-1]
    assert zh == "-# 本赛季有机器人入座的计分牌桌也计入（赛季开始时设定）。"
    assert standings_text("en", without).splitlines()[-1] == (
        "-# Of the tables with a bot seated, only tournament tables count for this season."
    )
    assert standings_text("zh-CN", without).splitlines()[-1] == (
        "-# 有机器人入座的牌桌，只有比赛的牌桌计入本赛季。"
    )
