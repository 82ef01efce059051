"""The host: config, SQLite storage, table service, timers, ratings, bot players, command line."""
