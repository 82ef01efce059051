"""The OpenAPI matcher and validator on requests whose verdict Discord's description fixes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.discord_loopback import spec as spec_module
from tests.discord_loopback.spec import NO_BODY, SpecValidator

SPEC = SpecValidator.load()
CALLBACK = "/interactions/1234/tok-en/callback"


def button(**extra: object) -> dict[str, object]:
    return {"type": 2, "style": 1, "label": "Join", "custom_id": "pj:l:1:join", **extra}


def test_literal_segments_win_over_parameters() -> None:
    original = SPEC.match("PATCH", "/webhooks/1/abc/messages/@original")
    assert original is not None
    assert original.template == "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    assert original.operation_id == "update_original_webhook_message"
    other = SPEC.match("PATCH", "/webhooks/1/abc/messages/99")
    assert other is not None and other.params == {
        "webhook_id": "1",
        "webhook_token": "abc",
        "message_id": "99",
    }


def test_unknown_path_and_method_are_reported() -> None:
    assert SPEC.match("GET", "/nowhere") is None
    assert SPEC.check("GET", "/nowhere", {}) == [
        "GET /nowhere: no such path in Discord's API description"
    ]
    [problem] = SPEC.check("PUT", "/users/@me/channels", {})
    assert "method not in the description (allowed: POST)" in problem


def test_valid_interaction_reply_with_a_button_passes() -> None:
    body = {
        "type": 4,
        "data": {
            "content": "hi",
            "flags": 64,
            "components": [{"type": 1, "components": [button()]}],
        },
    }
    assert SPEC.check("POST", CALLBACK, {"with_response": "1"}, body) == []


@pytest.mark.parametrize(
    ("component", "expected"),
    [
        ({"type": 2, "label": "x", "custom_id": "a"}, "'style' is a required property"),
        (button(label="x" * 81), "is too long"),
        (button(custom_id=""), "should be non-empty"),
    ],
)
def test_bad_button_is_explained_at_its_own_path(
    component: dict[str, object], expected: str
) -> None:
    body = {"type": 4, "data": {"components": [{"type": 1, "components": [component]}]}}
    [problem] = SPEC.check("POST", CALLBACK, {}, body)
    assert "body['data']['components'][0]['components'][0]" in problem
    assert expected in problem


def test_content_over_2000_characters_in_a_reply_is_refused() -> None:
    [problem] = SPEC.check("POST", CALLBACK, {}, {"type": 4, "data": {"content": "x" * 2001}})
    assert "body['data']['content']" in problem and "is too long" in problem


def test_command_sync_checks_nested_option_descriptions() -> None:
    option = {"type": 3, "name": "game", "description": "g" * 101}
    sub = {"type": 1, "name": "open", "description": "Open a table", "options": [option]}
    body = [{"name": "table", "description": "Tables", "options": [sub]}]
    [problem] = SPEC.check("PUT", "/applications/1/commands", {}, body)
    assert "body[0]['options'][0]['options'][0]['description']" in problem


def test_query_parameters_are_typed_and_known() -> None:
    assert SPEC.check("POST", "/webhooks/1/t", {"wait": "true"}, {"content": "x"}) == []
    [unknown] = SPEC.check("POST", "/webhooks/1/t", {"bogus": "1"}, {"content": "x"})
    assert "unknown query parameter 'bogus'" in unknown
    [bad] = SPEC.check("POST", "/webhooks/1/t", {"wait": "maybe"}, {"content": "x"})
    assert "query wait" in bad


def test_path_parameters_must_be_snowflakes() -> None:
    [problem] = SPEC.check("GET", "/channels/general", {})
    assert "path parameter channel_id" in problem


def test_body_presence_rules() -> None:
    [missing] = SPEC.check("POST", "/channels/1/messages", {})
    assert "request body required" in missing
    [extra] = SPEC.check("GET", "/users/@me", {}, {"x": 1})
    assert "takes no request body" in extra


def test_multipart_payload_json_uses_the_multipart_schema() -> None:
    body = {"content": "hand", "attachments": [{"id": 0, "filename": "hand.png"}]}
    assert (
        SPEC.check("POST", "/channels/1/messages", {}, body, content_type="multipart/form-data")
        == []
    )


def test_integer_snowflakes_are_accepted_as_discord_does() -> None:
    assert SPEC.check("POST", "/users/@me/channels", {}, {"recipient_id": 42}) == []
    [problem] = SPEC.check("POST", "/users/@me/channels", {}, {"recipient_id": -1})
    assert "recipient_id" in problem


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=2000), st.integers(min_value=0, max_value=1 << 16))
def test_any_short_content_with_flags_is_valid(content: str, flags: int) -> None:
    assert (
        SPEC.check("POST", "/channels/1/messages", {}, {"content": content, "flags": flags}) == []
    )


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=101, max_value=300))
def test_any_label_over_80_characters_is_refused(length: int) -> None:
    body = {
        "type": 7,
        "data": {"components": [{"type": 1, "components": [button(label="L" * length)]}]},
    }
    [problem] = SPEC.check("POST", CALLBACK, {}, body)
    assert "['label']" in problem


def test_no_body_marker_is_distinct_from_null() -> None:
    # ``null`` is a JSON body: the bulk overwrite accepts it (type [array, null])
    assert SPEC.check("PUT", "/applications/1/commands", {}, None) == []
    assert SPEC.check("PUT", "/applications/1/commands", {}, NO_BODY) == [
        "PUT /applications/{application_id}/commands (bulk_set_application_commands): "
        "request body required but none sent"
    ]


@pytest.mark.parametrize(
    ("body", "valid"),
    [
        ({"type": 4, "data": {"content": "ok"}}, True),
        ({"type": 4, "data": {"content": 5}}, False),
        ({"type": 7, "data": {"components": [{"type": 1, "components": [button()]}]}}, True),
        (
            {"type": 7, "data": {"components": [{"type": 1, "components": [button(style=9)]}]}},
            False,
        ),
        ({"type": 8, "data": {"choices": [{"name": "S1", "value": "S1"}]}}, True),
        ({"type": 8, "data": {"choices": [{"name": "", "value": "S1"}]}}, False),
        ({"type": 3}, False),
    ],
)
def test_fast_and_explaining_validators_agree(
    body: dict[str, object], valid: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_rs = SPEC.check("POST", CALLBACK, {}, body)
    assert (with_rs == []) is valid
    monkeypatch.setattr(spec_module, "_rs", None)  # jsonschema alone decides
    assert SpecValidator(SPEC.document).check("POST", CALLBACK, {}, body) == with_rs


def test_response_schemas_check_the_servers_own_objects() -> None:
    user = {
        "id": "1",
        "username": "alice",
        "avatar": None,
        "discriminator": "0",
        "public_flags": 0,
        "flags": 0,
        "global_name": "alice",
        "primary_guild": None,
    }
    assert SPEC.check_response("GET", "/users/1", 200, user) == []
    del user["primary_guild"]
    [problem] = SPEC.check_response("GET", "/users/1", 200, user)
    assert "'primary_guild' is a required property" in problem
    [status] = SPEC.check_response("POST", "/channels/1/threads", 200, {})
    assert "status 200 not described" in status  # thread creation answers 201
