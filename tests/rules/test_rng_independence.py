"""Nearby seeds deal unrelated packs (generator 2), and the check has the power
to see generator 1's relations. A few seconds here; bench_rng runs tens of
thousands of pairs for every s, s + 2**k.

Pairs of seeds (s, s + delta) for small s, as counters and day numbers give:
the 52 x 52 table of each card's positions in the two packs must look like two
independent shuffles (see tests/bench/packstats.py for the statistic's spread),
and the two top cards must match about once in 52.
"""
from rules.dealcode import day_seed
from rules.rng import shuffled_pack, unmix
from packstats import NULL_MEAN, NULL_SD, nearby

PAIRS = 2000
DELTAS = (1, 2, 1 << 8, 1 << 16, 1 << 31)
LIMIT = NULL_MEAN + 5 * NULL_SD  # about 3,050: five spreads over what unrelated packs give


def generation_1(seed):
    """The pack generator 1 dealt for a seed (its seeds convert with unmix)."""
    return shuffled_pack(unmix(seed))


def test_nearby_seeds_give_unrelated_packs():
    seeds = range(0, 2 * PAIRS, 2)
    repeats = 0
    for delta in DELTAS:
        chi, same_top = nearby(shuffled_pack, seeds, delta)
        assert chi < LIMIT, (delta, chi)
        repeats += same_top
    # Same top card once in 52: about 192 of 10,000 pairs, give or take 14.
    expected = len(DELTAS) * PAIRS / 52
    assert abs(repeats - expected) < 6 * expected ** 0.5, (repeats, expected)


def test_the_check_sees_generation_1_relations():
    # Generator 1 seeded xorshift32 with the seed itself: the same statistic over
    # the same pairs is far over the limit.
    seeds = range(0, 2 * PAIRS, 2)
    for delta in (2, 1 << 16):
        chi, _ = nearby(generation_1, seeds, delta)
        assert chi > LIMIT + 5 * NULL_SD, (delta, chi)


def test_neighbouring_days_deal_unrelated_packs():
    # The deal of the day: day d against day d + 1, and the variants of one day.
    days = range(9000, 9000 + PAIRS)  # from 2024-08-23
    chi, same_top = nearby(lambda day: shuffled_pack(day_seed(day, 0)), days, 1)
    assert chi < LIMIT, chi
    assert same_top < 4 * PAIRS / 52, same_top
    # x = 2 * day + variant: each pair is one day's Solitaire Cribbage and Cribbage Patience.
    chi, _ = nearby(lambda x: shuffled_pack(day_seed(x >> 1, x & 1)), [2 * d for d in days], 1)
    assert chi < LIMIT, chi
