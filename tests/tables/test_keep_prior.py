"""players.cpu.PRIOR (how much likelier the normal computer keeps a hand by what its four
score alone) is what tools/make_keep_prior.py makes: regenerated here in full, its
20,000 seeded deals and every four-card hand of the pack (some 15 s)."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_keep_prior  # noqa: E402
from players import cpu  # noqa: E402

pytestmark = pytest.mark.slow


def test_prior_regenerated_by_its_generator():
    rows, ratios = make_keep_prior.prior(make_keep_prior.kept_scores(make_keep_prior.DEALS),
                                         make_keep_prior.pack_scores())
    assert rows == cpu.PRIOR
    # The shipped lines, their comments included, are what the tool prints.
    assert make_keep_prior.literal(rows, ratios) in (ROOT / "firmware" / "players" / "cpu.py").read_text()
