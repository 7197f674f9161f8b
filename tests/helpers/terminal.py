"""`pocketcrib vboard --play` in a terminal of its own (a pty of 80x24, so the glass is drawn in
braille), typed at and read as a player would: a key is typed once the glass shows what the
last one did, never after a rest of wall clock (a loaded machine runs a board many times slower,
and a key that reached the game too soon could be ignored, as an A within a second of the game's
last screen is: ui/deliberate.py)."""

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

from helpers.watch import WAIT

from pocketcrib.twins.sim import braille


def glass_of(frame):
    """A frame (MONO_VLSB bytes, as Sim.frame() gives) as the glass --play draws at 80x24."""
    rows = [[frame[(y >> 3) * 128 + x] >> (y & 7) & 1 for x in range(128)] for y in range(64)]
    return tuple(braille(rows))


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

    def glass(self):
        """The glass as last drawn whole (its braille rows), or None before the first: --play
        draws it in one write, from the cursor's home, between two border lines."""
        text = self.text()
        for draw in reversed(text.split("\x1b[H")[1:]):
            lines = draw.replace("\r", "").split("\n")  # the pty's "\r\r\n" as one line end
            borders = [i for i, line in enumerate(lines) if line.startswith("+-") and line.rstrip().endswith("-+")]
            if len(borders) >= 2:
                return tuple(line[1:-1].replace("\x1b[2m", "").replace("\x1b[0m", "")
                             for line in lines[borders[0] + 1:borders[1]])
        return None

    def wait_glass(self, want, what, within=WAIT):
        """Until want(glass) is true of the glass as drawn; that glass."""
        found = []

        def look():
            g = self.glass()
            if g is not None and want(g):
                found.append(g)
                return True
            return False

        assert self.pump(within, until=look), f"gave up waiting for {what}: {self.text()[-2000:]!r}"
        return found[0]

    def type(self, keys):
        """Each key, then the glass it changes: a key is typed only once the board has drawn
        what the last one did (each key of a deal changes the screen)."""
        for k in keys:
            before = self.glass()
            os.write(self.fd, bytes([k]))
            self.wait_glass(lambda g, before=before: g != before, f"the screen after {k:c}")

    def lit(self):
        """True once the board's display shows something (braille dots but the empty one)."""
        return any("\u2801" <= c <= "\u28ff" for c in self.text())

    def abandon(self):
        """A test that failed on the way: --play killed, and the board it started (it runs in a
        session of its own) switched off."""
        from pocketcrib.twins import vboard

        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        for b in vboard.running():
            os.killpg(int(b["pid"]), signal.SIGTERM)

    def wait(self, timeout=WAIT):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        raise AssertionError("pocketcrib vboard --play did not quit")
