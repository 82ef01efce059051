"""discord.py cogs: thin adapters from interactions to the table service in :mod:`bot`.

Modules (import-light here; ``cogs.client.PaijuBot`` loads the extensions):

* :mod:`cogs.tables` — ``/table open|join|leave|addbot|kick|start|status|options|abort``
* :mod:`cogs.play` — ``/play cards:`` (autocomplete), ``/pass``, ``/hand``, ``/hint``
* :mod:`cogs.info` — ``/rules``, ``/rating``, ``/leaderboard``, ``/history``
* :mod:`cogs.controls` — buttons and selects (``DynamicItem``, restart-proof custom_ids)
* :mod:`cogs.actions` — defer, act with an idempotency key, refuse ephemerally
* :mod:`cogs.failures` — Discord's refusals and errors answered, permissions checked
* :mod:`cogs.display` — the table message and private hands, coalesced edits
* :mod:`cogs.client` — the discord.py client (``PaijuBot``), ``create_bot``, ``run``, ``main``
* :mod:`cogs.state` — what the Discord front end remembers (message ids, languages, closed DMs)
* :mod:`cogs.i18n` — English / 简体中文 / 繁體中文: the command Translator and the message
  catalogues (``present/locales/<lang>/LC_MESSAGES/<domain>.po``)
* :mod:`present.zh_variant` — ``to_traditional(text, variant)``: OpenCC, simplified -> traditional
* :mod:`cogs.present`, :mod:`cogs.pictures`, :mod:`cogs.coalesce` — text, PNGs, edit pacing
"""
