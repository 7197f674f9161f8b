"""Issue 14 item 3: the virtual board can be played. `pocketcrib vboard --play` in a terminal shows
the board's display and presses its buttons; a whole game played there is pulled from another
terminal as a real board's would be; the same board then opens in a window."""

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

from pocketcrib import vboard

HOST = Path(__file__).resolve().parents[2] / "host"
# Keys as typed in the terminal: A is z, B is x, RIGHT is l. A deal: mark the two lowest
# cards (A, RIGHT, A), lay them away (A), skip the counting (B), leave the summary (A).
DEAL = b"zlzzxz"


class Terminal:
    """`pocketcrib vboard --play [ARGS]` on a pty of 80x24."""

    def __init__(self, env, *args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.environ.update(env)
            os.execv(sys.executable, [sys.executable, "-m", "pocketcrib", "vboard", "--play", *args])
        self.out = bytearray()

    def pump(self, seconds, until=None):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if r:
                try:
                    self.out.extend(os.read(self.fd, 65536))
                except OSError:
                    return False
            if until is not None and until():
                return True
        return False

    def text(self):
        return self.out.decode("utf-8", "replace")

    def type(self, keys, pause=0.4, settle=15):
        """Each key, then its redraw: a key is typed only once the board has
        drawn the last one's screen (a loaded machine slows the VM, and keys
        typed faster than it draws would run ahead of the game)."""
        for k in keys:
            before = len(self.out)
            os.write(self.fd, bytes([k]))
            self.pump(settle, until=lambda before=before: len(self.out) > before)
            self.pump(pause)

    def wait(self, timeout=60):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        raise AssertionError("pocketcrib vboard --play did not quit")


def test_a_game_played_on_the_virtual_board_is_pulled(home, cli, tmp_path):
    env = {"PYTHONPATH": os.pathsep.join([str(HOST), os.environ.get("PYTHONPATH", "")])}
    term = Terminal(env)
    quit_sent = False
    try:
        # Up, flashed with this checkout's game, its screen drawn here.
        assert term.pump(180, until=lambda: "works from another terminal" in term.text()), term.text()[-2000:]
        boards = vboard.running()
        assert len(boards) == 1 and boards[0]["port"] in term.text()
        history = Path(boards[0]["flash"]) / "data" / "history.pcr"
        term.pump(2)
        term.type(b"zz")  # title -> menu -> Solitaire Cribbage
        term.type(DEAL * 6)  # the whole game, deal by deal
        term.pump(3)
        # Game over; A records the game (and goes on to the initials of a high score).
        for _ in range(3):
            term.type(b"z", pause=2)
            if term.pump(10, until=history.exists):
                break
        # A press the loaded VM missed leaves a deal unplayed: play on, a key at a time, until recorded.
        for k in DEAL * 4:
            if history.exists():
                break
            term.type(bytes([k]), pause=1)
            term.pump(3, until=history.exists)
        assert history.exists(), term.text()[-3000:]
        assert "\u28ff" in term.text() or "\u2800" in term.text()  # the glass, in braille at 80x24
        # From another terminal, meanwhile: the game comes off the board like a real one's.
        pulled = cli("scores", "pull")
        assert pulled.returncode == 0, pulled.stderr
        assert "1 game (1 new)" in pulled.stdout
        shown = cli("scores", "show")
        assert "solitaire" in shown.stdout and boards[0]["uid"] in shown.stdout
        os.write(term.fd, b"q")
        quit_sent = True
        assert term.wait() == 0
        assert vboard.running() == [] and not os.path.lexists(boards[0]["port"])
        # The same board in a window (SDL's dummy video driver here): q in the terminal ends it too.
        term = Terminal(dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"), "--window")
        quit_sent = False
        assert term.pump(180, until=lambda: "Playing in the window" in term.text()), term.text()
        again = vboard.running()
        assert len(again) == 1 and again[0]["flash"] == boards[0]["flash"] and again[0]["port"] in term.text()
        term.pump(1)
        os.write(term.fd, b"q")
        quit_sent = True
        assert term.wait() == 0, term.text()
        assert vboard.running() == []
    finally:
        if not quit_sent:
            os.kill(term.pid, signal.SIGKILL)
            os.waitpid(term.pid, 0)
            for b in vboard.running():  # the board it started runs in a session of its own
                os.killpg(int(b["pid"]), signal.SIGTERM)


def test_play_needs_a_terminal_and_starts_nothing_without_one(home, failure):
    import subprocess

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HOST), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run([sys.executable, "-m", "pocketcrib", "vboard", "--play"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=env, timeout=60)
    assert "needs a terminal" in failure(proc)
    assert vboard.running() == []

