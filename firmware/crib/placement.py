# Where to put the next card in the grid solitaires: the placement advisor and
# the auto-play policies (random square, greedy, advisor).
#
# The advisor values every line (row or column) by what it is expected to
# score at the end, given what it holds so far, and puts the card where the
# row and column it joins gain most. The values come from gridtable.py:
#
# - Poker Patience: a line so far is summed up by its number of cards, its
#   pairs (none, a pair, two pairs, three, four ...), whether a flush and a
#   straight are still possible, and whether it is a row or a column (so the
#   policy can keep columns for flushes and rows for pairs). The expected final
#   points of each such class, under the advisor itself, were learned offline
#   by tools/make_grid_tables.py. A full line scores its actual points.
# - Cribbage Squares: a line of one to three cards is valued by its ranks and
#   whether it is still all one suit, from the same tool (the expectation when
#   the rest of the line and the starter come at random from a full pack). A
#   full line is valued exactly: its score averaged over every unseen starter,
#   one score() per rank.
#
# Values are integers in hundredths of a point; nothing here uses floats
# until a hint is shown, and the choice loops allocate nothing.
from micropython import const

from crib import gridtable
from crib.grids import EMPTY
from crib.rng import Rng
from crib.score import score

POLICIES = ("random", "greedy", "advisor")

_JACK = const(10)
_ACE_HIGH = const(0x1E01)
# Equal-rank pairs in a poker line -> its category so far (as poker.py).
_BY_PAIRS = b"\x00\x01\x02\x03\x06\x00\x07"
# Mixed into the seed so the random policy's squares are not the deal's own stream.
_RANDOM_SALT = 0x6A1D5EED

# Scratch space for the choice loops, made once: per line of a board of at
# most 9x9 (9 rows, 9 columns).
_N = bytearray(18)  # cards in the line
_PAIRS = bytearray(18)  # equal-rank pairs in it
_SUIT = bytearray(18)  # its one suit so far; 4 = empty; 5 = mixed suits
_MASK = [0] * 18  # its ranks as a 13-bit mask
_SAME = bytearray(18)  # cards in it of the rank being placed
_HAND = bytearray(4)  # a full cribbage line
_UNSEEN = bytearray(13)  # unseen cards per rank
_UNSEEN_SUIT = bytearray(4)

