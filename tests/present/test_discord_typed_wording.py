"""On Discord no numbered list is shown and typed digits are ranks (bot/typed_ranks.py), so a
typed move's reason never offers "the move's number" there; the terminal, which numbers its
moves, keeps saying it."""

from __future__ import annotations

import pytest

from bot.screens import typed_refusal
from bot.typed import MoveTextError, read_cards_move
from cogs.actions import Refusal, read_play_text
from cogs.i18n import refusal_text
from games.base import Action

BURY = [Action(0, "bury", {"cards": ["3c", "4c", "5c", "6c", "7c", "8c", "9c", "Jc"]})]
EXAMPLE = "3c 4c 5c 6c 7c 8c 9c Jc"
PLAY = [Action(0, "play", {"cards": ["As"]}), Action(0, "pass")]


def _discord(text: str, legal: list[Action], kinds: list[str]) -> Refusal:
    with pytest.raises(Refusal) as err:
        read_play_text(text, 0, legal, kinds)
    return err.value


@pytest.mark.parametrize("typed", ["bury", "扣底"])
def test_a_kind_without_its_cards_is_asked_for_them_without_a_number(typed: str) -> None:
    refused = _discord(typed, BURY, ["bury"])
    assert refusal_text("en", refused) == (
        f"扣底 bury: which cards? type them after it, e.g. 扣底 bury {EXAMPLE}"
    )
    assert refusal_text("zh", refused) == f"扣底哪些牌？请写在后面，例如 扣底 {EXAMPLE}"
    assert "編號" not in refusal_text("zh-TW", refused)
    # the terminal lists its moves numbered: there the number is offered
    with pytest.raises(MoveTextError) as err:
        read_cards_move(typed, 0, BURY, ["bury"])
    assert typed_refusal("en", err.value).endswith(f"{EXAMPLE} (or the move's number)")
    assert typed_refusal("zh", err.value).endswith(f"{EXAMPLE}（或输入编号）")


def test_a_move_without_cards_is_asked_to_name_them_without_a_number() -> None:
    refused = _discord("play suit=H", PLAY, ["play", "pass"])
    assert refusal_text("en", refused) == "Name the cards of the move, e.g. 10s 10s"
    assert refusal_text("zh", refused) == "请写出这一步的牌，例如 10s 10s"
    with pytest.raises(MoveTextError) as err:
        read_cards_move("play suit=H", 0, PLAY, ["play", "pass"])
    assert typed_refusal("en", err.value).endswith(", or its number")


def test_cards_that_read_several_ways_go_to_the_rules_on_discord_not_to_a_numbered_question() -> (
    None
):
    """typed.readings ("type the number") is the terminal's; Discord sends the cards for the
    rules, whose refusal names the readings and the menu (dagun.po)."""
    cards = ["5s", "5h", "BJ", "SJ"]
    legal = [Action(0, "play", {"cards": cards, "as": r}) for r in ("5555", "4455", "5566")]
    assert read_play_text("5s 5h BJ SJ", 0, legal, ["play"]) == Action(0, "play", {"cards": cards})
