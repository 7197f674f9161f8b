"""The UI on its board twin: heap in use after boot, bytes allocated per idle
frame, bytes sent to the display for a cursor move and a full redraw, and the
time a key takes, as a multiple of one score() call.

Goals (issue 3): heap after boot at most 64 KB; no allocation in an idle frame.
Issue 14: a cursor move on the table at most 15 score() calls' time in the
MicroPython VM, its I2C bytes no more than the 138 of a whole-frame redraw.
Heap figures need MicroPython (gc.mem_alloc); the I2C figures come out the same
on CPython. Runs with the firmware (and this folder) on sys.path. The VM frees
garbage only between top-level calls, so main() is a generator that the VM
harness resumes once per call (benchutil.run_steps): a heap figure is taken as
`n = yield from heap()`, after a collection that has really happened.
"""
import gc
import sys

from benchutil import clock_ms, elapsed_ms, run_steps, score_ms

ON_MP = sys.implementation.name == "micropython"


def heap():
    """Heap in use after a collection (None on CPython); use with `yield from`."""
    gc.collect()
    yield  # the VM collects at the start of the next top-level call
    return gc.mem_alloc() if ON_MP else None


def alloc_during(fn, n):
    """Bytes allocated by n calls of fn (GC off), or None on CPython."""
    if not ON_MP:
        for _ in range(n):
            fn()
        return None
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(n):
        fn()
    after = gc.mem_alloc()
    gc.enable()
    return after - before


def kb(n):
    return "n/a (CPython)" if n is None else "%d bytes (%.1f KB)" % (n, n / 1024)


def main():
    base = yield from heap()
    import uiboard
    from storage.saves import Saves
    from ui.app import App

    data = "/tmp/pcbench" if ON_MP else _tmpdir()
    board = uiboard.Board()
    saves = Saves(data, device_id="be0c4")
    app = App(board, saves, seed=7)
    app.step()
    booted = yield from heap()
    print("heap in use before the firmware:   %s" % kb(base))
    print("heap in use after boot (title):    %s" % kb(booted))
    if ON_MP:
        print("  of which the firmware and its state: %s" % kb(booted - base))
        print("  goal <= 64 KB: %s" % ("met" if booted <= 64 * 1024 else "NOT met"))

    def idle():
        board.t += 10
        app.step()

    for name, keys in (("title", ()), ("menu", ("A",)), ("game table", ("A",)),
                       ("counting", ("A", "RIGHT", "A", "A"))):
        for k in keys:
            uiboard.press(app, k)
        assert not app.dirty
        n = 2000
        frames = app.frames
        got = alloc_during(idle, n)
        assert app.frames == frames, "an idle step drew a frame"
        per = "n/a (CPython)" if got is None else "%.2f bytes (%d over %d steps)" % (
            got / n, got, n)
        print("allocated per idle frame, %-11s %s" % (name + ":", per))
        if name == "game table":
            in_game = yield from heap()

    # Back to a fresh table: a cursor move, then a whole-screen redraw.
    uiboard.press(app, "B_LONG")
    uiboard.press(app, "A")  # back to the counting
    uiboard.press(app, "B")  # skip it
    uiboard.press(app, "A")  # the next deal's table
    assert type(app.screen).__name__ == "Table", type(app.screen).__name__
    print("heap in use in a game (table):     %s" % kb(in_game))
    uiboard.press(app, "UP")  # a hint: the advisor loads
    hint = yield from heap()
    print("  ... with a hint shown:           %s" % kb(hint))
    uiboard.press(app, "B")
    bus = board.bus
    d = board.display
    before = bus.bytes
    got = alloc_during(lambda: uiboard.press(app, "RIGHT"), 1)
    move = bus.bytes - before
    print("I2C bytes for a cursor move:       %d" % move)
    print("  allocated by that redraw:        %s" % kb(got))
    before = bus.bytes
    d.invalidate()
    app.redraw()
    app.step()
    full = bus.bytes - before
    print("I2C bytes for a full redraw:       %d" % full)
    before = bus.bytes
    uiboard.press(app, "A")  # mark a card: the card turns over
    print("I2C bytes to mark a card:          %d" % (bus.bytes - before))
    before = bus.bytes
    uiboard.press(app, "B_LONG")
    print("I2C bytes for a new screen:        %d" % (bus.bytes - before))
    print("at 400 kHz (9 bits a byte): cursor move %.1f ms, full redraw %.1f ms"
          % (move * 9 / 400.0, full * 9 / 400.0))
    uiboard.press(app, "B")  # back to the table
    yield from times(app)
    assert move <= _MOVE_BYTES, "a cursor move sends %d bytes (budget %d)" % (move, _MOVE_BYTES)


_MOVE_BYTES = 138  # the bytes of a cursor move when every key redrew the whole frame
_MOVE_SCORES = 15  # budget: a cursor move's time in score() calls (VM)
_PICO_SCORE_MS = 0.315  # one score() call on an RP2040 (DEVICE-FIGURES.md)


def per_key(app, keys, rounds):
    """(ms a key takes, handled, drawn and sent; that as score() calls), each
    key run timed next to a run of score() calls so that the ratio holds on a
    busy machine; the fastest of five."""
    import uiboard

    best = None
    for _ in range(5):
        one = score_ms(1)
        t0 = clock_ms()
        for _ in range(rounds):
            for k in keys:
                uiboard.press(app, k)
        t = elapsed_ms(t0) / (rounds * len(keys))
        if best is None or t / one < best[1]:
            best = (t, t / one)
    return best


def times(app):
    """Time per key against one score() call; the cursor move against its budget.
    A generator (use with `yield from`): the VM collects between measurements."""
    import uiboard

    print("a key, handled and shown: ms, x score(), on a Pico (est. x %.3f ms)" % _PICO_SCORE_MS)
    uiboard.press(app, "B")
    uiboard.press(app, "B")  # no card marked
    got = {}
    for name, keys in (("cursor move (table)", ("RIGHT",)), ("mark and unmark", ("A",)),
                       ("cursor move (menu)", ("DOWN", "UP")), ("menu move, scrolling", ("UP",))):
        if name == "cursor move (menu)":
            uiboard.press(app, "B_LONG")
            uiboard.press(app, "DOWN")
            uiboard.press(app, "A")  # quit to the menu
        want = "Menu" if "menu" in name else "Table"
        assert type(app.screen).__name__ == want, type(app.screen).__name__
        gc.collect()
        yield
        ms, ratio = per_key(app, keys, 50)
        assert type(app.screen).__name__ == want, type(app.screen).__name__
        got[name] = ratio
        print("  %-22s %7.3f ms %6.1f x %6.1f ms" % (name, ms, ratio, ratio * _PICO_SCORE_MS))
    move = got["cursor move (table)"]
    print("  budget: a cursor move <= %d x score(): %s" % (
        _MOVE_SCORES, "met" if move <= _MOVE_SCORES else "NOT met"))
    if ON_MP:
        assert move <= _MOVE_SCORES, "a cursor move takes %.1f score() calls" % move


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pcbench-")


run_steps(main())
