"""The firmware on CPython: the firmware the tool flashes (pocketcrib.places.firmware_dir) and the
MicroPython stand-ins (mpshim) on sys.path, so that the host runs the board's own code: the
simulator its UI, a pull its rules (rules.grids replays the grid games a board records)."""

import sys
from pathlib import Path

from pocketcrib import places

HERE = Path(__file__).resolve().parent
MPSHIM = HERE / "twins" / "mpshim"


def use_firmware():
    """Put the firmware and the MicroPython stand-ins on sys.path (once)."""
    for p in (str(MPSHIM), str(places.firmware_path())):  # (a missing one: its imports fail, told)
        if p not in sys.path:
            sys.path.insert(0, p)
