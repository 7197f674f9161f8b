"""Waiting on what a virtual board does, never on the clock: a loaded machine (make test on two
busy cores) runs the board many times slower than an idle one, so a test waits for the state it
needs and keeps a deadline only as a last resort against a board that hangs.

    glass = Glass(tmp_path / "screen")          # before the board starts
    vb = make_board(screen=glass.path)
    frame = glass.wait(lambda panel: lit(panel.frame()), "the title")
"""

import time

from pocketcrib.twins.vboard import view

WAIT = 600  # seconds: a last resort only; an idle machine meets every wait in a second or two


def until(ready, what, within=WAIT, every=0.02):
    """Poll ready() until it gives something true, and return that; fail after `within` seconds."""
    end = time.monotonic() + within
    while True:
        got = ready()
        if got:
            return got
        assert time.monotonic() < end, f"gave up after {within} s waiting for {what}"
        time.sleep(every)


def lit(frame):
    """How many pixels of a frame (or display RAM) are on."""
    return sum(bin(b).count("1") for b in frame)


class Glass:
    """A virtual board's display, watched as `pocketcrib vboard --play` watches it: the board
    sends every I2C transfer to its display down a FIFO (its --screen), read here into the
    simulator's panel, so the screen is seen as it is drawn without stopping the game."""

    def __init__(self, path):
        self.path = path
        self.screen = view.Screen(path)  # the reading end opens first: the board opens it as it starts

    @property
    def panel(self):
        return self.screen.panel

    def frame(self):
        """The glass now, as MONO_VLSB bytes (what the firmware's framebuffer holds)."""
        return self.panel.frame()

    def wait(self, want, what, within=WAIT):
        """Until want(panel) is true of the display as drawn so far; its frame then."""

        looked = []

        def drawn():
            if not self.screen.read() and looked:
                return False  # nothing new drawn: want() would say the same again
            looked.append(True)
            return self.panel.on and want(self.panel)

        until(drawn, what, within)
        return self.frame()

    def wait_for(self, frame, what, within=WAIT):
        """Until the glass shows exactly `frame`."""
        return self.wait(lambda panel: panel.frame() == frame, what, within)

    def forget(self):
        """Take what was sent and start again from a blank, switched-off panel: for a board that
        is stopped (or whose game is stopped) and is about to draw afresh."""
        from pocketcrib.twins.panel import Panel

        self.screen.read()
        self.screen.panel = Panel()

    def close(self):
        self.screen.close()
