# The end of the two-hand game as a race: the expert's discards near home are
# chosen for the chance of winning the game, not for points.
#
#   pick(hand, values, cribs, look, unseen, need_me, need_them, dealer)
#       -> of the `look` best lay-aways by points (players.laying.discard_values),
#          the one with the best chance of winning the game
#   chances(hand, values, cribs, ks, unseen, need_me, need_them, dealer)
#       -> the chance (in 1/SCALE) of winning the game with each lay-away values[k], k in ks
#   wins(kept, shifts, unseen, need_me, need_them, dealer)
#       -> per kept hand, the chance (in 1/SCALE) of winning the game
#
# Near the end a point is not always worth a point: a pone who needs six and
# counts first wants a hand sure to make six more than one that averages
# eight; a dealer whose opponent will likely go out first needs a big deal or
# nothing. The chance is worked out over this deal: the computer's own hand
# exactly over every starter it cannot see, the rest of its deal (play, and
# crib as dealer) as it falls in simulated deals, and then, if it is not home,
# its chance of the game from both needs (tables.racetable: the opponent's deal
# to come, the pone's first, and the deals after).
# shifts: per kept hand, how many points more (or fewer) than usual the crib
# of this lay-away is worth: added to the computer's deal as dealer, to the
# opponent's as pone.
from micropython import const

from tables import racetable as _t
from rules.score import score

SCALE = const(65280)  # 255 * 256
_JACK = const(10)
_MOST = const(30)  # a hand makes at most 29
_SHIFT = const(8)  # the most a crib's shift is taken to be, either way


def _chances(data):
    """A table's chances as a list of ints (in 1/ONE)."""
    return [data[i] << 8 | data[i + 1] for i in range(0, len(data), 2)]


def chance(table, m, n):
    """A side's chance in 1/255 from racetable.AS_PONE or AS_DEALER, needing m
    against n (both at least 1); an even need is between two of the table's."""
    side = _t.SIDE
    last = side - 1
    i = (m - 1) >> 1
    j = (n - 1) >> 1
    if i >= last:
        i = i2 = last
    else:
        i2 = i if m & 1 else i + 1
    if j >= last:
        j = j2 = last
    else:
        j2 = j if n & 1 else j + 1
    return (table[i * side + j] + table[i * side + j2] + table[i2 * side + j]
            + table[i2 * side + j2] + 2) >> 2


def _given_total(a, b, dealer, top):
    """The computer's chance (1/255) with x points this deal, for x = 0 .. top."""
    out = bytearray(top + 1)
    if dealer:
        # Home at a, but the pone counts first: he must not reach b.
        opp = _chances(_t.PONE)
        short = 0
        for y in range(min(b, len(opp))):
            short += opp[y]
        home = (255 * short + _t.ONE // 2) // _t.ONE
        table = _t.AS_DEALER
    else:
        home = 255  # the pone counts first: home is home
        table = _t.AS_PONE
    for x in range(top + 1):
        out[x] = home if x >= a else chance(table, a - x, b) if b > 0 else 0
    return out


def pick(hand, values, cribs, look, unseen, need_me, need_them, dealer):
    """The cards to lay away (see the header); cribs: each way's crib points."""
    order = sorted(range(len(values)), key=lambda k: -values[k][0])[:look]
    got = chances(hand, values, cribs, order, unseen, need_me, need_them, dealer)
    best = 0
    for i in range(1, len(order)):
        if got[i] > got[best]:
            best = i
    return values[order[best]][1]


def chances(hand, values, cribs, ks, unseen, need_me, need_them, dealer):
    """The chance of winning the game (1/SCALE) with each lay-away values[k], k in ks."""
    top = 0  # the best lay-away by points, whose crib the others' are measured from
    for k in range(1, len(values)):
        if values[k][0] > values[top][0]:
            top = k
    kept = []
    shifts = []
    for k in ks:
        laid = values[k][1]
        kept.append(tuple(c for c in hand if c not in laid))
        # How much more (or less) this crib is worth than the best lay-away's.
        shifts.append(round(cribs[k] - cribs[top]))
    return wins(kept, shifts, unseen, need_me, need_them, dealer)


def wins(kept, shifts, unseen, need_me, need_them, dealer):
    """The chance of winning the game (1/SCALE) for each kept hand (see the header)."""
    rest = _chances(_t.DEALER_REST if dealer else _t.PONE_REST)
    n_rest = len(rest)
    # The most points this deal can bring, a crib's shift included.
    top = _MOST + n_rest + _SHIFT
    if top > need_me:
        top = need_me
    cache = {}
    out = []
    hist = bytearray(_MOST)
    for k in range(len(kept)):
        shift = max(-_SHIFT, min(_SHIFT, shifts[k]))
        # As dealer the crib's shift is the computer's own (its hand counts that
        # much more); as pone the opponent's (he needs that much less).
        key = 0 if dealer else shift
        got = cache.get(key)
        if got is None:
            f = _given_total(need_me, need_them - key, dealer, top)
            # e[i]: the chance with i - _SHIFT points of hand, the rest of the deal on
            # top (0: not worked out yet; one more than the chance, so never 0 once done).
            got = (f, [0] * (_MOST + 2 * _SHIFT))
            cache[key] = got
        f, e = got
        own = _SHIFT + (shift if dealer else 0)
        _hand_points(kept[k], unseen, hist)
        total = 0
        for h in range(_MOST):
            c = hist[h]
            if c:
                i = h + own
                if not e[i]:
                    t = 1
                    x = i - _SHIFT
                    for r in range(n_rest):
                        t += rest[r] * f[0 if x < 0 else x if x < top else top]
                        x += 1
                    e[i] = t
                total += c * (e[i] - 1)
        out.append(total // len(unseen) * 16 // _t.ONE * 16)
    return out


def _hand_points(hand, unseen, hist):
    """hist[p]: how many of the unseen starters give the hand p points."""
    for i in range(len(hist)):
        hist[i] = 0
    # Only flush and nobs care about the starter's suit: one score() per rank,
    # each card's own suit bonus taken off and then its suit's added back.
    s0 = hand[0] & 3
    flush = s0 if hand[1] & 3 == s0 and hand[2] & 3 == s0 and hand[3] & 3 == s0 else -1
    nobs = 0
    for c in hand:
        if c >> 2 == _JACK:
            nobs |= 1 << (c & 3)
    base = bytearray(13)
    done = 0
    for c in unseen:
        r = c >> 2
        s = c & 3
        bonus = (1 if s == flush else 0) + (nobs >> s & 1)
        if not done >> r & 1:
            done |= 1 << r
            base[r] = score(hand, c) - bonus
        hist[base[r] + bonus] += 1
