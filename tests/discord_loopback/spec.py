"""Check REST requests against Discord's published OpenAPI description.

Source: ``../shared/discord-api-spec/openapi.json`` (OpenAPI 3.1, schemas in JSON Schema 2020-12),
beside the repository root; the environment variable ``PAIJU_DISCORD_SPEC`` overrides the path.

:class:`SpecValidator` answers one question per request: which operation of the description does
``METHOD /path`` name, and does the request (path parameters, query parameters, JSON body or the
``payload_json`` part of a multipart upload) satisfy that operation's schemas?  Validation is done
by two well-kept libraries against the whole description (Draft 2020-12, ``$ref`` resolved in
the document): ``jsonschema-rs`` (Rust) gives the verdict in microseconds; only a request it
rejects goes through the ``jsonschema`` library, whose error tree is walked to name the failing
field (see :func:`_explain`).  Compiled validators are cached per (operation, part), so a request
costs a path match plus one fast validation.  Without ``jsonschema-rs`` installed the
``jsonschema`` path alone decides (same verdicts, some milliseconds per request).

Typical use::

    spec = SpecValidator.load()              # cached per path, shared by every server
    match = spec.match("PATCH", "/webhooks/1/abc/messages/@original")
    problems = spec.check("POST", "/channels/1/messages", {}, {"content": "hi"})
    # problems == [] when the request is valid, else human-readable strings
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import os
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import referencing
import referencing.jsonschema

_rs: Any
try:  # the fast verdict; without it every request takes the (slow) explaining path
    _rs = importlib.import_module("jsonschema_rs")
except ImportError:  # pragma: no cover - jsonschema-rs is a test dependency
    _rs = None

#: Marker for "the request carried no body" (``None`` is a valid JSON body: ``null``).
NO_BODY: Any = object()

_SPEC_URI = "urn:discord-openapi"
_METHODS = ("get", "put", "post", "patch", "delete")


def default_spec_path() -> Path:
    """``$PAIJU_DISCORD_SPEC``, else ``<repo>/../shared/discord-api-spec/openapi.json``."""
    env = os.environ.get("PAIJU_DISCORD_SPEC")
    if env:
        return Path(env)
    repo_root = Path(__file__).resolve().parents[2]
    return repo_root.parent / "shared" / "discord-api-spec" / "openapi.json"


def _relax(document: dict[str, Any]) -> None:
    """Apply :data:`RELAXATIONS` to a freshly loaded description (in place)."""
    schemas = document["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    if "anyOf" not in snowflake:
        schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}


#: Where this validator is deliberately looser than the description, each because Discord's
#: servers accept it and the unmodified discord.py relies on it:
#:
#: - ``SnowflakeType`` also accepts a non-negative JSON integer: the description says
#:   "string of digits", but discord.py 2.7 sends e.g. ``{"recipient_id": 1234}`` in
#:   ``HTTPClient.start_private_message`` (``User.create_dm``), which Discord accepts.
RELAXATIONS = ("SnowflakeType accepts integers",)


def _escape(token: str) -> str:
    """JSON-pointer escaping of one reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True)
class OperationMatch:
    """One request resolved to an operation of the description.

    ``template`` is the description's path (``/channels/{channel_id}/messages``), ``params`` the
    path parameters taken from the request path (strings), ``method`` lower case.
    """

    template: str
    method: str
    operation_id: str
    params: dict[str, str]


@dataclass
class _Operation:
    template: str
    method: str
    operation_id: str
    pointer: str  # JSON pointer of the operation object inside the description
    path_params: dict[str, str] = field(default_factory=dict)  # name -> pointer of its schema
    query_params: dict[str, str] = field(default_factory=dict)
    body_required: bool = False
    body_types: dict[str, str] = field(default_factory=dict)  # content type -> schema pointer


