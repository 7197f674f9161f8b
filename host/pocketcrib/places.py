"""Where things are: the firmware the tool flashes, the user's data, the MicroPython VM.

The firmware and the VM come from the checkout the tool runs from (installed editable, as
`make setup` does, so developers see their changes), else from the copy the installed tool
carries (pocketcrib/device/, put there when the wheel is built: see host/hatch_build.py).
Each can be moved with an environment variable (tests use these):
POCKETCRIB_DATA (scores database, backups), POCKETCRIB_RUNTIME (virtual boards
running now), POCKETCRIB_FIRMWARE (the firmware/ folder to flash),
POCKETCRIB_MICROPYTHON_MJS (the VM's micropython.mjs), POCKETCRIB_PICO_UF2 and
POCKETCRIB_PICO_BOOTROM (the MicroPython UF2 and RP2040 boot ROM an emulated Pico runs;
POCKETCRIB_PICO_DIR, a folder holding both), POCKETCRIB_RP2040JS (the folder rp2040js was
installed into with npm, for an installed tool: see rp2040js()).
"""

import json
import os
import tempfile
from pathlib import Path

from pocketcrib.errors import PocketCribError

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the checkout, when installed editable (make setup)
BUNDLE = HERE / "device"  # what an installed tool carries: firmware/, hardware/, vm/, VERSION
VM_PACKAGE = ("node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs")
RP2040JS = ("node_modules", "rp2040js", "dist", "esm", "index.js")
RP2040JS_VERSION = "1.4.1"  # the emulator pico.mjs is written for (package.json pins the same)
# The stock firmware and boot ROM an emulated Pico runs, as ../shared/pico/ beside a checkout
# holds them (third-party files: never in the repository).
PICO_UF2 = "micropython-1.28.0-RPI_PICO.uf2"
PICO_BOOTROM = "rp2040-b1-bootrom.bin"


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


def _node_module(parts):
    """The file node_modules/... of the checkout (or a folder above this package), or None."""
    for base in (ROOT, *HERE.parents):  # (an installed tool carries no rp2040js: a checkout's)
        candidate = base.joinpath(*parts)
        if candidate.is_file():
            return candidate
    return None


def rp2040js():
    """The rp2040js emulator's ES module (npm, pinned in package.json). The wheel does not carry
    it (node's, not Python's): it is looked for in the folder POCKETCRIB_RP2040JS names (where
    `npm install rp2040js@1.4.1` was run, or the package's own folder; `vboard --rp2040js DIR`
    sets it), then in the checkout's node_modules (make setup) or a node_modules in a folder
    above this package, then in the user data folder's node_modules (`npm install --prefix
    DATA_DIR rp2040js@1.4.1`, as docs/install.md says)."""
    env = os.environ.get("POCKETCRIB_RP2040JS")
    install = f"npm install --prefix {data_dir()} rp2040js@{RP2040JS_VERSION}"
    if env:
        folder = Path(env)
        for package in (folder, folder.joinpath(*RP2040JS[:2])):
            if (package / "package.json").is_file():
                return _rp2040js_in(package)
        raise PocketCribError(f"no rp2040js in {folder} (from --rp2040js or POCKETCRIB_RP2040JS)",
                              f"run `npm install --prefix {folder} rp2040js@{RP2040JS_VERSION}`, or leave it "
                              "out to use the one the tool finds")
    found = _node_module(RP2040JS)
    if found:
        return found
    package = data_dir().joinpath(*RP2040JS[:2])
    if (package / "package.json").is_file():
        return _rp2040js_in(package)
    if checkout():
        raise PocketCribError("the RP2040 emulator (rp2040js) is not installed",
                              "run `make setup` in the checkout (npm ci)")
    raise PocketCribError("the RP2040 emulator (rp2040js) is not installed (the tool does not carry it)",
                          f"run `{install}`, or give --rp2040js DIR")


def _rp2040js_in(package):
    """rp2040js's ES module in its package folder, if it is the version pico.mjs is written for."""
    try:
        version = json.loads((package / "package.json").read_text()).get("version")
    except (OSError, ValueError, AttributeError):
        version = None
    module = package.joinpath(*RP2040JS[2:])
    if version != RP2040JS_VERSION or not module.is_file():
        raise PocketCribError(f"{package} holds rp2040js {version or '(unreadable)'}, not {RP2040JS_VERSION}",
                              f"run `npm install --prefix {package.parents[1]} rp2040js@{RP2040JS_VERSION}`")
    return module


def pico_dir():
    """The folder of the stock Pico firmware and boot ROM: POCKETCRIB_PICO_DIR, else the first
    shared/pico/ beside the checkout or a folder above it; None if there is none."""
    env = os.environ.get("POCKETCRIB_PICO_DIR")
    if env:
        return Path(env)
    for base in ROOT.parents:
        candidate = base / "shared" / "pico"
        if candidate.is_dir():
            return candidate
    return None


def pico_file(env, name):
    """An emulated Pico's UF2 or boot ROM: $env, else `name` in pico_dir(); None if not there."""
    given = os.environ.get(env)
    if given:
        return Path(given)
    folder = pico_dir()
    if folder is not None and (folder / name).is_file():
        return folder / name
    return None


def pico_uf2():
    return pico_file("POCKETCRIB_PICO_UF2", PICO_UF2)


def pico_bootrom():
    return pico_file("POCKETCRIB_PICO_BOOTROM", PICO_BOOTROM)
