"""Settings of the host, read from the environment and a ``.env`` file.

Every setting has a default, so ``Settings.from_env({})`` works; a bad value
raises :class:`ConfigError` naming the variable, the value and what is
expected. Real environment variables win over the ``.env`` file.
See ``.env.example`` for each variable with a comment.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from dotenv import dotenv_values

from bot.pace import PaceError, parse_pace

__all__ = [
    "LOCALES",
    "ConfigError",
    "Settings",
    "is_postgres_url",
    "parse_shard_ids",
    "redact",
    "store_target",
]

LOCALES = ("en-US", "zh-CN", "zh-TW", "zh-HK")
"""Locales the front ends speak; the first is the default."""

_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(ValueError):
    """A setting with a bad value; the message names the variable and the accepted values."""


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def bad_url(url: str, exc: Exception) -> str:
    """The one line telling that ``url`` (a ``postgresql://`` URL) cannot be read, as
    asyncpg's ``ValueError`` says: a port that is not a number, an unknown ``sslmode``, …"""
    return f"{redact(url)} is not a valid PostgreSQL URL: {exc}"


def is_postgres_url(target: object) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) URL: the PostgreSQL backend."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def is_other_url(text: str) -> bool:
    """True for a URL (``scheme://…``) that is not a PostgreSQL one, e.g. ``mysql://…``: no
    database Paiju opens, and no file's path either."""
    return re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", text) is not None and not is_postgres_url(text)


