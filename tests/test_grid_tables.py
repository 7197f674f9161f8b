"""The shipped Cribbage Squares values are what tools/make_grid_tables.py computes.

A spread of three-card entries is recomputed from scratch (every fourth card and
starter through score()) and compared with the bytes in crib/gridtable.py; the
poker values are learned by play and checked for shape in tests/core.
"""
import sys
from pathlib import Path

from crib import gridtable, placement

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import make_grid_tables  # noqa: E402


def shipped(key):
    return gridtable.SQUARES[2 * key] | gridtable.SQUARES[2 * key + 1] << 8


def test_three_card_values_are_recomputed_exactly():
    for ranks, suited in (((4, 4, 9), 0), ((0, 1, 2), 1), ((3, 4, 5), 0), ((10, 11, 12), 1), ((4, 9, 10), 0),
                          ((12, 12, 12), 0), ((0, 6, 7), 1)):
        key = placement.squares_key(*ranks, 3, suited)
        k, value = make_grid_tables.three_card_value((key, ranks, suited))
        assert k == key and shipped(key) == round(value)
