"""Where things are: the firmware the tool flashes, the user's data, the MicroPython VM.

The firmware and the VM come from the checkout the tool runs from (installed editable, as
`make setup` does, so developers see their changes), else from the copy the installed tool
carries (pocketcrib/device/, put there when the wheel is built: see host/hatch_build.py).
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
BUNDLE = HERE / "device"  # what an installed tool carries: firmware/, hardware/, vm/, VERSION
VM_PACKAGE = ("node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs")


def checkout():
    """The Pocket Crib checkout this tool runs from, or None (installed from a wheel)."""
    return ROOT if (ROOT / "firmware" / "main.py").is_file() and (ROOT / "host").is_dir() else None


def source():
    """Where the firmware comes from, in words: "this checkout" or "this tool"."""
    return "this tool" if firmware_dir() == BUNDLE / "firmware" else "this checkout"


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


def firmware_path():
    """Where the firmware should be (POCKETCRIB_FIRMWARE, the checkout's, else the tool's own)."""
    env = os.environ.get("POCKETCRIB_FIRMWARE")
    return Path(env) if env else ROOT / "firmware" if checkout() else BUNDLE / "firmware"


def firmware_dir():
    """The firmware/ folder `flash` puts on the board: the checkout's, else the tool's own."""
    path = firmware_path()
    if not (path / "main.py").is_file():
        raise PocketCribError(f"no firmware at {path}",
                              "reinstall pocketcrib, run it from a Pocket Crib checkout, or set POCKETCRIB_FIRMWARE")
    return path


def pin_map():
    """hardware/pins.py, deployed to the board as /pins.py (beside the firmware's folder)."""
    return firmware_dir().parent / "hardware" / "pins.py"


def micropython_mjs():
    env = os.environ.get("POCKETCRIB_MICROPYTHON_MJS")
    if env:
        return Path(env)
    if checkout():
        candidate = ROOT.joinpath(*VM_PACKAGE)
        if candidate.is_file():
            return candidate
        raise PocketCribError("the MicroPython VM is not installed in this checkout",
                              "run `make setup` (npm ci), or set POCKETCRIB_MICROPYTHON_MJS")
    candidate = BUNDLE / "vm" / "micropython.mjs"
    if candidate.is_file():
        return candidate
    raise PocketCribError(f"the MicroPython VM is missing from {BUNDLE}",
                          "reinstall pocketcrib, or set POCKETCRIB_MICROPYTHON_MJS")