def redact(url: str) -> str:
    """The URL without its password, to print or log."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # e.g. "Invalid IPv6 URL": mask all between "//user:" and the last "@"
        return re.sub(r"^([^:/]+://[^:@/]*:)[^/]*@", r"\1***@", url)
    if password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


def store_target(text: str | Path) -> Path | str:
    """Where a store is, as :meth:`bot.store.Store.open` takes it: a ``postgresql://`` URL
    kept as text (``Path`` would fold its ``//``), anything else a SQLite file's path."""
    if is_postgres_url(text):
        return str(text)
    return Path(text)


def _digits(text: str, most: int) -> bool:
    """Whether ``text`` is 1 to ``most`` ASCII digits: ``str.isdigit()`` also takes "²" (which
    ``int()`` refuses) and "٨" (another spelling of 8)."""
    return re.fullmatch(f"[0-9]{{1,{most}}}", text) is not None


MAX_SHARD_COUNT = 4096
"""The most shards ``SHARD_COUNT`` may name. Discord closes a shard past 2,500 servers and
large bots run about 1,000 servers a shard: 4,096 shards serve over four million servers,
far beyond a card-game bot; a larger number is a mistyped one (and each shard is a gateway
connection to open, throttled by Discord at a few a second)."""


def parse_shard_ids(text: str, count: int) -> tuple[int, ...]:
    """``SHARD_IDS`` as a sorted tuple: shard ids and ranges, comma-separated (``0,1``,
    ``0-3``, ``4-7,9``), each below ``count``. Raises :class:`ConfigError`."""
    ids: set[int] = set()
    for part in text.strip().split(","):  # spaces around ids, commas and dashes, not inside
        low, dash, high = (piece.strip() for piece in part.partition("-"))
        if not _digits(low, 6) or (dash and not _digits(high, 6)):
            raise ConfigError(
                f"SHARD_IDS must be shard ids or ranges such as 0,1 or 0-3, not {text!r}"
            )
        first, last = int(low), int(high or low)
        if first > last or last >= count:
            raise ConfigError(
                f"SHARD_IDS {text!r}: every shard id must be below SHARD_COUNT ({count})"
                f" and every range go upwards"
            )
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


@dataclass(frozen=True)
class Settings:
    """The host's settings.

    Attributes:
        discord_token: the bot token (``DISCORD_TOKEN``); ``None`` when unset,
            which only ``python -m bot run`` refuses.
        database_path: the SQLite file (``DATABASE_PATH``, default ``paiju.sqlite3``). With
            ``DATABASE_URL`` the games are on PostgreSQL and this file keeps only the
            Discord front end's own small state (message ids, languages).
        database_url: ``postgresql://user:password@host:port/database`` (``DATABASE_URL``):
            the game store on PostgreSQL (:mod:`bot.store_pg`); ``None``: SQLite.
        dev_guild_id: a server whose slash commands are synced at once (``DEV_GUILD_ID``).
        log_level: ``DEBUG`` … ``CRITICAL`` (``LOG_LEVEL``, default ``INFO``).
        default_locale: ``en-US``, ``zh-CN``, ``zh-TW`` or ``zh-HK`` (``DEFAULT_LOCALE``).
        default_pace: a pace preset or seconds (``DEFAULT_PACE``, default ``live``).
        bot_workers: processes in which the strong (search) bots think, off the event loop
            (``BOT_WORKERS``, 0-16, default 1); 0 keeps every bot on the loop, and then tables
            play ``normal`` bots unless they set ``bot_level`` (:mod:`bot.thinking`).
        discord_api_base: TEST ONLY, REST base URL such as ``http://127.0.0.1:PORT/api/v10``
            (``DISCORD_API_BASE``); ``None`` means the real Discord.
        discord_gateway_url: TEST ONLY, gateway URL such as ``ws://127.0.0.1:PORT/``
            (``DISCORD_GATEWAY_URL``); ``None`` means the real Discord.
        web_port: the port of the read-only web pages (``WEB_PORT``); ``None``: ``run``
            serves no pages (``python -m bot web`` then uses 8080).
        web_host: the address they listen on (``WEB_HOST``, default ``127.0.0.1``; ``0.0.0.0``
            in a container, whose port compose publishes).
        shard_count: Discord shards of the whole bot (``SHARD_COUNT``): ``None`` (unset) one
            connection without sharding, as a small bot needs; ``0`` (``auto``) as many as
            Discord recommends; else that many. With it set the process runs discord.py's
            ``AutoShardedBot``.
        shard_ids: the shards this process runs (``SHARD_IDS``, e.g. ``0-3``); ``None``: all
            of them. Several processes with disjoint ``SHARD_IDS`` share one PostgreSQL
            database (``DATABASE_URL`` is then required), each owning the tables of its
            shards' servers (:mod:`bot.owners`).
    """

    discord_token: str | None = None
    database_path: Path = Path("paiju.sqlite3")
    database_url: str | None = None
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_locale: str = "en-US"
    default_pace: str = "live"
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    bot_workers: int = 1
    web_port: int | None = None
    web_host: str = "127.0.0.1"
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, *, dotenv_path: str | Path | None = ".env"
    ) -> Settings:
        """Read the settings.

        With ``env=None``: values from ``dotenv_path`` (default ``./.env``, if it
        exists) overridden by ``os.environ``. With a mapping: only that mapping
        (tests). Empty strings count as unset. Raises :class:`ConfigError`.
        """
        if env is None:
            merged: dict[str, str] = {}
            if dotenv_path is not None and Path(dotenv_path).is_file():
                merged.update(
                    {k: v for k, v in dotenv_values(dotenv_path).items() if v is not None}
                )
            merged.update(os.environ)
            env = merged

        def get(name: str) -> str | None:
            value = env.get(name)
            if value is None or not value.strip():
                return None
            return value.strip()

        token = get("DISCORD_TOKEN")
        db = get("DATABASE_PATH")
        database_url = get("DATABASE_URL")
        if database_url is not None and not is_postgres_url(database_url):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/database),"
                f" not {database_url.split('://', 1)[0] + '://…' if '://' in database_url else '…'}"
            )
        guild_text = get("DEV_GUILD_ID")
        guild: int | None = None
        if guild_text is not None:
            if not _digits(guild_text, 20):
                raise ConfigError(
                    f"DEV_GUILD_ID must be a server id (digits only), not {guild_text!r}"
                )
            guild = int(guild_text)
        level = (get("LOG_LEVEL") or "INFO").upper()
        if level not in _LEVELS:
            raise ConfigError(f"LOG_LEVEL must be one of {', '.join(_LEVELS)}, not {level!r}")
        locale = get("DEFAULT_LOCALE") or LOCALES[0]
        if locale not in LOCALES:
            raise ConfigError(f"DEFAULT_LOCALE must be one of {', '.join(LOCALES)}, not {locale!r}")
        pace = get("DEFAULT_PACE") or "live"
        try:
            parse_pace(pace)
        except PaceError as exc:
            raise ConfigError(f"DEFAULT_PACE: {exc}") from None
        workers_text = get("BOT_WORKERS") or "1"
        if not _digits(workers_text, 2) or int(workers_text) > 16:
            raise ConfigError(f"BOT_WORKERS must be a number from 0 to 16, not {workers_text!r}")
        api_base = get("DISCORD_API_BASE")
        gateway = get("DISCORD_GATEWAY_URL")
        for name, url in (("DISCORD_API_BASE", api_base), ("DISCORD_GATEWAY_URL", gateway)):
            if url is not None and not url.startswith(("http://", "https://", "ws://", "wss://")):
                raise ConfigError(
                    f"{name} must be a URL (http://, https://, ws://, wss://), not {url!r}"
                )
        port_text = get("WEB_PORT")
        port: int | None = None
        if port_text is not None:
            if not _digits(port_text, 5) or not 1 <= int(port_text) <= 65535:
                raise ConfigError(f"WEB_PORT must be a port number 1-65535, not {port_text!r}")
            port = int(port_text)
        shard_count, shard_ids = _shards(get("SHARD_COUNT"), get("SHARD_IDS"), database_url)
        return cls(
            discord_token=token,
            database_path=Path(db) if db else Path("paiju.sqlite3"),
            database_url=database_url,
            dev_guild_id=guild,
            log_level=level,
            default_locale=locale,
            default_pace=pace,
            discord_api_base=api_base,
            discord_gateway_url=gateway,
            bot_workers=int(workers_text),
            web_port=port,
            web_host=get("WEB_HOST") or "127.0.0.1",
            shard_count=shard_count,
            shard_ids=shard_ids,
        )

    @property
    def sharded(self) -> bool:
        """Whether the bot runs as discord.py's ``AutoShardedBot`` (``SHARD_COUNT`` set)."""
        return self.shard_count is not None

    @property
    def database(self) -> Path | str:
        """The game store: ``DATABASE_URL`` when set, else the SQLite file ``DATABASE_PATH``."""
        return self.database_url if self.database_url is not None else self.database_path

    def configure_logging(self) -> None:
        """Set the root logger's level and a plain format."""
        logging.basicConfig(
            level=getattr(logging, self.log_level),
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )


