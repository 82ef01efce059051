"""Pillow pictures of cards, tiles, hands, tables and leaderboards.

Import the module you need (this package imports nothing, so one module's failure
never breaks another). Every picture has an ``*_image`` function returning an RGB
``PIL.Image.Image`` and a ``*_png`` function returning PNG bytes (256-colour palette,
typically 20-80 KiB) ready for ``discord.File(io.BytesIO(data), "table.png")``.

* :mod:`render.cards`: ``card_image(card, width)``, ``card_back(width)``,
  ``group_cards(cards, sort_key, group_of, label_of) -> [CardGroup]``,
  ``hand_image / hand_png(groups_or_cards, legend_style="ascii", max_width=880, title="",
  marked=())``: every legend with room of its own, ``marked`` cards (just taken from the
  kitty) raised, dotted and keyed.
* :mod:`render.trick`: ``trick_table_image / trick_table_png(TrickTableScene)``.
* :mod:`render.climb`: ``climb_table_image / climb_table_png(ClimbTableScene)``.
* :mod:`render.tiles`: ``tile_image(tile, width, wildcard=False)``, ``tile_back(width)``.
* :mod:`render.mahjong`: ``mahjong_hand_image / _png(MahjongHandScene)``,
  ``mahjong_table_image / _png(MahjongTableScene)`` (760 px wide, 11 discards a row, the
  财神 labelled at a hand tile's size).
* :mod:`render.mahjong_result`: ``mahjong_result_image / _png(MahjongResultScene)``: each
  winner's whole hand at the end, concealed kongs face up, the winning tile framed. The
  adapters :mod:`render.jintan` and :mod:`render.jinhua` build it with
  ``result_scene(view, names)`` / ``result_png(view, names)``, and their ``table_png``
  draws it in the table's place once a hand is won.
* :mod:`render.leaderboard`: ``leaderboard_image / _png([LeaderboardRow], title)``.
* :mod:`render.scenes`: the input records above (plus ``MahjongSeat``, ``Meld``).
* :mod:`render.pajiwo`: ``table_scene(view, names, viewer=None, deadline="")`` and
  ``hand_groups(view)`` from a Pajiwo engine ``view(seat)``: the current trick, else the
  last trick (faded, winner marked) or the standing declaration (亮主), and the kitty once
  the hand is over. The table scene holds public information only: every seat's view
  gives the spectator's picture.
* :mod:`render.fonts`: ``draw_text``, ``text_width``, ``missing_chars`` (Noto Sans CJK
  from ``justmytype-intl-cjk``, Arabic and Hebrew from ``justmytype-intl-rtl``, with
  per-character fallback; emoji no font has are left out).
* :mod:`render.warm`: ``warm_up()`` pre-draws every sprite (about a second, once).
* :mod:`render.palette`: the shared PNG palette (built from the sample scenes in
  ``tests/render/samples.py``, which the golden tests and the render benchmark share).
"""
