# The expert's look-ahead in the play of the two-hand game: with a guess at
# the opponent's cards, every line of its own to the last card of the play
# against an opponent who, not seeing its cards, lays what scores most now.
# (His reply is no choice against the computer, so there is nothing for an
# alpha-beta cut-off to cut: its window never closed, so it went.)
#
#   setup(mine, theirs, seq, count, they_passed)
#   endgame(need_mine, need_theirs, show_mine, show_theirs, pone)   # optional
#   values(out)   # out[i]: points won less points given to the end of the
#                 # play if mine[i] is laid now (None for cards that cannot);
#                 # returns the positions visited
#
# Near the end of the game points are not all alike: endgame() gives the
# points each side needs, what each will show after the play and whether the
# computer is the pone (who counts first). A line of play in which a side
# pegs out, or the show then takes it home first, is worth WIN to it.
#
# Cards of one rank lay alike in the play (suits never score there), so only
# one card of each rank is tried. Everything works on module-level bytearrays
# and small ints: no allocation while searching.
#
# The search is one Python call a card laid (_after): MicroPython keeps each call
# on the C stack, which on a Pico is about 8 KB in all, and the game's own path to
# the computer's card (main, the app, the table, the coach's review) is deep already.
# Eight cards deep, the search leaves most of it free (tests/host/test_pico.py
# measures it on the emulated Pico).
from micropython import const

from rules.cards import PIPS
from rules.pegging import peg_count

_ME = const(0)
_BIG = const(9999)
WIN = const(200)
# The opponent's key for a card that leaves 5 or 21 (for nothing): 64 a point.
_PENALTY = const(32)

_BUF = bytearray(24)  # cards laid: the current count from _lo on
_H0 = bytearray(4)  # the computer's cards
_H1 = bytearray(4)  # the opponent's (a guess)
_N = bytearray(2)
_START = bytearray(3)  # hi (cards in _BUF), count, they_passed
# need (mine, theirs), show (mine, theirs), computer is pone: see endgame()
_END = [_BIG, _BIG, 0, 0, 0]
_nodes = 0  # positions visited by the search under way (values() returns it)


def setup(mine, theirs, seq, count, they_passed):
    """The position: the computer (to lay) holds mine, the opponent theirs."""
    for i in range(len(mine)):
        _H0[i] = mine[i]
    for i in range(len(theirs)):
        _H1[i] = theirs[i]
    _N[0] = len(mine)
    _N[1] = len(theirs)
    for i in range(len(seq)):
        _BUF[i] = seq[i]
    _START[0] = len(seq)
    _START[1] = count
    _START[2] = 1 if they_passed else 0
    _END[0] = _END[1] = _BIG
    _END[2] = _END[3] = _END[4] = 0


def endgame(need_mine, need_theirs, show_mine, show_theirs, pone):
    """Points each side needs to win, the points each will show (the dealer's with
    his crib), and whether the computer counts first; after setup()."""
    _END[0] = need_mine
    _END[1] = need_theirs
    _END[2] = show_mine
    _END[3] = show_theirs
    _END[4] = 1 if pone else 0


def values(out):
    """Fill out[i] with the value of laying the computer's i-th card now; returns the
    positions visited."""
    global _nodes
    _nodes = 0
    hi = _START[0]
    count = _START[1]
    op = _START[2]
    m0 = (1 << _N[0]) - 1
    m1 = (1 << _N[1]) - 1
    tried = 0
    for i in range(_N[0]):
        c = _H0[i]
        r = c >> 2
        p = PIPS[r]
        if p + count > 31:
            out[i] = None
            continue
        if tried >> r & 1:
            # The same rank as a card already valued: the same value.
            for j in range(i):
                if _H0[j] >> 2 == r:
                    out[i] = out[j]
                    break
            continue
        tried |= 1 << r
        _BUF[hi] = c
        pts = peg_count(_BUF, 0, hi + 1, count + p)
        if pts >= _END[0]:
            out[i] = WIN
        else:
            out[i] = pts + _after(_ME, m0 & ~(1 << i), m1, 0, hi + 1, count + p, op, pts, 0)
    return _nodes


