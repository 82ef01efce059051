"""What each user sees: invariants of the server's visibility rules over random message sets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.discord_loopback import LoopbackDiscord, StoredMessage

# a message is (where, whom): "channel", "dm" to user i, or "ephemeral" to user i
KINDS = st.lists(
    st.tuples(st.sampled_from(["channel", "dm", "ephemeral"]), st.integers(0, 3)),
    max_size=25,
)


def build(kinds: list[tuple[str, int]]) -> tuple[LoopbackDiscord, list[int]]:
    server = LoopbackDiscord()
    users = [u.id for u in server.add_users("a", "b", "c", "d")]
    for where, who in kinds:
        channel_id = server.dm_channel(users[who]).id if where == "dm" else server.channel.id
        m = StoredMessage(server.ids.next(), channel_id, server.bot_user.id, content=where)
        if where == "ephemeral":
            m.ephemeral_to = users[who]
        server.messages[m.id] = m
        server._by_channel[channel_id].append(m.id)
    return server, users


@settings(max_examples=100, deadline=None)
@given(KINDS)
def test_each_message_is_seen_by_exactly_its_audience(kinds: list[tuple[str, int]]) -> None:
    server, users = build(kinds)
    for (where, who), message in zip(kinds, server.messages.values(), strict=True):
        audience = {u for u in users if message in server.visible_to(u)}
        expected = set(users) if where == "channel" else {users[who]}
        assert audience == expected


@settings(max_examples=100, deadline=None)
@given(KINDS)
def test_views_partition_what_a_user_sees(kinds: list[tuple[str, int]]) -> None:
    server, users = build(kinds)
    public = server.channel_messages(server.channel)
    assert all(not m.ephemeral for m in public)
    for user in users:
        seen = server.visible_to(user)
        parts = public + server.dms(user) + server.ephemerals(user)
        assert sorted(m.id for m in parts) == [m.id for m in seen]  # disjoint, complete, ordered
        for other in users:
            if other != user:
                theirs = {m.id for m in server.visible_to(other)}
                assert not {m.id for m in server.dms(user)} & theirs


def test_deleted_messages_are_seen_by_nobody() -> None:
    server, users = build([("channel", 0), ("dm", 1), ("ephemeral", 2)])
    for message in server.messages.values():
        message.deleted = True
    assert all(server.visible_to(u) == [] for u in users)
