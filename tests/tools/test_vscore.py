"""tools/vscore.py, the numpy counter behind the offline tables and references, against
score() itself; and the fast whole-deal reference against the plain one."""
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import vscore  # noqa: E402
from players import advisor
from rules import solitaires as games  # noqa: E402
from rules.score import score  # noqa: E402
from helpers.patience2_reference import deal_values, first_discard_values, second_sixes  # noqa: E402


def test_vscore_counts_as_score_does():
    rng = random.Random(10)
    hands = []
    starters = []
    for _ in range(20000):
        c = rng.sample(range(52), 5)
        hands.append(c[:4])
        starters.append(c[4])
    # Hands that stress the rare parts: four of a suit, the starter of it or not.
    for t in range(52):
        if t & 3 != 2 or t >> 2 not in (0, 4, 8, 12):
            hands.append([2, 18, 34, 50])
            starters.append(t)
    hands.append([16, 17, 18, 43])  # three fives and the jack of spades
    starters.append(19)  # the five of spades: 29
    for crib in (False, True):
        got = vscore.score(np.array(hands), np.array(starters), crib).tolist()
        want = [score(tuple(h), s, crib) for h, s in zip(hands, starters)]
        assert got == want
    assert vscore.score(np.array([16, 17, 18, 43]), np.array(19)) == 29


def test_fast_reference_equals_the_plain_one():
    # Patience II's last deal (every six) and the third (a sample of sixes).
    for seed, decision in ((60001, 6), (60002, 4)):
        g = games.new("patience2", seed)
        for _ in range(decision):
            g.discard(*advisor.best_discard(g))
        pending, _, unseen, _, _ = advisor.situation(g)
        values, per_six, exact = first_discard_values(pending, unseen, samples=12, seed=3)
        assert exact == (decision == 6)
        sixes, _ = second_sixes(unseen, 12, 3)
        fast = deal_values(pending, unseen, sixes)
        assert np.allclose(fast, np.array(per_six).T, atol=1e-9)
