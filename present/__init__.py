"""What each moment of a game says, written once and rendered by every front end.

The terminal (:mod:`bot.cli`), Discord (:mod:`cogs`), pictures' captions and replays all
show a game through this package, never through their own reading of the engine's views:

* :mod:`present.i18n` — the message catalogues (gettext ``.po`` read with Babel): ``tr``,
  plurals (``ntr``), English / 简体中文 / 繁體中文 (OpenCC, :mod:`present.zh_variant`).
* :mod:`present.message` — :class:`~present.message.Msg`, a language-neutral message (an id
  and parameters: seats, cards, tiles, counts, nested messages) and :func:`render`, which
  turns one into text for a reader (language, seat names, who is reading, plain or markdown).
* :mod:`present.results` — each game's end-of-hand and end-of-match results as messages,
  built from the engine's ``HandResult`` / ``MatchResult`` (the truth), never from a view.
* ``present/<game>.py`` — one module per game, found by name (:func:`present.games.of`).

Dependencies: ``present -> games`` only (no Discord, no asyncio, no Pillow, no SQL);
``bot``, ``cogs`` and ``render`` may import it.
"""
