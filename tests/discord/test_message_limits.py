"""Every reply fits Discord's limits for any input (issue 20 F8): a refusal repeats what was
typed (a preset, a pace, an option value), cut and inert, so a 6,000-character value gives a
short refusal instead of a reply Discord rejects (400, 50035) and "Something went wrong".

The errors come from the host's own validation (``resolve_options``, ``to_pace``) and the
``/table options`` parser, as the commands raise them; hypothesis tries long and odd text.
One loopback test sends the issue's 6,000-character values through the real commands.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import TableError
from bot.pace import Pace
from bot.table_model import resolve_options, to_pace
from cogs.actions import Refusal
from cogs.i18n import refusal_text
from cogs.inert import CONTENT_LIMIT, ECHO_LIMIT, echo, fit, inert
from cogs.tables import pace_autocomplete, parse_option_text
from games.registry import GAMES
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord

# long text made of odd pieces: markdown, mentions, links, RTL and wide characters, newlines
PIECES = st.sampled_from(
    ["a", "_", "*", "`", "~", "|", ">", "#", "[x](https://e.example)", "<@123456789012345678>",
     "@everyone", "\u202e", "牌", "😀", "\n", " ", "=", ",", "²", "9" * 50, "\x00"]
)  # fmt: skip
LONG = st.one_of(
    st.text(max_size=200),
    st.builds(lambda parts, n: "".join(parts) * n, st.lists(PIECES, min_size=1, max_size=8),
              st.integers(1, 800)),
)  # fmt: skip
LANGS = st.sampled_from(["en", "zh", "zh-TW"])
MENTION = re.compile(r"<@!?&?\d{17,20}>")
MASKED_LINK = re.compile(r"(?<!\\)\[[^\]]*\]\(https?://")  # [text](https://…), unescaped


def _errors(text: str) -> list[Exception]:
    """The refusals the table commands make of ``text`` as a preset, a pace, an option value,
    an option name and a ``set=`` piece."""
    engine = GAMES["pajiwo"].engine()
    out: list[Exception] = []
    attempts = [
        lambda: resolve_options(engine, text, {}, Pace("relaxed", 600)),
        lambda: to_pace(text),
        lambda: resolve_options(engine, "standard", {"match": text}, Pace("relaxed", 600)),
        lambda: resolve_options(engine, "standard", {text or "x": "1"}, Pace("relaxed", 600)),
        lambda: parse_option_text(text.replace("=", "") or "x"),
    ]
    for attempt in attempts:
        try:
            attempt()
        except (TableError, Refusal) as exc:
            out.append(exc)
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=LONG, lang=LANGS)
def test_a_refusal_of_any_input_fits_and_shows_the_input_inertly(text: str, lang: str) -> None:
    for error in _errors(text):
        shown = refusal_text(lang, error)
        assert 0 < len(shown) <= 1000, (len(shown), shown[:200])
        assert not MENTION.search(shown), shown
        assert not MASKED_LINK.search(shown) and "@everyone" not in shown, shown


@settings(max_examples=150, deadline=None)
@given(text=LONG)
def test_echo_inert_and_fit_keep_their_bounds(text: str) -> None:
    short = echo(text)
    # the cut keeps ECHO_LIMIT characters of input; escaping adds at most a few per character
    assert len(short) <= 4 * ECHO_LIMIT
    assert not MENTION.search(inert(text)) and not MASKED_LINK.search(inert(text))
    assert len(fit(text * 20)) <= CONTENT_LIMIT


async def test_pace_autocomplete_offers_a_choice_discord_accepts() -> None:
    choices = await pace_autocomplete(None, "9" * 5000)  # type: ignore[arg-type]
    assert [len(c.value) for c in choices] == [100]
    assert all(len(c.name) <= 100 for c in choices)


async def test_six_thousand_characters_get_a_short_refusal_over_the_loopback(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    await h.start_bot(make_bot())
    await (await h.slash(alice, "table open", game="pajiwo")).final()
    huge = "x" * 6000
    for options in (
        {"preset": huge},
        {"pace": huge},
        {"set": f"match={huge}"},
        {"set": huge},
    ):
        answer = await (await h.slash(alice, "table options", **options)).final()
        text = answer.text()
        assert text.startswith("❌") and len(text) <= 1000, (options.keys(), len(text))
        assert "Something went wrong" not in text
    opened = await h.slash(alice, "table open", game="pajiwo", preset="<@1>" + huge)
    assert (await opened.final()).text().startswith("❌")
    assert server.take_violations() == []
