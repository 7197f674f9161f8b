"""Playing the virtual board from this terminal: `pocketcrib vboard --play`.

The board runs as `pocketcrib vboard` does (its own port, flash folder and id,
reachable by every other command meanwhile), with two wires to this process:
its display's I2C transfers come over a FIFO into the simulator's own panel
(pocketcrib.twins.panel), drawn by the simulator's terminal view; and each key pressed
here is pressed and let go by the firmware's own samples (the board's --pins
file: a VM board takes each key whole, an emulated Pico the pin's levels in turn,
each held until the board says its firmware has read it long enough), so its own
button driver debounces it, as on the device, however busy the board is.
"""

import os
import re
import shutil
import signal
import tempfile
import time
from pathlib import Path

from pocketcrib import places
from pocketcrib.errors import PocketCribError

SPAN_MS = 40  # a press, or a release: until the firmware has been reading it this long (twice its debounce)
# The firmware's debounce (drivers/buttons.py, Buttons.debounce_ms): a VM board holds a key down
# until exactly the sample that takes the press (and no later: held into a later sample it might
# repeat), then up until the sample that takes the release.
DEBOUNCE_MS = 20
LONG_MS = 1000  # B held (a pause): read for this long once its press is taken, past the firmware's 700 ms
# A program that runs but never reads its buttons (not the game's): let go at last. At the REPL
# the board says at once that nothing reads them; a game busy on a slow computer is waited for.
GIVE_UP_MS = 120_000
# The (level, span, level then) forced on a key's pin, one after another. The board lets the key
# go itself once its press is taken (level then), so a key is never held into a later sample
# (where it would auto-repeat) however slowly this computer runs the presser. B long: pressed
# (taken once debounced), then held on for LONG_MS of reads from there, so that however far
# apart the firmware samples, it has timed the hold from the press it took.
PRESS = ((0, SPAN_MS, 1), (1, SPAN_MS, None))
LONG_PRESS = ((0, SPAN_MS, None), (0, LONG_MS, 1), (1, SPAN_MS, None))

def button_pins():
    """{"UP": GP, ..., "B": GP} from hardware/pins.py, the one place the pins are named."""
    text = places.pin_map().read_text()
    pins = {name: int(gp) for name, gp in re.findall(r"^BTN_(UP|DOWN|LEFT|RIGHT|A|B) = const\((\d+)\)", text, re.M)}
    if len(pins) != 6:
        raise PocketCribError(f"{places.pin_map()} does not name the six buttons", "is this a Pocket Crib checkout?")
    return pins


class Presser:
    """Key presses in, pin levels (or, with key, whole keys) out, one press at a time. A press
    is held until the board says its firmware has read it long enough to take it, and the
    release until it has read that too, so a busy board (drawing, thinking, on a loaded machine)
    neither misses a press nor runs two into one, and each key gives one press."""

    def __init__(self, press, seen, pins, key=None):
        self.press = press  # press({gp: level}, n, span, then): force levels; the board tells seen() n
        self.seen = seen
        self.pins = pins
        self.key = key  # key(gp, n, debounce, hold): a whole key, pressed and let go (a VM board's)
        self.queue = []
        self.gp = None  # the pin of the key being pressed...
        self.steps = ()  # ...and the (level, span, level then) still to force on it
        self.n = 0  # the levels last forced, until seen() says n
        self.since = 0.0
        self.told = True

    def add(self, name):
        self.queue.append(name)

    def idle(self):
        """Every key pressed and let go, and the board has said so (or been given up on)."""
        return not self.queue and not self.steps and self.told

    def step(self, now):
        if not self.told:
            self.told = self.seen() == self.n or (now - self.since) * 1000 >= GIVE_UP_MS
            if not self.told:
                return
        if not self.steps:
            if not self.queue:
                return
            name = self.queue.pop(0)
            self.gp = self.pins["B" if name == "B_LONG" else name]
            if self.key is not None:  # the board presses and lets go by its firmware's samples
                self.key(self.gp, self._next(now), DEBOUNCE_MS, LONG_MS if name == "B_LONG" else 0)
                return
            self.steps = LONG_PRESS if name == "B_LONG" else PRESS
        (level, span, then), self.steps = self.steps[0], self.steps[1:]
        self.press({self.gp: level}, self._next(now), span, None if then is None else {self.gp: then})

    def _next(self, now):
        # The n of what is sent now, waited for from now on.
        self.n += 1
        self.since = now
        self.told = False
        return self.n


def presser_for(board, pins=None):
    """The Presser for a VirtualBoard: whole keys on a VM board, levels on an emulated Pico."""
    return Presser(board.press, board.seen, pins or button_pins(), None if board.pico else board.key)


