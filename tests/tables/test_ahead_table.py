"""The shipped Patience II look-ahead table (tables/aheadtable.py) is what its generator
writes: a few entries recomputed here from the same seeded sample, bit for bit
(the whole table takes the generator many minutes: tools/make_ahead_table.py --check)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import make_ahead_table  # noqa: E402
from tables import aheadtable  # noqa: E402


@pytest.mark.slow
def test_entries_recomputed_from_the_generator():
    # A pair, two suited cards that can run, and two court cards.
    for ra, rb, suited in ((4, 4, 0), (5, 7, 1), (11, 12, 0)):
        _, gain, error, used = make_ahead_table.gain((ra, rb, suited))
        assert aheadtable.gain(ra, rb, suited) == int(round(gain * 1000)), (ra, rb, suited)
        assert error < 0.05 and used > 19000


def test_table_shape_and_symmetry():
    assert len(aheadtable.GAIN) == 13 * 13 * 2 * 2
    for ra in range(13):
        for rb in range(13):
            assert aheadtable.gain(ra, rb, 0) == aheadtable.gain(rb, ra, 0)
            assert aheadtable.gain(ra, rb, 1) == aheadtable.gain(rb, ra, 1)
            if ra == rb:
                assert aheadtable.gain(ra, rb, 1) == 0  # a pair cannot be suited
            else:
                # Suited first cards leave the player a crib flush to aim at.
                assert aheadtable.gain(ra, rb, 1) > aheadtable.gain(ra, rb, 0)


# tables/aheadcounts.py: the gain in deals 2 and 3, fitted to the unseen cards per rank.

def test_counts_table_shape():
    import make_ahead_counts

    from tables import aheadcounts

    assert len(aheadcounts.COUNTS) == 2
    for table in aheadcounts.COUNTS:
        assert len(table) == 16 * len(make_ahead_counts.CLASSES) == 16 * 169
        for c, (ra, rb, suited) in enumerate(make_ahead_counts.CLASSES):
            if not suited:
                assert table[c * 16 + 15] == 0  # no suit weight for an unsuited pair
    # The device's class index is the generator's, rank order aside.
    for c, (ra, rb, suited) in enumerate(make_ahead_counts.CLASSES):
        assert make_ahead_counts.class_index(rb, ra, suited) == c


def _centred(values):
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def test_counts_predict_a_fresh_pack_better_than_the_full_pack():
    # A seeded pack the fit never saw (third deal, 20 unseen), every class two of
    # its seen cards make, valued by the generator's own sample: the counts' gain
    # is nearer than the full pack's (only differences within a pack matter).
    import make_ahead_counts

    from tables import aheadcounts

    unseen, firsts, want = make_ahead_counts.state(3, 5000, cache=False)
    ranks = bytearray(13)
    suits = bytearray(4)
    for c in unseen:
        ranks[c >> 2] += 1
        suits[c & 3] += 1
    counted = []
    table = []
    for a, b in firsts:
        a = int(a)
        b = int(b)
        suited = a & 3 == b & 3
        counted.append(aheadcounts.gain(aheadcounts.COUNTS[1], a >> 2, b >> 2, suited, ranks, suits[a & 3]) / 1000)
        table.append(aheadtable.gain(a >> 2, b >> 2, suited) / 1000)
    want = _centred([float(v) for v in want])

    def rms(got):
        return (sum((x - y) ** 2 for x, y in zip(_centred(got), want)) / len(want)) ** 0.5

    assert rms(counted) < 0.8 * rms(table), (rms(counted), rms(table))
