"""What a decision cost, in the reader's language (the review of one's own play, issue 24): the
``review`` catalogue domain over a :class:`games.review.Cost`.

"costs about 12 points (8 sampled deals)" / "约少得 12 分（抽样 8 局）", with the game's unit
(points 分, coins 金币), "about even" / "大致持平" when the cost is small or its sign uncertain,
"your move did better by about …" when the sampled deals favour the move played, and in the
trick games the hand's result in levels when it moves by a quarter of a level or more.
"""

from __future__ import annotations

from games.review import Cost
from present.i18n import ntr, tr

__all__ = ["amount", "cost_line"]

#: the result (levels) is said when it moves by at least this much on average
_RESULT_SAID = 0.25


def amount(value: float) -> str:
    """A cost's size, rounded sensibly: whole numbers from 10 up, else one decimal (``"0.8"``,
    ``"3"``, ``"12"``)."""
    size = abs(value)
    if size >= 10:
        return str(round(size))
    text = f"{size:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _counted(lang: str, key: str, value: float) -> str:
    text = amount(value)
    return ntr(lang, key, 1 if text == "1" else 2, amount=text)


def cost_line(lang: str, cost: Cost) -> str:
    """The cost as one phrase in ``lang`` (see the module docstring)."""
    if cost.even:
        said = tr(lang, "review.even")
    elif cost.value > 0:
        said = _counted(lang, f"review.cost.{cost.unit}", cost.value)
    else:
        said = _counted(lang, f"review.gain.{cost.unit}", cost.value)
    worlds = ntr(lang, "review.worlds", cost.worlds)
    result = cost.result
    if result is not None and cost.result_unit and abs(result) >= _RESULT_SAID:
        way = "worse" if result > 0 else "better"
        told = _counted(lang, f"review.{cost.result_unit}.{way}", result)
        return tr(lang, "review.line.result", cost=said, result=told, worlds=worlds)
    return tr(lang, "review.line", cost=said, worlds=worlds)