class SpecValidator:
    """Match requests to operations of Discord's OpenAPI description and validate them.

    Build it with :meth:`load` (cached per file).  All public methods are pure and thread-safe
    for reading; the validator cache only grows.
    """

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        _relax(document)
        resource = referencing.Resource.from_contents(
            document, default_specification=referencing.jsonschema.DRAFT202012
        )
        self._registry: referencing.Registry[Any] = referencing.Registry().with_resource(
            _SPEC_URI, resource
        )
        self._validators: dict[str, jsonschema.protocols.Validator] = {}
        self._fast_validators: dict[str, Any] = {}
        self._rs_registry: Any = None
        # templates grouped by segment count for a quick match
        self._by_length: dict[int, list[tuple[tuple[str, ...], dict[str, _Operation]]]] = {}
        for template, item in document["paths"].items():
            segments = tuple(template.strip("/").split("/"))
            ops: dict[str, _Operation] = {}
            shared = item.get("parameters", [])
            for method in _METHODS:
                if method not in item:
                    continue
                ops[method] = self._operation(template, method, item[method], shared)
            self._by_length.setdefault(len(segments), []).append((segments, ops))
        # literal segments win over parameters (``messages/@original`` before ``{message_id}``)
        for entries in self._by_length.values():
            entries.sort(key=lambda e: -sum(not s.startswith("{") for s in e[0]))

    @classmethod
    def load(cls, path: Path | None = None) -> SpecValidator:
        """Load (once per path) the description at ``path`` or :func:`default_spec_path`.

        Raises ``FileNotFoundError`` naming the path when the description is missing.
        """
        return _load_cached(str(path or default_spec_path()))

    def _operation(
        self, template: str, method: str, op: dict[str, Any], shared: list[dict[str, Any]]
    ) -> _Operation:
        base = f"/paths/{_escape(template)}"
        result = _Operation(
            template=template,
            method=method,
            operation_id=op.get("operationId", f"{method} {template}"),
            pointer=f"{base}/{method}",
        )
        for where, params in (
            (f"{base}/parameters", shared),
            (f"{base}/{method}/parameters", op.get("parameters", [])),
        ):
            for index, param in enumerate(params):
                target = result.path_params if param["in"] == "path" else result.query_params
                if param["in"] in ("path", "query"):
                    target[param["name"]] = f"{where}/{index}/schema"
        body = op.get("requestBody")
        if body is not None:
            result.body_required = bool(body.get("required", False))
            for content_type in body.get("content", {}):
                result.body_types[content_type] = (
                    f"{base}/{method}/requestBody/content/{_escape(content_type)}/schema"
                )
        return result

    def _find(self, path: str) -> tuple[dict[str, _Operation], dict[str, str], str] | None:
        segments = path.strip("/").split("/")
        for template_segments, ops in self._by_length.get(len(segments), []):
            params: dict[str, str] = {}
            for want, got in zip(template_segments, segments, strict=True):
                if want.startswith("{"):
                    if not got:
                        break
                    params[want[1:-1]] = got
                elif want != got:
                    break
            else:
                template = "/" + "/".join(template_segments)
                return ops, params, template
        return None

    def match(self, method: str, path: str) -> OperationMatch | None:
        """The operation for ``method`` and ``path`` (path relative to ``/api/v10``), or None."""
        found = self._find(path)
        if found is None:
            return None
        ops, params, template = found
        op = ops.get(method.lower())
        if op is None:
            return None
        return OperationMatch(template, op.method, op.operation_id, params)

    def validator(self, pointer: str) -> jsonschema.protocols.Validator:
        """Compiled Draft 2020-12 validator for the schema at JSON pointer ``pointer`` (cached)."""
        cached = self._validators.get(pointer)
        if cached is None:
            cached = jsonschema.Draft202012Validator(
                {"$ref": f"{_SPEC_URI}#{pointer}"}, registry=self._registry
            )
            self._validators[pointer] = cached
        return cached

    def check(
        self,
        method: str,
        path: str,
        query: Mapping[str, str],
        body: Any = NO_BODY,
        *,
        content_type: str = "application/json",
    ) -> list[str]:
        """Problems with one request; an empty list means it matches the description.

        ``path`` is relative to the API base (``/channels/1/messages``); ``query`` maps names to
        raw strings; ``body`` is the decoded JSON body (or the ``payload_json`` of a multipart
        upload, then pass ``content_type="multipart/form-data"``), or :data:`NO_BODY`.
        """
        found = self._find(path)
        if found is None:
            return [f"{method} {path}: no such path in Discord's API description"]
        ops, params, template = found
        op = ops.get(method.lower())
        if op is None:
            allowed = ", ".join(m.upper() for m in ops) or "none"
            return [f"{method} {template}: method not in the description (allowed: {allowed})"]
        where = f"{method} {template} ({op.operation_id})"
        problems: list[str] = []
        for name, value in params.items():
            pointer = op.path_params.get(name)
            if pointer is not None:
                problems += self._errors(pointer, value, f"{where}: path parameter {name}")
        for name, raw in query.items():
            pointer = op.query_params.get(name)
            if pointer is None:
                problems.append(f"{where}: unknown query parameter {name!r}")
                continue
            candidates = _query_candidates(raw)
            fast = self._fast(pointer)
            if fast is not None and any(fast.is_valid(v) for v in candidates):
                continue
            tries = [self._errors(pointer, v, f"{where}: query {name}") for v in candidates]
            if all(tries):
                problems += tries[0]
        if body is NO_BODY:
            if op.body_required:
                problems.append(f"{where}: request body required but none sent")
            return problems
        if not op.body_types:
            problems.append(f"{where}: the operation takes no request body")
            return problems
        pointer = op.body_types.get("application/json")
        if content_type.startswith("multipart/"):
            pointer = op.body_types.get("multipart/form-data", pointer)
        if pointer is None:
            return [*problems, f"{where}: content type {content_type} not accepted"]
        problems += self._errors(pointer, body, f"{where}: body")
        return problems

    def check_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        """Problems with a JSON answer the server gives (its realism check); [] when valid.

        The schema is the operation's ``responses[status]`` ``application/json`` schema; an
        operation or status the description does not list is a problem too.
        """
        found = self._find(path)
        op = found[0].get(method.lower()) if found else None
        if op is None:
            return [f"{method} {path}: no such operation"]
        pointer = f"{op.pointer}/responses/{status}"
        response = self._resolve(pointer)
        if response is None:
            return [f"{method} {op.template}: status {status} not described"]
        if "$ref" in response:  # shared responses live in components/responses
            pointer = response["$ref"].lstrip("#")
            response = self._resolve(pointer)
            assert response is not None
        if "application/json" not in response.get("content", {}):
            return [f"{method} {op.template}: status {status} has no JSON body"]
        schema = f"{pointer}/content/application~1json/schema"
        return self._errors(schema, body, f"{method} {op.template} ({op.operation_id}): response")

    def _resolve(self, pointer: str) -> Any:
        """The object at JSON pointer ``pointer`` in the description, or None."""
        node: Any = self.document
        for token in pointer.lstrip("/").split("/"):
            key = token.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return node

    def _fast(self, pointer: str) -> Any:
        """jsonschema-rs validator for ``pointer`` (cached), or None without jsonschema-rs."""
        if _rs is None:
            return None
        fast = self._fast_validators.get(pointer)
        if fast is None:
            if self._rs_registry is None:
                self._rs_registry = _rs.Registry(
                    [(_SPEC_URI, self.document)], draft=_rs.Draft202012
                )
            # a URI fragment must percent-encode the braces of path templates
            ref = f"{_SPEC_URI}#{urllib.parse.quote(pointer, safe='/~')}"
            fast = _rs.Draft202012Validator({"$ref": ref}, registry=self._rs_registry)
            self._fast_validators[pointer] = fast
        return fast

    def _errors(self, pointer: str, instance: Any, label: str) -> list[str]:
        fast = self._fast(pointer)
        if fast is not None and fast.is_valid(instance):
            return []  # the common case: decided in microseconds, no explanation needed
        validator = self.validator(pointer)
        out = []
        for error in validator.iter_errors(instance):
            best = _explain(error)
            location = "".join(f"[{p!r}]" for p in best.absolute_path)
            message = best.message
            if len(message) > 200:  # long strings: keep the verdict, shorten the value shown
                shown = repr(best.instance)
                size = f"{len(best.instance)} long" if hasattr(best.instance, "__len__") else ""
                message = message.replace(shown, f"{shown[:40]}...({size})")
            out.append(f"{label}{location}: {message}")
        if not out and fast is not None:  # the two libraries disagree: report the strict one
            out = [f"{label}: {e.message}" for e in fast.iter_errors(instance)]
        return out


