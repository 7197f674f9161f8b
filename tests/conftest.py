"""pytest setup for CPython: make the device code, the host package and test helpers importable.

firmware/ (and hardware/, for pins) run unchanged here; host/pocketcrib/twins/mpshim
supplies CPython stand-ins for MicroPython-only modules (`micropython`, ...).

Test modules are imported with --import-mode=importlib (see pyproject.toml), so
two folders may each have a test_games.py. Helper modules (tests/mpvm, and plain
modules such as tests/core/scratch.py) are found through the folders added here:
tests/ and each of its subfolders, so helper names must be unique across them.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
PATHS = (
    ROOT / "firmware",
    ROOT / "hardware",
    ROOT / "host" / "pocketcrib" / "twins" / "mpshim",
    ROOT / "host",
    TESTS,
    *sorted(p for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))),
)

for p in reversed(PATHS):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))
