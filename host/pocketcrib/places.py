"""Where things are: this checkout's firmware, the user's data, the MicroPython VM.

Each can be moved with an environment variable (tests use these):
POCKETCRIB_DATA (scores database, backups), POCKETCRIB_RUNTIME (virtual boards
running now), POCKETCRIB_FIRMWARE (the firmware/ folder to flash),
POCKETCRIB_MICROPYTHON_MJS (the VM's micropython.mjs).
"""

import os
import tempfile
from pathlib import Path

from pocketcrib.errors import PocketCribError

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the checkout, when installed editable (make setup)
VM_PACKAGE = ("node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs")


def data_dir():
    env = os.environ.get("POCKETCRIB_DATA")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("pocketcrib", appauthor=False))


def runtime_dir():
    env = os.environ.get("POCKETCRIB_RUNTIME")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and os.path.isdir(xdg):
        return Path(xdg) / "pocketcrib"
    return Path(tempfile.gettempdir()) / f"pocketcrib-{os.getuid()}"


def firmware_dir():
    """The firmware/ folder of this checkout (what `flash` puts on the board)."""
    path = Path(os.environ.get("POCKETCRIB_FIRMWARE", ROOT / "firmware"))
    if not (path / "main.py").is_file():
        raise PocketCribError(f"no firmware at {path}",
                              "run pocketcrib from a Pocket Crib checkout, or set POCKETCRIB_FIRMWARE")
    return path


def pin_map():
    """hardware/pins.py, deployed to the board as /pins.py."""
    return firmware_dir().parent / "hardware" / "pins.py"


def micropython_mjs():
    env = os.environ.get("POCKETCRIB_MICROPYTHON_MJS")
    if env:
        return Path(env)
    for base in (ROOT, *HERE.parents):
        candidate = base.joinpath(*VM_PACKAGE)
        if candidate.is_file():
            return candidate
    raise PocketCribError("the MicroPython VM is not installed",
                          "run `make setup` in the checkout (npm ci), or set POCKETCRIB_MICROPYTHON_MJS")
