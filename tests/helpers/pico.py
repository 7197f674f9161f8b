"""The stock Pico firmware the tests use, never kept in the repository: found as the host tool
finds it (pocketcrib.places.pico_uf2: POCKETCRIB_PICO_UF2, POCKETCRIB_PICO_DIR, which the Makefile
sets from PICO_DIR, else shared/pico/ beside the checkout). Tests that need it skip, saying why,
when it is not found."""

import json
import shutil

import pytest

from pocketcrib import places
from pocketcrib.twins.pico import BOOTROM_SIZE, UF2_MAGIC

CHECKOUTS = places.ROOT.joinpath(*places.RP2040JS[:2])  # the checkout's rp2040js (make setup)


def stock_uf2():
    """The MicroPython UF2 for RPI_PICO, or None."""
    return places.pico_uf2()


def fakes(tmp_path):
    """A file that passes for a UF2 and one for a boot ROM (what --pico checks before the emulator)."""
    uf2, rom = tmp_path / "fw.uf2", tmp_path / "rom.bin"
    uf2.write_bytes(UF2_MAGIC + bytes(504))
    rom.write_bytes(bytes(BOOTROM_SIZE))
    return uf2, rom


def npm_install(prefix, version=places.RP2040JS_VERSION):
    """prefix/node_modules/rp2040js as `npm install --prefix PREFIX rp2040js@VERSION` leaves it:
    a copy of the checkout's (1.4.1), its package.json saying `version`."""
    if not CHECKOUTS.is_dir():
        pytest.skip("rp2040js is not installed in this checkout (make setup)")
    package = prefix.joinpath(*places.RP2040JS[:2])
    shutil.copytree(CHECKOUTS, package)
    meta = json.loads((package / "package.json").read_text())
    meta["version"] = version
    (package / "package.json").write_text(json.dumps(meta))
    return package
