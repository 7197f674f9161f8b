"""tables/playmulti.py against tools/make_peg_table_multi.py (remade in full it takes some
10 minutes of CPU): the shipped terms fit a sample of the tool's own deals (every 97th of its
seeds) as its least-squares fit must: the play margin rising one for one with the table's
value. That catches places swapped, terms of another sign or scale, or a table of other play."""
import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_peg_table_multi as tool  # noqa: E402
from tables import playmulti  # noqa: E402

EVERY = 97


def _terms(data):
    return [b - 256 if b > 127 else b for b in data]


def test_the_header_says_how_it_was_made():
    text = (ROOT / "firmware" / "tables" / "playmulti.py").read_text()
    assert int(re.search(r"from (\d+)", text).group(1)) >= 20000
    assert playmulti.SCALE == tool.SCALE
    assert len(playmulti.FOUR) == 4 * tool.N_TERMS


def test_the_terms_fit_a_sample_of_the_tools_deals():
    for players, table in ((4, playmulti.FOUR),):
        start = tool.SEED0 + 1_000_000 * players
        rows = [tool.one_deal(s, players) for s in range(start, start + 40000, EVERY)]
        xs = []
        ys = []
        for place, kept, margin in rows:
            terms = np.array(_terms(table[place * tool.N_TERMS:(place + 1) * tool.N_TERMS])) / tool.SCALE
            xs.append(tool.features(kept) @ terms)
            ys.append(margin)
        fitted = np.array(xs)
        y = np.array(ys)
        c = fitted - fitted.mean()
        r = (y - y.mean()) - c
        slope = c @ (y - y.mean()) / (c @ c)
        # The play margin rises with the table's value, one for one within 5 standard errors.
        assert abs(slope - 1) <= 5 * r.std() / np.sqrt(c @ c), (players, slope)
        assert slope > 0.3, (players, slope)
