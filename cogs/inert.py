"""Player-given text shown inertly, and every message within Discord's limits (issue 20 F7, F8).

Display names, table titles and option values are the players' own text: shown on Discord
they must read as typed, never as markdown, a mention that pings, a masked link or a channel
reference. :func:`inert` escapes them (discord.py's ``escape_markdown`` and
``escape_mentions``, plus a zero-width space that keeps ``<#…>``, ``<t:…>`` and ``://`` from
being read as references or links). :func:`echo` is the same for an echo of input in a
reply, cut to ``ECHO_LIMIT`` characters, so a 6,000-character option value gives a short
refusal instead of a reply Discord rejects (400, 50035). :func:`fit` is the last guard of a
message's content (2,000 characters; the reply is cut, with "…", only if an echo was not
enough). :func:`pings` is the ``allowed_mentions`` of a message that means to ping: exactly
the users whose mention the bot wrote into it.

Limits (Discord API reference, "Message", "Component"): content 2,000 characters; a select
option's label, value and description 100; a button label 80; a placeholder 150.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord
from discord.utils import escape_markdown, escape_mentions

__all__ = [
    "BUTTON_LABEL_LIMIT",
    "CONTENT_LIMIT",
    "ECHO_LIMIT",
    "echo",
    "fit",
    "fit_options",
    "inert",
    "pings",
]

CONTENT_LIMIT = 2000  # characters of a message's content
OPTION_LIMIT = 100  # characters of a select option's label, value, description
BUTTON_LABEL_LIMIT = 80  # characters of a button's label
PLACEHOLDER_LIMIT = 150  # characters of a select's placeholder
ECHO_LIMIT = 100  # characters of the player's input repeated in a reply
ZWSP = "\u200b"
# "<#123>" (channel), "<t:…>" (timestamp), "<:name:id>" (emoji), "</cmd:id>" (command):
# a zero-width space after "<" keeps Discord from reading them; "://" likewise for links
_REFERENCE = re.compile(r"<(?=[#:/ta@])")
_SCHEME = re.compile(r":(?=//)")
_INNER_UNDERSCORE = re.compile(r"(?<=[^\W_])\\_(?=[^\W_])")


def inert(text: str) -> str:
    """``text`` as Discord shows it literally: markdown escaped (``\\*``, ``\\[`` …), mentions
    (``<@id>``, ``@everyone``) and references broken by a zero-width space, no autolink."""
    out = escape_mentions(escape_markdown(str(text)))
    # an underscore inside a word (one_hand) is no markdown to Discord: keep it plain
    out = _INNER_UNDERSCORE.sub("_", out)
    out = _REFERENCE.sub("<" + ZWSP, out)
    return _SCHEME.sub(":" + ZWSP, out)


def echo(text: object, limit: int = ECHO_LIMIT) -> str:
    """The player's input to repeat in a reply: at most ``limit`` characters (then "…"),
    inert."""
    raw = str(text)
    if len(raw) > limit:
        raw = raw[: limit - 1] + "…"
    return inert(raw)


def fit(content: str, limit: int = CONTENT_LIMIT) -> str:
    """``content`` within ``limit`` characters: cut, ending "…", if longer."""
    return content if len(content) <= limit else content[: limit - 1] + "…"


def pings(content: str, users: Iterable[int]) -> discord.AllowedMentions:
    """The ``allowed_mentions`` of ``content``: of ``users`` (the people it may mean), those it
    mentions as ``<@id>``; never roles, everyone or anybody else."""
    meant = [discord.Object(uid) for uid in dict.fromkeys(users) if f"<@{uid}>" in content]
    return discord.AllowedMentions(everyone=False, roles=False, users=meant, replied_user=False)


def fit_options(options: list[discord.SelectOption]) -> list[discord.SelectOption]:
    """A select's options within Discord's limits: labels and descriptions cut to 100
    characters; an option whose value would not fit (never drawn so) is left out."""
    out = []
    for option in options:
        if len(option.value) > OPTION_LIMIT:
            continue
        option.label = fit(option.label, OPTION_LIMIT)
        if option.description:
            option.description = fit(option.description, OPTION_LIMIT)
        out.append(option)
    return out
