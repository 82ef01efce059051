"""The end of a match for the terminal's player (issue 24 review): places by standard
competition ranking (1, 2, 2, 4), and won / shared first / placed / lost said as such."""

from __future__ import annotations

import pytest

from bot.screens import you_line
from games.jintan import JintanGame
from games.mahjong.hand_end import finish_match
from present.i18n import tr


def test_a_mahjong_tie_shares_a_place_and_skips_the_next() -> None:
    game = JintanGame(1)
    game.totals = [30, -10, -10, -10]
    finish_match(game)
    assert game.match_result is not None and game.match_result.ranks == (1, 2, 2, 2)
    game.totals = [30, 10, 10, -50]
    finish_match(game)
    assert game.match_result.ranks == (1, 2, 2, 4)
    game.totals = [10, 10, -5, -15]
    finish_match(game)
    assert game.match_result.ranks == (1, 1, 3, 4)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_players_place_is_said_as_it_is(lang: str) -> None:
    assert you_line((1, 2, 2, 4), 0, lang) == tr(lang, "present.you_won")
    assert you_line((1, 1, 3, 4), 1, lang) == tr(lang, "present.you_drew")
    assert you_line((1, 2, 2, 4), 3, lang) == tr(lang, "present.you_lost")
    assert you_line((1, 2), 1, lang) == tr(lang, "present.you_lost")  # two sides
    tied = you_line((1, 2, 2, 4), 1, lang)
    assert tied != tr(lang, "present.you_lost")
    assert tied == (
        "you finished 2nd of 4, sharing the place" if lang == "en" else "你并列第 2 名（共 4 人）"
    )
    alone = you_line((1, 2, 3, 4), 2, lang)
    assert alone == ("you finished 3rd of 4" if lang == "en" else "你排第 3 名（共 4 人）")
