# Counting a cribbage hand: fifteens, pairs, runs, flush and nobs.
#
# score() is the hot path (the advisor calls it hundreds of times a hint), so it
# works on plain locals and allocates nothing. breakdown() is for people: it
# lists each scoring combination with its cards, in the order a player counts.
from micropython import const

from rules.cards import PIPS

_JACK = const(10)
# A hand counted without a starter gets a stand-in fifth card that can join
# no fifteen (value 16), no pair (rank 15) and no run (outside the 13-bit mask).
_NO_VALUE = const(16)
_NO_RANK = const(15)


def score(hand, starter, crib=False):
    """Points of a four-card hand with its starter (None for no starter).

    crib=True applies the crib flush rule: a flush needs all five cards.
    """
    c0 = hand[0]
    c1 = hand[1]
    c2 = hand[2]
    c3 = hand[3]
    r0 = c0 >> 2
    r1 = c1 >> 2
    r2 = c2 >> 2
    r3 = c3 >> 2
    v0 = PIPS[r0]
    v1 = PIPS[r1]
    v2 = PIPS[r2]
    v3 = PIPS[r3]
    if starter is None:
        r4 = _NO_RANK
        v4 = _NO_VALUE
        mask = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3)
    else:
        r4 = starter >> 2
        v4 = PIPS[r4]
        mask = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4)

    # Fifteens: every combination of two or more cards whose values make 15.
    fifteens = (
        (v0 + v1 == 15) + (v0 + v2 == 15) + (v0 + v3 == 15) + (v0 + v4 == 15)
        + (v1 + v2 == 15) + (v1 + v3 == 15) + (v1 + v4 == 15)
        + (v2 + v3 == 15) + (v2 + v4 == 15) + (v3 + v4 == 15)
        + (v0 + v1 + v2 == 15) + (v0 + v1 + v3 == 15) + (v0 + v1 + v4 == 15)
        + (v0 + v2 + v3 == 15) + (v0 + v2 + v4 == 15) + (v0 + v3 + v4 == 15)
        + (v1 + v2 + v3 == 15) + (v1 + v2 + v4 == 15) + (v1 + v3 + v4 == 15)
        + (v2 + v3 + v4 == 15)
        + (v0 + v1 + v2 + v3 == 15) + (v0 + v1 + v2 + v4 == 15)
        + (v0 + v1 + v3 + v4 == 15) + (v0 + v2 + v3 + v4 == 15)
        + (v1 + v2 + v3 + v4 == 15)
        + (v0 + v1 + v2 + v3 + v4 == 15)
    )
    # Pairs: two points for every two cards of one rank (so a pair royal is
    # three pairs, six points, and a double pair royal six pairs, twelve).
    pairs = (
        (r0 == r1) + (r0 == r2) + (r0 == r3) + (r0 == r4)
        + (r1 == r2) + (r1 == r3) + (r1 == r4)
        + (r2 == r3) + (r2 == r4) + (r3 == r4)
    )
    points = 2 * fifteens + 2 * pairs

    # Runs: five cards hold at most one run of three or more distinct ranks.
    # Its length times the ways to pick one card of each rank is the score.
    run3 = mask & (mask >> 1) & (mask >> 2)
    if run3:
        points += run_points(mask, run3, r0, r1, r2, r3, r4)

    # Flush: four hand cards of one suit; the starter adds one if it matches.
    # In the crib only a five-card flush counts.
    s = c0 & 3
    if s == c1 & 3 and s == c2 & 3 and s == c3 & 3:
        if starter is None:
            points += 4
        elif s == starter & 3:
            points += 5
        elif not crib:
            points += 4

    # Nobs: the jack of the starter's suit in hand.
    if starter is not None:
        s = starter & 3
        if (r0 == _JACK and c0 & 3 == s) or (r1 == _JACK and c1 & 3 == s) \
                or (r2 == _JACK and c2 & 3 == s) or (r3 == _JACK and c3 & 3 == s):
            points += 1
    return points


def run_points(mask, run3, r0, r1, r2, r3, r4):
    """Run points of five cards of ranks r0..r4 (mask: their ranks' bits; run3: the
    bits that start three ranks in a row, not 0): the run's length times the ways to
    pick one card of each of its ranks (five cards hold at most one run)."""
    low = 0
    while not (run3 >> low) & 1:
        low += 1
    length = 3
    while (mask >> (low + length)) & 1:
        length += 1
    ways = 1
    for r in range(low, low + length):
        ways *= (r0 == r) + (r1 == r) + (r2 == r) + (r3 == r) + (r4 == r)
    return length * ways


_PAIR_NAMES = ("", "", "pair", "pair royal", "double pair royal")


def breakdown(hand, starter, crib=False):
    """The scoring items of a hand, as a player calls them.

    A list of (label, cards, points) in counting order: each fifteen, then the
    pairs ("pair", "pair royal", "double pair royal"), then each run (a double
    run is two runs, its pair counted with the pairs), then "flush" and "nobs".
    The points add up to score() for the same arguments.
    """
    cards = tuple(hand) if starter is None else tuple(hand) + (starter,)
    n = len(cards)
    items = []
    for m in range(1, 1 << n):
        total = 0
        for i in range(n):
            if m >> i & 1:
                total += PIPS[cards[i] >> 2]
        if total == 15 and m & (m - 1):
            items.append(("fifteen", _pick(cards, m), 2))
    for r in range(13):
        same = tuple(c for c in cards if c >> 2 == r)
        if len(same) >= 2:
            k = len(same)
            items.append((_PAIR_NAMES[k], same, k * (k - 1)))
    items.extend(_runs(cards))
    s = cards[0] & 3
    if all(c & 3 == s for c in hand):
        if starter is not None and starter & 3 == s:
            items.append(("flush", cards, 5))
        elif starter is None or not crib:
            items.append(("flush", tuple(hand), 4))
    if starter is not None:
        for c in hand:
            if c >> 2 == _JACK and c & 3 == starter & 3:
                items.append(("nobs", (c,), 1))
    return items


def _pick(cards, mask):
    return tuple(cards[i] for i in range(len(cards)) if mask >> i & 1)


def _runs(cards):
    """Each run of the longest length, one per way of choosing its cards."""
    mask = 0
    for c in cards:
        mask |= 1 << (c >> 2)
    for length in (5, 4, 3):
        for low in range(13 - length + 1):
            want = ((1 << length) - 1) << low
            if mask & want == want:
                found = [()]
                for r in range(low, low + length):
                    found = [run + (c,) for run in found for c in cards if c >> 2 == r]
                return [("run", run, length) for run in found]
    return []
