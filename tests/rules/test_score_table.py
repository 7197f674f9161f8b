"""Every four-card hand with every starter, against the published score table.

There are C(52,4) * 48 = 12,994,800 (hand, starter) pairs. The counts per score
are the well-known cribbage statistics (e.g. 1,009,008 hands score 0, four
score 29, and no hand can score 19, 25, 26 or 27). This runs score() itself on
every one, in this process (pytest already runs one per core); CPython only (the VM
would take hours).
"""
from itertools import combinations

import pytest

from rules.score import score

pytestmark = pytest.mark.slow

PUBLISHED = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508,
    6: 1800268, 7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680,
    12: 317340, 13: 19656, 14: 90100, 15: 9168, 16: 58248, 17: 11196,
    18: 2708, 19: 0, 20: 8068, 21: 2496, 22: 444, 23: 356, 24: 3680,
    25: 0, 26: 0, 27: 0, 28: 76, 29: 4,
}


def count_hands_from(first):
    """Score counts for all hands whose lowest card is `first`."""
    counts = [0] * 30
    rest = range(first + 1, 52)
    for a, b, c in combinations(rest, 3):
        hand = (first, a, b, c)
        for s in range(52):
            if s != first and s != a and s != b and s != c:
                counts[score(hand, s)] += 1
    return counts


def test_published_table_of_all_hands():
    parts = [count_hands_from(first) for first in range(49)]
    counts = [sum(col) for col in zip(*parts)]
    assert sum(counts) == 12994800
    assert {s: counts[s] for s in range(30)} == PUBLISHED
    mean = sum(s * n for s, n in enumerate(counts)) / sum(counts)
    assert round(mean, 4) == 4.7692
