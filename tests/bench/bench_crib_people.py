"""Cribbage between people (issue 25) through the UI on the board twin, as
bench_crib_ui measures the game against the computer: two people, and four hands
with two people and their computer partners, the hand-over screens taken after
their pause. The heap in use at the table during the play, in a VM of its own
(a fresh device), and the slowest key press. Goal: as against the computer,
under 100 KB.

A file of its own, not a few more tables in bench_crib_ui: a new string there is
a qstr of that bench too, and a few can grow MicroPython's pool of them by
kilobytes (sharing one module between the two sent its expert figure from 98.9
to 106.8 KB)."""
import gc
import sys

from benchutil import clock_ms, elapsed_ms, run_steps

ON_MP = sys.implementation.name == "micropython"
CRIB_ROW = 9  # the menu row of "Cribbage vs computer"


def heap():
    gc.collect()
    yield  # the VM collects at the start of the next top-level call
    return gc.mem_alloc() if ON_MP else None


def kb(n):
    return "n/a (CPython)" if n is None else "%d bytes (%.1f KB)" % (n, n / 1024)


def name(app):
    return type(app.screen).__name__


def move_on(app):
    """A everywhere; laying away A marks the cursor's card and stays: RIGHT to the next first."""
    s = app.screen
    if name(app) == "CribLay" and s.cur in s.marks and len(s.marks) < s.need:
        return "RIGHT"
    return "A"


def main():
    base = yield from heap()
    print("heap in use before the firmware: %s" % kb(base))
    import uiboard
    from storage.saves import Saves
    from ui.app import App

    for hands in (2, 4):
        data = "/tmp/pcpeople%d" % hands if ON_MP else _tmpdir()
        board = uiboard.Board()
        saves = Saves(data, device_id="c0b1")
        saves.set("hints", True)  # as by default (between people the review is left out)
        app = App(board, saves, seed=43 + hands // 2)
        app.step()
        keys = ["A"] + ["DOWN"] * CRIB_ROW + ["A"] + ["UP"]  # from Start to seat 2's row
        if hands == 4:  # four hands (from the Hands row down to seat 2)
            keys += ["UP", "UP", "RIGHT", "RIGHT", "DOWN", "DOWN"]
        keys += ["LEFT", "LEFT"]  # seat 2 a person: from Normal past Easy
        if hands == 4:  # seats 3 and 4 the computer's (Normal), partners of seats 1 and 2
            keys += ["DOWN", "DOWN"]
        for k in keys + ["DOWN", "A", "A"]:
            uiboard.press(app, k)
        most = 0
        peak = 0
        presses = 0
        while name(app) != "CribOver" and presses < 3000:
            # The hand-over takes A after a pause (ui.deliberate): the next person picks it up.
            wait = 1200 if name(app) == "CribPass" else 150
            t0 = clock_ms()
            uiboard.press(app, move_on(app), wait)
            ms = elapsed_ms(t0)
            most = max(most, ms)
            presses += 1
            g = app.play.g
            if name(app) == "CribPlay" and g.phase == "play" and len(g.seq) == 3:
                h = yield from heap()
                if h is not None and h > peak:
                    peak = h
        g = app.play.g
        print("people, %d hands: %d presses, scores %s; slowest press %d ms; heap at the table in the play %s"
              % (hands, presses, g.scores, most, kb(peak or None)))
        if ON_MP:
            print("  goal < 100 KB: %s" % ("met" if peak < 100 * 1024 else "NOT met"))
        app = None
        gc.collect()
        yield


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pccrib-")


run_steps(main())
