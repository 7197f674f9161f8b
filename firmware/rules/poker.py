# Poker hands of five cards, for Poker Patience: the category of a hand and
# the two scoring tables.
#
# category() is called for every line the advisor weighs, so it works on plain
# locals and allocates nothing.
from micropython import const

NO_PAIR = const(0)
PAIR = const(1)
TWO_PAIRS = const(2)
THREE = const(3)
STRAIGHT = const(4)
FLUSH = const(5)
FULL_HOUSE = const(6)
FOUR = const(7)
STRAIGHT_FLUSH = const(8)
ROYAL_FLUSH = const(9)

NAMES = ("no pair", "one pair", "two pairs", "three of a kind", "straight", "flush",
         "full house", "four of a kind", "straight flush", "royal flush")
SHORT = ("-", "pair", "2 pair", "three", "strght", "flush", "full", "four", "st fl", "royal")

# Points of each category, indexed by category.
AMERICAN = b"\x00\x02\x05\x0a\x0f\x14\x19\x32\x4b\x64"  # 0 2 5 10 15 20 25 50 75 100
ENGLISH = b"\x00\x01\x03\x06\x0c\x05\x0a\x10\x1e\x1e"  # 0 1 3 6 12 5 10 16 30 30
TABLES = ("american", "english")
POINTS = (AMERICAN, ENGLISH)
TARGETS = b"\xc8\x46"  # what counts as won: 200 American, 70 English

# Equal-rank pairs among the cards -> category: 1 pair, 2 two pairs, 3 three
# of a kind, 4 full house (3 + 1), 6 four of a kind (5 cannot happen).
_BY_PAIRS = b"\x00\x01\x02\x03\x06\x00\x07"
# Ten, jack, queen, king and ace (rank 0): the ace-high straight.
_ACE_HIGH = const(0x1E01)


def category(cards):
    """The poker category 0..9 of five card ints (see the constants above)."""
    c0 = cards[0]
    c1 = cards[1]
    c2 = cards[2]
    c3 = cards[3]
    c4 = cards[4]
    r0 = c0 >> 2
    r1 = c1 >> 2
    r2 = c2 >> 2
    r3 = c3 >> 2
    r4 = c4 >> 2
    pairs = ((r0 == r1) + (r0 == r2) + (r0 == r3) + (r0 == r4)
             + (r1 == r2) + (r1 == r3) + (r1 == r4)
             + (r2 == r3) + (r2 == r4) + (r3 == r4))
    if pairs:
        # A hand with a pair is neither a straight nor a flush (one pack).
        return _BY_PAIRS[pairs]
    s = c0 & 3
    flush = s == c1 & 3 and s == c2 & 3 and s == c3 & 3 and s == c4 & 3
    mask = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4)
    return ranked(mask, flush)


def ranked(mask, flush):
    """The category of five different ranks (a 13-bit mask, ace = bit 0), suited or not."""
    if mask == (mask & -mask) * 31 or mask == _ACE_HIGH:
        if not flush:
            return STRAIGHT
        return ROYAL_FLUSH if mask == _ACE_HIGH else STRAIGHT_FLUSH
    return FLUSH if flush else NO_PAIR


def partial(cards, n):
    """The category so far of the first n (< 5) cards: only pairs and more can show yet."""
    pairs = 0
    for i in range(n):
        r = cards[i] >> 2
        for j in range(i + 1, n):
            pairs += r == cards[j] >> 2
    return _BY_PAIRS[pairs]


def points(cards, table=AMERICAN):
    """Points of a five-card line by a scoring table (AMERICAN or ENGLISH)."""
    return table[category(cards)]
