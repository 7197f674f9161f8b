"""Run the soak (soak.py, driven by soak.mjs) in the MicroPython VM with the
whole firmware loaded from .mpy, as the device gets it. CPython only.

    heaps, summary, output = run(games)   # RuntimeError with the output if it failed
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from mpvm import DEVICE_PATHS, ROOT, compile_tree  # noqa: E402


def run(games, timeout=1800):
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        tmp = Path(tmp)
        paths = []
        for p in DEVICE_PATHS:
            compile_tree(p, tmp / p.name)
            paths.append(tmp / p.name)
        side = tmp / "side"  # the board twin and the soak, from source like a test
        side.mkdir()
        for name in ("uiboard.py", "soak.py"):
            shutil.copy(HERE / name, side)
        cmd = ["node", str(HERE / "soak.mjs"), str(games)]
        for p in [side, *paths]:
            cmd += ["--path", str(p)]
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    out = proc.stdout + proc.stderr
    if proc.returncode:
        raise RuntimeError("soak failed (rc %d):\n%s" % (proc.returncode, out[-4000:]))
    heaps = [int(line.split()[2]) for line in out.splitlines() if line.startswith("HEAP ")]
    summary = [line for line in out.splitlines() if line.startswith("SOAK ")]
    return heaps, summary[0] if summary else "", out