def _explain(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The most telling failure under ``error``.

    Discord's unions (components, callback bodies, command options) are told apart by a ``type``
    field; a branch whose ``type`` does not match is noise, so it is dropped before descending.
    """
    while error.validator in ("anyOf", "oneOf") and error.context:
        branches: dict[Any, list[jsonschema.ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        relevant = [errs for errs in branches.values() if not any(map(_wrong_branch, errs))]
        if len(relevant) != 1:
            return jsonschema.exceptions.best_match([error]) or error
        error = max(relevant[0], key=jsonschema.exceptions.relevance)
    return error


def _wrong_branch(error: jsonschema.ValidationError) -> bool:
    """True when ``error`` says the instance is not this union member at all (wrong kind)."""
    path = error.relative_path
    if error.validator == "type" and not path:
        return True  # e.g. the ``null`` branch of a nullable object
    return error.validator in ("enum", "const") and len(path) == 1 and path[0] == "type"


def _query_candidates(raw: str) -> list[Any]:
    """JSON values a query string may stand for: itself, a boolean, an integer.

    Query strings carry no types; discord.py writes ``with_response=1`` and ``limit=50``.
    """
    out: list[Any] = [raw]
    lowered = raw.lower()
    if lowered in ("true", "1"):
        out.append(True)
    if lowered in ("false", "0"):
        out.append(False)
    with contextlib.suppress(ValueError):
        out.append(int(raw))
    return out


@functools.lru_cache(maxsize=4)
def _load_cached(path: str) -> SpecValidator:
    with open(path, encoding="utf-8") as handle:
        return SpecValidator(json.load(handle))
