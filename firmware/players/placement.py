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
# - Cribbage Squares: a line of one to three cards is valued by its ranks,
#   whether it is still all one suit and the quarter of the game (cards down
#   // 4; the grid after the placement being weighed), from the same tool
#   (fitted card by card to what the player will choose next). A full line is
#   valued exactly: its score averaged over every unseen starter, one score()
#   per rank.
#
# Poker Patience without Foster's rule also looks one card ahead: the few
# squares that gain most now are weighed again by where each unseen card
# could go next (the best square for it, on the grid with this card placed),
# averaged over every unseen card. A line's gain from a card depends on the
# line, not on which of its squares the card takes, so each card to come is
# valued once per line.
#
# Values are integers in hundredths of a point; nothing here uses floats
# until a hint is shown, and the choice loops allocate nothing.
from micropython import const

from tables import gridtable
from rules.grids import EMPTY
from rules.rng import Rng
from rules.score import score

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
# The one-card look-ahead: the squares weighed again, their gains now and the
# sum over unseen next cards of the best gain after them; the empty squares;
# per line its value now and the gain from the next card drawn.
LOOK_SQUARES = const(3)
_CAND = bytearray(LOOK_SQUARES)  # the squares
_CSLOT = bytearray(LOOK_SQUARES)  # their places among the empty squares
_CGAIN = [0] * LOOK_SQUARES
_CNEXT = [0] * LOOK_SQUARES
_EROW = bytearray(25)  # each empty square's row and column
_ECOL = bytearray(25)
_NOW = [0] * 10  # per line: its value now,
_WITH = [0] * 10  # with the card in hand,
_TOUCHED = bytearray(10)  # whether a candidate square is in it,
_WSUIT = bytearray(10)  # its one suit with the card in hand (5: none),
_DRAW = [0] * 10  # the gain from the card drawn next,
_AFTER = [0] * 10  # and that gain once the card in hand is in it;
_DM = [0] * 10  # those gains for a card of one rank matching the line's suit or not
_DX = [0] * 10
_AM = [0] * 10
_AX = [0] * 10
_TOUCHED_ANY = bytearray(1)
_SEEN = bytearray(52)