# Binomials for indexing rank multisets: C(x, 2) and C(x, 3) for x < 17.
_C2 = bytes(x * (x - 1) // 2 for x in range(17))
_C3 = tuple(x * (x - 1) * (x - 2) // 6 for x in range(17))

# Where each line length starts in the Cribbage Squares table (entries, two bytes each).
_SQ_ONE = const(1)
_SQ_TWO = const(14)  # 1 + 13
_SQ_THREE = const(196)  # 14 + 91 * 2


def chooser(policy, seed=0):
    """A function game -> square making the policy's placements."""
    if policy == "random":
        rng = Rng((seed ^ _RANDOM_SALT) & 0xFFFFFFFF)

        def pick(game):
            legal = game.squares()
            return legal[rng.below(len(legal))]

        return pick
    if policy not in POLICIES:
        raise ValueError("unknown policy %r (one of: %s)" % (policy, ", ".join(POLICIES)))

    def best(game):
        return best_square(game, policy)

    return best


def play(variant, seed, policy="advisor", table="american", foster=False):
    """A finished grid game dealt from the seed, every card placed by the policy."""
    from crib.grids import new

    game = new(variant, seed, table, foster)
    pick = chooser(policy, seed)
    while not game.over:
        game.place(pick(game))
    return game


def best_square(game, policy="advisor", values=None):
    """The square the policy would choose for game.next (lowest square on a tie)."""
    best = -1
    best_gain = 0
    scan(game, policy == "advisor", values)
    for s in range(len(game.cells)):
        if game.legal(s):
            g = gain(game, s, policy == "advisor")
            if best < 0 or g > best_gain:
                best = s
                best_gain = g
    return best


def rank_squares(game, values=None):
    """[(expected final score, square)] for every legal square, best first (the advisor)."""
    scan(game, True, values)
    base = _standing(game)
    out = []
    for s in range(len(game.cells)):
        if game.legal(s):
            out.append((base + gain(game, s, True), s))
    out.sort(key=lambda e: (-e[0], e[1]))
    return [(v / 100, s) for v, s in out]


def expected(game, values=None):
    """The advisor's expected final score as the grid stands (the last placement scored exactly)."""
    if game.over:
        return game.score
    scan(game, True, values)
    return _standing(game) / 100


# The state of every line, gathered once per placement.

_values = b""  # the value table of the game being weighed
_table = b""  # and its poker points table


def scan(game, advisor=True, values=None):
    """Fill the per-line scratch arrays for the game's board and its next card."""
    global _values, _table
    card = game.next
    if card is None:
        raise ValueError("the game is over: nothing to place")
    _table = game.points
    if game.kind == 0:
        _values = values if values is not None else gridtable.poker(game.table, game.foster)
    else:
        _values = values if values is not None else gridtable.SQUARES
        if advisor:
            _count_unseen(game)
    rank = card >> 2
    side = game.side
    cells = game.cells
    for line in range(2 * side):
        n = pairs = mask = same = 0
        suit = 4
        for k in range(side):
            c = cells[line * side + k] if line < side else cells[k * side + line - side]
            if c == EMPTY:
                continue
            r = c >> 2
            pairs += (mask >> r) & 1 and _count(cells, side, line, r, k)
            mask |= 1 << r
            same += r == rank
            n += 1
            if suit == 4:
                suit = c & 3
            elif suit != c & 3:
                suit = 5
        _N[line] = n
        _PAIRS[line] = pairs
        _SUIT[line] = suit
        _MASK[line] = mask
        _SAME[line] = same


def _count(cells, side, line, r, upto):
    """Cards of rank r in the line before position upto (each new match makes that many pairs)."""
    m = 0
    for k in range(upto):
        c = cells[line * side + k] if line < side else cells[k * side + line - side]
        if c != EMPTY and c >> 2 == r:
            m += 1
    return m


def _count_unseen(game):
    """Unseen cards per rank and suit: all but those placed and the one in hand."""
    for r in range(13):
        _UNSEEN[r] = 4
    for s in range(4):
        _UNSEEN_SUIT[s] = 13
    for c in game.cells:
        if c != EMPTY:
            _UNSEEN[c >> 2] -= 1
            _UNSEEN_SUIT[c & 3] -= 1
    c = game.next
    _UNSEEN[c >> 2] -= 1
    _UNSEEN_SUIT[c & 3] -= 1


def gain(game, square, advisor=True):
    """What the row and column through square gain with game.next there (after scan())."""
    side = game.side
    row = square // side
    col = side + square % side
    card = game.next
    if game.kind == 0:
        if advisor:
            return (_poker_after(row, card, 0) - _poker_value(row, 0)
                    + _poker_after(col, card, 1) - _poker_value(col, 1))
        return _poker_now_after(row, card) - _poker_now(row) + _poker_now_after(col, card) - _poker_now(col)
    if advisor:
        return (_squares_after(game, row, square, card) - _squares_value(game, row, -1)
                + _squares_after(game, col, square, card) - _squares_value(game, col, -1))
    return (_crib_now(game, row, square, card) - _crib_now(game, row, -1, 0)
            + _crib_now(game, col, square, card) - _crib_now(game, col, -1, 0))


def _standing(game):
    """The sum of every line's value (plus heels expected), before the next card is placed."""
    total = 0
    if game.kind == 0:
        x0, y0 = game.frame()
        for k in range(5):
            total += _poker_value(y0 + k, 0) + _poker_value(game.side + x0 + k, 1)
        return total
    for line in range(8):
        total += _squares_value(game, line, -1)
    unseen = 0
    for r in range(13):
        unseen += _UNSEEN[r]
    # Heels: two points for each unseen jack that may be the starter.
    return total + 200 * _UNSEEN[_JACK] // unseen


# Poker Patience.

def poker_key(n, pairs, mask, suited, col):
    """The class of a poker line in the value table (n < 5 cards)."""
    straight = 0
    if not pairs:
        if n <= 1:
            straight = 1
        else:
            low = mask & -mask
            if mask < low * 32:
                straight = 1
            else:
                # The ace as the top card: ranks two..king move down a bit, the ace to bit 12.
                high = (mask >> 1) | ((mask & 1) << 12)
                low = high & -high
                straight = high < low * 32
    return (((n * 7 + pairs) * 2 + suited) * 2 + straight) * 2 + col


def _table_value(key):
    v = _values
    return v[2 * key] | (v[2 * key + 1] << 8)  # type: ignore


def _poker_value(line, col):
    n = _N[line]
    return _poker_class_value(n, _PAIRS[line], _MASK[line], _SUIT[line] < 5, col)


def _poker_after(line, card, col):
    n = _N[line]
    suit = _SUIT[line]
    suited = suit == 4 or suit == card & 3
    return _poker_class_value(n + 1, _PAIRS[line] + _SAME[line], _MASK[line] | (1 << (card >> 2)), suited, col)


def _poker_class_value(n, pairs, mask, suited, col):
    if n == 5:
        return 100 * _points_now(5, pairs, mask, suited)
    return _table_value(poker_key(n, pairs, mask, suited, col))


def _points_now(n, pairs, mask, suited):
    """Points the line holds as it stands: its category by the game's table."""
    if pairs or n < 5:
        return _table[_BY_PAIRS[pairs]]
    if mask == (mask & -mask) * 31 or mask == _ACE_HIGH:
        if not suited:
            return _table[4]
        return _table[9] if mask == _ACE_HIGH else _table[8]
    return _table[5] if suited else 0




def _poker_now(line):
    return _points_now(_N[line], _PAIRS[line], _MASK[line], _SUIT[line] < 5)


def _poker_now_after(line, card):
    suit = _SUIT[line]
    return _points_now(_N[line] + 1, _PAIRS[line] + _SAME[line], _MASK[line] | (1 << (card >> 2)),
                       suit == 4 or suit == card & 3)


# Cribbage Squares.

def squares_key(r0, r1, r2, n, suited):
    """The entry of a line of n (1..3) cards of ranks r0 <= r1 <= r2 in the Squares table."""
    if n == 0:
        return 0
    if n == 1:
        return _SQ_ONE + r0
    if n == 2:
        return _SQ_TWO + (r0 + _C2[r1 + 1]) * 2 + suited
    return _SQ_THREE + (r0 + _C2[r1 + 1] + _C3[r2 + 2]) * 2 + suited


def _squares_value(game, line, square, card=0):
    """The value of a line as it stands (square < 0), or with card on square."""
    cells = game.cells
    n = 0
    r0 = r1 = r2 = 0
    suit = 4
    for k in range(4):
        s = line * 4 + k if line < 4 else k * 4 + line - 4
        c = card if s == square else cells[s]
        if c == EMPTY:
            continue
        if n < 4:
            _HAND[n] = c
        n += 1
        if suit == 4:
            suit = c & 3
        elif suit != c & 3:
            suit = 5
    if n == 4:
        return _full_line(_HAND)
    if n >= 1:
        r0 = _HAND[0] >> 2
    if n >= 2:
        r1 = _HAND[1] >> 2
        if r1 < r0:
            r0, r1 = r1, r0
    if n == 3:
        r2 = _HAND[2] >> 2
        if r2 < r1:
            r1, r2 = r2, r1
            if r1 < r0:
                r0, r1 = r1, r0
    return _table_value(squares_key(r0, r1, r2, n, suit < 5))


def _squares_after(game, line, square, card):
    return _squares_value(game, line, square, card)


def _full_line(hand):
    """A full line's score averaged over every unseen starter, in hundredths."""
    s0 = hand[0] & 3
    flush = hand[1] & 3 == s0 and hand[2] & 3 == s0 and hand[3] & 3 == s0
    total = 0
    unseen = 0
    # A starter's suit matters only for flush and nobs: score each rank with a
    # stand-in suit, take those two out, and add them back suit by suit.
    for r in range(13):
        k = _UNSEEN[r]
        if k:
            total += k * (score(hand, r * 4, False) - _suit_bonus(hand, 0, flush, s0))
            unseen += k
    for t in range(4):
        total += _UNSEEN_SUIT[t] * _suit_bonus(hand, t, flush, s0)
    return 100 * total // unseen


def _suit_bonus(hand, t, flush, s0):
    """Flush and nobs of a line with a starter of suit t."""
    b = 0
    if flush:
        b = 5 if t == s0 else 4
    for i in range(4):
        c = hand[i]
        if c >> 2 == _JACK and c & 3 == t:
            b += 1
    return b


def _crib_now(game, line, square, card):
    """The greedy's points of a line as it stands (square < 0) or with card on square: a
    full line without a starter; fewer cards by their fifteens, pairs and run of three."""
    cells = game.cells
    n = 0
    for k in range(4):
        s = line * 4 + k if line < 4 else k * 4 + line - 4
        c = card if s == square else cells[s]
        if c != EMPTY:
            _HAND[n] = c
            n += 1
    if n == 4:
        return 100 * score(_HAND, None, False)
    return 100 * partial_crib(_HAND, n)


def partial_crib(cards, n):
    """Fifteens, pairs and a run of three among the first n (< 4) cards."""
    if n < 2:
        return 0
    v0 = cards[0] >> 2
    v1 = cards[1] >> 2
    p0 = v0 + 1 if v0 < 10 else 10
    p1 = v1 + 1 if v1 < 10 else 10
    points = 2 * (p0 + p1 == 15) + 2 * (v0 == v1)
    if n == 3:
        v2 = cards[2] >> 2
        p2 = v2 + 1 if v2 < 10 else 10
        points += 2 * ((p0 + p2 == 15) + (p1 + p2 == 15) + (p0 + p1 + p2 == 15))
        points += 2 * ((v0 == v2) + (v1 == v2))
        lo = min(v0, v1, v2)
        if max(v0, v1, v2) - lo == 2 and v0 != v1 and v0 != v2 and v1 != v2:
            points += 3
    return points

