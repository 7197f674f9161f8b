# The expert's look-ahead in the play at three and four hands (two hands: players.lookahead):
# with a guess at every other hand, every line of the computer's own to the end of the
# count under way (the go or 31, and the last card's point, the show after it when the
# play ends there), against players who, not seeing its cards, each lay what scores most
# now (the highest of equals; 5 or 21 left for nothing counting against a card), as the
# two-hand search takes its opponent to. At four hands the partner across is taken to
# play so too. To the end of the count, not of the play: with two or three other hands
# guessed, a whole play's lines cost so many positions that only a few guesses fit the
# budget, and those few, each taken for the truth, played worse than normal's judgement
# (docs/experiments.md); within the count many more guesses fit and it plays better.
#
#   setup(hands, seq, count, passed)  # hands[r]: seat r's cards, r = 0 the computer
#                                     # (to lay), then in the order of play; passed:
#                                     # the seats (bits) that said go in this count
#   endgame(needs, shows)   # optional: points each side needs, and the show after the
#                           # play as (seat, points) in counting order
#   values(out)             # as players.lookahead.values, in SCALE[seats]ths of a point
#   look(g, seat, cards)    # players.cpu's use: the above over guesses at the hidden hands
#
# Points are the computer's side's less the others': at three hands each other player's
# count half (one of two gains them), so a value is in halves there (SCALE). A line in
# which a side pegs out, or the show then takes it home first, is worth WIN (a point's
# WIN) to the computer's side, and -WIN to the others.
#
# Only the computer's own choices branch, so the search is one Python call a card the
# computer lays (_on): at most four deep, whatever the number of hands; the others'
# cards are laid in a loop within the call. Every seat's cards are bits of one int
# (seat r's i-th card: bit 4 * r + i). No allocation while searching.
from micropython import const

from rules.cards import PIPS
from rules.pegging import peg_count
from rules.rng import Rng
from rules.score import score

# As players.cpu's two-hand look-ahead: positions a card may visit, each guess costing
# _SETUP more and each draw past the first _REDRAW, at most _GUESSES guesses and _TRIES
# draws of one; a side this _NEAR home weighs winning, a crib taken to be _CRIB_GUESS.
# Fewer positions than at two hands (480): with two others' cards laid in a loop a position
# costs more, at 480 the slowest card was over its time on the emulated Pico, and 400 lost
# no play (docs/experiments.md).
_BUDGET = const(400)
_SETUP = const(6)
_REDRAW = const(1)
_GUESSES = const(48)
_TRIES = const(30)
_NEAR = const(60)
_CRIB_GUESS = const(4)
_BIG = const(255)
WIN = const(200)
_PENALTY = const(32)  # a reply's key, 64 a point, for a count left at 5 or 21
SCALE = b"\x01\x01\x01\x02\x01"  # per number of hands: units of a point in a value

_BUF = bytearray(40)  # cards laid: the current count from lo on
_H = bytearray(16)  # seat r's cards at 4 * r
_N = bytearray(4)
_W = [0, 0, 0, 0]  # what a point of seat r's is worth to the computer
_SIDE = bytearray(4)
_NEED = bytearray(4)  # per side: points to win (_BIG: not near)
_SHOW = bytearray(8)  # the show: (seat, points) in counting order
_START = bytearray(6)  # hi, count, passed, (unused), seats, shows
_nodes = 0


def setup(hands, seq, count, passed):
    """The position: hands per seat from the computer's (to lay) on in the order of play,
    the count's cards and count, the seats (bits) that said go."""
    n = len(hands)
    for r in range(n):
        h = hands[r]
        _N[r] = len(h)
        for i in range(len(h)):
            _H[4 * r + i] = h[i]
        _SIDE[r] = r & 1 if n == 4 else r
        _W[r] = (2 if n == 3 else 1) if _SIDE[r] == 0 else -1
        _NEED[r] = _BIG
    for i in range(len(seq)):
        _BUF[i] = seq[i]
    _START[0] = len(seq)
    _START[1] = count
    _START[2] = passed
    _START[4] = n
    _START[5] = 0


