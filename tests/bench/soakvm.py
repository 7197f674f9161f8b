"""Run the soak (soak.py) in the MicroPython VM with the whole firmware loaded
from .mpy, as the device gets it; the VM harness resumes it once per game
(see soak.py). CPython only.

    heaps, summary, output = run(games)   # RuntimeError with the output if it failed
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from mpvm import DEVICE_PATHS, run_micropython  # noqa: E402


def run(games, timeout=1800):
    # The board twin, the soak and benchutil stay .py, like a test's own files.
    rc, out = run_micropython(HERE / "soak.py", paths=(*DEVICE_PATHS, HERE), use_mpy=DEVICE_PATHS,
                              args=(games,), timeout=timeout, heapsize=256 * 1024)
    if rc:
        raise RuntimeError("soak failed (rc %d):\n%s" % (rc, out[-4000:]))
    heaps = [int(line.split()[2]) for line in out.splitlines() if line.startswith("HEAP ")]
    summary = [line for line in out.splitlines() if line.startswith("SOAK ")]
    return heaps, summary[0] if summary else "", out
