"""Every five-card hand through poker.category(), against the published frequencies.

There are C(52,5) = 2,598,960 hands. The expected count of each category is
worked out a second way, independently of category(): from the rank multisets
(how many ways to give each multiset its suits) and, for five different ranks,
whether they run in sequence and whether all five suits agree. Both must match
the published table. CPython only, split over two processes (a few seconds).
"""
from itertools import combinations, combinations_with_replacement
from math import comb
from multiprocessing import Pool

from rules import poker

PUBLISHED = {
    "royal flush": 4, "straight flush": 36, "four of a kind": 624, "full house": 3744,
    "flush": 5108, "straight": 10200, "three of a kind": 54912, "two pairs": 123552,
    "one pair": 1098240, "no pair": 1302540,
}


def count_from(first):
    """Hands per category whose lowest card is `first`."""
    counts = [0] * 10
    category = poker.category
    for rest in combinations(range(first + 1, 52), 4):
        counts[category((first,) + rest)] += 1
    return counts


def independent_count():
    """Category counts from rank multisets and suit choices alone."""
    counts = dict.fromkeys(PUBLISHED, 0)
    for ranks in combinations_with_replacement(range(13), 5):
        mult = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        if mult[0] > 4:
            continue
        ways = 1
        for r in set(ranks):
            ways *= comb(4, ranks.count(r))
        if mult == [1, 1, 1, 1, 1]:
            low = ranks[0]
            straight = list(ranks) == list(range(low, low + 5)) or list(ranks) == [0, 9, 10, 11, 12]
            suited = 4  # all five of one suit: 4 of the 4**5 suit choices
            if straight:
                top = "royal flush" if ranks[0] == 0 and ranks[1] == 9 else "straight flush"
                counts[top] += suited
                counts["straight"] += ways - suited
            else:
                counts["flush"] += suited
                counts["no pair"] += ways - suited
        else:
            name = {(4, 1): "four of a kind", (3, 2): "full house", (3, 1, 1): "three of a kind",
                    (2, 2, 1): "two pairs", (2, 1, 1, 1): "one pair"}[tuple(mult)]
            counts[name] += ways
    return counts


def test_independent_count_is_the_published_table():
    assert independent_count() == PUBLISHED


def test_category_of_every_hand_matches_the_published_table():
    with Pool(2) as pool:
        parts = pool.map(count_from, range(48), chunksize=1)
    counts = [sum(col) for col in zip(*parts)]
    assert sum(counts) == comb(52, 5)
    assert {poker.NAMES[c]: counts[c] for c in range(10)} == PUBLISHED
