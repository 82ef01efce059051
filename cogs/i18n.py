# ruff: noqa: E501  (catalogue entries are kept on one line each, to read both languages side by side)
"""Languages: 简体中文 and English for every command string and message.

Two parts:

* :class:`PaijuTranslator`, the discord.py ``app_commands.Translator`` that gives
  the Chinese (zh-CN) names and descriptions of commands, parameters and
  choices. Command strings are written in English in the cogs; the catalogue
  ``COMMAND_ZH`` maps each English string to its Chinese form.
* :func:`tr`, the message catalogue ``MESSAGES`` keyed by a stable code
  (``"err.not_your_turn"``, ``"lobby.joined"`` …) with ``str.format`` params.
  Refusals from the host (``bot.errors.TableError``) and from the rules
  (``games.base.IllegalAction``) are translated by their ``code`` and
  ``params`` with :func:`refusal_text`; an unknown code falls back to the
  English message the refusal carries, so nothing is ever lost.

The games' own terms (扒鸡窝, 亮主, 反主, 扣底 …) stay Chinese in both languages.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

__all__ = [
    "COMMAND_ZH",
    "MESSAGES",
    "PaijuTranslator",
    "is_zh",
    "lang_of",
    "refusal_text",
    "tr",
]

log = logging.getLogger(__name__)

Lang = str  # "en" | "zh"


def lang_of(locale: discord.Locale | str | None) -> Lang:
    """``"zh"`` for any Chinese locale (zh-CN, zh-TW), else ``"en"``."""
    if locale is None:
        return "en"
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return "zh" if value.lower().startswith("zh") else "en"


def is_zh(locale: discord.Locale | str | None) -> bool:
    return lang_of(locale) == "zh"


# --------------------------------------------------------------------------- commands
COMMAND_ZH: dict[str, str] = {
    # names (Discord: lowercase, no spaces; Chinese characters count as letters)
    "table": "牌桌",
    "open": "开桌",
    "join": "加入",
    "leave": "离开",
    "addbot": "加机器人",
    "kick": "踢出",
    "start": "开始",
    "status": "状态",
    "options": "选项",
    "abort": "解散",
    "play": "出牌",
    "pass": "过",
    "hand": "手牌",
    "hint": "提示",
    "rules": "规则",
    "rating": "等级分",
    "leaderboard": "排行榜",
    "history": "战绩",
    "game": "游戏",
    "preset": "预设",
    "pace": "节奏",
    "count": "数量",
    "seat": "座位",
    "cards": "牌",
    "user": "用户",
    "rated": "计分",
    "set": "设置",
    "force": "强制",
    # descriptions
    "Tables: open, join, start and manage a card table in this channel": "牌桌：在本频道开桌、加入、开始和管理",
    "Open a table for a game in this channel": "在本频道为一种游戏开一桌",
    "Join the table in this channel": "加入本频道的牌桌",
    "Leave the table in this channel": "离开本频道的牌桌",
    "Fill empty seats with bot players": "用机器人填补空座位",
    "Remove a player or bot from a seat (host only)": "把某个座位的玩家或机器人移出（仅桌主）",
    "Start the game (host)": "开始游戏（桌主）",
    "Show the table in this channel": "显示本频道的牌桌",
    "Show or change the table's options": "查看或修改牌桌选项",
    "Close the table (host, or Manage Channels)": "解散牌桌（桌主或有管理频道权限者）",
    "Play cards (or declare, bury…: whatever your turn asks)": "出牌（或亮主、扣底……按当前轮到你的操作）",
    "Pass": "过",
    "See your hand (only you can see it)": "查看你的手牌（只有你能看到）",
    "What would the bot do in your place?": "机器人会怎么出？",
    "A summary of a game's rules": "游戏规则摘要",
    "A player's rating": "玩家的等级分",
    "The best players of a game in this server": "本服务器某游戏的排行",
    "Your recent matches": "你最近的对局",
    "Which game": "哪种游戏",
    "Option preset, e.g. standard or quick": "选项预设，例如 standard 或 quick",
    "Pace: how long each turn may take": "节奏：每一步可用的时间",
    "How many bots (default: fill every empty seat)": "几个机器人（默认填满空座）",
    "Seat number, 1-4": "座位号 1-4",
    "Cards, e.g. 10s 10s or ♠10♠10 (autocomplete lists your legal plays)": "牌，例如 10s 10s 或 ♠10♠10（自动补全列出可出的牌）",
    "Whose rating (default: you)": "谁的等级分（默认：你）",
    "Whether the match counts for ratings": "是否计入等级分",
    "Options as name=value, separated by commas": "选项，格式 name=value，用逗号分隔",
    "Close it even if you are not the host (needs Manage Channels)": "即使你不是桌主也解散（需要管理频道权限）",
    "alerts": "提醒",
    "on": "开启",
    "Turn alerts: a new message pings you at each decision": "回合提醒：每次轮到你时发新消息提醒",
    "True: ping me at each decision; False: edit quietly": "True：每次轮到我都提醒；False：静默更新",
    # choice names
    "live": "实时",
    "relaxed": "宽松",
    "correspondence": "通信",
}


class PaijuTranslator(app_commands.Translator):
    """zh-CN (and zh-TW) names, descriptions and choice names from :data:`COMMAND_ZH`.

    English locales use the strings as written. A string with no entry is left
    untranslated (``None``), and logged once, so a missing entry is visible.
    """

    def __init__(self) -> None:
        self._missing: set[str] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if lang_of(locale) != "zh":
            return None
        key = string.extras.get("key", string.message)
        zh = COMMAND_ZH.get(key)
        if zh is None and key not in self._missing:
            self._missing.add(key)
            log.debug("no Chinese for command string %r", key)
        return zh


# --------------------------------------------------------------------------- messages
MESSAGES: dict[str, tuple[str, str]] = {
    # generic
    "ok": ("Done.", "好了。"),
    "refused": ("Refused: {reason}", "不行：{reason}"),
    "rule_ref": ("(rule: {rule})", "（规则：{rule}）"),
    "error.internal": (
        "Something went wrong on our side; nothing was changed.",
        "出错了，什么都没有改变。",
    ),
    "seat_n": ("seat {n}", "{n}号座"),
    "bot_name": ("bot {n}", "机器人{n}"),
    # lobby / table message
    "lobby.title": ("{game} table, host {host}", "{game} 牌桌，桌主 {host}"),
    "lobby.seats": ("Seats:", "座位："),
    "lobby.empty": ("(empty)", "（空）"),
    "lobby.options": (
        "Preset {preset}, pace {pace}, {rated}",
        "预设 {preset}，节奏 {pace}，{rated}",
    ),
    "lobby.rated": ("rated", "计分"),
    "lobby.unrated": ("unrated", "不计分"),
    "lobby.hint": (
        "Join with the button or /table join; the host starts with Start.",
        "点按钮或用 /牌桌 加入 来入座；桌主点开始。",
    ),
    "lobby.opened": ("Table opened.", "已开桌。"),
    "lobby.joined": ("You sit at seat {seat}.", "你坐在{seat}号座。"),
    "lobby.left": ("You left the table.", "你离开了牌桌。"),
    "lobby.bots_added": ("Bots added.", "已加入机器人。"),
    "lobby.kicked": ("Seat {seat} is free now.", "{seat}号座已空出。"),
    "lobby.started": ("The game starts.", "游戏开始。"),
    "lobby.aborted": ("The table was closed.", "牌桌已解散。"),
    "lobby.options_set": ("Options changed.", "选项已修改。"),
    "button.join": ("Join", "加入"),
    "button.leave": ("Leave", "离开"),
    "button.addbot": ("Add bot", "加机器人"),
    "button.start": ("Start", "开始"),
    "button.view_hand": ("View hand", "看手牌"),
    "button.hint": ("Hint", "提示"),
    "button.take_back": ("Take my seat back", "收回座位"),
    "table.status.playing": ("Playing", "进行中"),
    "table.status.finished": ("Finished", "已结束"),
    "table.status.aborted": ("Closed", "已解散"),
    "table.turn": ("Turn: {who} — {what}", "轮到：{who} — {what}"),
    "table.deadline": ("deadline {when}", "限时 {when}"),
    "table.waiting": ("Waiting for the table…", "等待中……"),
    "table.trump": ("Trump {trump}, level {level}", "主 {trump}，打 {level}"),
    "table.no_trump": ("not declared yet", "未亮主"),
    "table.points": ("Points won by the attackers: {points}", "抓分方得分：{points}"),
    "table.cards_left": ("Cards left: {counts}", "剩余张数：{counts}"),
    "table.trick": ("Trick: {trick}", "本轮：{trick}"),
    "table.result": ("Result: {text}", "结果：{text}"),
    "table.none": ("There is no table in this channel.", "本频道没有牌桌。"),
    "options.title": ("Options of this table:", "本桌选项："),
    # hands
    "hand.title": (
        "Your hand at {game} (seat {seat}), {count} cards",
        "你在{game}的手牌（{seat}号座），{count}张",
    ),
    "hand.your_turn": ("Your turn: {what}", "轮到你：{what}"),
    "hand.you_may": ("You may: {what}", "你可以：{what}"),
    "hand.wait": ("Not your turn.", "还没轮到你。"),
    "hand.choose": ("Choose…", "选择……"),
    "hand.dm_closed": (
        "{mention}, I cannot send you direct messages: use the View hand button on the table.",
        "{mention}，我无法私信你：请点牌桌上的「看手牌」按钮。",
    ),
    "hand.sent_dm": ("Your hand is in your direct messages.", "手牌已私信给你。"),
    "hand.not_seated": ("You are not seated at this table.", "你不在这张牌桌上。"),
    "hand.auto": (
        "A bot plays your seat after three timeouts; take it back to play again.",
        "你连续超时三次，机器人在替你出牌；收回座位即可继续。",
    ),
    "hand.taken_back": ("Your seat is yours again.", "座位已收回。"),
    "update.timeout": ("{who} ran out of time: the bot played for them", "{who} 超时，机器人代出"),
    "update.auto_seat": (
        "{who} missed three turns: a bot plays their seat",
        "{who} 连续超时三次：机器人代打",
    ),
    "update.taken_back": ("{who} is back", "{who} 回来了"),
    "hint.text": ("The bot would: {action}", "机器人会：{action}"),
    "hint.none": ("Nothing to suggest now.", "现在没有建议。"),
    "played": ("{action}", "{action}"),
    "already_done": ("That was already done.", "这一步已经做过了。"),
    "stale": ("These controls are out of date; use View hand.", "这些按钮已过期，请点「看手牌」。"),
    # action kinds (the games' own terms stay Chinese in both languages)
    "kind.play": ("出牌 play", "出牌"),
    "kind.pass": ("过 pass", "过"),
    "kind.declare": ("亮主 declare trump", "亮主"),
    "kind.overcall": ("反主 overcall", "反主"),
    "kind.reinforce": ("加固 reinforce", "加固"),
    "kind.next_hand": ("next hand", "下一局"),
    "kind.bury": ("扣底 bury", "扣底"),
    "kind.take_kitty": ("拿底 take the kitty", "拿底"),
    "kind.rebel": ("造反 rebel", "造反"),
    "kind.claim": ("claim", "认领"),
    "kind.throw": ("甩牌 throw", "甩牌"),
    # info
    "rules.missing": ("There is no rules page for {game} yet.", "{game} 还没有规则页面。"),
    "rules.more": ("Full rules: {path}", "完整规则：{path}"),
    "rating.none": ("{user} has no rating for {game} yet.", "{user} 在{game}还没有等级分。"),
    "rating.line": (
        "{user} at {game}: {ordinal:.1f} (μ {mu:.1f}, σ {sigma:.1f}), {matches} matches",
        "{user} 的{game}等级分：{ordinal:.1f}（μ {mu:.1f}，σ {sigma:.1f}），{matches} 局",
    ),
    "leaderboard.title": ("{game}: the best players here", "{game} 排行榜"),
    "leaderboard.empty": ("Nobody is rated at {game} here yet.", "这里还没有人有{game}等级分。"),
    "history.title": ("Recent matches:", "最近的对局："),
    "history.empty": ("No finished matches yet.", "还没有结束的对局。"),
    # events (params come from the engine's Event.data; a missing param falls back to Event.text)
    "event.trump_declared": ("{who} declared trump (亮主): {cards}", "{who} 亮主：{cards}"),
    "event.trump_overcalled": ("{who} overcalled (反主): {cards}", "{who} 反主：{cards}"),
    "event.trump_from_kitty": (
        "Nobody declared: trump from the kitty (底牌) card {card}",
        "无人亮主：从底牌翻出 {card} 定主",
    ),
    "event.stepped_down": ("Nobody declared: the dealer steps down (下台)", "无人亮主：庄家下台"),
    "event.kitty_taken": ("{who} took the kitty (拿底)", "{who} 拿底"),
    "event.kitty_buried": (
        "{who} buried the kitty (扣底); 扒鸡窝 may follow",
        "{who} 扣底，可以扒鸡窝",
    ),
    "event.rebelled": (
        "{who} rebelled (造反) with {points} points: redeal",
        "{who} 造反（{points} 分），重新发牌",
    ),
    "event.play_started": ("Trump is fixed; play begins", "主已定，开始出牌"),
    "event.throw_failed": ("{who}'s throw (甩牌) failed", "{who} 甩牌失败"),
    "event.trick_won": (
        "{who} won trick {trick} ({points} points)",
        "{who} 赢第 {trick} 轮（{points} 分）",
    ),
    "event.kitty_won": ("扣底: {who} won the last trick", "扣底：{who} 赢了最后一轮"),
    "event.hand_over": ("Hand over: {text}", "本局结束：{text}"),
    "event.level_up": ("New level: {text}", "升级：{text}"),
    "event.match_over": ("Match over: {text}", "比赛结束：{text}"),
    # the three lines above are the fallback; these are filled from the events' data
    "outcome.dealer_up": (
        "Hand {number} over: the attackers won {points} points; the dealer's side {team} "
        "goes up {up} ({result})",
        "第 {number} 局结束：抓分方得 {points} 分，庄家方 {team} 升 {up} 级（{result}）",
    ),
    "outcome.takeover": (
        "Hand {number} over: the attackers won {points} points; {team} take over the deal "
        "({result})",
        "第 {number} 局结束：抓分方得 {points} 分，{team} 上台（{result}）",
    ),
    "outcome.takeover_up": (
        "Hand {number} over: the attackers won {points} points; {team} take over the deal "
        "and go up {up} ({result})",
        "第 {number} 局结束：抓分方得 {points} 分，{team} 上台并升 {up} 级（{result}）",
    ),
    "outcome.level_up": (
        "New level: {team} go up {up} to {level}",
        "升级：{team} 升 {up} 级，打 {level}",
    ),
    "outcome.match_won": (
        "{team} win the match (levels {levels})",
        "{team} 获胜（级数 {levels}）",
    ),
    "event.hand_started": ("Hand {hand}: {who} deals", "第 {hand} 局：{who} 坐庄"),
    # refusals from the host (bot.errors.TableError codes)
    "err.no_table": ("There is no table in this channel.", "本频道没有牌桌。"),
    "err.table_exists": ("This channel already has a table.", "本频道已经有牌桌了。"),
    "err.not_seated": ("You are not seated at this table.", "你不在这张牌桌上。"),
    "err.not_your_turn": ("It is not your turn.", "还没轮到你。"),
    "err.not_host": ("Only the host can do that.", "只有桌主能这样做。"),
    "err.seat_full": ("The table is full.", "牌桌已满。"),
    "err.seat_taken": ("That seat is taken.", "这个座位有人了。"),
    "err.seat_empty": ("That seat is empty.", "这个座位是空的。"),
    "err.bad_seat": ("There is no such seat: {message}", "没有这个座位：{message}"),
    "err.bad_preset": ("Unknown preset: {message}", "没有这个预设：{message}"),
    "err.bad_pace": ("Bad pace: {message}", "节奏不对：{message}"),
    "err.kick_self": ("You cannot kick yourself; use leave.", "不能踢自己，请用离开。"),
    "err.bad_bot_kind": ("Unknown bot kind: {message}", "没有这种机器人：{message}"),
    "err.seats_empty": ("Every seat needs a player or a bot.", "每个座位都需要玩家或机器人。"),
    "err.not_your_seat": ("That is not your seat.", "这不是你的座位。"),
    "err.not_handed_over": ("Your seat was not handed to a bot.", "你的座位没有交给机器人。"),
    "err.bad_count": ("Bad number of bots: {message}", "机器人数量不对：{message}"),
    "err.bad_action": ("Not a valid move: {message}", "不是有效的操作：{message}"),
    "err.bad_data": ("Not a valid move: {message}", "不是有效的操作：{message}"),
    "err.not_your_declaration": (
        "That is not your declaration: {message}",
        "这不是你的亮主：{message}",
    ),
    "err.stale": (
        "These controls are out of date; use View hand.",
        "这些按钮已过期，请点「看手牌」。",
    ),
    "err.bad_option": ("Bad option: {message}", "选项不对：{message}"),
    "err.already_started": ("The game has already started.", "游戏已经开始了。"),
    "err.not_started": ("The game has not started.", "游戏还没开始。"),
    "err.already_seated": ("You are already seated.", "你已经入座了。"),
    "err.not_enough_players": (
        "Every seat needs a player or a bot.",
        "每个座位都需要玩家或机器人。",
    ),
    "err.unknown_game": ("{message}", "{message}"),
    "err.no_permission": ("You need Manage Channels for that.", "需要管理频道权限。"),
    "err.no_cards": ("Name at least one card.", "请至少写一张牌。"),
    "err.bad_cards": ("Not cards: {message}", "不是牌：{message}"),
    "err.no_such_action": ("You cannot {kind} now.", "现在不能{kind}。"),
    "err.bad_control": ("This control is not valid.", "这个按钮无效。"),
    "err.finished": ("The game is over.", "游戏已结束。"),
    # refusals from the rules (games' IllegalAction codes); unknown codes show the English message
    "err.must_follow_suit": ("You must follow suit: {message}", "必须跟出首家的花色：{message}"),
    "err.not_in_hand": ("You do not hold those cards: {message}", "你没有这些牌：{message}"),
    "err.bad_declaration": ("Not a declaration: {message}", "不能这样亮主：{message}"),
    "err.weak_overcall": ("Too weak to overcall: {message}", "反主不够大：{message}"),
    "err.not_level_card": ("Not a level card: {message}", "不是级牌：{message}"),
    "err.joker_colour": ("The joker's colour does not match: {message}", "王的颜色不对：{message}"),
    "err.wrong_count": ("Wrong number of cards: {message}", "张数不对：{message}"),
    "err.wrong_phase": ("Not now: {message}", "现在不能这样：{message}"),
    "err.too_many_copies": ("Too many copies: {message}", "张数超出：{message}"),
    "err.throw_not_allowed": ("That throw (甩牌) is not allowed: {message}", "不能甩牌：{message}"),
    "err.rebel_points": ("造反 needs fewer points: {message}", "分数太多不能造反：{message}"),
    "err.must_play_tractor": (
        "You must play a tractor or pairs: {message}",
        "必须出拖拉机或对子：{message}",
    ),
    "err.lead_mixed_suits": (
        "A lead must be one suit: {message}",
        "首家出牌必须同一花色：{message}",
    ),
    "err.empty_play": ("Play at least one card.", "至少出一张牌。"),
    "err.match_over": ("The match is over.", "比赛已结束。"),
    "err.unknown_action": (
        "Not an action of this game: {message}",
        "本游戏没有这个操作：{message}",
    ),
    "err.not_open": ("You cannot {kind} now: you may {kinds}", "现在不能{kind}：你可以{kinds}"),
    # the detail of a refusal in Chinese, from the error's params (English keeps the rules'
    # own message, which may say more); a detail whose params are missing is not used
    "detail.not_in_hand": ("you do not hold {card}", "{card}"),
    "detail.must_follow_suit": (
        "you must follow {suit}: you hold {card}",
        "你有{card}，必须跟{suit}",
    ),
    "detail.wrong_count": ("play {expected}, not {got}", "应出 {expected} 张，不是 {got} 张"),
    "detail.bad_seat": ("seats are 1 to {seats}", "座位号是 1 到 {seats}"),
    "detail.bad_count": ("add 1 bot or more, not {count}", "至少加 1 个，不是 {count}"),
    "detail.bad_option": ("{text!r} is not name=value", "「{text}」不是 名称=值 的形式"),
    "detail.bad_cards": (
        "{text!r} is not a card: write cards such as ♠10, 10s, S10, 黑桃10, HQ, BJ or 大王",
        "「{text}」；请写 ♠10、10s、S10、黑桃10、HQ、BJ 或 大王 这样的牌",
    ),
    "err.illegal": ("Not allowed by the rules: {message}", "规则不允许：{message}"),
    # ---- phone play (issue 15): choosing cards, turn alerts, what the hand message shows
    "pick.trumps": ("Trumps 主牌", "主牌"),
    "pick.none": (
        "Tick cards in the menus below, then press the button.",
        "在下面的菜单里勾选牌，再点按钮。",
    ),
    "pick.chosen": ("Chosen ({n}): {cards}", "已选（{n}张）：{cards}"),
    "pick.clear": ("Clear", "清空"),
    "pick.from_kitty": ("picked up from the kitty", "底牌里拿来的"),
    "pick.suggested": ("Suggested moves…", "推荐出法……"),
    "pick.refused": ("⚠️ {reason}", "⚠️ {reason}"),
    "pick.stale": (
        "These controls are out of date: use the newest hand message.",
        "这些按钮已过期，请用最新的手牌消息。",
    ),
    "hand.state": ("Trump {trump} · level {level}", "主 {trump} · 打 {level}"),
    "hand.points": ("defenders' points {points}", "闲家得分 {points}"),
    "hand.trick_led": ("{who} led {cards}", "{who} 首出 {cards}"),
    "hand.trick_play": ("{who} {cards}", "{who} {cards}"),
    "hand.trick_winning": ("winning: {who}", "目前最大：{who}"),
    "hand.buried": ("You buried: {cards}", "你扣的底：{cards}"),
    "hand.result": ("Hand {n}: {text}", "第{n}局：{text}"),
    "hand.moved": ("(your hand moved to a newer message below)", "（手牌已移到下面的新消息）"),
    "hand.alert": ("🔔 Your turn at table #{table}: {what}", "🔔 #{table} 桌轮到你：{what}"),
    "hand.only_pass": (
        "Nothing to choose here: you pass automatically.",
        "这里没有可选的，会自动替你过。",
    ),
    "hand.deal_pass": (
        "Noted: you do not declare now (you still may while cards arrive).",
        "好的，现在不亮主（发牌期间仍可亮）。",
    ),
    "hint.play_this": ("Play this", "就这么出"),
    "failed_throw.text": (
        "Your throw {thrown} failed: {who} can beat {beaten}; only {played} was played.",
        "甩牌 {thrown} 失败：{who} 能管住 {beaten}，只出了 {played}。",
    ),
    "alerts.on": (
        "Turn alerts are on: a new message pings you at each decision.",
        "回合提醒已开启：每次轮到你都会发新消息提醒。",
    ),
    "alerts.off": (
        "Turn alerts are off: your hand message is edited quietly.",
        "回合提醒已关闭：手牌消息只会静默更新。",
    ),
    "lobby.partners": ("Partners: {a} · {b}", "搭档：{a} · {b}"),
    "lobby.seat_select": ("Choose your seat…", "选择座位……"),
    "lobby.seat_taken": ("You sit at seat {seat} now.", "你现在坐在{seat}号座。"),
    # ---- issue 13: Discord failures (engineer "failures"; carry over to the catalogue) ----
    "perm.view_channel": ("View Channel", "查看频道"),
    "perm.send_messages": ("Send Messages", "发送消息"),
    "perm.send_messages_in_threads": ("Send Messages in Threads", "在子区中发送消息"),
    "perm.embed_links": ("Embed Links", "嵌入链接"),
    "perm.attach_files": ("Attach Files", "附加文件"),
    "perm.read_message_history": ("Read Message History", "阅读消息历史记录"),
    "perm.create_public_threads": ("Create Public Threads", "创建公开子区"),
    "fail.missing_permissions": (
        "I cannot do that here: I lack the permission {perms} in this channel. Ask a server admin to grant it.",
        "我在这个频道做不到：缺少权限 {perms}。请服务器管理员授予。",
    ),
    "fail.forbidden": (
        "Discord refused me here (missing permissions, code {code}). Ask a server admin to check my permissions in this channel.",
        "Discord 拒绝了我的请求（缺少权限，代码 {code}）。请服务器管理员检查我在这个频道的权限。",
    ),
    "fail.channel_gone": (
        "This channel is gone or I cannot reach it (Discord code {code}).",
        "这个频道已不存在或我无法访问（Discord 代码 {code}）。",
    ),
    "fail.message_gone": (
        "A message I needed was deleted (Discord code {code}); it will be posted again.",
        "我需要的一条消息已被删除（Discord 代码 {code}）；会重新发送。",
    ),
    "fail.rate_limited": (
        "Discord is rate limiting me right now; try again in a few seconds.",
        "Discord 正在限制我的请求频率，请几秒后再试。",
    ),
    "fail.discord_down": (
        "Discord did not answer properly (HTTP {status}); try again in a moment.",
        "Discord 没有正常响应（HTTP {status}），请稍后再试。",
    ),
    "fail.timeout": (
        "Discord did not answer in time; try again in a moment.",
        "Discord 响应超时，请稍后再试。",
    ),
    "fail.unexpected": (
        "Something went wrong on my side ({error}); it was logged.",
        "我这边出错了（{error}），已记录。",
    ),
    "fail.open_not_posted": (
        "The table was not opened: {reason}",
        "没有开桌：{reason}",
    ),
    "fail.no_pictures_open": (
        "Note: I lack {perms} here, so the table is shown as text without pictures.",
        "注意：我在这里缺少 {perms} 权限，牌桌只以文字显示，没有图片。",
    ),
    "fail.no_pictures_host": (
        "{host} I may not attach files in this channel (missing {perms}): the table message is shown as text without its picture.",
        "{host} 我在这个频道不能附加文件（缺少 {perms}）：牌桌消息只以文字显示，没有图片。",
    ),
    # ---- end of issue 13 block ----
}


class _SafeParams(dict[str, Any]):
    def __missing__(self, key: str) -> Any:
        raise KeyError(key)


def tr(lang: Lang | discord.Locale | None, key: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (``"en"``/``"zh"`` or a discord Locale), formatted.

    An unknown key or a missing param gives the English template (or the key)
    rather than an exception: a message is never lost to a catalogue gap.
    """
    lg = lang if lang in ("en", "zh") else lang_of(lang)
    pair = MESSAGES.get(key)
    if pair is None:
        log.warning("no message %r", key)
        return key
    template = pair[1] if lg == "zh" else pair[0]
    try:
        return template.format_map(_SafeParams(params))
    except (KeyError, IndexError, ValueError):
        try:
            return pair[0].format_map(_SafeParams(params))
        except (KeyError, IndexError, ValueError):
            return template


