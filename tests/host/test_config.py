"""Settings from the environment and .env: defaults, overrides, and clear errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dotenv import dotenv_values

from bot.config import ConfigError, Settings, store_target


def test_defaults() -> None:
    s = Settings.from_env({})
    assert s.discord_token is None
    assert s.database_path == Path("paiju.sqlite3")
    assert (s.dev_guild_id, s.log_level, s.default_locale, s.default_pace) == (
        None,
        "INFO",
        "en-US",
        "live",
    )
    assert s.discord_api_base is None and s.discord_gateway_url is None


def test_values_read() -> None:
    s = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "DATABASE_PATH": "data/p.sqlite3",
            "DEV_GUILD_ID": "123456789012345678",
            "LOG_LEVEL": "debug",
            "DEFAULT_LOCALE": "zh-CN",
            "DEFAULT_PACE": "5m",
            "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/",
        }
    )
    assert s.discord_token == "abc"
    assert s.database_path == Path("data/p.sqlite3")
    assert s.dev_guild_id == 123456789012345678
    assert (s.log_level, s.default_locale, s.default_pace) == ("DEBUG", "zh-CN", "5m")
    assert s.discord_api_base == "http://127.0.0.1:9/api/v10"


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("DEV_GUILD_ID", "my server", "digits only"),
        ("LOG_LEVEL", "LOUD", "must be one of"),
        ("DEFAULT_LOCALE", "fr-FR", "en-US, zh-CN"),
        ("DEFAULT_PACE", "whenever", "DEFAULT_PACE"),
        ("DISCORD_API_BASE", "127.0.0.1:9", "must be a URL"),
    ],
)
def test_bad_values_name_the_setting(name: str, value: str, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        Settings.from_env({name: value})
    assert words in str(info.value)
    assert name in str(info.value)


def test_dotenv_file_then_environment_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\nLOG_LEVEL=WARNING\n# a comment\n", encoding="utf-8")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    s = Settings.from_env(dotenv_path=env)
    assert s.discord_token == "from-file"
    assert s.log_level == "ERROR"


def test_env_example_lists_every_setting_and_parses(monkeypatch: pytest.MonkeyPatch) -> None:
    example = Path(__file__).resolve().parents[2] / ".env.example"
    names = {
        line.split("=", 1)[0]
        for line in example.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    }
    assert names == {
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "LOG_LEVEL",
        "DEFAULT_LOCALE",
        "DEFAULT_PACE",
        "DISCORD_API_BASE",
        "DISCORD_GATEWAY_URL",
        "BOT_WORKERS",
        "WEB_PORT",
        "WEB_HOST",
        "SHARD_COUNT",
        "SHARD_IDS",
    }
    for name in names:
        monkeypatch.delenv(name, raising=False)
    assert Settings.from_env(dotenv_path=example) == Settings()


def test_bot_workers_are_a_small_number() -> None:
    assert Settings.from_env({}).bot_workers == 1
    assert Settings.from_env({"BOT_WORKERS": "0"}).bot_workers == 0
    for bad in ("-1", "two", "17"):
        with pytest.raises(ConfigError, match="BOT_WORKERS must be a number from 0 to 16"):
            Settings.from_env({"BOT_WORKERS": bad})


def test_the_web_pages_port_and_address() -> None:
    assert Settings.from_env({}).web_port is None
    assert Settings.from_env({}).web_host == "127.0.0.1"
    got = Settings.from_env({"WEB_PORT": "8080", "WEB_HOST": "0.0.0.0"})
    assert (got.web_port, got.web_host) == (8080, "0.0.0.0")
    for bad in ("http", "0", "70000", "-1"):
        with pytest.raises(ConfigError, match="WEB_PORT"):
            Settings.from_env({"WEB_PORT": bad})


def test_database_url_chooses_postgresql() -> None:
    s = Settings.from_env({"DATABASE_URL": "postgresql://paiju:pw@db:5432/paiju"})
    assert s.database == "postgresql://paiju:pw@db:5432/paiju"
    assert Settings.from_env({}).database == Path("paiju.sqlite3")
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL URL") as refused:
        Settings.from_env({"DATABASE_URL": "mysql://root:secret@db/x"})
    assert "secret" not in str(refused.value)
    assert store_target("postgres://h/db") == "postgres://h/db"
    assert store_target("a.sqlite3") == Path("a.sqlite3")


def test_shard_count_and_ids() -> None:
    assert Settings.from_env({}).shard_count is None and not Settings.from_env({}).sharded
    auto = Settings.from_env({"SHARD_COUNT": "auto"})
    assert auto.sharded and auto.shard_count == 0 and auto.shard_ids is None
    pg = {"DATABASE_URL": "postgresql://paiju@db/paiju", "SHARD_COUNT": "8"}
    assert Settings.from_env({**pg, "SHARD_IDS": "0-3"}).shard_ids == (0, 1, 2, 3)
    assert Settings.from_env({**pg, "SHARD_IDS": "6, 4-5,7"}).shard_ids == (4, 5, 6, 7)
    assert Settings.from_env({"SHARD_COUNT": "4096"}).shard_count == 4096  # the upper bound
    # every shard in one process needs no shared database
    whole = Settings.from_env({"SHARD_COUNT": "2", "SHARD_IDS": "0-1"})
    assert whole.shard_ids == (0, 1) and whole.database_url is None
    for env, match in (
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number of shards or auto"),
        ({"SHARD_COUNT": "many"}, "SHARD_COUNT must be"),
        ({"SHARD_COUNT": "4097"}, "at most 4096"),
        ({"SHARD_COUNT": "100000"}, "more shards than any bot needs"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "auto", "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({**pg, "SHARD_IDS": "8"}, "below SHARD_COUNT"),
        ({**pg, "SHARD_IDS": "3-1"}, "range go upwards"),
        ({**pg, "SHARD_IDS": "a-b"}, "shard ids or ranges"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, "set DATABASE_URL too"),
    ):
        with pytest.raises(ConfigError, match=match):
            Settings.from_env(env)


@pytest.mark.parametrize(
    ("env", "name"),
    [
        ({"SHARD_COUNT": "²"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "٨"}, "SHARD_COUNT"),
        (
            {"DATABASE_URL": "postgresql://paiju@db/p", "SHARD_COUNT": "8", "SHARD_IDS": "¹"},
            "SHARD_IDS",
        ),
        (
            {"DATABASE_URL": "postgresql://paiju@db/p", "SHARD_COUNT": "8", "SHARD_IDS": "0-٣"},
            "SHARD_IDS",
        ),
        ({"WEB_PORT": "²"}, "WEB_PORT"),
        ({"WEB_PORT": "٨٠٨٠"}, "WEB_PORT"),
        ({"WEB_PORT": "0" * 5000 + "80"}, "WEB_PORT"),
        ({"BOT_WORKERS": "²"}, "BOT_WORKERS"),
        ({"BOT_WORKERS": "٢"}, "BOT_WORKERS"),
        ({"DEV_GUILD_ID": "²"}, "DEV_GUILD_ID"),
        ({"DEV_GUILD_ID": "١٢٣"}, "DEV_GUILD_ID"),
        ({"DEV_GUILD_ID": "9" * 5000}, "DEV_GUILD_ID"),
    ],
)
def test_numbers_are_ascii_digits_only(env: dict[str, str], name: str) -> None:
    """ "²" is a digit to str.isdigit() but not to int() (a traceback, not ``error: bad
    setting``), "٨٠٨٠" was another spelling of 8080: both are refused, naming the setting."""
    with pytest.raises(ConfigError, match=name):
        Settings.from_env(env)


def test_a_bad_number_is_one_error_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(root),
        "SHARD_COUNT": "²",
        "HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot", "check", str(tmp_path / "x.sqlite3")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("error: bad setting: SHARD_COUNT"), done.stderr


def test_shard_settings_take_surrounding_spaces_alike(tmp_path: Path) -> None:
    pg = {"DATABASE_URL": "postgresql://paiju@db/paiju"}
    for count, ids in ((" 4", " 0 - 1 "), ("4 ", "0-1"), ("\t4\t", " 0 , 2 - 3 ")):
        settings = Settings.from_env({**pg, "SHARD_COUNT": count, "SHARD_IDS": ids})
        assert settings.shard_count == 4
        assert settings.shard_ids == ((0, 1) if "1" in ids else (0, 2, 3))
    dotenv = tmp_path / ".env"  # quoted in .env, the spaces reach the settings as well
    dotenv.write_text('SHARD_COUNT=" 4 "\nSHARD_IDS=" 0 - 1 "\nDATABASE_URL=postgresql://p@db/p\n')
    read = {k: v for k, v in dotenv_values(dotenv).items() if v is not None}
    assert read["SHARD_COUNT"] == " 4 "
    settings = Settings.from_env(read)
    assert (settings.shard_count, settings.shard_ids) == (4, (0, 1))
    # a space inside a number is no longer dropped ("1 0" was read as shard 10)
    for ids in ("1 0", "0-", "0 1", "- 1", "0,,1"):
        with pytest.raises(ConfigError, match=re.escape(f"ranges such as 0,1 or 0-3, not {ids!r}")):
            Settings.from_env({**pg, "SHARD_COUNT": "16", "SHARD_IDS": ids})
    for count in ("4 0", "+4", "4.0", " "):
        if not count.strip():
            assert Settings.from_env({"SHARD_COUNT": count}).shard_count is None  # unset
            continue
        with pytest.raises(ConfigError, match=re.escape(f"shards or auto, not {count!r}")):
            Settings.from_env({"SHARD_COUNT": count})