def _can(h, n, mask, count):
    room = 31 - count
    for i in range(n):
        if mask >> i & 1 and PIPS[h[i] >> 2] <= room:
            return True
    return False


def _after(p, m0, m1, lo, hi, count, op, g0, g1):
    """Side p has just laid a card making count: the value to the computer (points won
    less points given) of the rest of the play. One call a card laid: who lays next, the
    go and a new count are found here, then the side to lay lays (the computer each of
    its cards, taking the best line; the opponent, who cannot see them, what scores most
    now: of equal ones the highest, keeping his low cards, a count of 5 or 21 for nothing
    counting against it) and this is called again for it. op: the other side has said go.
    g0, g1: points each side has pegged since the search began."""
    global _nodes
    # Who lays next (s), and whether a go comes first (one to w; s leads the next count).
    s = 1 - p
    w = -1
    if count == 31:
        w = 2  # no go: a new count
    elif not ((m1 if p == _ME else m0) and not op):
        if (m0 if p == _ME else m1) and _can(_H0 if p == _ME else _H1, _N[p], m0 if p == _ME else m1, count):
            s = p
            op = 1
        else:
            w = p
    add = 0  # the go's point on the way: + to the computer, - to the opponent
    while True:
        if w >= 0:
            if w == _ME:
                if g0 + 1 >= _END[0]:
                    return add + WIN
                add += 1
                g0 += 1
            elif w == 1:
                if g1 + 1 >= _END[1]:
                    return add - WIN
                add -= 1
                g1 += 1
            # A new count, led by s if it holds cards, else by the other side.
            w = -1
            lo = hi
            count = 0
            op = 0
            if not (m0 if s == _ME else m1):
                if not (m1 if s == _ME else m0):
                    return add + _show(g0, g1)
                s = 1 - s
        _nodes += 1
        room = 31 - count
        if s == _ME:
            best = -_BIG
            tried = 0
            for i in range(_N[_ME]):
                bit = 1 << i
                if not m0 & bit:
                    continue
                c = _H0[i]
                r = c >> 2
                q = PIPS[r]
                if q > room or tried >> r & 1:
                    continue
                tried |= 1 << r
                _BUF[hi] = c
                pts = peg_count(_BUF, lo, hi + 1, count + q)
                if g0 + pts >= _END[0]:
                    v = WIN
                else:
                    v = pts + _after(_ME, m0 & ~bit, m1, lo, hi + 1, count + q, op, g0 + pts, g1)
                if v > best:
                    best = v
            if tried:
                return add + best
        else:
            pick = -1
            top = -_BIG
            got = 0
            for i in range(_N[1]):
                if m1 >> i & 1:
                    c = _H1[i]
                    q = PIPS[c >> 2]
                    if q <= room:
                        _BUF[hi] = c
                        pts = peg_count(_BUF, lo, hi + 1, count + q)
                        key = pts * 64 + q
                        if count + q == 5 or count + q == 21:
                            key -= _PENALTY
                        if key > top:
                            top = key
                            got = pts
                            pick = i
            if pick >= 0:
                c = _H1[pick]
                _BUF[hi] = c
                if g1 + got >= _END[1]:
                    return add - WIN
                return add - got + _after(1, m0, m1 & ~(1 << pick), lo, hi + 1, count + PIPS[c >> 2], op,
                                          g0, g1 + got)
        # s cannot lay: go. The other side plays on if it can, else it scores the go
        # and s leads the next count.
        if (m1 if s == _ME else m0) and _can(_H1 if s == _ME else _H0, _N[1 - s], m1 if s == _ME else m0, count):
            s = 1 - s
            op = 1
        else:
            w = 1 - s


def _show(g0, g1):
    """After the last card: the pone counts first, then the dealer (hand and crib)."""
    mine = g0 + _END[2] >= _END[0]
    theirs = g1 + _END[3] >= _END[1]
    if _END[4]:
        return WIN if mine else -WIN if theirs else 0
    return -WIN if theirs else WIN if mine else 0
