"""An update cut short at every step of its flash, not only once in each phase as in make test:
tests/host/test_update_cut_short.py with POCKETCRIB_EVERY_CUT=1 (each cut reboots the virtual board
twice and flashes again, about 8 s a cut).
"""

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main():
    env = dict(os.environ, POCKETCRIB_EVERY_CUT="1")
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
                           "tests/host/test_update_cut_short.py"], cwd=ROOT, env=env, capture_output=True, text=True)
    cuts = next((line.split(":")[0] for line in proc.stdout.splitlines() if line.startswith("cut at")), "no cut")
    print(f"update {cuts}: {'passed' if proc.returncode == 0 else 'FAILED'} in {time.monotonic() - t0:.0f} s")
    if proc.returncode:
        print(proc.stdout[-3000:], proc.stderr[-2000:])
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
