# The look-ahead as it was before issue 26's fix of its depth (firmware/players/lookahead.py at
# 81f5767): several Python calls a card laid, which overran a Pico's C stack from the game's
# own call path. Kept here only as the reference the new search must agree with exactly
# (tests/core/test_lookahead.py): the same values and the same positions visited.
#
# The expert's look-ahead in the play of the two-hand game: with a guess at
# the opponent's cards, every line of its own to the last card of the play
# (a search with alpha-beta) against an opponent who, not seeing its cards,
# lays what scores most now (_greedy).
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
            out[i] = pts + _after_play(_ME, m0 & ~(1 << i), m1, 0, hi + 1, count + p, op,
                                       pts, 0, -_BIG, _BIG)
    return _nodes


def _can(h, n, mask, count):
    room = 31 - count
    for i in range(n):  # noqa: SIM110 (MicroPython: no generator)
        if mask >> i & 1 and PIPS[h[i] >> 2] <= room:
            return True
    return False


def _value(turn, m0, m1, lo, hi, count, op, g0, g1, alpha, beta):
    """Best for the side to move, which holds cards: the computer (turn 0) takes the
    line that maximises the difference; the opponent lays as _greedy() says.
    op: the other side has said go. g0, g1: points each side has pegged since
    the search began."""
    global _nodes
    if turn != _ME:
        return _greedy(m0, m1, lo, hi, count, op, g0, g1, alpha, beta)
    _nodes += 1
    best = -_BIG
    room = 31 - count
    tried = 0
    for i in range(_N[_ME]):
        bit = 1 << i
        if not m0 & bit:
            continue
        c = _H0[i]
        r = c >> 2
        p = PIPS[r]
        if p > room or tried >> r & 1:
            continue
        tried |= 1 << r
        _BUF[hi] = c
        pts = peg_count(_BUF, lo, hi + 1, count + p)
        if g0 + pts >= _END[0]:
            v = WIN
        else:
            v = pts + _after_play(0, m0 & ~bit, m1, lo, hi + 1, count + p, op,
                                  g0 + pts, g1, alpha - pts, beta - pts)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
        if alpha >= beta:
            return best
    if not tried:
        return _after_go(turn, m0, m1, lo, hi, count, g0, g1, alpha, beta)
    return best


def _greedy(m0, m1, lo, hi, count, op, g0, g1, alpha, beta):
    """The opponent, who cannot see the computer's cards, lays what scores most now
    (of equal ones the highest, keeping his low cards)."""
    global _nodes
    _nodes += 1
    room = 31 - count
    pick = -1
    top = -_BIG
    got = 0
    for i in range(_N[1]):
        if m1 >> i & 1:
            c = _H1[i]
            p = PIPS[c >> 2]
            if p <= room:
                _BUF[hi] = c
                pts = peg_count(_BUF, lo, hi + 1, count + p)
                key = pts * 64 + p
                if count + p == 5 or count + p == 21:
                    key -= _PENALTY
                if key > top:
                    top = key
                    got = pts
                    pick = i
    if pick < 0:
        return _after_go(1, m0, m1, lo, hi, count, g0, g1, alpha, beta)
    c = _H1[pick]
    _BUF[hi] = c
    pts = got
    if g1 + pts >= _END[1]:
        return -WIN
    return _after_play(1, m0, m1 & ~(1 << pick), lo, hi + 1, count + PIPS[c >> 2], op,
                       g0, g1 + pts, alpha + pts, beta + pts) - pts


def _after_play(p, m0, m1, lo, hi, count, op, g0, g1, alpha, beta):
    """Side p has just laid a card making count."""
    o = 1 - p
    mp = m0 if p == _ME else m1
    mo = m1 if p == _ME else m0
    if count == 31:
        return _restart(o, m0, m1, hi, g0, g1, alpha, beta)
    if mo and not op:
        return _value(o, m0, m1, lo, hi, count, 0, g0, g1, alpha, beta)
    if mp and _can(_H0 if p == _ME else _H1, _N[p], mp, count):
        return _value(p, m0, m1, lo, hi, count, 1, g0, g1, alpha, beta)
    return _go_point(p, o, m0, m1, hi, g0, g1, alpha, beta)


def _after_go(p, m0, m1, lo, hi, count, g0, g1, alpha, beta):
    """Side p cannot lay: go. The other side laid last: it plays on, or scores the go."""
    o = 1 - p
    mo = m1 if p == _ME else m0
    if mo and _can(_H1 if p == _ME else _H0, _N[o], mo, count):
        return _value(o, m0, m1, lo, hi, count, 1, g0, g1, alpha, beta)
    return _go_point(o, p, m0, m1, hi, g0, g1, alpha, beta)


def _go_point(w, nxt, m0, m1, hi, g0, g1, alpha, beta):
    """One to w for the go (or the last card); nxt leads the next count."""
    if w == _ME:
        if g0 + 1 >= _END[0]:
            return WIN
        return 1 + _restart(nxt, m0, m1, hi, g0 + 1, g1, alpha - 1, beta - 1)
    if g1 + 1 >= _END[1]:
        return -WIN
    return _restart(nxt, m0, m1, hi, g0, g1 + 1, alpha + 1, beta + 1) - 1


def _restart(first, m0, m1, hi, g0, g1, alpha, beta):
    """A new count, led by `first` if it holds cards, else by the other side."""
    if (m0 if first == _ME else m1):
        return _value(first, m0, m1, hi, hi, 0, 0, g0, g1, alpha, beta)
    if (m1 if first == _ME else m0):
        return _value(1 - first, m0, m1, hi, hi, 0, 0, g0, g1, alpha, beta)
    return _show(g0, g1)


def _show(g0, g1):
    """After the last card: the pone counts first, then the dealer (hand and crib)."""
    mine = g0 + _END[2] >= _END[0]
    theirs = g1 + _END[3] >= _END[1]
    if _END[4]:
        return WIN if mine else -WIN if theirs else 0
    return -WIN if theirs else WIN if mine else 0
