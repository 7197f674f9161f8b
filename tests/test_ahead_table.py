"""The shipped Patience II look-ahead table (crib/aheadtable.py) is what its generator
writes: a few entries recomputed here from the same seeded sample, bit for bit
(the whole table takes the generator many minutes: tools/make_ahead_table.py --check)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import make_ahead_table  # noqa: E402
from crib import aheadtable  # noqa: E402


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
