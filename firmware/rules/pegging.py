# Scoring the play: what the card just laid scores, from the cards laid since
# the count last started.
#
#   peg(cards)    # points of cards[-1]: fifteen, thirty-one, pairs, runs
#   items(cards)  # the same points as (label, points, cards) for people
#
# The go and the last card are not here: they depend on who can still play,
# which the game knows (rules/cribbage.py). peg() runs inside the computer's
# look-ahead, so it works on plain ints and allocates nothing.
from micropython import const

from rules.cards import PIPS

_FIFTEEN = const(15)
_THIRTY_ONE = const(31)


def count_of(cards):
    """The running count: the pip values of the cards laid since it started."""
    total = 0
    for i in range(len(cards)):
        total += PIPS[cards[i] >> 2]
    return total


def peg(cards):
    """Points the last of `cards` scores in the play (not go or last card).

    Two for making the count fifteen or thirty-one; two, six or twelve when it
    completes a pair, pair royal or double pair royal with the cards laid just
    before it; one a card for the longest run, in any order, that it ends.
    """
    return peg_at(cards, 0, len(cards))


def peg_at(buf, lo, hi):
    """peg() of buf[lo:hi] without making the slice."""
    total = 0
    for i in range(lo, hi):
        total += PIPS[buf[i] >> 2]
    return peg_count(buf, lo, hi, total)


def peg_count(buf, lo, hi, total):
    """peg_at() when the count (total) is known already (the look-ahead's case)."""
    r = buf[hi - 1] >> 2
    points = 2 if total == _FIFTEEN or total == _THIRTY_ONE else 0
    # Pairs: the cards of the same rank laid in a row, ending with this one.
    same = 1
    i = hi - 2
    while i >= lo and buf[i] >> 2 == r:
        same += 1
        i -= 1
    if same > 1:
        # A pair is 2, a pair royal 6, a double pair royal 12; the last two
        # cards being a pair, no run can end here.
        return points + same * (same - 1)
    # Runs: going back from this card while the ranks stay distinct, the
    # longest stretch whose ranks fill a block with no gap.
    mask = 1 << r
    low = r
    high = r
    length = 1
    best = 0
    i = hi - 2
    while i >= lo:
        q = buf[i] >> 2
        bit = 1 << q
        if mask & bit:
            break
        mask |= bit
        length += 1
        if q < low:
            low = q
        elif q > high:
            high = q
        if length >= 3 and high - low == length - 1:
            best = length
        i -= 1
    return points + best


_SAME_NAMES = ("", "", "pair", "pair royal", "double pair royal")


def items(cards):
    """What the last card scores, as a player calls it: [(label, points, cards)].

    Labels are "fifteen", "thirty-one", "pair", "pair royal", "double pair
    royal" and "run" (its cards tell the length); the points add up to peg().
    """
    out = []
    cards = tuple(cards)
    n = len(cards)
    total = count_of(cards)
    if total == _FIFTEEN:
        out.append(("fifteen", 2, cards))
    elif total == _THIRTY_ONE:
        out.append(("thirty-one", 2, cards))
    points = peg(cards) - (2 if total == _FIFTEEN or total == _THIRTY_ONE else 0)
    if points:
        r = cards[n - 1] >> 2
        same = 1
        while same < n and cards[n - 1 - same] >> 2 == r:
            same += 1
        if same > 1:
            out.append((_SAME_NAMES[same], points, cards[n - same:]))
        else:
            out.append(("run", points, cards[n - points:]))
    return out
