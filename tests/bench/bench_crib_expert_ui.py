"""The expert at three and four hands (issue 29) through the UI on the board twin, as
bench_crib_ui measures it at two: you against two expert computers at three hands, and
you with an expert partner against two experts at four. The heap in use at the table
during the play and the slowest key press (the computers' cards and lay-aways, the
coach's review). Goal: as at two hands, under 100 KB.

A file of its own, as bench_crib_people is: a new string in bench_crib_ui would be a
qstr of that bench too and could move its figures by kilobytes."""
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

    for hands in (3, 4):
        data = "/tmp/pcexpert%d" % hands if ON_MP else _tmpdir()
        board = uiboard.Board()
        saves = Saves(data, device_id="c0b1")
        saves.set("hints", True)  # as by default: the coach's review of each card
        app = App(board, saves, seed=47 + hands)
        app.step()
        keys = ["A"] + ["DOWN"] * CRIB_ROW + ["A"] + ["UP"]  # from Start to the last seat's row
        # The Hands row (two rows up from seat 2) to three or four, then every computer Expert.
        keys += ["UP", "UP"] + ["RIGHT"] * (hands - 2) + ["DOWN", "DOWN"]
        keys += ["RIGHT", "DOWN"] * (hands - 2) + ["RIGHT"]
        for k in keys + ["DOWN", "A", "A"]:
            uiboard.press(app, k)
        app_levels = ",".join(app.play.level_of(s) for s in range(1, hands))
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
        print("expert, %d hands (levels %s): %d presses, scores %s; slowest press %d ms; heap at the table "
              "in the play %s" % (hands, app_levels, presses, g.scores, most, kb(peak or None)))
        if ON_MP:
            print("  goal < 100 KB: %s" % ("met" if peak < 100 * 1024 else "NOT met"))
        app = None
        gc.collect()
        yield


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pccrib-")


run_steps(main())
