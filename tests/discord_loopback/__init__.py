"""A loopback Discord for end-to-end tests (placeholder docstring, written below)."""

from .harness import Harness, InteractionResult, InteractionTimeout
from .models import Channel, LoopbackUser, StoredMessage
from .server import LoopbackDiscord, SpecViolationError, Violation

__all__ = [
    "Channel",
    "Harness",
    "InteractionResult",
    "InteractionTimeout",
    "LoopbackDiscord",
    "LoopbackUser",
    "SpecViolationError",
    "StoredMessage",
    "Violation",
]
