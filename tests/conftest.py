"""pytest setup for CPython: make the device code and the host package importable.

firmware/ runs unchanged here; host/pocketcrib/mpshim supplies CPython stand-ins
for MicroPython-only modules (`micropython`, ...). Order: firmware first, then
the shims, then host/ (for `import pocketcrib`).
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATHS = (ROOT / "firmware", ROOT / "hardware", ROOT / "host" / "pocketcrib" / "mpshim", ROOT / "host")

for p in reversed(PATHS):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))
