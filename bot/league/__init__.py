"""Community leagues (issue 23): organisers, seasons with their own ratings, standings, the
archive of past seasons, and player statistics.

No Discord here: the cogs (:mod:`cogs.league`) and other front ends call these.

* :mod:`bot.league.organisers`: who may run the league (:func:`is_organiser`).
* :mod:`bot.league.rating`: a season's openskill update and league points (pure).
* :mod:`bot.league.seasons`: start, end, standings, archive (:class:`LeagueError` refusals).
* :mod:`bot.league.stats`: a player's games, wins, points, streaks, favourite games and
  rating over time.
"""
