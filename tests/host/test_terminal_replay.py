"""Replays in the terminal (issue 24): ``python -m bot replay`` and ``replay`` typed at the
table step through a finished hand of every game with /replay's steps and narration, every
hand face up; a hand still in play is refused with Discord's reason, in both languages."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.cli import play
from bot.cli_replay import step_lines
from bot.cli_term import local_names
from bot.replay import GameRecord, event_msg, load_game, replay_hand
from bot.replay_command import show_replay
from bot.replay_text import step_text
from bot.simulate import simulate
from bot.store import Store
from games.base import Action
from games.registry import GAMES
from present.i18n import tr
from present.message import Reader, render

GAME_KEYS = sorted(GAMES)
ENGLISH = re.compile(r"[A-Za-z]{3,}")
RANKS = re.compile(r"^[2-9TJQKA]+$")  # a reading's ranks (打滚's JJQQ) are no English


async def _finished(db: Path, key: str, seed: int = 3) -> int:
    """A bot-only one-hand match of ``key`` in ``db``: its number (game id)."""
    async for line in simulate(key, games=1, seed=seed, db_path=db, options={"match": "one_hand"}):
        assert line["status"] == "finished"
    store = await Store.open(db)
    try:
        (match,) = await store.matches(None, limit=1)
        return match.game_id
    finally:
        await store.close()


def _names(record: GameRecord, lang: str) -> list[str]:
    """The seats' names as the terminal shows them: a bot's default name in ``lang``."""
    return local_names(record.names, [u is None for u in record.user_ids], lang)


def _live_lines(record: GameRecord, lang: str) -> list[str]:
    """Every line the table said during the hand, in order: each action's events as the
    game's presentation says them (what /replay's narration must equal)."""
    game = record.new_game()
    reader = Reader(lang, _names(record, lang))
    out = []
    for data in record.actions:
        for event in game.apply(Action.from_json(data)):
            msg = event_msg(record.game, event)
            if msg is not None:
                out.append(render(reader, msg))
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("key", GAME_KEYS)
async def test_replay_steps_to_the_end_of_a_hand_as_replay_narrates_it(
    tmp_path: Path, key: str, lang: str
) -> None:
    db = tmp_path / "r.sqlite3"
    match = await _finished(db, key)
    store = await Store.open(db)
    try:
        record = await load_game(store, match)
    finally:
        await store.close()
    replay = replay_hand(record)
    steps = len(replay.steps)
    out = io.StringIO()
    # Enter through every step, and once more past the last one
    status = await show_replay(
        db, match, hand=None, lang=lang, stdin=io.StringIO("\n" * steps), stdout=out
    )
    assert status == 0
    text = out.getvalue()
    names = _names(record, lang)
    for step in range(steps):  # each step as the terminal draws it, /replay's text in it
        shown = step_lines(replay, step, lang, names)
        said = step_text(replay, step, lang, names)
        assert shown[:2] == [f"── {said.title} ──", said.count]
        assert [f"  · {s}" for s in said.said] == shown[2 : 2 + len(said.said)]
        assert "\n".join(shown) in text
    narrated = [ln[4:] for ln in text.splitlines() if ln.startswith("  · ")]
    placeholders = {tr(lang, "replay.start"), tr(lang, "replay.nothing")}
    # the narration is the live table's lines, in order, none missing
    # ... and the replay's own lines (the kitty at the start, what a 扣底 buried)
    reader = Reader(lang, names)
    own = {
        render(reader, m) for s in replay.steps for m in s.narration if m.id.startswith("replay.")
    }
    assert [s for s in narrated if s not in placeholders | own] == _live_lines(record, lang)
    assert tr(lang, "replay.step", step=steps - 1, steps=steps - 1) in text
    for line in replay.screen():  # the result screen at the last step
        assert render(Reader(lang, names), line) in text
    assert text.rstrip().endswith(tr(lang, "terminal.replay.ended"))
    # every hand is shown face up at the start: each seat's hand line with its count
    start = step_lines(replay, 0, lang, names)
    for seat, view in enumerate(replay.steps[0].views):
        count = len(view.get("hand") or [])
        assert any(ln.strip().startswith(f"{names[seat]}") and str(count) in ln for ln in start)
    if lang == "zh":  # a Chinese replay has no English word (the players' names aside)
        plain = text
        assert not set(record.names) & set(names)  # the bots are 机器人2 … to a Chinese reader
        for name in names:
            plain = plain.replace(name, "")
        words = [w for w in ENGLISH.findall(plain) if not RANKS.match(w)]
        assert not words, words


async def test_stepping_back_and_jumping(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    match = await _finished(db, "dagun")
    out = io.StringIO()
    typed = "n\nn\np\nlast\nfirst\n3\nq\n"
    assert (
        await show_replay(db, match, hand=1, lang="en", stdin=io.StringIO(typed), stdout=out) == 0
    )
    counts = re.findall(r"^step (\d+) of (\d+)$", out.getvalue(), re.M)
    last = counts[0][1]
    assert [int(c) for c, _ in counts] == [0, 1, 2, 1, int(last), 0, 3]
    assert out.getvalue().rstrip().endswith(tr("en", "terminal.replay.stopped"))


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_hand_in_play_is_refused_as_on_discord(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAIJU_LANG", lang)
    db = tmp_path / "p.sqlite3"
    out = io.StringIO()
    typed = "replay\nreplay 1\n回放 2\nquit\n"
    await play(
        "dagun",
        db_path=db,
        stdin=io.StringIO(typed),
        stdout=out,
        seed=5,
        pace="async",
        options={"match": "one_hand"},
    )
    text = out.getvalue()
    assert f"! {tr(lang, 'replay.refused.no_finished_hand')}" in text
    assert f"! {tr(lang, 'replay.refused.hand_in_play', hand=1)}" in text
    assert f"! {tr(lang, 'replay.refused.no_hand', hand=2)}" in text
    # python -m bot replay refuses it too, with the same words
    store = await Store.open(db)
    try:
        game_id = 1  # the database's first game: the terminal's, in its first hand
        record = await load_game(store, game_id)
    finally:
        await store.close()
    assert record.game == "dagun" and record.status == "playing"
    out = io.StringIO()
    status = await show_replay(db, game_id, hand=1, lang=lang, stdin=io.StringIO(""), stdout=out)
    assert status == 1
    assert out.getvalue() == f"! {tr(lang, 'replay.refused.hand_in_play', hand=1)}\n"
    assert "Hand 1 is still being played" in tr("en", "replay.refused.hand_in_play", hand=1)


class _Script:
    """Typed lines that depend on what the terminal printed: ``1`` at every prompt until the
    first hand is over, then a replay of it stepped to its end, then ``quit``."""

    def __init__(self, out: io.StringIO, lang: str) -> None:
        self.out = out
        self.lang = lang
        self.then: list[str] = []
        self.replayed = False

    def readline(self) -> str:
        if self.then:
            return self.then.pop(0)
        if not self.replayed and tr(self.lang, "terminal.hand_over") in self.out.getvalue():
            self.replayed = True
            self.then = ["last\n", "\n", "quit\n"]
            return "replay\n"
        return "quit\n" if self.replayed else "1\n"


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_replay_typed_at_the_table_shows_the_hand_just_finished(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAIJU_LANG", lang)
    db = tmp_path / "m.sqlite3"
    out = io.StringIO()
    await play(
        "jintan",
        db_path=db,
        stdin=_Script(out, lang),  # type: ignore[arg-type]
        stdout=out,
        seed=4,
        pace="async",
        options={"match": "one_round"},
        name="Ann",
    )
    text = out.getvalue()
    assert tr(lang, "terminal.replay.offer", hand=1) in text
    store = await Store.open(db)
    try:
        record = await load_game(store, 1)
    finally:
        await store.close()
    # stored under the player's name (what the web page and /history show) ...
    assert record.names[0] == "Ann"
    # ... and read by the player as "you" / "你", in the replay too: never their stored name
    assert "Ann" not in text
    replay = replay_hand(record, 1)
    last = len(replay.steps) - 1
    for step in (0, last):
        assert "\n".join(step_lines(replay, step, lang, _names(record, lang), you=0)) in text
    you = tr(lang, "present.you")
    assert any(
        ln.strip().startswith(f"{you}（" if lang == "zh" else f"{you} (")
        for ln in text.splitlines()
    )
    # python -m bot replay of the terminal's match: the terminal's player is "you" there too
    shown = io.StringIO()
    await show_replay(
        db, 1, hand=1, lang=lang, stdin=io.StringIO(""), stdout=shown, every_step=True
    )
    assert "Ann" not in shown.getvalue()
    assert (
        "\n".join(step_lines(replay, last, lang, _names(record, lang), you=0)) in shown.getvalue()
    )
    assert tr(lang, "terminal.replay.ended") in text
    # the game went on after the replay, and was left saved at the next prompt
    assert text.index(tr(lang, "terminal.replay.ended")) < text.rindex(
        tr(lang, "terminal.saved", command="")
    )


def test_python_m_bot_replay_prints_every_step_or_refuses(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.host.test_cli import ENV, ROOT

    db = tmp_path / "c.sqlite3"

    def bot(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot", *args],
            cwd=ROOT,
            env=ENV,
            capture_output=True,
            text=True,
            timeout=300,
        )

    made = bot("simulate", "dagun", "--seed", "3", "--match", "one_hand", "--db", str(db))
    assert made.returncode == 0, made.stderr
    shown = bot("replay", "1", "--db", str(db), "--all", "--lang", "zh")
    assert shown.returncode == 0, shown.stderr
    assert "第 0 步" in shown.stdout and "发牌后的牌面，所有人的牌都亮开。" in shown.stdout
    refused = bot("replay", "1", "--hand", "2", "--db", str(db))
    assert refused.returncode == 1
    assert refused.stdout == f"! {tr('en', 'replay.refused.no_hand', hand=2)}\n"
    missing = bot("replay", "1", "--db", str(tmp_path / "none.sqlite3"))
    assert missing.returncode == 2 and "error:" in missing.stderr
