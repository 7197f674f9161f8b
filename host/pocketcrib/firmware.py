"""The firmware on CPython: firmware/ (POCKETCRIB_FIRMWARE moves it) and the MicroPython stand-ins
(mpshim) on sys.path, so that the host runs the board's own code: the simulator its UI, a pull its
rules (rules.grids replays the grid games a board records)."""

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIRMWARE = Path(os.environ.get("POCKETCRIB_FIRMWARE", ROOT / "firmware"))
MPSHIM = HERE / "twins" / "mpshim"


def use_firmware():
    """Put the firmware and the MicroPython stand-ins on sys.path (once)."""
    for p in (str(MPSHIM), str(FIRMWARE)):
        if p not in sys.path:
            sys.path.insert(0, p)
