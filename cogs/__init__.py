"""discord.py cogs: thin adapters from interactions to the table service in :mod:`bot`.

Modules (import-light here; ``bot.discord_app.PaijuBot`` loads the extensions):

* :mod:`cogs.tables` — ``/table open|join|leave|addbot|kick|start|status|options|abort``
* :mod:`cogs.play` — ``/play cards:`` (autocomplete), ``/pass``, ``/hand``, ``/hint``
* :mod:`cogs.info` — ``/rules``, ``/rating``, ``/leaderboard``, ``/history``
* :mod:`cogs.controls` — buttons and selects (``DynamicItem``, restart-proof custom_ids)
* :mod:`cogs.actions` — defer, act with an idempotency key, refuse ephemerally
* :mod:`cogs.failures` — Discord's refusals and errors answered, permissions checked
* :mod:`cogs.display` — the table message and private hands, coalesced edits
* :mod:`cogs.i18n` — 简体中文 / English: the command Translator and the message catalogue
* :mod:`cogs.present`, :mod:`cogs.pictures`, :mod:`cogs.coalesce` — text, PNGs, edit pacing
"""
