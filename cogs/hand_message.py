"""The private hand message as a layout (components v2): text, the picture, the controls.

Discord's layout messages hold up to 40 components instead of five rows, which is what lets
a hand of 33 cards be chosen from in five groups with the quick path and the buttons beside
them.  A layout message has no ``content``: its text lives in text displays, and the picture
is a media gallery pointing at the attachment ``hand.png``.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import discord

__all__ = ["HAND_FILE", "HandPayload", "hand_layout"]

HAND_FILE = "hand.png"
MAX_TEXT = 3900  # Discord: 4000 characters of text displays in one message


NO_PINGS = discord.AllowedMentions.none()


@dataclass
class HandPayload:
    """A private hand message: its text, optional PNG and the layout that shows both.

    ``content`` is the whole text (what the text displays say), kept for logs and asserts.
    """

    content: str
    png: bytes | None
    view: discord.ui.LayoutView | None
    rows: list[discord.ui.ActionRow[Any]] = field(default_factory=list)
    #: what the picture shows (:func:`cogs.pictures.hand_key`), None when unknown
    picture_key: str | None = None

    def file(self) -> discord.File | None:
        return None if self.png is None else discord.File(io.BytesIO(self.png), HAND_FILE)

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``send`` / ``followup.send``."""
        # a hand message pings nobody (its text names players; a name is never a mention)
        out: dict[str, Any] = {"view": self.view, "allowed_mentions": NO_PINGS}
        file = self.file()
        if file is not None:
            out["file"] = file
        return out

    def edit_kwargs(self, *, keep_picture: bool = False) -> dict[str, Any]:
        """Keyword arguments for ``edit`` / ``edit_original_response``; ``keep_picture``
        leaves the attachment as it is (a redraw of the controls only)."""
        out: dict[str, Any] = {"view": self.view, "allowed_mentions": NO_PINGS}
        if not keep_picture:
            file = self.file()
            out["attachments"] = [file] if file is not None else []
        return out


def hand_layout(
    top: str, bottom: str, rows: list[discord.ui.ActionRow[Any]], *, picture: bool
) -> discord.ui.LayoutView:
    """One container: ``top`` text, the picture, ``bottom`` text, then the control rows."""
    layout = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container()
    top = top[:MAX_TEXT]
    box.add_item(discord.ui.TextDisplay(top or "…"))
    if picture:
        box.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{HAND_FILE}")))
    if bottom:
        box.add_item(discord.ui.TextDisplay(bottom[: max(1, MAX_TEXT - len(top))]))
    for row in rows:
        box.add_item(row)
    layout.add_item(box)
    return layout
