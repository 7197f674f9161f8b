"""The soak: the demo mode plays game after game through the UI (menu, demo
screens, advisor, counting calls, every frame drawn by the display driver) on
the board twin, and the heap in use is measured after each game.

The MicroPython VM from npm collects garbage only between top-level calls
(its gc.collect() inside a running script frees nothing: the heap grows on
demand instead), so main() is a generator that the VM harness
(tests/mpvm/run.mjs, via benchutil.run_steps) resumes once per call: each game
ends a call, and the heap is measured in the next one. On CPython it runs in
one go (no heap figures).

    soak.py GAMES        (soakvm.py runs it in the VM)
"""
import gc
import sys

import uiboard
from benchutil import run_steps
from storage.saves import Saves
from ui.app import App

ON_MP = sys.implementation.name == "micropython"
DEMO_ROW = 8  # the menu row of "Demo"


def clock():
    try:
        from time import ticks_ms

        return ticks_ms()
    except ImportError:
        from time import perf_counter

        return int(perf_counter() * 1000)


class Soak:
    def __init__(self, data="/tmp/pcsoak"):
        self.board = board = uiboard.Board()
        self.app = app = App(board, Saves(data, device_id="50a4"), seed=1)
        app.step()
        for k in ["A"] + ["DOWN"] * DEMO_ROW + ["A"]:
            uiboard.press(app, k)
        self.demo = app.screen
        if type(self.demo).__name__ != "Demo":
            raise RuntimeError("the menu did not open the demo: %s" % type(self.demo).__name__)
        self.games = 0  # (no list of figures here: it would grow the heap it measures)
        self.ms = 0
        self.frames = app.frames

    def game(self):
        """Step the app (the clock past every wait) until the demo starts its next game."""
        app = self.app
        demo = self.demo
        board = self.board
        n = demo.games
        t0 = clock()
        while demo.games == n:
            board.t += 3000
            app.step()
        self.ms += clock() - t0
        if app.screen is not demo:
            raise RuntimeError("the demo left its screen")

    def measure(self):
        gc.collect()
        h = gc.mem_alloc() if ON_MP else 0
        self.games += 1
        print("HEAP %d %d" % (self.games, h))

    def summary(self):
        print("SOAK %d games %d ms %d frames" % (self.games, self.ms,
                                                 self.app.frames - self.frames))


def main(games):
    s = Soak()
    for _ in range(games):
        s.game()
        gc.collect()
        yield  # the VM collects at the start of the next top-level call
        s.measure()
    s.summary()


if __name__ == "__main__":
    run_steps(main(int(sys.argv[1])))
