"""The REST plumbing types shared by the server and its handlers.

:class:`ApiRequest` is a decoded request as handlers see it, :class:`ApiError` an error answer in
Discord's JSON shape, :class:`Violation` a recorded request Discord would refuse.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON answer with the exact ``Content-Type: application/json`` discord.py checks for
    (``discord.http.json_or_text`` compares the header verbatim, so no charset suffix)."""
    return web.Response(
        body=json.dumps(data, separators=(",", ":")).encode(),
        status=status,
        content_type="application/json",
    )


@dataclass(frozen=True)
class Violation:
    """A request Discord would refuse, or one this server cannot answer.

    ``kind``: ``"spec"`` (does not match the OpenAPI description), ``"api"`` (valid shape but
    breaks a rule Discord enforces, e.g. a second callback for one interaction, duplicate
    custom_ids), ``"late"`` (interaction answered after the deadline), ``"unhandled"`` (endpoint
    not implemented here).
    """

    kind: str
    method: str
    path: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.method} {self.path}: {self.detail}"


class SpecViolationError(AssertionError):
    """Raised by :meth:`LoopbackDiscord.assert_clean` listing every recorded violation."""


@dataclass
class RequestRecord:
    """One REST request as received: decoded body (or None) and uploaded file names."""

    method: str
    path: str
    template: str | None
    query: dict[str, str]
    body: Any
    files: list[str]
    status: int = 0
    at: float = field(default_factory=time.monotonic)


class ApiError(Exception):
    """An error answer in Discord's shape: HTTP ``status``, JSON ``{"code", "message"}``."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: Any = None,
        *,
        retry_after: float | None = None,
        is_global: bool = False,
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors
        self.retry_after = retry_after
        self.is_global = is_global

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        response = json_response(body, status=self.status)
        if self.retry_after is not None:
            body.update(retry_after=self.retry_after, **{"global": self.is_global})
            response = json_response(body, status=self.status)
            response.headers["Retry-After"] = str(self.retry_after)
            response.headers["X-RateLimit-Scope"] = "global" if self.is_global else "user"
            if self.is_global:
                response.headers["X-RateLimit-Global"] = "true"
            # discord.py takes a 429 without a Via header for a Cloudflare ban and gives up
            response.headers["Via"] = "1.1 google"
        return response


@dataclass
class UploadedFile:
    """A ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class ApiRequest:
    """A decoded REST request handed to a handler."""

    method: str
    path: str
    template: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: dict[int, UploadedFile]

    def json(self) -> dict[str, Any]:
        """The body as an object ({} when absent or null)."""
        return self.body if isinstance(self.body, dict) else {}

    def flag(self, name: str) -> bool:
        """A boolean query parameter (``true`` or ``1``)."""
        return self.query.get(name, "").lower() in ("1", "true")