def _kind_name(lang: Lang, kind: str) -> str:
    return tr(lang, f"kind.{kind}") if f"kind.{kind}" in MESSAGES else kind


def has_message(key: str) -> bool:
    return key in MESSAGES


def refusal_text(lang: Lang | discord.Locale | None, error: BaseException) -> str:
    """A refusal naming the rule, translated by ``error.code`` and ``error.params``.

    Works for ``bot.errors.TableError`` and ``games.base.IllegalAction`` (both
    carry ``code``, ``message``, ``params``; an IllegalAction may carry ``rule``).
    """
    code = str(getattr(error, "code", "") or "")
    message = str(getattr(error, "message", "") or error)
    raw_params = getattr(error, "params", None)
    params: dict[str, Any] = dict(raw_params) if isinstance(raw_params, Mapping) else {}
    params.setdefault("message", message)
    key = f"err.{code}"
    rule_code = str(getattr(error, "rule_code", "") or "")
    if code == "illegal" and rule_code and has_message(f"err.{rule_code}"):
        key = f"err.{rule_code}"
    lg = lang if lang in ("en", "zh") else lang_of(lang)
    if lg == "zh":
        detail = MESSAGES.get(f"detail.{rule_code or code}")
        if detail is not None:
            # params of another shape: keep the rules' English message
            with contextlib.suppress(KeyError, IndexError, ValueError):
                params["message"] = detail[1].format_map(_SafeParams(params))
    if isinstance(params.get("kinds"), str):  # "play, pass" -> 出牌 / 过
        params["kinds"] = " / ".join(
            _kind_name(lg, k.strip()) for k in params["kinds"].split(",") if k.strip()
        )
    if isinstance(params.get("kind"), str):
        params["kind"] = _kind_name(lg, params["kind"])
    if has_message(key):
        text = tr(lg, key, **params)
    elif lg == "zh":
        text = tr(lg, "err.illegal", message=message)
    else:
        text = message
    rule = getattr(error, "rule", "") or params.get("rule", "")
    if rule:
        sep = "" if lg == "zh" else " "
        text = f"{text}{sep}{tr(lg, 'rule_ref', rule=rule)}"
    return text
