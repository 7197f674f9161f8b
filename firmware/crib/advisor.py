# The discard advisor: every one of the fifteen discards of a six-card deal,
# valued by the points the rest of the deal is expected to bring, given only
# what the player has seen.
#
# The hand's expectation is exact over every starter still unseen (one
# score() per rank, the suits' flush and nobs counted by suit).
# The crib's expectation is exact too, without enumerating crib completions:
# a crib scores by its combinations (fifteens, pairs, runs, flush, nobs), so
# by linearity of expectation each combination's chance can be counted from
# how many unseen cards there are of each rank, pip value and suit. That makes
# the hint cost a few hundred score() calls and a few thousand small-int
# operations, with no floats and no allocation inside the loops.
#
# All expectations are kept as integers over one common denominator: the
# number of ordered ways to draw the unseen cards still to come (the crib's
# hidden cards and the starter), so comparing discards is exact.
from micropython import const

from crib.cards import PIPS
from crib.score import score

_JACK = const(10)
_HAND = const(0)
_TABLE = const(1)
_EXACT = const(2)

# Discard codes 0..14: the two positions (in .pending) laid away; as in games.
PAIRS = tuple((i, j) for i in range(6) for j in range(i + 1, 6))

# Scorer calls made by the last ranking (for the bench and the tests).
calls = 0

# Patience II's last deal: the first discards looked ahead (the best this many
# by the one-deal value, and the player's own pick), see look_ahead().
LOOK = const(4)
# Per discard code, the four positions kept (of the six), and the two laid away.
_KEEP = bytes(x for i, j in PAIRS for x in range(6) if x != i and x != j)
_FIRST = bytes(i for i, j in PAIRS)
_SECOND = bytes(j for i, j in PAIRS)


# How a policy values the crib: not at all, by the full-pack table, exactly.
POLICIES = ("hand", "table", "advisor")


def rank_discards(game, policy="advisor", mine=None):
    """All fifteen discards of the game's pending six, as (expected points, a, b), best first.

    policy "advisor" counts hand, crib and heels exactly; "table" takes the
    crib from the full-pack table (blind to the cards already seen); "hand"
    counts the hand (and heels) only, as if the crib did not exist. In
    Patience II's last deal the advisor looks ahead at the first discard (see
    look_ahead); mine, the pair the player chose, is then valued exactly too.
    """
    nums, den, pending = _values(game, policy, mine)
    return ranked(pending, nums, den)


def best_discard(game, policy="advisor"):
    """The two cards (a, b) the policy would lay away."""
    nums, den, pending = _values(game, policy, None)
    best = 0
    for k in range(1, 15):
        if nums[k] > nums[best]:
            best = k
    i, j = PAIRS[best]
    return pending[i], pending[j]


