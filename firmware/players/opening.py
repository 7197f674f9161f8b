# The expert's first cards of the two-hand play, from tables: as pone its lead
# (tables.leadtable) and its second card (tables.seconds.s0 .. s12, one per rank the
# dealer replied with), as dealer its reply to the pone's lead (tables.replies.r0 ..
# r12, one per rank led), so only one table is loaded at a time. Each table holds,
# for every four ranks kept, the look-ahead's pick over hundreds of guesses at the
# other hand (tools/make_opening_tables.py), where the device's budget allows the
# search six to a dozen. players.cpu loads this module for those cards only; it and
# each table are let go once read. Near the end of the game players.cpu does not
# ask: the look-ahead, which weighs winning, decides.
from rules import forget


def card(g, cards):
    """The table's card of `cards` (the side's four, none laid yet: the pone's
    lead if nothing is laid, else the dealer's reply to it)."""
    forget("players.opening")
    ranks = sorted(c >> 2 for c in cards)
    if g.seq:
        rank = _pick("tables.replies", "r%d" % (g.seq[0] >> 2), ranks)
    else:
        rank = _pick("tables", "leadtable", ranks)
    c = _of_rank(cards, rank)
    return cards[0] if c is None else c


def second(g, cards):
    """The pone's second card of `cards` (its three left after its lead and the
    dealer's reply) from tables.seconds, or None if its lead was not the lead table's
    (the tables are made after that lead: the look-ahead decides)."""
    forget("players.opening")
    led = g.seq[0] >> 2
    ranks = sorted([c >> 2 for c in cards] + [led])
    if _pick("tables", "leadtable", ranks) != led:
        return None
    return _of_rank(cards, _pick("tables.seconds", "s%d" % (g.seq[1] >> 2), ranks))


def _pick(package, name, ranks):
    """The rank a table (package.name, loaded for this and let go) picks of four ranks."""
    full = package + "." + name
    __import__(full)
    import sys

    module = sys.modules[full]
    rank = table_rank(module.LEAD if name == "leadtable" else module.PICK, ranks)
    forget(full)
    if "." in package:  # tables.replies, tables.seconds: let go with the table
        forget(package)
    return rank


def table_rank(table, ranks):
    """The rank a table's two bits for four ranks (lowest first) name: which of
    their distinct ranks, lowest first."""
    i = hand_index(ranks)
    return sorted(set(ranks))[table[i >> 2] >> 2 * (i & 3) & 3]


def _of_rank(cards, rank):
    """The first of cards of that rank (None if none: a card is an int, 0 included)."""
    for c in cards:
        if c >> 2 == rank:
            return c
    return None


def hand_index(ranks):
    """The place of four ranks, lowest first, among the 1,820 such hands (the
    combinatorial number system on rank + place: colex order)."""
    a = ranks[0]
    b = ranks[1] + 1
    c = ranks[2] + 2
    d = ranks[3] + 3
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24
