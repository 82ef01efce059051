"""Every message the pages say is in the ``web`` catalogue domain in English and Chinese: the
templates' literal ``t("…")`` keys and the keys they build from a value (a tournament's format
and status, a table's status)."""

from __future__ import annotations

import re
from pathlib import Path

from present.i18n import CATALOGUE, MESSAGES

TEMPLATES = Path(__file__).resolve().parents[2] / "web" / "templates"
BUILT = {
    "tournament.format.": ("swiss", "round_robin"),
    "tournament.status.": ("signup", "running", "finished", "cancelled"),
    "tournament.table_status.": ("waiting", "playing", "finished"),
}


def _keys() -> set[str]:
    found: set[str] = set()
    for path in TEMPLATES.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"""\bt\(\s*["']([a-z0-9_.]+)["']\s*[,)]""", text))
        for prefix in re.findall(r"""\bt\(\s*["']([a-z0-9_.]+\.)["']\s*\+""", text):
            assert prefix in BUILT, f"{path.name}: a key built from {prefix!r}: list its values"
            found |= {prefix + value for value in BUILT[prefix]}
    return found


def test_every_message_of_the_pages_is_in_both_languages() -> None:
    keys = _keys()
    assert len(keys) > 40  # the scan sees the templates
    for key in sorted(keys):
        full = f"web.{key}"
        assert full in MESSAGES, f"{full} is not in present/locales/*/LC_MESSAGES/web.po"
        assert CATALOGUE.domains["en"][full] == "web"
        assert full in CATALOGUE.messages["zh"] and CATALOGUE.messages["zh"][full], full
