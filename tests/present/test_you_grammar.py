""" "you" as a sentence's subject: the verb agrees ("you take the lead", never "you takes"),
whichever seat parameter is the subject (``who``, or ``<id>.you.<param>`` forms)."""

from __future__ import annotations

import re
import string

import pytest

from present.i18n import CATALOGUE
from present.message import Msg, Owner, Reader, Seat, Seats, render

NAMES = ["Ann", "Bo", "Cy", "Di"]
EN = Reader("en", NAMES, you=0)
ZH = Reader("zh", NAMES, you=0)

# the parameter names the presentation fills with a Seat / Seats (grep "=Seat(" in present/)
SEAT_PARAMS = {"who", "to", "claimer", "victim", "taker", "dealer", "from_who", "partner"}
GROUP_PARAMS = {"team", "first", "second", "others", "other_team", "other"}
YOU_VERB = re.compile(r"\byou (?:alone |also |then |now )?(?!(?:pass|miss|guess|vs)\b)\w+s\b", re.I)
# (message, parameter) whose "you <verb>s" reading never happens, and why
NEVER_YOU = {
    ("bots.climb.partner_stands", "partner"): "your partner is never you",
    ("bots.tricks.partner", "partner"): "your partner is never you",
    ("bots.tricks.partner_points", "partner"): "your partner is never you",
    ("dagun.outcome.partners", "other"): "{other} is a number of points there",
    ("dagunzi.outcome.keep_up", "team"): "the subject is 'the dealer side'",
    ("outcome.dealer_up", "team"): "the subject is 'the dealer's side'",
    ("mj.hand.rob", "from_who"): "the reader is asked to rob another seat's kong",
    ("tournament.done.add", "who"): "a mention, not a Seat",
    ("tournament.done.remove", "who"): "a mention, not a Seat",
    ("tournament.same.add", "who"): "a mention, not a Seat",
    ("tournament.same.remove", "who"): "a mention, not a Seat",
    ("update.taken_back", "who"): "a name, rendered with tr, not a Seat",
}


def _placeholders(text: str) -> set[str]:
    out = set()
    for _, name, _, _ in string.Formatter().parse(text):
        if name:
            out.add(re.split(r"[.\[:!]", name)[0])
    return out


def _cases() -> list[tuple[str, str]]:
    cases = []
    for key, text in sorted(CATALOGUE.messages["en"].items()):
        if key.endswith(".you") or ".you." in key:
            continue
        for p in sorted(_placeholders(text) & (SEAT_PARAMS | GROUP_PARAMS)):
            cases.append((key, p))
    return cases


def test_no_message_says_you_with_a_third_person_verb() -> None:
    bad = []
    for key, p in _cases():
        names = _placeholders(CATALOGUE.messages["en"][key])
        params: dict[str, object] = {n: "X" for n in names}
        if "n" in names:
            params["n"] = 2
        for n in names & (SEAT_PARAMS | GROUP_PARAMS):
            params[n] = Seat(1) if n in SEAT_PARAMS else Seats([1, 2])
        params[p] = Seat(0) if p in SEAT_PARAMS else Seats([0])
        text = render(EN, Msg(key, **params))
        if YOU_VERB.search(text) and (key, p) not in NEVER_YOU:
            bad.append(f"{key} ({p}): {text}")
    assert bad == []


def test_the_exceptions_are_still_real() -> None:
    cases = set(_cases())
    assert [c for c in NEVER_YOU if c not in cases] == []


@pytest.mark.parametrize(
    ("msg", "en", "zh"),
    [
        (
            Msg("dagun.event.jiefeng", whose=Owner(1), to=Seat(0)),
            "接风: nobody beats Bo's last play; you take the lead",
            "接风：没人要 Bo 的最后一手，你接风出牌",
        ),
        (
            Msg("dagun.event.play_started", who=Seat(0)),
            "Nobody plays alone (硬牌); you lead",
            "无人硬牌，你先出",
        ),
        (
            Msg("dagunzi.event.kitty_flipped", flips="♠3 ♥5", who=Seat(0)),
            "Nobody showed a 大王: each seat flips a kitty card (♠3 ♥5); you deal",
            "无人亮大王，四家各翻一张底牌（♠3 ♥5）：你坐庄",
        ),
        (
            Msg("mj.special.eight_flowers", who=Seat(0), score=12),
            "you hold all eight flowers: 12 from each other player",
            "你八花齐：其他三家各付 12",
        ),
        (
            Msg("jh.chengbao.victim", claimer=Seat(1), victim=Seat(0), amount=8),
            "承包: Bo claimed three sets in a row from you, so you alone pay the whole win (8)",
            "承包：Bo 连续吃碰你三次，你一家全包（8）",
        ),
        (
            Msg("jh.chengbao.claimer", claimer=Seat(0), victim=Seat(1), amount=16),
            "承包: you claimed three sets in a row from Bo, so you pay the whole win doubled (16)",
            "承包：你连续吃碰 Bo 三次，Bo 胡了，你加倍全包（16）",
        ),
    ],
)
def test_you_as_any_seat_parameter_takes_the_you_form(msg: Msg, en: str, zh: str) -> None:
    assert render(EN, msg) == en
    assert render(ZH, msg) == zh


def test_another_seat_keeps_the_plain_form() -> None:
    msg = Msg("dagun.event.jiefeng", whose=Owner(0), to=Seat(2))
    assert render(EN, msg) == "接风: nobody beats your last play; Cy takes the lead"
    assert render(Reader("en", NAMES), msg) == (
        "接风: nobody beats Ann's last play; Cy takes the lead"
    )
    victim = Msg("jh.chengbao.victim", claimer=Seat(0), victim=Seat(1), amount=8)
    assert render(EN, victim) == (
        "承包: you claimed three sets in a row from Bo, so Bo alone pays the whole win (8)"
    )


def test_three_seats_read_as_a_list() -> None:
    three = Msg(
        "dagun.outcome.partners",
        number=2,
        team=Seats([1, 2, 3]),
        points=1,
        other=0,
        result="x",
        mult=1,
        coins="c",
    )
    assert render(Reader("en", NAMES), three).startswith("Hand 2: Bo, Cy & Di win")
    assert render(
        Reader("zh", NAMES), Msg("present.versus", first=Seats([1, 2, 3]), second=Seats([0]))
    ).startswith("Bo、Cy、Di")
