"""``python -m tests.host.toy_main ...``: ``python -m bot`` with the toy game registered."""

from __future__ import annotations

import sys

from bot.__main__ import main
from tests.host import toygame

if __name__ == "__main__":
    toygame.register()
    raise SystemExit(main(sys.argv[1:]))
