"""score() for numpy arrays of hands: the host-side tools' and tests' fast counter.

Offline tables and brute-force references need hundreds of millions of counts,
too many for rules.score.score one call at a time. Fifteens, pairs and runs
depend only on the five ranks, in any order, so they are a lookup in a table of
every ordered five ranks (13**5 entries); flush and nobs are added by suit.
tests/tools/test_vscore.py checks it against score() on random hands.
"""
from itertools import combinations

import numpy as np

PIPS = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=np.int16)
JACK = 10


def _rank_points():
    """Fifteens, pairs and runs of every ordered five ranks, at r0*13**4 + ... + r4."""
    r = np.indices((13,) * 5).reshape(5, -1).T  # (13**5, 5)
    v = PIPS[r]
    pts = np.zeros(len(r), dtype=np.int16)
    for k in (2, 3, 4, 5):
        for idx in combinations(range(5), k):
            pts += 2 * (v[:, list(idx)].sum(axis=1) == 15)
    for i, j in combinations(range(5), 2):
        pts += 2 * (r[:, i] == r[:, j])
    # Cards per rank, ranks at 1..13 between two empty borders.
    counts = (r[:, :, None] == np.arange(-1, 14)).sum(axis=1, dtype=np.int16)
    for length in (3, 4, 5):
        for lo in range(1, 15 - length):
            window = counts[:, lo:lo + length]
            whole = (window > 0).all(axis=1) & (counts[:, lo - 1] == 0) & (counts[:, lo + length] == 0)
            pts += (length * window.prod(axis=1) * whole).astype(np.int16)
    return pts


RANK_POINTS = _rank_points()
_WEIGHTS = np.array([13 ** 4, 13 ** 3, 13 ** 2, 13, 1])


def score(hands, starters, crib=False):
    """score(hand, starter, crib) for arrays: hands (..., 4) and starters (...) of cards,
    broadcast against each other."""
    hands = np.asarray(hands)
    starters = np.asarray(starters)
    shape = np.broadcast_shapes(hands.shape[:-1], starters.shape)
    hands = np.broadcast_to(hands, shape + (4,))
    starters = np.broadcast_to(starters, shape)
    ranks = np.concatenate([hands >> 2, (starters >> 2)[..., None]], axis=-1)
    pts = RANK_POINTS[ranks @ _WEIGHTS].astype(np.int32)
    suits = hands & 3
    ss = starters & 3
    four = (suits == suits[..., :1]).all(axis=-1)
    five = four & (suits[..., 0] == ss)
    pts += np.where(five, 5, np.where(four & (not crib), 4, 0))
    pts += ((hands >> 2 == JACK) & (suits == ss[..., None])).any(axis=-1)
    return pts


PAIRS = tuple((i, j) for i in range(6) for j in range(i + 1, 6))
_PAIR_AT = np.array(PAIRS)
_KEEP = np.array([[k for k in range(6) if k != i and k != j] for i, j in PAIRS])


def second_hands(unseen, sixes):
    """For each six (rows, cards of unseen) its fifteen second hands (the four kept of
    each second discard), each summed over the starters the six leaves: (len(sixes), 15)."""
    unseen = np.asarray(unseen, dtype=np.int64)
    sixes = np.asarray(sixes, dtype=np.int64)
    n = len(unseen)
    inside = (sixes[:, :, None] == unseen[None, None, :]).any(axis=1)
    out = []
    for lo in range(0, len(sixes), 256):
        six = sixes[lo:lo + 256]
        m = len(six)
        starters = unseen[np.nonzero(~inside[lo:lo + 256])[1].reshape(m, n - 6)]
        out.append(score(six[:, _KEEP][:, :, None, :], starters[:, None, :]).sum(axis=2))
    return np.concatenate(out)


def best_second(firsts, unseen, sixes, hands=None):
    """Patience II's second discard, looked ahead: for each second six (rows of
    `sixes`, cards of `unseen`) and each first crib pair (rows of `firsts`), the
    most that one of the six's fifteen second discards brings in second hand and
    crib, summed over the starters the six leaves. Returns (len(sixes), len(firsts)).

    The player chooses knowing the six, not the starter: the best by the sum over
    the starters. Crib sums over every unseen starter are counted once; each six
    then takes away the four of its cards that are not in the crib. hands: the
    sixes' second_hands(), if already counted.
    """
    unseen = np.asarray(unseen, dtype=np.int64)
    sixes = np.asarray(sixes, dtype=np.int64)
    firsts = np.asarray(firsts, dtype=np.int64)
    n = len(unseen)
    f = len(firsts)
    pos = np.full(52, -1)
    pos[unseen] = np.arange(n)
    six_at = pos[sixes]
    xy = np.array([(x, y) for x in range(n) for y in range(x + 1, n)])
    cribs = np.concatenate([np.broadcast_to(firsts[:, None, :], (f, len(xy), 2)),
                            np.broadcast_to(unseen[xy][None], (f, len(xy), 2))], axis=2)
    c = score(cribs[:, :, None, :], unseen[None, None, :])  # (f, pairs, starter)
    c[:, np.arange(len(xy)), xy[:, 0]] = 0  # a crib card is no starter
    c[:, np.arange(len(xy)), xy[:, 1]] = 0
    crib_all = np.zeros((f, n, n), dtype=np.int64)
    crib_all[:, xy[:, 0], xy[:, 1]] = c.sum(axis=2)
    crib_each = np.zeros((f, n, n, n), dtype=np.int32)  # by (x, y, starter)
    crib_each[:, xy[:, 0], xy[:, 1], :] = c
    if hands is None:
        hands = second_hands(unseen, sixes)
    out = []
    for lo in range(0, len(sixes), 256):
        at = six_at[lo:lo + 256]
        h2 = hands[lo:lo + 256]  # (m, 15)
        x = np.minimum(at[:, _PAIR_AT[:, 0]], at[:, _PAIR_AT[:, 1]])  # (m, 15)
        y = np.maximum(at[:, _PAIR_AT[:, 0]], at[:, _PAIR_AT[:, 1]])
        others = at[:, _KEEP]  # (m, 15, 4)
        fi = np.arange(f)[:, None, None, None]
        cr = crib_all[:, x, y] - crib_each[fi, x[None, :, :, None], y[None, :, :, None],
                                           others[None]].sum(axis=3)  # (f, m, 15)
        out.append((h2[None] + cr).max(axis=2).T)
    return np.concatenate(out)


def random_crib_total(firsts, unseen):
    """Sum, for each first crib pair, of its crib over every two unseen cards and
    starter (divide by C(n, 2) * (n - 2)): the crib with its last two cards random."""
    unseen = np.asarray(unseen, dtype=np.int64)
    firsts = np.asarray(firsts, dtype=np.int64)
    n = len(unseen)
    out = np.zeros(len(firsts), dtype=np.int64)
    for x in range(n):
        for y in range(x + 1, n):
            s = np.delete(unseen, [x, y])
            cribs = np.concatenate([firsts, np.broadcast_to(unseen[[x, y]], (len(firsts), 2))], axis=1)
            out += score(cribs[:, None, :], s[None, :]).sum(axis=1)
    return out
