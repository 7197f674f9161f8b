"""Run every portable test module in tests/core/ inside the real MicroPython VM.

The same modules also run here under CPython (pytest collects tests/core
directly). In the VM the firmware is imported as mpy-cross'ed .mpy, as the
device gets it. A module can skip heavy tests on MicroPython with
MICROPYTHON_SKIP = ("test_name", ...).
"""

from pathlib import Path

import pytest

from mpvm import DEVICE_PATHS, RUNNER, run_micropython

pytestmark = pytest.mark.slow

CORE = Path(__file__).resolve().parents[1] / "core"
MODULES = sorted(p.stem for p in CORE.glob("test_*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_core_module_on_micropython(module):
    rc, out = run_micropython(RUNNER, paths=(*DEVICE_PATHS, CORE), use_mpy=DEVICE_PATHS, args=("-v", module))
    print(out)
    assert rc == 0, f"{module} failed on MicroPython:\n{out}"
    assert " failed" in out.splitlines()[-1]
