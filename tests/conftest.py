"""pytest setup for CPython: make the device code, the host package and test helpers importable.

firmware/ (and hardware/, for pins) run unchanged here; host/pocketcrib/twins/mpshim
supplies CPython stand-ins for MicroPython-only modules (`micropython`, ...).

Test modules are imported with --import-mode=importlib (see pyproject.toml), so
two folders may each have a test_games.py. What tests share is in tests/helpers/, a
package (`from helpers import drive`), and the VM harness is tests/mpvm/ (`from mpvm
import run_micropython`). The portable helpers the MicroPython VM runs as well are plain
modules beside their own: tests/core (scratch, skiptest, brute) and tests/bench
(benchutil, uiboard); those two folders, and only they, are on the path.
"""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
PATHS = (
    ROOT / "firmware",
    ROOT / "hardware",
    ROOT / "host" / "pocketcrib" / "twins" / "mpshim",
    ROOT / "host",
    TESTS,
    TESTS / "core",
    TESTS / "bench",
)

for p in reversed(PATHS):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


def pytest_collection_modifyitems(items):
    # The portable modules (tests/core) import no pytest, so they name their slow tests in SLOW.
    for item in items:
        module = getattr(item, "module", None)
        if getattr(item, "originalname", item.name) in getattr(module, "SLOW", ()):
            item.add_marker(pytest.mark.slow)
