"""Cribbage against the computer through the UI on the board twin: the heap in
use at the table during the play, and the slowest key press of a game (the
computer's discards and cards, the coach's review) at each level.

Goal (issue 9): heap at the table during the play under 100 KB (VM, from .mpy),
hints on (the default: the coach's review loads the look-ahead at every level).
Heap figures need MicroPython (gc.mem_alloc); the VM collects only between
top-level calls, so main() is a generator resumed once per call
(benchutil.run_steps) and a heap figure is taken after a real collection."""
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

    for level in range(3):
        data = "/tmp/pccrib%d" % level if ON_MP else _tmpdir()
        board = uiboard.Board()
        saves = Saves(data, device_id="c0b1")
        saves.set("hints", True)  # as by default: the coach's review at every level
        app = App(board, saves, seed=40 + level)
        app.step()
        keys = ["A"] + ["DOWN"] * CRIB_ROW + ["A"] + ["UP"]  # from Start to the computer's seat
        keys += ["LEFT"] if level == 0 else ["RIGHT"] if level == 2 else []
        for k in keys + ["DOWN", "A", "A"]:
            uiboard.press(app, k)
        most = 0
        peak = 0
        presses = 0
        while name(app) != "CribOver" and presses < 3000:
            t0 = clock_ms()
            uiboard.press(app, move_on(app))
            ms = elapsed_ms(t0)
            most = max(most, ms)
            presses += 1
            g = app.play.g
            if name(app) == "CribPlay" and g.phase == "play" and len(g.seq) == 3:
                h = yield from heap()
                if h is not None and h > peak:
                    peak = h
        g = app.play.g
        print("%-6s %d presses, scores %s; slowest press %d ms; heap at the table in the play %s"
              % (("easy", "normal", "expert")[level], presses, g.scores, most, kb(peak or None)))
        if ON_MP:
            print("  goal < 100 KB: %s" % ("met" if peak < 100 * 1024 else "NOT met"))
        app = None
        gc.collect()
        yield


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pccrib-")


run_steps(main())
