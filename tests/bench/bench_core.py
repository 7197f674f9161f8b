"""The rules core's memory: heap after import, bytes allocated per score() call.

Goals (issue 2): score() allocates nothing; the core (cards, rng, score, games)
imported from .mpy uses at most 24 KB of heap. On CPython the same figures come
from tracemalloc, for comparison only.
"""
import gc
import sys

from benchutil import clock_ms, elapsed_ms, report, sample_hands

MICRO = sys.implementation.name == "micropython"
IMPORT_GOAL = 24 * 1024

if MICRO:
    def heap():
        gc.collect()
        return gc.mem_alloc()

    def alloc_start():
        gc.collect()
        gc.disable()
        return gc.mem_alloc()

    def alloc_end(start):
        used = gc.mem_alloc() - start
        gc.enable()
        return used
else:
    import tracemalloc

    tracemalloc.start()

    def heap():
        gc.collect()
        return tracemalloc.get_traced_memory()[0]

    def alloc_start():
        tracemalloc.reset_peak()
        return tracemalloc.get_traced_memory()[0]

    def alloc_end(start):
        return tracemalloc.get_traced_memory()[1] - start


before = heap()
from rules import solitaires as games  # noqa: E402
from rules import score  # noqa: E402,F401

imported = heap() - before
if MICRO:
    print("heap after importing the core from .mpy: %d bytes (goal <= %d)%s" % (
        imported, IMPORT_GOAL, "" if imported <= IMPORT_GOAL else "  OVER BUDGET"))
else:
    print("memory after importing the core: %d bytes (CPython objects, not comparable)" % imported)

# A fixed set of hands, built before measuring.
hands = sample_hands(500, 777)

count = score.score


def score_all(hands):
    # In a function, so the loop variables are locals: new module globals
    # would grow the globals dict and show up as allocation.
    total = 0
    for hand, starter in hands:
        total += count(hand, starter)
        total += count(hand, None)
        total += count(hand, starter, True)
    return total


def allocated_by(fn, arg):
    """Bytes allocated while fn(arg) runs (locals only: a new module global
    would grow the globals dict and count as allocation)."""
    start = alloc_start()
    fn(arg)
    return alloc_end(start)


# Warm up first: the VM allocates a few bytes once, on the first call of a
# function (16 here), which is not a cost of scoring.
allocated_by(score_all, hands)
used = allocated_by(score_all, hands)
calls = 3 * len(hands)
print("allocated by %d score() calls: %d bytes, %.2f per call (goal 0)%s" % (
    calls, used, used / calls, "" if not MICRO or used == 0 else "  OVER BUDGET"))

if not MICRO:
    tracemalloc.stop()  # it would slow CPython's timing several-fold
t0 = clock_ms()
n = 0
while n < 4000:
    for hand, starter in hands:
        count(hand, starter)
    n += len(hands)
ms = elapsed_ms(t0)
report("score() throughput", n, ms, "hand")
if ms:
    print("hands scored per second: %d" % (n * 1000 // ms))

if MICRO:
    def play_through(g):
        while g.pending is not None:
            g.discard(g.pending[0], g.pending[1])

    print("one whole solitaire game played: %d bytes allocated" % allocated_by(
        play_through, games.new("solitaire", 1)))
print("game save size: %d bytes" % len(games.load(games.new("patience2", 1).save()).save()))
