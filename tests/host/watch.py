"""Waiting on what a virtual board does, never on the clock: a loaded machine (make test on two
busy cores) runs the board many times slower than an idle one, so a test waits for the state it
needs and keeps a deadline only as a last resort against a board that hangs.
"""

import time

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