# Binomials for indexing rank multisets: C(x, 2) and C(x, 3) for x < 17.
_C2 = bytes(x * (x - 1) // 2 for x in range(17))
_C3 = tuple(x * (x - 1) * (x - 2) // 6 for x in range(17))

# Where each line length starts in the Cribbage Squares table (entries, two bytes each).
_SQ_ONE = const(1)
_SQ_TWO = const(14)  # 1 + 13
_SQ_THREE = const(196)  # 14 + 91 * 2
_SQ_KEYS = const(1106)  # 196 + 455 * 2: the entries of one quarter's table


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
    from rules.grids import new

    game = new(variant, seed, table, foster)
    pick = chooser(policy, seed)
    while not game.over:
        game.place(pick(game))
    return game


def best_square(game, policy="advisor", values=None, ahead=True):
    """The square the policy would choose for game.next (lowest square on a tie); ahead=False
    leaves out the advisor's look one card ahead (as its values were learned)."""
    advisor = policy == "advisor"
    scan(game, advisor, values)
    if advisor and ahead and _looks_ahead(game):
        k = _look(game)
        return _CAND[_best_candidate(k, _unseen_count(game))]
    best = -1
    best_gain = 0
    for s in range(len(game.cells)):
        if game.legal(s):
            g = gain(game, s, advisor)
            if best < 0 or g > best_gain:
                best = s
                best_gain = g
    return best


def rank_squares(game, values=None):
    """[(expected final score, square)] for every legal square, best first (the advisor)."""
    scan(game, True, values)
    base = _standing(game)
    out = []
    if _looks_ahead(game):
        k = _look(game)
        left = _unseen_count(game)
        worst = _CNEXT[0]
        for i in range(k):
            worst = min(worst, _CNEXT[i])
        for s in range(len(game.cells)):
            if game.legal(s):
                ahead = worst
                for i in range(k):
                    if _CAND[i] == s:
                        ahead = _CNEXT[i]
                # Squares not weighed again get the least look-ahead of those that were: they
                # gain less now, so they stay below every square weighed again.
                out.append(((base + gain(game, s, True)) * left + ahead, s))
    else:
        left = 1
        for s in range(len(game.cells)):
            if game.legal(s):
                out.append((base + gain(game, s, True), s))
    out.sort(key=lambda e: (-e[0], e[1]))
    return [(v / (100 * left), s) for v, s in out]


def expected(game, values=None):
    """The advisor's expected final score as the grid stands (the last placement scored exactly)."""
    if game.over:
        return game.score
    scan(game, True, values, 0)
    return _standing(game) / 100


# The state of every line, gathered once per placement.

_values = b""  # the value table of the game being weighed
_base = 0  # the first entry of its quarter (Cribbage Squares)
_table = b""  # and its poker points table
_cells = b""  # and its board
_side = 5


def scan(game, advisor=True, values=None, placing=1):
    """Fill the per-line scratch arrays for the game's board and its next card; Cribbage
    Squares' lines are valued as with placing (1, or 0 for the grid as it stands) more cards down."""
    global _values, _table, _cells, _side, _base
    card = game.next
    if card is None:
        raise ValueError("the game is over: nothing to place")
    _table = game.points
    _cells = game.cells
    _side = game.side
    if game.kind == 0:
        _values = values if values is not None else gridtable.poker(game.table, game.foster)
        _base = 0
    else:
        _values = values if values is not None else gridtable.SQUARES
        # (The last card's lines are full after it: the last quarter's entries cancel out.)
        _base = _SQ_KEYS * (min(game.turn + placing, 15) >> 2)
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


# The one-card look-ahead (Poker Patience without Foster's rule).

def _looks_ahead(game):
    """Whether the advisor weighs this card's squares by the next card too: not for the
    first card (every square alike) nor the last (nothing comes after)."""
    return game.kind == 0 and not game.foster and 0 < game.turn < game.cards - 1


def _unseen_count(game):
    return 52 - game.turn - 1


def _look(game):
    """Weigh the LOOK_SQUARES squares that gain most now by the next card (after scan()):
    fill _CAND, _CGAIN and _CNEXT (the best gain after each unseen card, summed); the count."""
    cells = game.cells
    side = game.side
    card = game.next
    k = 0
    e = 0
    for s in range(len(cells)):
        if cells[s] != EMPTY:
            continue
        _EROW[e] = s // side
        _ECOL[e] = side + s % side
        e += 1
        g = gain(game, s, True)
        # Keep the best LOOK_SQUARES by gain, the lower square first on a tie.
        i = k
        while i > 0 and _CGAIN[i - 1] < g:
            i -= 1
        if i < LOOK_SQUARES:
            j = k if k < LOOK_SQUARES else LOOK_SQUARES - 1
            while j > i:
                _CAND[j] = _CAND[j - 1]
                _CSLOT[j] = _CSLOT[j - 1]
                _CGAIN[j] = _CGAIN[j - 1]
                j -= 1
            _CAND[i] = s
            _CSLOT[i] = e - 1
            _CGAIN[i] = g
            if k < LOOK_SQUARES:
                k += 1
    lines = 2 * side
    # Per line: its value now, with the card in hand (and its one suit then, or 5), and
    # whether a candidate is in it with a square left over (only then is its value
    # with both cards wanted).
    suits = 0  # the suits that keep some line one suit: cards of other suits are alike
    _TOUCHED_ANY[0] = 0
    for line in range(lines):
        col = line >= side
        _NOW[line] = _poker_value(line, col)
        _TOUCHED[line] = 0
        n = _N[line]
        if n < 5:
            _WITH[line] = _poker_plus(line, col, card, -1)
            u = _SUIT[line]
            if u < 4:
                suits |= 1 << u
            _WSUIT[line] = card & 3 if u == 4 or u == card & 3 else 5
    for i in range(k):
        _CNEXT[i] = 0
        s = _CAND[i]
        _touch(s // side)
        _touch(side + s % side)
    if _TOUCHED_ANY[0]:
        suits |= 1 << (card & 3)
    for c in range(52):
        _SEEN[c] = 0
    for c in cells:
        if c != EMPTY:
            _SEEN[c] = 1
    _SEEN[card] = 1
    for r in range(13):
        c = r * 4
        if _SEEN[c] and _SEEN[c + 1] and _SEEN[c + 2] and _SEEN[c + 3]:
            continue
        # A card of rank r that matches the line's one suit (_DM, _AM) or not (_DX, _AX).
        for line in range(lines):
            if _N[line] < 5:
                col = line >= side
                u = _SUIT[line]
                now = _NOW[line]
                _DX[line] = _poker_plus(line, col, c + ((u + 1) & 3), -1) - now
                _DM[line] = _poker_plus(line, col, c + u, -1) - now if u < 4 else _DX[line]
                if _TOUCHED[line]:
                    u = _WSUIT[line]
                    now = _WITH[line]
                    _AX[line] = _poker_plus(line, col, card, c + ((u + 1) & 3)) - now
                    _AM[line] = _poker_plus(line, col, card, c + u) - now if u < 4 else _AX[line]
        alike = 0
        for t in range(4):
            if _SEEN[c + t]:
                continue
            if not (suits >> t) & 1:
                alike += 1
                continue
            for line in range(lines):
                _DRAW[line] = _DM[line] if _SUIT[line] == t else _DX[line]
                _AFTER[line] = _AM[line] if _WSUIT[line] == t else _AX[line]
            _best_next(k, e, 1)
        if alike:
            for line in range(lines):
                _DRAW[line] = _DX[line]
                _AFTER[line] = _AX[line]
            _best_next(k, e, alike)
    return k


def _touch(line):
    """Mark a candidate's line as wanting its values with both cards (if one square is left after)."""
    if _N[line] < 4:
        _TOUCHED[line] = 1
        _TOUCHED_ANY[0] = 1


def _best_next(k, e, weight):
    """Add to each candidate the best gain the drawn card (_DRAW, _AFTER) finds, weight times."""
    draw = _DRAW
    erow = _EROW
    ecol = _ECOL
    for i in range(k):
        slot = _CSLOT[i]
        row = erow[slot]
        col = ecol[slot]
        keep_row = draw[row]
        keep_col = draw[col]
        # On the grid with the card in hand on the candidate: its row and column changed.
        draw[row] = _AFTER[row]
        draw[col] = _AFTER[col]
        best = -0x3FFFFFFF
        for j in range(e):
            if j != slot:
                v = draw[erow[j]] + draw[ecol[j]]
                if v > best:
                    best = v
        draw[row] = keep_row
        draw[col] = keep_col
        _CNEXT[i] += weight * best


def _best_candidate(k, left):
    """The candidate expecting most (its gain now plus the next card's mean best gain,
    times the unseen cards left); the lower square on a tie."""
    best = 0
    most = _CGAIN[0] * left + _CNEXT[0]
    for i in range(1, k):
        v = _CGAIN[i] * left + _CNEXT[i]
        if v > most or v == most and _CAND[i] < _CAND[best]:
            best = i
            most = v
    return best


def _poker_plus(line, col, c1, c2):
    """The value of a poker line (as scanned) with card c1 added, and c2 too if c2 >= 0."""
    n = _N[line] + 1
    mask = _MASK[line]
    r = c1 >> 2
    pairs = _PAIRS[line] + ((mask >> r) & 1 and _count(_cells, _side, line, r, _side))
    suit = _SUIT[line]
    if suit == 4:
        suit = c1 & 3
    elif suit != c1 & 3:
        suit = 5
    if c2 >= 0:
        r2 = c2 >> 2
        n += 1
        pairs += (r2 == r) + ((mask >> r2) & 1 and _count(_cells, _side, line, r2, _side))
        mask |= 1 << r2
        if suit != c2 & 3:
            suit = 5
    return _poker_class_value(n, pairs, mask | (1 << r), suit < 5, col)


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
    key += _base
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

