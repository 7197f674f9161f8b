"""The simulator's ways in: the headless command line (keys in, PNG out), the
pygame window (with SDL's dummy video driver), the terminal pictures, and the
virtual panel under the firmware's own driver."""
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest
from PIL import Image

from pocketcrib import places as firmware  # ROOT: the checkout
from pocketcrib.twins import sim as simmod
from pocketcrib.twins.panel import Panel
from pocketcrib.twins.sim import Sim, braille, halfblocks, main

WAIT = 600  # seconds: a last resort against a hang; every wait here ends on what the program does


def test_headless_keys_in_png_out(tmp_path, capsys):
    out = tmp_path / "shot.png"
    mid = tmp_path / "mid.png"
    rc = main(["--data", str(tmp_path / "d"), "--seed", "7",
               "--keys", "A A shot:%s RIGHT A" % mid, "--shot", str(out)])
    assert rc == 0
    for p in (out, mid):
        img = Image.open(p)
        assert img.size == (512, 256)
    # The table with the second card marked differs from the unmarked one.
    assert Image.open(out).tobytes() != Image.open(mid).tobytes()
    # The saves went to the folder given.
    assert (tmp_path / "d" / "game.pcr").exists()


def test_headless_unknown_key_is_one_line(tmp_path, capsys):
    rc = main(["--data", str(tmp_path), "--keys", "A JUMP"])
    assert rc == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pocketcrib: unknown key 'JUMP'")


def test_headless_prints_the_screen_without_shot(tmp_path, capsys):
    # A leading "--" (as `pocketcrib sim -- --keys ...` passes it on) is fine.
    assert main(["--", "--data", str(tmp_path), "--keys", ""]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)


