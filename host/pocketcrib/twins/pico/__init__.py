"""An emulated Pico: the real MicroPython firmware (a UF2) on the RP2040 emulator rp2040js.

pico.mjs runs the chip under node with this project's board around it (the SSD1306 on I2C0,
the six buttons, flash kept in an image file, USB CDC as the serial port); the virtual
board's launcher (twins/vboard) gives it its pty and runs it as it runs the VM board, so
`mpremote`, every `pocketcrib` command, the --pins presser and the --screen viewer work
with it unchanged:

    pocketcrib vboard --pico micropython-1.28.0-RPI_PICO.uf2

    with EmulatedPico(tmp / "pico.img") as pico:    # in a test (twins/pico/board.py)
        subprocess.run(["pocketcrib", "flash", "--port", pico.port])

The firmware and the boot ROM are third-party files the project does not ship: they come
from the command line or the environment (places.pico_uf2(), places.pico_bootrom()).
Here: finding and checking them, and pico.mjs's command line (what the launcher needs);
board.py: EmulatedPico (a VirtualBoard on the emulator) and Frames (its display watched).
"""

from pathlib import Path

from pocketcrib import places
from pocketcrib.errors import PocketCribError

HERE = Path(__file__).resolve().parent
PICO_MJS = HERE / "pico.mjs"
UF2_MAGIC = b"UF2\n\x57\x51\x5d\x9e"
BOOTROM_SIZE = 16384


def check(uf2=None, bootrom=None):
    """(uf2, bootrom) as paths that exist and look right: those given, else places' defaults."""
    uf2 = Path(uf2) if uf2 else places.pico_uf2()
    bootrom = Path(bootrom) if bootrom else places.pico_bootrom()
    if uf2 is None:
        raise PocketCribError("no MicroPython UF2 for the emulated Pico",
                              "give --pico FILE.uf2 (the RPI_PICO download) or set POCKETCRIB_PICO_UF2")
    if bootrom is None:
        raise PocketCribError("no RP2040 boot ROM for the emulated Pico",
                              "give --bootrom FILE (the B1 boot ROM, 16 KB) or set POCKETCRIB_PICO_BOOTROM")
    try:
        with open(uf2, "rb") as f:
            head = f.read(8)
        size = bootrom.stat().st_size
    except OSError as e:
        raise PocketCribError(f"cannot read {e.filename}: {e.strerror}", "check the path") from None
    if head != UF2_MAGIC:
        raise PocketCribError(f"{uf2} is not a UF2 file", "give the .uf2 of MicroPython for RPI_PICO")
    if size != BOOTROM_SIZE:
        raise PocketCribError(f"{bootrom} is {size} bytes, not an RP2040 boot ROM ({BOOTROM_SIZE})",
                              "give the B1 boot ROM image (pico-bootrom)")
    return uf2, bootrom


def command(rp2040js, uf2, bootrom, image, uid, status_fd):
    """The node command line running pico.mjs (the launcher adds --pins and --screen)."""
    return ["node", str(PICO_MJS), "--rp2040js", str(rp2040js), "--uf2", str(uf2), "--bootrom", str(bootrom),
            "--flash", str(image), "--uid", uid, "--status", str(status_fd)]