def endgame(needs, shows):
    """Points each side needs (per side, as setup's seats: the computer's side first),
    and the show as (seat, points) in the order counted; after setup()."""
    for r in range(len(needs)):
        _NEED[r] = min(needs[r], _BIG - 1)
    for i in range(len(shows)):
        _SHOW[2 * i] = shows[i][0]
        _SHOW[2 * i + 1] = min(shows[i][1], _BIG)
    _START[5] = len(shows)


def values(out):
    """Fill out[i] with the value of laying the computer's i-th card now (None if it
    cannot); returns the positions visited."""
    global _nodes
    _nodes = 0
    hi = _START[0]
    count = _START[1]
    n = _START[4]
    m = 0
    for r in range(n):
        m |= ((1 << _N[r]) - 1) << (4 * r)
    lo = 0
    tried = 0
    for i in range(_N[0]):
        c = _H[i]
        r = c >> 2
        p = PIPS[r]
        if p + count > 31:
            out[i] = None
            continue
        if tried >> r & 1:
            for j in range(i):
                if _H[j] >> 2 == r:
                    out[i] = out[j]
                    break
            continue
        tried |= 1 << r
        out[i] = _lay(0, i, m, lo, hi, count, _START[2], 0)
    return _nodes


def _lay(s, i, m, lo, hi, count, passed, gp):
    """Seat s lays its i-th card: the value of that and the rest of the count."""
    c = _H[4 * s + i]
    _BUF[hi] = c
    count += PIPS[c >> 2]
    pts = peg_count(_BUF, lo, hi + 1, count)
    if pts:
        side = _SIDE[s]
        if (gp >> (8 * side) & 255) + pts >= _NEED[side]:
            return _won(side)
        gp += pts << (8 * side)
    return pts * _W[s] + _on(m & ~(1 << (4 * s + i)), lo, hi + 1, count, passed, s, gp)


def _won(side):
    return -WIN * SCALE[_START[4]] if side else WIN * SCALE[_START[4]]


def _can(s, m, count):
    room = 31 - count
    for i in range(_N[s]):
        if m >> (4 * s + i) & 1 and PIPS[_H[4 * s + i] >> 2] <= room:
            return True
    return False


def _on(m, lo, hi, count, passed, last, gp):
    """After seat `last` has laid a card making count: the value to the computer of the
    rest of the play. The others lay here, in a loop; the computer's every card is
    tried, each with a call of this for the rest (one call a card it lays)."""
    global _nodes
    n = _START[4]
    add = 0
    start = last + 1
    if count == 31:
        start = -1  # a new count, no go
    while True:
        # Who lays next: the next seat from start that holds cards and has not said go;
        # the last to lay plays on only if he can; else the go (or last card) and a new count.
        t = -1
        if start >= 0:
            for k in range(n):
                s = (start + k) % n
                if m >> (4 * s) & 15 and not passed >> s & 1:
                    if s != last or _can(s, m, count):
                        t = s
                    break
            if t < 0:
                side = _SIDE[last]
                if (gp >> (8 * side) & 255) + 1 >= _NEED[side]:
                    return add + _won(side)
                gp += 1 << (8 * side)
                add += _W[last]
                if not m:
                    return add + _show(gp)
        if t < 0:
            # The count is over (a go or 31): the search ends here (see the header).
            return add
        _nodes += 1
        room = 31 - count
        if t == 0:
            best = -30000
            tried = 0
            for i in range(_N[0]):
                if not m >> i & 1:
                    continue
                r = _H[i] >> 2
                if PIPS[r] > room or tried >> r & 1:
                    continue
                tried |= 1 << r
                v = _lay(0, i, m, lo, hi, count, passed, gp)
                if v > best:
                    best = v
            if tried:
                return add + best
        else:
            pick = -1
            top = -30000
            o = 4 * t
            for i in range(_N[t]):
                if m >> (o + i) & 1:
                    c = _H[o + i]
                    q = PIPS[c >> 2]
                    if q <= room:
                        _BUF[hi] = c
                        key = peg_count(_BUF, lo, hi + 1, count + q) * 64 + q
                        if count + q == 5 or count + q == 21:
                            key -= _PENALTY
                        if key > top:
                            top = key
                            pick = i
            if pick >= 0:
                c = _H[o + pick]
                _BUF[hi] = c
                count += PIPS[c >> 2]
                pts = peg_count(_BUF, lo, hi + 1, count)
                if pts:
                    side = _SIDE[t]
                    if (gp >> (8 * side) & 255) + pts >= _NEED[side]:
                        return add + _won(side)
                    gp += pts << (8 * side)
                    add += pts * _W[t]
                m &= ~(1 << (o + pick))
                hi += 1
                last = t
                start = t + 1
                if count == 31:
                    start = -1
                continue
        # t cannot lay: go.
        passed |= 1 << t
        start = t + 1


