"""The grid solitaires: what each placement policy scores, and what the advisor costs.

On CPython: mean and standard deviation of the final score, and the win rate,
over GAMES seeded games (2,000, seeds 0..1999; env POCKETCRIB_BENCH_GAMES to
change) for the random, greedy and advisor policies, for Poker Patience on
each table with Foster's rule off and on, and for Cribbage Squares. (The same
seeds play the same games in the VM: tests/micropython/test_same_on_micropython.py.)

On both, per game and table: the advisor's placements timed over a few
seeded games, mean and slowest, also as a multiple of one score() call
(budget, held in the VM: the slowest at most 1,000 calls' time; CPython's ratios
run higher, as its score() is quicker against the loops). In the VM also
the heap taken by importing the grid modules, the heap in use during a game
(after real collections, via benchutil.run_steps) and the bytes allocated by
one placement choice; last, the heap at a grid game's table through the UI (the board
twin, keys from the title): a lone player's, and two players' at the table and at the
hand-over between them (issue 25), the bench's own modules loaded by then.
"""
import gc
import sys

import benchutil
from benchutil import clock_ms, elapsed_ms, run_steps, score_ms

MICROPYTHON = sys.implementation.name == "micropython"
TIMED_GAMES = 3 if MICROPYTHON else 10  # games per configuration whose every placement is timed
REPEAT = 10  # each choice made this many times in a row (it changes nothing) and timed as a block
ROUNDS = 2  # blocks per choice, the fastest kept (the VM's clock counts whole ms)
BUDGET = 1000  # the slowest placement, in score() calls
CONFIGS = (("poker", "american", False), ("poker", "english", False), ("poker", "american", True),
           ("poker", "english", True), ("squares", "american", False))
# A Pico runs a score() call in about 315 us (shared/DEVICE-FIGURES.md is not
# ours to cite; see docs/benchmarks.md): the ratio below turns into Pico time.
PICO_SCORE_MS = 0.315


def label(config):
    variant, table, foster = config
    if variant == "squares":
        return "Cribbage Squares"
    return "Poker %s%s" % (table, " Foster" if foster else "")


def heap():
    """Heap in use after a collection (None on CPython); use with `yield from`."""
    gc.collect()
    yield  # the VM collects at the start of the next top-level call
    return gc.mem_alloc() if MICROPYTHON else None


def placement_costs(one):
    from rules import grids
    from players import placement

    print("advisor per placement (every placement of %d seeded games each):" % TIMED_GAMES)
    print("  %-22s %6s %12s %18s %10s" % ("game", "places", "ms mean/max", "x score() mean/max", "budget"))
    worst = 0
    allocated = 0
    for config in CONFIGS:
        n = 0
        total = 0
        slowest = 0
        for seed in range(TIMED_GAMES):
            g = grids.new(config[0], seed, config[1], config[2])
            while not g.over:
                if MICROPYTHON:
                    gc.collect()
                    gc.disable()
                    a0 = gc.mem_alloc()
                    placement.best_square(g)
                    allocated = max(allocated, gc.mem_alloc() - a0)
                    gc.enable()
                t = None
                for _ in range(ROUNDS):
                    t0 = clock_ms()
                    for _ in range(REPEAT):
                        s = placement.best_square(g)
                    dt = elapsed_ms(t0) / REPEAT
                    if t is None or dt < t:
                        t = dt
                total += t
                n += 1
                slowest = max(slowest, t)
                g.place(s)
        ratio = slowest / one
        worst = max(worst, ratio)
        print("  %-22s %6d %5.2f/%6.2f %8.0f/%8.0f %10s" % (
            label(config), n, total / n, slowest, total / n / one, ratio,
            "-" if not MICROPYTHON else "ok" if ratio <= BUDGET else "OVER BUDGET"))
    if MICROPYTHON:
        print("slowest placement: %.0f score() calls' time (budget %d); on a Pico about %.0f ms" % (
            worst, BUDGET, worst * PICO_SCORE_MS))
    else:
        print("slowest placement: %.0f score() calls' time (the budget is the VM's)" % worst)
    if MICROPYTHON:
        print("bytes allocated by one placement choice, at most: %d" % allocated)
    return worst


