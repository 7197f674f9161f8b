"""The discard advisor: what a hint costs, and what each policy scores.

On CPython and in the MicroPython VM: per hint, scorer calls and time, also as
a multiple of one score() call (a ratio that carries over to other machines);
in the VM also bytes allocated per hint, the heap taken by importing the
advisor, and an estimated time on a Pico.

On CPython only: mean score and win rate per variant over GAMES seeded games
(10,000; env POCKETCRIB_BENCH_GAMES to change) for each policy: random
discards, hand-only expectation, the full-pack crib table, the full advisor.
"""
import gc
import sys

import benchutil
from benchutil import clock_ms, elapsed_ms, score_ms

from crib import games

MICROPYTHON = sys.implementation.name == "micropython"
HINT_GAMES = 4  # games per variant whose every hint is timed
REPEAT = 3  # each hint timed this many times, the fastest kept
# Assumed Pico (RP2040, 125 MHz, MicroPython 1.2x) slowdown against the VM on
# this machine: a range, as no board is at hand (see docs/advisor.md).
PICO_SLOWER = (10, 20, 30)



def heap_costs():
    """Heap taken (bytes, after a collection) by importing each module of the feature."""
    out = []
    for name in ("crib.advisor", "crib.cribtable", "crib.autoplay", "crib.dealcode"):
        gc.collect()
        before = gc.mem_alloc()
        __import__(name)
        gc.collect()
        out.append((name, gc.mem_alloc() - before))
    return out


def hint_costs(advisor, one_score):
    print("per hint (every discard of %d seeded games per variant, advisor playing):" % HINT_GAMES)
    print("  %-10s %5s %12s %12s %14s %16s" % ("variant", "hints", "calls mean", "calls max",
                                               "ms mean/max", "x score() mean/max"))
    worst = 0
    for variant in games.VARIANTS:
        hints = 0
        calls = 0
        most = 0
        total_ms = 0
        slowest = 0
        alloc = 0
        for seed in range(HINT_GAMES):
            g = games.new(variant, seed)
            while g.pending is not None:
                if MICROPYTHON:
                    gc.collect()
                    gc.disable()
                    a0 = gc.mem_alloc()
                    advisor.best_discard(g)
                    alloc = max(alloc, gc.mem_alloc() - a0)
                    gc.enable()
                t = None
                for _ in range(REPEAT):
                    t0 = clock_ms()
                    a, b = advisor.best_discard(g)
                    dt = elapsed_ms(t0)
                    if t is None or dt < t:
                        t = dt
                hints += 1
                calls += advisor.calls
                most = max(most, advisor.calls)
                total_ms += t
                slowest = max(slowest, t)
                g.discard(a, b)
        mean = total_ms / hints
        worst = max(worst, slowest)
        print("  %-10s %5d %12.0f %12d %7.1f/%6.1f %8.0f/%7.0f" % (
            variant, hints, calls / hints, most, mean, slowest, mean / one_score, slowest / one_score))
        if MICROPYTHON:
            print("  %-10s bytes allocated per hint, at most: %d" % ("", alloc))
            print("  %-10s estimated Pico ms per hint (VM x %s): mean %s, max %s" % (
                "", "/".join(str(f) for f in PICO_SLOWER),
                "/".join("%.0f" % (mean * f) for f in PICO_SLOWER),
                "/".join("%.0f" % (slowest * f) for f in PICO_SLOWER)))
    return worst


def play_one(variant, policy, seed):
    from crib import autoplay

    g = autoplay.play(variant, seed, policy)
    return g.score, g.won


def policy_table(n_games):
    from crib import autoplay

    labels = {"hand": "hand only", "table": "crib table"}
    benchutil.policy_table(games.VARIANTS, autoplay.POLICIES, play_one, n_games, str,
                           lambda variant: games.new(variant, 0).target,
                           [labels.get(p, p) for p in autoplay.POLICIES], step=500)


def main():
    if MICROPYTHON:
        # The rules core (cards, rng, score, games) is loaded already.
        for name, size in heap_costs():
            print("heap after importing %s: +%d bytes" % (name, size))
    from crib import advisor

    # The VM (WebAssembly) speeds up as its engine warms: warm both paths first.
    warm = games.new("patience", 99)
    while warm.pending is not None:
        warm.discard(*advisor.best_discard(warm))
    score_ms()
    one = score_ms()
    print("one score() call: %.4f ms (mixed hands)" % one)
    hint_costs(advisor, one)
    if not MICROPYTHON:
        import os

        policy_table(int(os.environ.get("POCKETCRIB_BENCH_GAMES", "10000")))


main()