def test_window_runs_with_the_dummy_video_driver(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    sim = Sim(tmp_path, seed=7)
    # Keys go in as pygame events, as a player's would.
    pygame.init()
    pygame.display.set_mode((10, 10))
    for key in (pygame.K_z, pygame.K_z, pygame.K_RIGHT):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    simmod.run_window(sim, scale=2, frames=5)
    assert type(sim.app.screen).__name__ == "Table"
    assert sim.app.screen.cur == 1


def test_terminal_pictures():
    rows = [[(x + y) % 3 == 0 for x in range(128)] for y in range(64)]
    half = halfblocks(rows)
    assert len(half) == 32 and all(len(r) == 128 for r in half)
    assert half[0][0] == "\u2580"  # (0,0) lit, (0,1) not
    br = braille(rows)
    assert len(br) == 16 and all(len(r) == 64 for r in br)
    # Every lit pixel is one braille dot.
    dots = sum(bin(ord(c) - 0x2800).count("1") for r in br for c in r)
    assert dots == sum(map(sum, rows))


@pytest.mark.parametrize("cols, rows, glyph", [(140, 40, "\u2588"), (80, 24, "\u28ff")])
def test_terminal_simulator_in_a_pty(tmp_path, cols, rows, glyph):
    """`pocketcrib sim` in a real terminal: keys go in, frames come out, q quits.

    A roomy terminal gets half-blocks; an 80x24 one gets braille so the glass fits.
    """
    env = {"POCKETCRIB_SIM_DATA": str(tmp_path), "PYTHONPATH": str(firmware.ROOT / "host")}
    game = tmp_path / "game.pcr"
    rc, text = _run_in_pty(_sim_argv(), cols, rows, keys=[b"zz", game.exists, b"q"], env=env,
                           shown="arrows move")  # menu, a game, quit
    assert rc == 0
    assert "arrows move" in text and glyph in text
    assert (tmp_path / "game.pcr").exists()  # the game started and was saved


def test_panel_follows_the_driver():
    from drivers.ssd1306 import SSD1306

    panel = Panel()
    d = SSD1306(panel)
    assert panel.on and panel.seg_remap and panel.com_remap
    d.fill(0)
    d.fill_rect(3, 5, 10, 20, 1)
    d.pixel(127, 63, 1)
    d.show()
    assert panel.frame() == bytes(d.buffer)
    assert panel.bytes == d.bytes_sent  # both count every byte, address bytes too
    d.contrast(9)
    assert panel.contrast == 9
    d.poweroff()
    assert not panel.on and not panel.lit(3, 5)
    d.poweron()
    d.flip(True)
    d.show()
    assert panel.lit(127 - 3, 63 - 5) and not panel.lit(3, 5)


# --- issue 14: the rough edges of the first hour ------------------------------------

def _run_in_pty(argv, cols=80, rows=24, keys=(), cwd=None, env=None, shown=None):
    """Run argv on a pty of cols x rows and type keys once it has taken the terminal; (exit code, output).

    keys: bytes to type, and between them callables to wait on (say, the file a key makes). Nothing is
    typed before the program has taken the terminal's keys (its Ctrl-C is then a key, not a signal) and,
    if given, has shown the text `shown`; nothing waits on the clock but the WAIT guard: a loaded
    machine starts Python and pygame slowly."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    pid = os.fork()
    if pid == 0:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)  # the terminal whose Ctrl-C would signal make
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if cwd:
            os.chdir(cwd)
        os.execvpe(argv[0], argv, dict(os.environ, **(env or {})))
    # The slave stays open here too, to read the terminal's modes as the program sets them.
    out = bytearray()
    status = None
    end = time.monotonic() + WAIT

    def pump(until):
        nonlocal status
        while True:
            r, _, _ = select.select([master], [], [], 0.05)
            if r:
                out.extend(os.read(master, 65536))
            if status is None:
                done, st = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = st
            if until():
                return
            if time.monotonic() > end:
                os.kill(pid, signal.SIGKILL)
                raise AssertionError(f"gave up after {WAIT} s: {out.decode('utf-8', 'replace')[-2000:]}")

    def taken():  # the program reads keys one by one, and Ctrl-C with them (sim.Keyboard)...
        if termios.tcgetattr(slave)[3] & (termios.ISIG | termios.ICANON):
            return False
        return shown is None or shown in out.decode("utf-8", "replace")  # ...and has drawn its screen

    try:
        for k in keys:
            if callable(k):
                pump(lambda k=k: k() or status is not None)
            else:
                pump(lambda: taken() or status is not None)
                if status is None:
                    os.write(master, k)
        pump(lambda: status is not None)
        while select.select([master], [], [], 0)[0]:  # what it wrote last
            out.extend(os.read(master, 65536))
    finally:
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(master)
        os.close(slave)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


def _sim_argv():
    return [sys.executable, "-c", "import sys; from pocketcrib.twins.sim import main; sys.exit(main())"]


def test_ctrl_c_in_make_sim_ends_cleanly(tmp_path):
    # Ctrl-C is the simulator's quit key, not a signal to make: no "make: *** ... Error 130".
    rc, out = _run_in_pty(["make", "-s", "sim", "SIM_ARGS=--data %s" % tmp_path], keys=[b"z", b"\x03"],
                          cwd=firmware.ROOT, shown="arrows move")
    assert rc == 0, out
    assert "Error" not in out and "arrows move" in out


def test_a_terminal_too_small_is_told_so(tmp_path):
    rc, out = _run_in_pty(_sim_argv(), cols=60, rows=15, env={"POCKETCRIB_SIM_DATA": str(tmp_path),
                                                            "PYTHONPATH": str(firmware.ROOT / "host")})
    assert rc == 2
    assert out.strip() == "pocketcrib: terminal too small (need 66x19, this one is 60x15)"


def test_window_without_a_display_says_so_in_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    proc = subprocess.run(_sim_argv() + ["--window", "--data", str(tmp_path)], env=env, capture_output=True,
                          text=True, timeout=WAIT, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == ["pocketcrib: no display found for --window (leave --window out to "
                                        "play in this terminal)"]
    assert proc.stdout == ""


def test_make_sim_paths_are_the_users(tmp_path):
    # make runs the simulator where the user ran make: relative --data, --shot and shot: land there.
    rel = os.path.relpath(tmp_path, firmware.ROOT)
    args = "--data %s/d --seed 7 --keys 'A A shot:%s/mid.png' --shot %s/end.png" % (rel, rel, rel)
    proc = subprocess.run(["make", "-s", "sim", "SIM_ARGS=" + args], cwd=firmware.ROOT, capture_output=True,
                          text=True, timeout=WAIT)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "mid.png").is_file() and (tmp_path / "end.png").is_file()
    assert (tmp_path / "d" / "game.pcr").is_file()


@pytest.mark.slow
def test_the_date_comes_from_this_computer(tmp_path):
    import datetime

    from helpers.drive import game_keys

    from storage.saves import Saves

    # A whole game, headless, without --date: its record carries today's date (the day before
    # the game or the day after, for a game played across midnight).
    keys = "A A " + " ".join(game_keys("solitaire")) + " wait:2 A"  # A on game over records it
    before = datetime.date.today().isoformat()
    assert main(["--data", str(tmp_path / "d"), "--seed", "7", "--keys", keys]) == 0
    after = datetime.date.today().isoformat()
    games = list(Saves(str(tmp_path / "d")).history())
    assert len(games) == 1 and games[0]["date"] in (before, after)
    assert simmod.board_date("2026-11-29") == "2026-11-29" and simmod.board_date("unset") is None


def test_a_bad_date_is_one_line(tmp_path, capsys):
    assert main(["--data", str(tmp_path), "--date", "29/11/2026", "--keys", ""]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "pocketcrib: --date wants YYYY-MM-DD or 'unset', not '29/11/2026'"]


def test_a_seed_with_a_saved_game_says_what_happens(tmp_path, capsys):
    assert main(["--data", str(tmp_path), "--seed", "7", "--keys", "A A A"]) == 0  # a game is saved
    assert capsys.readouterr().err == ""
    assert main(["--data", str(tmp_path), "--seed", "9", "--keys", ""]) == 0
    err = capsys.readouterr().err
    assert "a game is saved in %s: it is offered first, and --seed 9 deals the new games" % tmp_path in err


def test_ctrl_c_in_make_sim_window_ends_cleanly(tmp_path):
    # The window's terminal takes Ctrl-C as a key too, so make is not interrupted either.
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    rc, out = _run_in_pty(["make", "-s", "sim", "SIM_ARGS=--window --data %s" % tmp_path], keys=[b"\x03"],
                          cwd=firmware.ROOT, env=env)
    assert rc == 0, out
    assert "Error" not in out and "pygame" not in out
