"""A plain reference for Patience II's first discard: the whole deal's expected
points of each of the fifteen discards, looking ahead over the second six.

For each second six (every one when few cards are unseen, else a seeded sample
shared by all fifteen discards) the player is taken to choose the second
discard with the best expectation over the starter, knowing the first hand and
the two cards already in the crib; every value is a plain sum of score() over
the starters that are left. No code of the advisor is used.
"""
import sys
from itertools import combinations
from pathlib import Path

from rules.rng import Rng
from rules.score import score

# tools/vscore.py (numpy counting) for deal_values.
TOOLS = str(Path(__file__).resolve().parents[2] / "tools")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

PAIRS = tuple((i, j) for i in range(6) for j in range(i + 1, 6))
HEELS_JACK = 10


def second_sixes(unseen, samples, seed):
    """Every six of the unseen cards if there are at most `samples` of them, else a
    seeded sample of `samples` sixes (each a uniform draw). Returns (sixes, exact)."""
    unseen = list(unseen)
    total = 1
    n = len(unseen)
    for k in range(6):
        total = total * (n - k) // (k + 1)
    if total <= samples:
        return [tuple(c) for c in combinations(unseen, 6)], True
    rng = Rng(seed)
    out = []
    for _ in range(samples):
        pool = list(unseen)
        six = []
        for _ in range(6):
            six.append(pool.pop(rng.below(len(pool))))
        out.append(tuple(six))
    return out, False


def first_discard_values(pending, unseen, samples=200, seed=1):
    """(values, per-six values, exact): the deal's expected points for each first discard
    (PAIRS order), and each one's value on every second six (for the error)."""
    sixes, exact = second_sixes(unseen, samples, seed)
    firsts = []
    for i, j in PAIRS:
        kept = tuple(c for k, c in enumerate(pending) if k != i and k != j)
        firsts.append(((pending[i], pending[j]), kept))
    per_six = [[] for _ in PAIRS]
    for six in sixes:
        starters = [c for c in unseen if c not in six]
        seconds = []
        for i, j in PAIRS:
            kept = tuple(c for k, c in enumerate(six) if k != i and k != j)
            seconds.append(((six[i], six[j]), kept, sum(score(kept, s) for s in starters)))
        heels = sum(2 for s in starters if s >> 2 == HEELS_JACK)
        for f, (crib1, hand1) in enumerate(firsts):
            base = heels + sum(score(hand1, s) for s in starters)
            best = None
            for crib2, _, hand2_sum in seconds:
                crib = crib1 + crib2
                v = hand2_sum + sum(score(crib, s) for s in starters)
                if best is None or v > best:
                    best = v
            per_six[f].append((base + best) / len(starters))
    values = [sum(v) / len(v) for v in per_six]
    return values, per_six, exact


def standard_error(per_six, a, b):
    """The sampling error of values[a] - values[b] (common sixes)."""
    d = [x - y for x, y in zip(per_six[a], per_six[b])]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    return (var / n) ** 0.5



# The same whole-deal values, for any deal, fast: counted by tools/vscore.py
# (score() over numpy arrays; checked against score() and first_discard_values()).

def deal_values(pending, unseen, sixes):
    """Per-six whole-deal values (len(sixes), 15) of the fifteen first discards:
    first hand, heels and the best second discard (second hand and crib), each a
    mean over the starters the six leaves."""
    import numpy as np
    import vscore

    unseen = np.array(list(unseen), dtype=np.int64)
    sixes = np.array(sixes, dtype=np.int64)
    pend = np.array(list(pending), dtype=np.int64)
    n = len(unseen)
    firsts = pend[np.array(PAIRS)]
    hand1 = pend[vscore._KEEP]  # (15, 4)
    best = vscore.best_second(firsts, unseen, sixes)  # (M, 15)
    # First hands and heels: all unseen starters less the six's own cards.
    h1 = vscore.score(hand1[:, None, :], unseen[None, :]).sum(axis=1)[None, :]
    h1 = h1 - vscore.score(hand1[None, :, None, :], sixes[:, None, :]).sum(axis=2)
    jacks = 2 * ((unseen >> 2) == HEELS_JACK).sum() - 2 * ((sixes >> 2) == HEELS_JACK).sum(axis=1)
    return (jacks[:, None] + h1 + best) / (n - 6)


def all_sixes_or_sample(unseen, samples, seed):
    """second_sixes() with numpy's generator for the sample (fast, seeded)."""
    import numpy as np

    n = len(unseen)
    total = 1
    for k in range(6):
        total = total * (n - k) // (k + 1)
    if total <= samples:
        return [tuple(c) for c in combinations(unseen, 6)], True
    rng = np.random.default_rng(seed)
    keys = rng.random((samples, n))
    return np.array(list(unseen))[np.argsort(keys, axis=1)[:, :6]], False
