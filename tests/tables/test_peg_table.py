"""tables/playtable.py against tools/make_peg_table.py. Remade in full the table takes the tool
200,000 simulated deals (some 20 minutes of CPU; so remade when this test was written, it was
the shipped file byte for byte), so here: the shipped file is the tool's own
rendering of its terms, and those terms fit a sample of the tool's own deals (every 101st of its
seeds, some 2,000 deals and 12 s) as a least-squares fit of all of them must: no mean error, a
slope of one, and no term the residuals still lean on. That catches the sides swapped, terms
shuffled, scaled or of another sign, or a table made from other play; not a single term off by
less than about a point (2,000 deals cannot see it)."""
import re
import sys
from pathlib import Path

import pytest

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_peg_table  # noqa: E402
from tables import playtable as pegtable  # noqa: E402

PEGTABLE = ROOT / "firmware" / "tables" / "playtable.py"
EVERY = 101  # odd: both seats deal (the dealer is the seed's low bit)


def _terms(data):
    return [b - 256 if b > 127 else b for b in data]


def test_the_shipped_file_is_the_tools_rendering_of_its_terms():
    text = PEGTABLE.read_text()
    deals = int(re.search(r"from (\d+) simulated deals", text).group(1))
    player = re.search(r"The keeping seat plays as the (\w+) computer", text).group(1)
    assert (deals, player) == (make_peg_table.DEALS, "expert")  # the tool's defaults
    sides = []
    for dealer, name in ((True, "DEALER"), (False, "PONE")):
        m, spread, err = re.search(r"# %s: (\d+) deals, spread of the fitted values ([\d.]+) points, residual ([\d.]+)"
                                   % name.lower(), text).groups()
        sides.append((dealer, _terms(getattr(pegtable, name)), float(err), float(spread), int(m)))
    assert pegtable.SCALE == make_peg_table.SCALE
    assert make_peg_table.render(deals, sides, player) == text


@pytest.mark.slow
def test_the_terms_fit_a_sample_of_the_tools_deals():
    rows = [make_peg_table.one_deal(s, "expert") for s in
            range(make_peg_table.SEED0, make_peg_table.SEED0 + make_peg_table.DEALS, EVERY)]
    for dealer, name in ((True, "DEALER"), (False, "PONE")):
        mine = [(kept, diff) for d, kept, diff in rows if d == dealer]
        x = np.array([make_peg_table.features(kept) for kept, _ in mine])
        y = np.array([diff for _, diff in mine], dtype=float)
        fitted = x @ (np.array(_terms(getattr(pegtable, name))) / pegtable.SCALE)
        r = y - fitted
        n = len(y)
        assert n > 900, n
        # No mean error (within 5 standard errors)...
        assert abs(r.mean()) <= 5 * r.std() / np.sqrt(n), (name, r.mean())
        # ... the play points rise one for one with the table's value (slope within 5 standard errors)...
        c = fitted - fitted.mean()
        slope = c @ (y - y.mean()) / (c @ c)
        assert abs(slope - 1) <= 5 * r.std() / np.sqrt(c @ c), (name, slope)
        # ... and no term left that the residuals lean on (a score test per term, within 5).
        lean = x.T @ r
        spread = np.sqrt((x ** 2).T @ (r ** 2))
        z = np.abs(lean[spread > 0] / spread[spread > 0])
        assert z.max() <= 5, (name, int(np.argmax(np.where(spread > 0, np.abs(lean) / np.maximum(spread, 1e-9), 0))),
                              z.max())