def _shards(
    count_text: str | None, ids_text: str | None, database_url: str | None
) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` checked together (see :class:`Settings`)."""
    count: int | None = None
    if count_text is not None:
        if count_text.lower() == "auto":
            count = 0
        elif _digits(count_text, 6) and int(count_text) >= 1:
            count = int(count_text)
        else:
            raise ConfigError(f"SHARD_COUNT must be a number of shards or auto, not {count_text!r}")
        if count > MAX_SHARD_COUNT:
            raise ConfigError(
                f"SHARD_COUNT {count} is more shards than any bot needs: at most"
                f" {MAX_SHARD_COUNT} (at Discord's usual 1,000 servers a shard, over four million"
                " servers); use the count Discord recommends (SHARD_COUNT=auto tells it)"
            )
    if ids_text is None:
        return count, None
    if not count:
        raise ConfigError(
            "SHARD_IDS needs SHARD_COUNT set to a number: every process of the bot must agree"
            " on how many shards there are"
        )
    ids = parse_shard_ids(ids_text, count)
    if len(ids) < count and database_url is None:
        raise ConfigError(
            f"SHARD_IDS {ids_text!r} runs some of the {count} shards: the processes that run the"
            " others share the tables through PostgreSQL, so set DATABASE_URL too"
        )
    return count, ids
