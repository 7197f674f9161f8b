"""Statistics on packs from nearby seeds (portable: test_rng_independence and bench_rng use it).

For a pair of seeds (s, s + delta), two independent shuffles put each card at
two independent, uniform positions: every one of the 52 x 52 cells (position
in the first pack, position in the second) is equally likely. The statistic
is Pearson's chi-square of those counts against equal cells. Each pair adds a
permutation (one count in every row and column), so with no relation it comes
to about 2,652 (52 * 51), give or take about 80, whatever the number of pairs;
a relation between the packs makes it grow with the number of pairs.
"""

NULL_MEAN = 2652
NULL_SD = 80


def position_pairs(pack_of, seeds, delta):
    """52 x 52 counts of (position in pack_of(s), position in pack_of(s + delta)) over
    the seeds, and how often the two packs have the same top card."""
    counts = [0] * (52 * 52)
    where = bytearray(52)
    repeats = 0
    for s in seeds:
        first = pack_of(s)
        second = pack_of((s + delta) & 0xFFFFFFFF)
        for i in range(52):
            where[second[i]] = i
        for i in range(52):
            counts[i * 52 + where[first[i]]] += 1
        if first[0] == second[0]:
            repeats += 1
    return counts, repeats


def chi_square(counts):
    """Pearson's statistic against equal counts in every cell."""
    expected = sum(counts) / len(counts)
    total = 0.0
    for c in counts:
        total += (c - expected) * (c - expected)
    return total / expected


def nearby(pack_of, seeds, delta):
    """(chi-square, top-card repeats) of the pairs (s, s + delta) for s in seeds."""
    counts, repeats = position_pairs(pack_of, seeds, delta)
    return chi_square(counts), repeats


def spread(n, start=0):
    """n seeds spread over the 32 bits (steps of the golden ratio)."""
    return [(start + 0x9E3779B1 * i) & 0xFFFFFFFF for i in range(n)]
