"""The stock Pico firmware the tests use, never kept in the repository: POCKETCRIB_PICO_UF2 names
the MicroPython UF2 (the Makefile sets it from PICO_UF2), defaulting to ../shared/pico/ beside the
checkout when it is there. Tests that need it skip, saying why, when it is not found."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STOCK_UF2 = "micropython-1.28.0-RPI_PICO.uf2"


def stock_uf2():
    """The MicroPython UF2 for RPI_PICO, or None."""
    env = os.environ.get("POCKETCRIB_PICO_UF2")
    path = Path(env) if env else ROOT.parent / "shared" / "pico" / STOCK_UF2
    return path if path.is_file() else None
