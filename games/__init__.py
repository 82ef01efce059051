"""Pure rules engines for Paiju's games: no asyncio, Discord, Pillow or SQL.

See :mod:`games.base` for the contract every game implements and
:mod:`games.registry` for the list of games.
"""
