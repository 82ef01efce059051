"""The league's read-only web pages (issue 24): leaderboards, season standings, players, finished
matches with a replay viewer for every hand, and the rules.

``python -m bot web`` serves them alone from the database; ``python -m bot run`` serves them
beside the Discord bot when ``WEB_PORT`` is set. aiohttp (already under discord.py) with
server-rendered Jinja2 templates and a few lines of JavaScript for the replay's arrow keys.

* :mod:`web.data`: read-only queries over its own ``mode=ro`` SQLite connection (no claim, no
  migration, never a write): only servers listed with ``/league web on``, only finished matches.
* the replay viewer steps a finished hand with :mod:`bot.replay` (the stepping API ``/replay``
  uses: steps chosen by the game's presentation, every hand face up, narrated in the reader's
  language) and :mod:`web.pictures` draws each step with :mod:`render.replay`, as PNG with an
  ETag and ``Cache-Control: private, max-age=3600`` (revalidated after an hour: 304 while the
  server is listed), kept in a small cache.
* :mod:`web.rules`: ``docs/rules/*.md`` as HTML (markdown-it-py).
* :mod:`web.app`: routes, language (``?lang=`` or ``Accept-Language``), the 404 page.
* :mod:`web.server`: start and stop the server.

The package may import ``bot``, ``games``, ``present`` and ``render``, never ``cogs``
(``tests/test_dependencies.py``).
"""
