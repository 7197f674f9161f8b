"""Run the benchmarks: every tests/bench/bench_*.py, on CPython and in the MicroPython VM.

    python tests/bench/run.py [--cpython | --vm] [NAME ...]

A bench is a plain portable script (no imports from tests/) with firmware/,
hardware/ (and on CPython the mpshim stand-ins) on sys.path; it prints its own result lines. Time with `clock_ms()` from
benchutil.py, which uses time.ticks_ms on MicroPython. The VM's clock has
millisecond granularity and the VM is not a Pico: compare ratios, not absolutes.
Add a bench by dropping a new bench_*.py here. Exits non-zero if any bench fails.
hostbench_*.py are benches of the host tool (pocketcrib against the virtual
board): they run on CPython only, with host/ on sys.path as well.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE.parent))

from mpvm import DEVICE_PATHS, run_micropython  # noqa: E402


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    where = {"cpython", "vm"}
    if "--cpython" in args:
        where = {"cpython"}
    if "--vm" in args:
        where = {"vm"}
    names = [a for a in args if not a.startswith("--")]
    benches = sorted(HERE.glob("bench_*.py")) + sorted(HERE.glob("hostbench_*.py"))
    if names:
        benches = [b for b in benches if b.stem in names or b.stem.split("_", 1)[1] in names]
    if not benches:
        print("bench: no benches found")
        return 0
    failed = []
    for b in benches:
        if "cpython" in where:
            print(f"== {b.stem} (CPython {sys.version.split()[0]})", flush=True)
            path = [*DEVICE_PATHS, ROOT / "host" / "pocketcrib" / "twins" / "mpshim", HERE, ROOT / "host"]
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, path)))
            t0 = time.monotonic()
            rc = subprocess.run([sys.executable, str(b)], env=env, cwd=ROOT).returncode
            print(f"   [{time.monotonic() - t0:.1f} s wall]", flush=True)
            if rc:
                failed.append(f"{b.stem} (CPython)")
        if "vm" in where and not b.stem.startswith("hostbench_"):
            print(f"== {b.stem} (MicroPython VM, firmware as .mpy)", flush=True)
            t0 = time.monotonic()
            rc, out = run_micropython(b, paths=(*DEVICE_PATHS, HERE), use_mpy=DEVICE_PATHS)
            print(out, end="" if out.endswith("\n") else "\n")
            print(f"   [{time.monotonic() - t0:.1f} s wall]", flush=True)
            if rc:
                failed.append(f"{b.stem} (MicroPython)")
    if failed:
        print("bench: failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
