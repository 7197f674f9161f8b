"""The discard advisor: what a hint costs, and what each policy scores.

On CPython and in the MicroPython VM: per hint, scorer calls and time, also as
a multiple of one score() call (a ratio that carries over to other machines);
in the VM also bytes allocated per hint, the heap taken by importing the
advisor, and an estimated time on a Pico. Then the costliest hints (Patience
II's last first discard, all fifteen valued exactly, with the player's pick)
against the budget of 1,000 score() calls.

Timing on a shared machine: each hint is timed next to a run of score() calls
(hint, then score(), REPEAT times), so that other work slows both alike, and
the least of the REPEAT ratios is kept; each run is long enough (several
hints, hundreds of score() calls) for the VM's millisecond clock.

On CPython only: mean score and win rate per variant over GAMES seeded games
(10,000; env POCKETCRIB_BENCH_GAMES to change) for each policy: random
discards, hand-only expectation, the full-pack crib table, the full advisor.
"""
import gc
import sys

import benchutil
from benchutil import least_ratio, sample_hands, score_ms

from rules import solitaires as games

MICROPYTHON = sys.implementation.name == "micropython"
HINT_GAMES = 4  # games per variant whose every hint is timed
REPEAT = 3  # each hint timed this many times, each next to a score() run; the least ratio kept
WORST_GAMES = 12  # Patience II games whose last first discard is timed against the budget
WORST_REPEAT = 5
BUDGET = 1000  # a hint's time, in score() calls
_HANDS = sample_hands(300)
# Assumed Pico (RP2040, 125 MHz, MicroPython 1.2x) slowdown against the VM on
# this machine: a range, as no board is at hand (see docs/benchmarks.md).
PICO_SLOWER = (10, 20, 30)



def heap_costs():
    """Heap taken (bytes, after a collection) by importing each module of the feature."""
    out = []
    for name in ("players.advisor", "tables.aheadtable", "tables.aheadcounts", "tables.cribtable", "players.autoplay", "rules.dealcode"):
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
        total_ratio = 0
        most_ratio = 0
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
                ratio, t = timed(advisor.rank_discards, g, REPEAT)
                made = advisor.rank_discards(g)[2]
                a, b = advisor.best_discard(g)
                hints += 1
                calls += made
                most = max(most, made)
                total_ms += t
                total_ratio += ratio
                slowest = max(slowest, t)
                most_ratio = max(most_ratio, ratio)
                g.discard(a, b)
        mean = total_ms / hints
        worst = max(worst, slowest)
        print("  %-10s %5d %12.0f %12d %7.1f/%6.1f %8.0f/%7.0f" % (
            variant, hints, calls / hints, most, mean, slowest, total_ratio / hints, most_ratio))
        if MICROPYTHON:
            print("  %-10s bytes allocated per hint, at most: %d" % ("", alloc))
            print("  %-10s estimated Pico ms per hint (VM x %s): mean %s, max %s" % (
                "", "/".join(str(f) for f in PICO_SLOWER),
                "/".join("%.0f" % (mean * f) for f in PICO_SLOWER),
                "/".join("%.0f" % (slowest * f) for f in PICO_SLOWER)))
    return worst


def timed(hint, g, repeat, *args):
    """(least ratio to one score() call, least ms) of hint(g, *args): see least_ratio.
    Runs of at least 20 ms for the VM's millisecond clock; one hint a run on CPython,
    where a longer run is more often cut by the other processes."""
    ratio, ms, _ = least_ratio(lambda: hint(g, *args), repeat, _HANDS, 20 if MICROPYTHON else 0)
    return ratio, ms


def worst_hints(advisor):
    """Patience II's last first discard, the costliest hint: the review's call with the
    player's pick the worst discard, over WORST_GAMES games."""
    most = 0
    calls = 0
    for seed in range(WORST_GAMES):
        g = games.new("patience2", 500 + seed)
        while not (g.round == 4 and not g.crib):
            g.discard(*advisor.best_discard(g))
        worst = advisor.rank_discards(g)[0][-1]
        mine = (worst[1], worst[2])
        ratio, t = timed(advisor.rank_discards, g, WORST_REPEAT, "advisor", mine)
        calls = max(calls, advisor.rank_discards(g, "advisor", mine)[2])
        most = max(most, ratio)
    print("costliest hint (Patience II's last first discard with the player's pick, %d games):"
          % WORST_GAMES)
    verdict = ("ok" if most <= BUDGET else "OVER BUDGET") if MICROPYTHON else "applies in the VM"
    print("  %d score() calls; time at most %.0f x one score() call (least of %d interleaved runs"
          " per hint; budget %d: %s)" % (calls, most, WORST_REPEAT, BUDGET, verdict))
    return most


# The advisor without what issue 10 added, for before/after: Patience II's first
# discard by its one deal alone (no look ahead to the second), Foster's last deal
# by expected points alone (no race). The firmware plays only the advisor of now:
# the one before is played here, from the advisor's one-deal values.
BEFORE = ("solitaire", "patience2")


def before_issue_10(game):
    """The discard of most expected points in this deal alone (the first of equals)."""
    from players import advisor

    pending, crib, unseen, rule, others = advisor.situation(game)
    nums = advisor.expectations(pending, crib, unseen, rule, others)[0]
    best = 0
    for k in range(1, 15):
        if nums[k] > nums[best]:
            best = k
    i, j = advisor.PAIRS[best]
    return pending[i], pending[j]


def play_one(variant, policy, seed):
    from players import autoplay

    if policy != "before":
        g = autoplay.play(variant, seed, policy)
    else:
        g = games.new(variant, seed)
        while autoplay.step(g, before_issue_10):
            pass
    return g.score, g.won


def policy_table(n_games):
    from players import autoplay

    labels = {"hand": "hand only", "table": "crib table"}
    benchutil.policy_table(games.VARIANTS, autoplay.POLICIES, play_one, n_games, str,
                           lambda variant: games.new(variant, 0).target,
                           [labels.get(p, p) for p in autoplay.POLICIES], step=500)
    # The advisor before issue 10's additions, where they change its play (the
    # table above has it now).
    benchutil.policy_table(BEFORE, ("before",), play_one, n_games, str,
                           lambda variant: games.new(variant, 0).target,
                           ["advisor before issue 10"], step=500)


def main():
    if MICROPYTHON:
        # The rules core (cards, rng, score, games) is loaded already.
        for name, size in heap_costs():
            print("heap after importing %s: +%d bytes" % (name, size))
    from players import advisor

    # The VM (WebAssembly) speeds up as its engine warms: warm both paths first.
    warm = games.new("patience", 99)
    while warm.pending is not None:
        warm.discard(*advisor.best_discard(warm))
    score_ms()
    one = score_ms()
    print("one score() call: %.4f ms (mixed hands)" % one)
    hint_costs(advisor, one)
    worst_hints(advisor)
    if not MICROPYTHON:
        import os

        policy_table(int(os.environ.get("POCKETCRIB_BENCH_GAMES", "10000")))


main()
