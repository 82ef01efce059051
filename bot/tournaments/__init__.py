"""Tournaments: Swiss and round robin, in duplicate mode or not (``docs/tournaments.md``).

The core is pure (no Discord, no SQL): :mod:`bot.tournaments.model` (plans, outcomes,
standings), :mod:`bot.tournaments.pairing` (seating a round), :mod:`bot.tournaments.scoring`
(round scores, matchpoints, standings and tie-breaks), :mod:`bot.tournaments.deals` (the
tables' options and the same-deal check), :mod:`bot.tournaments.runner` (a whole bot-only
tournament in-process). Over it: :mod:`bot.tournaments.store` (the rows),
:mod:`bot.tournaments.service` (with :mod:`~bot.tournaments.rounds` and
:mod:`~bot.tournaments.service_base`: rounds played at tables of the table service, restart
safe), :mod:`bot.tournaments.stored_sim` (a bot-only tournament through the services and a
store) and :mod:`bot.tournaments.cli` (``python -m bot tournament simulate``).
"""