def _show(gp):
    """After the last card: the show in its order; the first side home wins."""
    for i in range(_START[5]):
        s = _SHOW[2 * i]
        side = _SIDE[s]
        gp += _SHOW[2 * i + 1] << (8 * side)
        if (gp >> (8 * side) & 255) >= _NEED[side]:
            return _won(side)
    return 0


def look(g, seat, cards):
    """(totals, divisor): players.cpu.look_ahead() at three or four hands: per card,
    the points its side wins less the others' (at three, each other's counting half) to
    the end of the count, summed over guesses at every other hand, each drawn from the
    unseen cards above what that seat's go calls left room for; totals / divisor is in
    points."""
    n = g.players
    order = [(seat + r) % n for r in range(n)]
    mine = g.hands[seat]
    pool = bytearray(g.unseen(seat))
    hands = [mine]
    floors = bytearray(n)
    passed = 0
    want = 0
    for r in range(n):
        s = order[r]
        if r:
            hands.append(bytearray(len(g.hands[s])))
            want += len(g.hands[s])
        if g.passed >> s & 1:
            passed |= 1 << r
        for t, count in g.gos:
            if t == s and 31 - count > floors[r]:
                floors[r] = 31 - count
    if want > len(pool):
        want = 0
    # The endgame: what each side needs (the computer's first), and the show in its order.
    sides = 2 if n == 4 else n
    needs = [g.target - g.scores[g.side_of(order[r])] for r in range(sides)]
    near = min(needs) <= _NEAR
    rng = Rng((g.seed ^ (len(g.moves) * 40503)) & 0xFFFFFFFF)
    totals = [0] * len(mine)
    out = [None] * len(mine)
    guesses = 0
    spent = 0
    for _ in range(_GUESSES):
        draws = 0
        while want:
            # Every other hand from the unseen cards, each above what its go calls left room for.
            j = 0
            for i in range(want):
                k = i + rng.below(len(pool) - i)
                pool[i], pool[k] = pool[k], pool[i]
            fits = True
            for r in range(1, n):
                h = hands[r]
                for i in range(len(h)):
                    h[i] = pool[j]
                    if PIPS[pool[j] >> 2] <= floors[r]:
                        fits = False
                    j += 1
            draws += 1
            if fits or draws == _TRIES:
                break
        setup(hands, g.seq, g.count, passed)
        if near:
            shows = []
            for k in range(n):
                s = (g.dealer + 1 + k) % n
                r = (s - seat) % n
                kept = g.kept[s] if s == seat else list(g.played[s]) + list(hands[r])
                shows.append((r, score(kept, g.starter) + (_CRIB_GUESS if s == g.dealer else 0)))
            endgame(needs, shows)
        nodes = values(out)
        for i in range(len(mine)):
            v = out[i]
            if v is not None:
                totals[i] += v
        guesses += 1
        cost = nodes + _SETUP + (draws - 1) * _REDRAW
        spent += cost
        if spent + cost > _BUDGET or not want:
            break
    return [totals[mine.index(c)] for c in cards], guesses * SCALE[n]