def heap_in_game():
    """The most heap in use, after collections, during an advisor game of each kind."""
    from rules import grids
    from players import placement

    most = 0
    for config in CONFIGS:
        g = grids.new(config[0], 7, config[1], config[2])
        while not g.over:
            g.place(placement.best_square(g))
            if g.turn % 4 == 0:
                h = yield from heap()
                if h is not None:
                    most = max(most, h)
    return most


GRID_ROW = 7  # "Grid solitaires" on the main menu (no game saved)


def table_heap(players):
    """The most heap in use at a Poker Patience table (and at the hand-over with several
    players), after collections, over the first eight cards' placements by keys."""
    import uiboard
    from storage.saves import Saves
    from ui.app import App

    data = "/tmp/pcgrid%d" % players if MICROPYTHON else _tmpdir()
    app = App(uiboard.Board(), Saves(data, device_id="c0b2"), seed=11)
    app.step()
    keys = ["A"] + ["DOWN"] * GRID_ROW + ["A", "UP"] + ["RIGHT"] * (players - 1) + ["DOWN", "A"]
    for k in keys:
        uiboard.press(app, k)
    most = {}
    slowest = {}  # the slowest A on each screen, ms (the table's includes the advisor's tally)
    while app.play.games[-1].turn < 8:
        name = type(app.screen).__name__
        h = yield from heap()
        if h is not None:
            most[name] = max(most.get(name, 0), h)
        if name != "GridTable":
            uiboard.wait(app, 1100)  # the hand-over takes A after a pause
        t0 = clock_ms()
        uiboard.press(app, "A")
        slowest[name] = max(slowest.get(name, 0), elapsed_ms(t0))
    app = None
    gc.collect()
    return most, slowest


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pcgrid-")


def play_one(config, policy, seed):
    from players import placement

    g = placement.play(config[0], seed, policy, config[1], config[2])
    return g.score, g.won


def policy_table(n_games):
    from rules import grids
    from players import placement

    benchutil.policy_table(CONFIGS, placement.POLICIES, play_one, n_games, label,
                           lambda config: grids.new(config[0], 0, config[1], config[2]).target)


def main():
    base = yield from heap()
    from players import placement
    from rules import poker  # noqa: F401

    loaded = yield from heap()
    if MICROPYTHON:
        print("heap after importing poker, grids, placement, gridtable: +%d bytes" % (loaded - base))
    # The VM (WebAssembly) speeds up as its engine warms: warm both paths first.
    placement.play("poker", 99)
    placement.play("squares", 99)
    score_ms()
    one = score_ms()
    print("one score() call: %.4f ms (mixed hands)" % one)
    worst = placement_costs(one)
    most = yield from heap_in_game()
    if MICROPYTHON:
        print("heap in use during an advisor game (after collections), at most: %d bytes (%.1f KB)" % (
            most, most / 1024))
    for players in (1, 2):
        most, slowest = yield from table_heap(players)
        if MICROPYTHON:
            print("heap at a grid table through the UI, %s: %s" % (
                "alone" if players == 1 else "two players",
                ", ".join("%s %d bytes" % (k, most[k]) for k in sorted(most))))
        print("  slowest A through the UI, %s: %s" % ("alone" if players == 1 else "two players",
                                                     ", ".join("%s %d ms" % (k, slowest[k]) for k in sorted(slowest))))
    if not MICROPYTHON:
        import os

        policy_table(int(os.environ.get("POCKETCRIB_BENCH_GAMES", "2000")))
    if MICROPYTHON and worst > BUDGET:
        sys.exit(1)


run_steps(main())
