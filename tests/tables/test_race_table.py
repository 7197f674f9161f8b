"""tables/racetable.py against tools/make_race_table.py: the tool's own tables made from a
third of its deals (every third seed of its 30,000, some 12 s) agree with the shipped
ones within what a third of the deals can differ from all of them. Remade in full it
takes some 40 s: `python tools/make_race_table.py > firmware/tables/racetable.py` and
git diff (the shipped file was so remade, byte for byte, when this test was written)."""
import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_race_table  # noqa: E402
from tables import racetable  # noqa: E402

pytestmark = pytest.mark.slow

EVERY = 3


def _chances(table):
    return [table[i] << 8 | table[i + 1] for i in range(0, len(table), 2)]


def test_a_third_of_the_generators_deals_make_the_shipped_tables():
    deals = [make_race_table.one_deal(s) for s in
             range(make_race_table.SEED0, make_race_table.SEED0 + make_race_table.DEALS, EVERY)]
    made = {}
    text = make_race_table.render(len(deals), deals, make_race_table.win_table(deals))
    exec(compile(text, "racetable (a third of the deals)", "exec"), made)
    assert (made["ONE"], made["STEP"], made["SIDE"]) == (racetable.ONE, racetable.STEP, racetable.SIDE)
    # Each chance (in 1/4096) within 5 standard errors of a third's share against the whole's, and 1
    # for the rounding: sqrt(p (1 - p) (1/n - 1/N)).
    n = len(deals)
    for name in ("PONE", "PONE_REST", "DEALER_REST"):
        got, want = _chances(made[name]), _chances(getattr(racetable, name))
        for i in range(max(len(got), len(want))):
            a = got[i] if i < len(got) else 0
            b = want[i] if i < len(want) else 0
            p = max(a, b) / racetable.ONE
            se = math.sqrt(p * (1 - p) * (1 / n - 1 / make_race_table.DEALS)) * racetable.ONE
            assert abs(a - b) <= 5 * se + 1, (name, i, a, b, se)
    # The chances of the game (in 1/255), every entry: within 3 (a third of the deals puts them within 2).
    for name in ("AS_PONE", "AS_DEALER"):
        got, want = made[name], getattr(racetable, name)
        assert len(got) == len(want) == racetable.SIDE ** 2
        worst = max(range(len(got)), key=lambda i: abs(got[i] - want[i]))
        assert abs(got[worst] - want[worst]) <= 3, (name, divmod(worst, racetable.SIDE), got[worst], want[worst])
