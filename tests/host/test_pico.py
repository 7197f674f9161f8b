"""Issue 26: a real Pico in the test suite. The stock MicroPython UF2 runs on an emulated RP2040
(twins/pico: rp2040js behind the virtual board's pty), and everything reaches it as it reaches a
board on USB: mpremote, `pocketcrib flash`, the display on I2C0, the buttons on their pins.

The UF2 and the boot ROM are third-party files the repository does not hold: they come from
POCKETCRIB_PICO_UF2 / POCKETCRIB_PICO_BOOTROM (or POCKETCRIB_PICO_DIR), else shared/pico/ beside
the checkout; without them these tests are skipped, saying so. `-m pico` selects them.
Nothing here sleeps: each step waits for the state it needs (watch.until), a deadline only as
a last resort, since a loaded machine runs the emulator ten times slower than a real Pico.
"""

import ast
import os
import shutil
import subprocess
import sys
import time

import pytest

from helpers.watch import until
from pocketcrib import places
from pocketcrib.twins.pico import Frames
from pocketcrib.twins.sim import Sim
from pocketcrib.twins.vboard import view

UID = "e6614c311b7e5c2f"


def _missing():
    if shutil.which("node") is None:
        return "node is not installed"
    if places._node_module(places.RP2040JS) is None:
        return "rp2040js is not installed (make node)"
    if places.pico_uf2() is None or places.pico_bootrom() is None:
        return ("no stock Pico UF2 and boot ROM: set POCKETCRIB_PICO_DIR (or POCKETCRIB_PICO_UF2 and "
                "POCKETCRIB_PICO_BOOTROM), or put them in shared/pico/ beside the checkout")
    return None


pytestmark = [pytest.mark.pico, pytest.mark.skipif(_missing() is not None, reason=str(_missing()))]


def mpremote(port, *args):
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", port, *args], capture_output=True,
                          text=True, timeout=600)


def drawn(frames, presser, want):
    """For until(): the display's transfers read (and the presser's next step taken), then want()."""

    def look():
        frames.read()
        if presser is not None:
            presser.step(time.monotonic())
        return want()

    return look


def pico(tmp_path, name, **kw):
    from pocketcrib.twins.pico import EmulatedPico

    (tmp_path / name).mkdir(exist_ok=True)
    return EmulatedPico(tmp_path / name / "pico.img", log=tmp_path / name / "pico.log", uid=UID, **kw)


def test_the_stock_firmware_boots_to_the_repl_and_mpremote_runs_code_there(home, tmp_path):
    board = pico(tmp_path, "stock").start()
    try:
        ran = mpremote(board.port, "exec", "import gc, os, machine\n"
                       "print(repr((os.uname().release, machine.unique_id().hex(), os.statvfs('/')[2], "
                       "gc.mem_free())))")
    finally:
        board.stop()
    assert ran.returncode == 0, ran.stderr
    release, uid, blocks, free = ast.literal_eval(ran.stdout.strip())
    assert (release, uid, blocks) == ("1.28.0", UID, 352)  # the RPI_PICO filesystem: 352 blocks of 4 KB
    print(f"heap free at the REPL after a soft reset: {free:,} bytes (shared/pico/README.md: 241,744 after boot)")
    assert 230_000 < free < 246_000


def test_pocketcrib_flash_puts_the_game_on_it_and_it_boots_to_the_title_and_takes_keys(home, cli, tmp_path):
    sim = Sim(tmp_path / "sim")
    title = sim.frame()
    sim.press("A")
    menu = sim.frame()
    board = pico(tmp_path, "board").start()
    try:
        started = time.monotonic()
        flashed = cli("flash", "--port", board.port)
        assert flashed.returncode == 0, flashed.stderr
        assert "files copied" in flashed.stdout and "checked by SHA-256" in flashed.stdout, flashed.stdout
        print(f"pocketcrib flash onto a blank emulated Pico: {time.monotonic() - started:.0f} s wall")
    finally:
        board.stop()

    # Power on again with the game in flash: the title, as the firmware draws it on CPython.
    frames = Frames(tmp_path / "screen")
    board = pico(tmp_path, "board", screen=tmp_path / "screen").start()
    try:
        until(drawn(frames, None, lambda: title in frames.first), "the title")
        print(f"boot to the title's first frame: {frames.first[title] / 1000:.0f} ms emulated "
              "(DEVICE-FIGURES.md: 357 ms with an empty /data)")
        presser = view.Presser(board.press, board.seen, view.button_pins())
        presser.add("A")
        until(drawn(frames, presser, lambda: menu in frames.first), "the menu")
        presser.add("A")  # the menu's first game: a table, its deal from the board's own seed
        until(drawn(frames, presser, lambda: presser.idle() and frames.read() not in (title, menu)),
              "a game's table")
    finally:
        board.stop()
        frames.close()
    log = (tmp_path / "board" / "pico.log").read_text(errors="replace")
    assert "Traceback" not in log and "BKPT" not in log, log[-2000:]
    assert os.path.getsize(tmp_path / "board" / "pico.img") == 2 * 1024 * 1024
