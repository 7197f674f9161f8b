"""The shipped crib table is exactly what its generator writes, and agrees with the advisor.

The generator enumerates every starter and crib completion with score() (about
ten million calls over two processes), so this runs on CPython only.
"""
import subprocess
import sys
from pathlib import Path

import pytest

from players import advisor
from tables import cribtable

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_generator_reproduces_the_shipped_table_bit_for_bit():
    # --check regenerates the module text and compares it with the shipped file byte for byte.
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "make_crib_table.py"), "--check"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "up to date" in proc.stdout


def test_tables_shape_and_known_values():
    assert len(cribtable.FIVE) == len(cribtable.FOUR) == 13 * 13 * 2 * 2
    for ra in range(13):
        for rb in range(13):
            for table in (cribtable.FIVE, cribtable.FOUR):
                assert cribtable.expected(table, ra, rb, 0) == cribtable.expected(table, rb, ra, 0)
                if ra == rb:
                    assert cribtable.expected(table, ra, rb, 1) == 0  # a pair cannot be suited
    # Two fives make the best crib; suited discards only gain (flush chances).
    five = [cribtable.expected(cribtable.FIVE, r, r, 0) for r in range(13)]
    assert max(five) == five[4]
    for ra in range(13):
        for rb in range(ra + 1, 13):
            assert cribtable.expected(cribtable.FIVE, ra, rb, 1) > cribtable.expected(cribtable.FIVE, ra, rb, 0)
            # A four-card crib flush counts under the hand rule, so FOUR >= FIVE when suited.
            assert cribtable.expected(cribtable.FOUR, ra, rb, 1) > cribtable.expected(cribtable.FIVE, ra, rb, 1)


def test_advisor_crib_expectation_equals_the_table_on_a_full_pack():
    # With nothing seen but the two discards, the advisor's exact crib
    # expectation (by counting) must be the table's (by enumeration), to rounding.
    for rule, table in ((True, cribtable.FIVE), (False, cribtable.FOUR)):
        for ra in range(13):
            for rb in range(ra, 13):
                for suited in (0, 1) if ra != rb else (0,):
                    a = ra * 4
                    b = rb * 4 + (0 if suited else 1)
                    unseen = bytes(c for c in range(52) if c not in (a, b))
                    n = bytearray(13)
                    m = bytearray(4)
                    for c in unseen:
                        n[c >> 2] += 1
                        m[c & 3] += 1
                    odds = advisor._CribOdds(unseen, n, m, rule)
                    exact = (odds.common + odds.value(a, b)) / (50 * 49 * 48)
                    assert abs(exact * 1000 - cribtable.expected(table, ra, rb, suited)) <= 0.5
