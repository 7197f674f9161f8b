# The expert's first card of the two-hand play, from tables: as pone its lead
# (crib.leadtable), as dealer its reply to the pone's lead (crib.replies.r0 ..
# r12, one per rank led, so only one is loaded). Each table holds, for every
# four ranks kept, the look-ahead's pick over hundreds of guesses at the other
# hand (tools/make_opening_tables.py), where the device's budget allows the
# search six to eight. crib.cpu loads this module for that card only; it and
# each table are let go once read. Near the end of the game crib.cpu does not
# ask: the look-ahead, which weighs winning, decides.
from crib import forget


def card(g, cards):
    """The table's card of `cards` (the side's four, none laid yet: the pone's
    lead if nothing is laid, else the dealer's reply to it)."""
    forget("crib.opening")
    ranks = sorted(c >> 2 for c in cards)
    i = hand_index(ranks)
    if g.seq:
        name = "crib.replies.r%d" % (g.seq[0] >> 2)
        __import__(name)
        import sys

        table = sys.modules[name].PICK
    else:
        name = "crib.leadtable"
        from crib import leadtable

        table = leadtable.LEAD
    pick = table[i >> 2] >> 2 * (i & 3) & 3
    forget(name)
    forget("crib.replies")
    rank = sorted(set(ranks))[pick]
    for c in cards:
        if c >> 2 == rank:
            return c
    return cards[0]


def hand_index(ranks):
    """The place of four ranks, lowest first, among the 1,820 such hands (the
    combinatorial number system on rank + place: colex order)."""
    a = ranks[0]
    b = ranks[1] + 1
    c = ranks[2] + 2
    d = ranks[3] + 3
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24
