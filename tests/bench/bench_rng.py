"""Packs from nearby seeds (generator 2): the bigger run of test_rng_independence.

For s and s + 1, and s and s + 2**k for every k from 1 to 31, over PAIRS pairs
of small seeds each (s = 0, 2, 4, ...; 10,000 pairs, so 20,000 seeds, on CPython;
env POCKETCRIB_BENCH_PAIRS to change; a few hundred in the VM, which is slow):
the chi-square of each card's positions in the two packs (about 2,652 +- 80
for unrelated packs, see packstats.py) and the rate at which the two top cards
agree (1/52 = 1.92% for a fair shuffle). For a few deltas also seeds spread
over the 32 bits, and generator 1 beside it. Then the deal of the day, day d
against d + 1. Also the time to seed a generator and shuffle a pack.
"""
import sys

from benchutil import clock_ms, elapsed_ms, report
from packstats import NULL_MEAN, NULL_SD, nearby, spread

from rules.dealcode import day_seed
from rules.rng import mix, shuffled_pack, unmix

MICRO = sys.implementation.name == "micropython"
if MICRO:
    PAIRS = 300
    DELTAS = (1, 1 << 16)
else:
    import os

    PAIRS = int(os.environ.get("POCKETCRIB_BENCH_PAIRS", "10000"))
    DELTAS = (1,) + tuple(1 << k for k in range(1, 32))
LIMIT = NULL_MEAN + 5 * NULL_SD
BOTH = (1, 2, 1 << 16, 1 << 31)  # deltas also run with spread seeds and generator 1


def generation_1(seed):
    return shuffled_pack(unmix(seed))


def main():
    t0 = clock_ms()
    for s in range(200):
        mix(s)
    report("mix()", 200, elapsed_ms(t0))
    t0 = clock_ms()
    for s in range(200):
        shuffled_pack(s)
    report("shuffled_pack()", 200, elapsed_ms(t0))
    print("nearby seeds, %d pairs each (small seeds s = 0, 2, 4, ...; and spread seeds):" % PAIRS)
    print("  %-8s %-8s %10s %8s %10s %8s" % ("delta", "seeds", "chi2 gen2", "top gen2", "chi2 gen1",
                                             "top gen1"))
    worst = 0.0
    bad = []
    for delta in DELTAS:
        sets = [("small", range(0, 2 * PAIRS, 2))]
        if delta in BOTH:
            sets.append(("spread", spread(PAIRS, 12345)))
        for name, seeds in sets:
            chi, top = nearby(shuffled_pack, seeds, delta)
            worst = max(worst, chi)
            if chi >= LIMIT:
                bad.append((delta, name, chi))
            old = "%10s %8s" % ("-", "-")
            if delta in BOTH:
                chi1, top1 = nearby(generation_1, seeds, delta)
                old = "%10.0f %7.2f%%" % (chi1, 100.0 * top1 / PAIRS)
            print("  2^%-6d %-8s %10.0f %7.2f%% %s" % (len(bin(delta)) - 3, name, chi, 100.0 * top / PAIRS, old))
    days = range(9000, 9000 + PAIRS)
    chi, top = nearby(lambda day: shuffled_pack(day_seed(day, 0)), days, 1)
    print("deal of the day, day d and d + 1 (%d days from 2024-08-23): chi2 %.0f, same top card %.2f%%" % (
        PAIRS, chi, 100.0 * top / PAIRS))
    if chi >= LIMIT:
        bad.append(("day", chi))
    print("largest chi2 for generator 2: %.0f (limit %d)" % (worst, LIMIT))
    if bad:
        print("FAIL: related packs:", bad)
        sys.exit(1)


main()