def _values(game, policy, mine):
    pending, crib, unseen, rule, others = situation(game)
    mode = _mode(policy)
    last = mode == _EXACT and game.kind == 2 and not crib and len(unseen) == 7
    parts = [] if last else None
    nums, den = expectations(pending, crib, unseen, rule, others, mode, parts)
    if parts is not None:
        extra = None
        if mine is not None and mine[0] in pending and mine[1] in pending and mine[0] != mine[1]:
            i = pending.index(mine[0])
            j = pending.index(mine[1])
            extra = PAIRS.index((i, j) if i < j else (j, i))
        hands = [h // (den // 7) for h, _ in parts]  # each starter's weight is den / 7
        nums, den = look_ahead(pending, unseen, nums, den, hands, extra)
    return nums, den, pending


def _mode(policy):
    if policy not in POLICIES:
        raise ValueError("unknown policy %r (one of: %s)" % (policy, ", ".join(POLICIES)))
    return POLICIES.index(policy)


def ranked(pending, nums, den):
    """(expected, a, b) per discard, best first; ties keep the dealt order."""
    order = sorted(range(15), key=lambda k: (-nums[k], k))
    out = []
    for k in order:
        i, j = PAIRS[k]
        out.append((nums[k] / den, pending[i], pending[j]))
    return out


def situation(game):
    """What the player can see at the game's pending discard.

    Returns (pending, crib, unseen, crib_rule, others): the six cards; the crib
    cards already known (Patience II's second discard); the unseen cards as
    bytes; the variant's crib flush rule; the other hands this starter will
    count (Patience II's first hand, at the second discard).
    """
    pending = game.pending
    if pending is None:
        raise ValueError("no discard is pending")
    seen = bytearray(52)
    for entry in game.log:
        for c in entry[1]:
            seen[c] = 1
        if entry[2] is not None:
            seen[entry[2]] = 1
    for c in pending:
        seen[c] = 1
    crib = ()
    others = ()
    if game.kind == 2 and game.crib:
        # Patience II, second six: the first hand and first two crib cards are known.
        crib = game.crib
        others = (game.hand,)
        for c in crib:
            seen[c] = 1
        for c in game.hand:
            seen[c] = 1
    # Foster's and Cribbage Patience's crib starts with two face-down cards:
    # they stay unseen (and so among the cards the expectation averages over).
    unseen = bytes(c for c in range(52) if not seen[c])
    return pending, crib, unseen, game.crib_rule, others


def expectations(pending, crib, unseen, crib_rule, others=(), mode=_EXACT, parts=None):
    """Expected points of each discard (in PAIRS order) as (numerators, denominator).

    pending: the six cards; crib: crib cards already known (none, or the two
    of Patience II's first discard); unseen: every card the player has not
    seen, among which are the starter and the crib's missing cards (four
    minus the known ones minus the two discarded: two, or none); crib_rule:
    True for the five-card crib flush rule; others: four-card hands that also
    count with this starter (a constant, so the totals are the deal's);
    mode: how to value the crib, an index into POLICIES; parts: a list to
    which each discard's (hand, crib) numerators are appended, so a game
    where the crib may be an opponent's can weigh the two apart.
    """
    global calls
    calls = 0
    n_unseen = len(unseen)
    hidden = 2 - len(crib)
    if hidden not in (0, 2) or len(pending) != 6:
        raise ValueError("need six pending cards and a crib of none or two known cards")
    if n_unseen < hidden + 1:
        raise ValueError("too few unseen cards for a starter and the crib")
    n = bytearray(13)  # unseen cards per rank
    m = bytearray(4)  # unseen cards per suit
    rep = bytearray(13)  # an unseen card of each rank (a stand-in starter)
    for c in unseen:
        n[c >> 2] += 1
        m[c & 3] += 1
        rep[c >> 2] = c
    # Each starter stands for `scale` equally likely ways to draw the rest.
    table = None
    if mode == _EXACT and hidden:
        scale = (n_unseen - 1) * (n_unseen - 2)
    elif mode == _TABLE and hidden:
        # The table is in thousandths of a point: count the rest in thousandths too.
        from crib import cribtable

        table = cribtable.FIVE if crib_rule else cribtable.FOUR
        lookup = cribtable.expected
        scale = 1000
    else:
        scale = 1
    den = n_unseen * scale

    # Heels: two points when the starter is a jack, the same for every discard.
    base = 2 * n[_JACK] * scale
    for hand in others:
        base += _starter_sum(hand, n, m, rep, False) * scale
    common = 0
    if mode == _EXACT and hidden:
        cribber = _CribOdds(unseen, n, m, crib_rule)
        common = cribber.common
    nums = [0] * 15
    for k in range(15):
        i, j = PAIRS[k]
        a = pending[i]
        b = pending[j]
        kept = tuple(pending[x] for x in range(6) if x != i and x != j)
        hand = _starter_sum(kept, n, m, rep, False) * scale
        crib_part = 0
        if mode != _HAND:
            if table is not None:
                crib_part = lookup(table, a >> 2, b >> 2, a & 3 == b & 3) * n_unseen
            elif hidden:
                crib_part = common + cribber.value(a, b)
            else:
                full = (crib[0], crib[1], a, b)
                crib_part = _starter_sum(full, n, m, rep, crib_rule)
        nums[k] = base + hand + crib_part
        if parts is not None:
            parts.append((hand, crib_part))
    return nums, den


def starter_total(hand, unseen, crib_rule=False):
    """Sum of score(hand, s) over every unseen starter s (divide by len(unseen))."""
    n = bytearray(13)
    m = bytearray(4)
    rep = bytearray(13)
    for c in unseen:
        n[c >> 2] += 1
        m[c & 3] += 1
        rep[c >> 2] = c
    return _starter_sum(hand, n, m, rep, crib_rule)


def _starter_sum(hand, n, m, rep, crib_rule):
    """Sum of score(hand, s) over every unseen starter s, with one score() per rank."""
    global calls
    # Only a flush and nobs care about the starter's suit. bonus[suit] is what
    # they add for a starter of that suit; one starter of each rank, less its
    # own bonus, speaks for every card of the rank, and the bonuses are added
    # back by suit.
    b0 = b1 = b2 = b3 = 0
    s0 = hand[0] & 3
    if hand[1] & 3 == s0 and hand[2] & 3 == s0 and hand[3] & 3 == s0:
        # A four-card flush gains one from a starter of its suit; in the crib
        # (five-card rule) it counts five with that starter, else nothing.
        extra = 5 if crib_rule else 1
        if s0 == 0:
            b0 = extra
        elif s0 == 1:
            b1 = extra
        elif s0 == 2:
            b2 = extra
        else:
            b3 = extra
    for c in hand:
        if c >> 2 == _JACK:
            s = c & 3
            if s == 0:
                b0 += 1
            elif s == 1:
                b1 += 1
            elif s == 2:
                b2 += 1
            else:
                b3 += 1
    total = m[0] * b0 + m[1] * b1 + m[2] * b2 + m[3] * b3
    for r in range(13):
        k = n[r]
        if k:
            c = rep[r]
            s = c & 3
            own = b0 if s == 0 else b1 if s == 1 else b2 if s == 2 else b3
            total += k * (score(hand, c, crib_rule) - own)
            calls += 1
    return total


class _CribOdds:
    """Expected crib points for two discards plus three unseen cards to come.

    The crib's two hidden cards and the starter are a random three of the
    unseen cards (ordered: den = N(N-1)(N-2) equally likely draws). Values are
    numerators over that den. Rank-only parts are cached per rank pair.
    """

    def __init__(self, unseen, n, m, crib_rule):
        N = len(unseen)
        self.N = N
        self.n = n
        self.m = m
        self.rule = crib_rule
        # Weights turning a count of j-card unseen subsets into den units.
        self.w1 = (N - 1) * (N - 2)
        self.w2 = 2 * (N - 2)
        # w3 = 6
        # f[j * 16 + t]: number of j-card sets of unseen cards with pip total t (t <= 15).
        f = [0] * 64
        f[0] = 1
        count = bytearray(11)
        for r in range(13):
            count[PIPS[r]] += n[r]
        for v in range(1, 11):
            c = count[v]
            if not c:
                continue
            c2 = c * (c - 1) // 2
            c3 = c2 * (c - 2) // 3
            for j in (3, 2, 1):
                for t in range(15, v - 1, -1):
                    add = c * f[(j - 1) * 16 + t - v]
                    if j >= 2 and t >= 2 * v:
                        add += c2 * f[(j - 2) * 16 + t - 2 * v]
                        if j == 3 and t >= 3 * v:
                            add += c3 * f[t - 3 * v]
                    f[j * 16 + t] += add
        self.f = f
        w2 = self.w2
        # Combinations among the three unseen cards alone, the same for every discard:
        # fifteens of two and three of them, pairs among them, jacks for nobs.
        common = 2 * (3 * f[32 + 15] * w2 + 6 * f[48 + 15])
        pairs = 0
        for r in range(13):
            pairs += n[r] * (n[r] - 1) // 2
        common += 2 * 3 * pairs * w2
        # Nobs from a hidden crib card: a jack among the two, the starter of its suit.
        for c in unseen:
            if c >> 2 == _JACK:
                common += 2 * (m[c & 3] - 1) * (N - 2)
        self.common = common
        self.cache = {}

    def value(self, a, b):
        """Expected crib points (den units) with a and b discarded, less .common."""
        ra = a >> 2
        rb = b >> 2
        key = ra * 13 + rb if ra <= rb else rb * 13 + ra
        v = self.cache.get(key)
        if v is None:
            v = self._ranks(ra, rb)
            self.cache[key] = v
        sa = a & 3
        m = self.m
        if sa == b & 3:
            ms = m[sa]
            c3 = ms * (ms - 1) * (ms - 2)  # = 6 * C(ms, 3)
            if self.rule:
                v += 5 * c3  # all five of one suit
            else:
                # Four in the crib of one suit, one more if the starter matches.
                v += 4 * ms * (ms - 1) * (self.N - 2) + c3
        # Nobs from a discarded jack: the starter of its suit.
        if ra == _JACK:
            v += m[sa] * self.w1
        if rb == _JACK:
            v += m[b & 3] * self.w1
        return v

    def _ranks(self, ra, rb):
        """Fifteens and pairs involving a discard, and every run (den units)."""
        n = self.n
        f = self.f
        w1 = self.w1
        w2 = self.w2
        N = self.N
        pa = PIPS[ra]
        pb = PIPS[rb]
        fif = 0
        for t in (15 - pa, 15 - pb):
            fif += 3 * f[16 + t] * w1 + 3 * f[32 + t] * w2 + 6 * f[48 + t]
        t = 15 - pa - pb
        if t == 0:
            fif += N * w1
        elif t > 0:
            fif += 3 * f[16 + t] * w1 + 3 * f[32 + t] * w2 + 6 * f[48 + t]
        pairs = 3 * (n[ra] + n[rb]) * w1
        if ra == rb:
            pairs += N * w1
        return 2 * fif + 2 * pairs + self._runs(ra, rb)

    def _runs(self, ra, rb):
        """Run points (den units), all runs included (those of unseen cards alone too).

        Each possible run is a window lo..hi of three to five ranks: it scores
        its length once for every way of taking one card of each of its ranks,
        provided no card of rank lo-1 or hi+1 is there to lengthen it.
        """
        n = self.n
        N = self.N
        total = 0
        for length in (3, 4, 5):
            for lo in range(14 - length):
                hi = lo + length - 1
                if ra == lo - 1 or ra == hi + 1 or rb == lo - 1 or rb == hi + 1:
                    continue
                if length > 3 and not (lo <= ra <= hi or lo <= rb <= hi):
                    continue  # four ranks or more need a discard in the run
                # c_j: ways to take one card per rank with j of them unseen.
                c1 = 0
                c2 = 0
                c3 = 0
                c0 = 1
                for r in range(lo, hi + 1):
                    k = (ra == r) + (rb == r)
                    nr = n[r]
                    c3 = c3 * k + c2 * nr
                    c2 = c2 * k + c1 * nr
                    c1 = c1 * k + c0 * nr
                    c0 = c0 * k
                    if not (c0 or c1 or c2 or c3):
                        break
                if not (c1 or c2 or c3):
                    continue
                # The unseen cards not in the run must avoid ranks lo-1 and hi+1.
                free = N
                if lo > 0:
                    free -= n[lo - 1]
                if hi < 12:
                    free -= n[hi + 1]
                # Ordered draws of the three with the j chosen cards among them.
                ways = c3 * 6 + c2 * 6 * (free - 2) + c1 * 3 * (free - 1) * (free - 2)
                total += length * ways
        return total


def look_ahead(pending, unseen, nums, den, hands, extra=None):
    """Patience II's last first discard, valued over the whole deal.

    Seven cards are unseen: the second six are six of them and the starter is
    the seventh, so each of the seven starters fixes the second six, and the
    player will then lay away the two of them that score most with his hands
    and the crib. The value of a first discard is the mean, over the seven,
    of its first hand (hands: its sum over the seven starters), heels and that
    best second choice (second hand and crib): the whole deal's expectation,
    exact. It is worked out for the LOOK best discards by the one-deal value
    (nums/den, which sees the last two crib cards as random), and for `extra`
    (the player's pick, for the review); the others keep their one-deal value
    plus the smallest gain found, which ranks them below. Returns (values, 1).
    """
    global calls
    order = sorted(range(15), key=lambda k: (-nums[k], k))
    chosen = order[:LOOK]
    if extra is not None and extra not in chosen:
        chosen.append(extra)
    n = len(unseen)
    heels = 0
    for c in unseen:
        if c >> 2 == _JACK:
            heels += 2
    totals = [0] * 15
    for k in chosen:
        totals[k] = hands[k] + heels
    six = bytearray(6)
    hand2 = bytearray(4)
    crib = bytearray(4)
    second = [0] * 15
    for s in range(n):
        starter = unseen[s]
        at = 0
        for t in range(n):
            if t != s:
                six[at] = unseen[t]
                at += 1
        # The second hand of each second discard, with this starter.
        for q in range(15):
            o = q * 4
            hand2[0] = six[_KEEP[o]]
            hand2[1] = six[_KEEP[o + 1]]
            hand2[2] = six[_KEEP[o + 2]]
            hand2[3] = six[_KEEP[o + 3]]
            second[q] = score(hand2, starter, False)
        for k in chosen:
            crib[0] = pending[_FIRST[k]]
            crib[1] = pending[_SECOND[k]]
            best = 0
            for q in range(15):
                crib[2] = six[_FIRST[q]]
                crib[3] = six[_SECOND[q]]
                v = second[q] + score(crib, starter, False)
                if v > best:
                    best = v
            totals[k] += best
        calls += 15 + len(chosen) * 15
    values = [0.0] * 15
    gain = None
    for k in chosen:
        values[k] = totals[k] / n
        g = values[k] - nums[k] / den
        if gain is None or g < gain:
            gain = g
    for k in range(15):
        if k not in chosen:
            values[k] = nums[k] / den + gain
    return values, 1