class Screen:
    """The reading end of the display FIFO, fed into a Panel."""

    def __init__(self, path):
        from pocketcrib.twins.panel import Panel

        os.mkfifo(path)
        self.fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self.panel = Panel()
        self.rest = b""
        self.us = None  # an emulated Pico's clock (us) at the end of the last transfer read...
        self.idle_us = None  # ...and how much of it its core spent waiting (WFI/WFE)
        self.watch = None  # watch(panel, us), if set, after each transfer: what it showed when
        self.presses = {}  # an emulated Pico's word on press n: {n: (first read us, taken us, idle us then)}
        self.link = []  # an emulated Pico's link jack: ("tx" or "rx", emulated us) a DATA frame out or in

    def read(self):
        """Take every transfer waiting; True if any came."""
        got = False
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            if not chunk:  # no board holds the other end (between boots)
                break
            self.rest += chunk
        *lines, self.rest = self.rest.split(b"\n")
        for line in lines:
            if line.startswith(b"link "):
                try:
                    kind, us = line.split()[1:]
                    self.link.append((kind.decode(), int(us)))
                except ValueError:
                    pass
                continue
            if line.startswith(b"pin "):
                try:
                    n, *when = map(int, line.split()[1:])
                    self.presses[n] = tuple(when)
                except ValueError:
                    pass
                continue
            try:
                addr, data, *when = line.split(b" ")  # "ADDR HEX", and "US IDLE_US" from an emulated Pico
                self.panel.writeto(int(addr, 16), bytes.fromhex(data.decode()))
                self.us = int(when[0]) if when else None
                self.idle_us = int(when[1]) if len(when) > 1 else None
                got = True
            except (ValueError, OSError, IndexError):
                continue  # a line cut short when a board went away
            if self.watch is not None:
                self.watch(self.panel, self.us)
        return got

    def close(self):
        os.close(self.fd)


def play(flash=None, port=None, use_braille=False, window=False, scale=6, out=print, pico=None, link=None):
    """Start a virtual board with the game this tool flashes on it and play it here (in this
    terminal, or window=True in a pygame window) until q. pico: (UF2, boot ROM), either None
    for places' defaults: an emulated Pico running that firmware instead of the VM board.
    link: a Unix socket path its link jack is cabled to (another board's)."""
    from pocketcrib.board import flash as flashing
    from pocketcrib.twins.sim import SimError, TerminalView, WindowView
    from pocketcrib.twins.vboard import VirtualBoard

    pins = button_pins()
    help_line = "arrows  z: A  x: B  X: long B  q: quit"
    what = "emulated Pico" if pico else "virtual board"
    if pico:  # what it needs, checked before anything starts
        from pocketcrib.twins.pico import check

        pico = check(*pico)
        places.rp2040js()
    if shutil.which("node") is None:
        raise PocketCribError("node is not installed", f"the {what} runs under node 20+")
    view = WindowView(scale, f"Pocket Crib ({what})") if window else TerminalView(use_braille, help_line=help_line)
    view.check()  # before starting anything
    tmp = Path(tempfile.mkdtemp(prefix="pocketcrib-play-"))
    screen = Screen(tmp / "screen")
    vb = VirtualBoard(flash, port, pins=tmp / "pins.json", screen=tmp / "screen", log=tmp / "board.log", pico=pico,
                      link=link)
    old_hup = signal.signal(signal.SIGHUP, _hang_up)  # a closed terminal switches the board off too
    try:
        try:
            vb.start()
        except RuntimeError:
            raise PocketCribError(f"the {what} did not start", f"its log: {tmp / 'board.log'}") from None
        out(f"{what.capitalize()} up at {vb.port}; putting Pocket Crib from {places.source()} on it...")
        flashing.flash(vb.port, progress=False, out=lambda s: None)
        presser = presser_for(vb, pins)
        below = [f"port {vb.port}", "`pocketcrib scores pull` works from another terminal"]
        if not window:
            view.below = below
        with view:
            if window:
                out(f"Playing in the window ({help_line}); {below[1]}, at {below[0]}.")
            while True:
                for name in view.pressed(0.01):
                    if name == "QUIT":
                        return 0
                    presser.add(name)
                screen.read()
                presser.step(time.monotonic())
                view.show(screen.panel)
                if vb.proc is None or vb.proc.poll() is not None:
                    raise SimError(f"the {what} stopped", f"its log: {tmp / 'board.log'}")
    finally:
        signal.signal(signal.SIGHUP, old_hup)
        vb.stop()
        screen.close()
        shutil.rmtree(tmp, ignore_errors=True)


def _hang_up(*_):
    raise KeyboardInterrupt
