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
#
# Patience II's first discard is worth more than its one deal: the player
# will choose the second discard once he sees the second six. Its value is
# the whole deal's: the one-deal value plus a table's gain for that choice
# (tables/aheadtable.py, a full pack; in deals 2 and 3 tables/aheadcounts.py,
# fitted to the unseen cards per rank); in the last deal it is exact for all
# fifteen, looking ahead over the seven cards left (look_ahead).
from micropython import const

from rules.cards import PIPS
from rules.score import run_points, score

_JACK = const(10)
_HAND = const(0)
_TABLE = const(1)
_EXACT = const(2)

# Discard codes 0..14: the two positions (in .pending) laid away; as in games.
PAIRS = tuple((i, j) for i in range(6) for j in range(i + 1, 6))

# Per discard code, the four positions kept (of the six), and the two laid away.
_KEEP = bytes(x for i, j in PAIRS for x in range(6) if x != i and x != j)
_FIRST = bytes(i for i, j in PAIRS)
_SECOND = bytes(j for i, j in PAIRS)


# Foster's last deal is a race to the target: of the RACE_LOOK best discards by
# expected points (and the player's pick), the one with the most of the RACE_WAYS
# ways the six unseen cards can lie that reach it goes first (see race(); rank_discards()
# returns those counts). Cribbage Patience's last deal likewise, over the PATIENCE_WAYS
# ways of its ten unseen cards (patience_race()).
RACE_LOOK = const(4)
RACE_WAYS = const(60)
PATIENCE_WAYS = const(360)

# How a policy values the crib: not at all, by the full-pack table, exactly.
POLICIES = ("hand", "table", "advisor")


def rank_discards(game, policy="advisor", mine=None):
    """(ranking, wins, calls): all fifteen discards of the game's pending six, as
    (expected points, a, b), best first; in Foster's last deal the ways of the
    RACE_WAYS each discard reaches the target in, per discard code (-1 for those not
    counted; in Cribbage Patience's last deal of the PATIENCE_WAYS; wins is None
    elsewhere); and the score() calls made.

    policy "advisor" counts hand, crib and heels exactly; "table" takes the
    crib from the full-pack table (blind to the cards already seen); "hand"
    counts the hand (and heels) only, as if the crib did not exist. In
    Patience II's last deal the advisor values the first discard exactly over
    the whole deal (see look_ahead). mine, the pair the player chose, is also
    counted in Foster's race.
    """
    nums, den, pending, first, wins, calls = _values(game, policy, mine)
    return ranked(pending, nums, den, first), wins, calls


def best_discard(game, policy="advisor"):
    """The two cards (a, b) the policy would lay away."""
    nums, den, pending, best, _, _ = _values(game, policy, None)
    if best is None:
        best = 0
        for k in range(1, 15):
            if nums[k] > nums[best]:
                best = k
    i, j = PAIRS[best]
    return pending[i], pending[j]


def _values(game, policy, mine):
    """(numerators, denominator, pending, the discard to rank first or None, the race's
    wins or None, score() calls made)."""
    pending, crib, unseen, rule, others = situation(game)
    mode = _mode(policy)
    extra = None
    if mine is not None and mine[0] in pending and mine[1] in pending and mine[0] != mine[1]:
        i = pending.index(mine[0])
        j = pending.index(mine[1])
        extra = PAIRS.index((i, j) if i < j else (j, i))
    first = mode == _EXACT and game.kind == 2 and not crib
    last = first and len(unseen) == 7
    parts = []
    nums, den, calls = expectations(pending, crib, unseen, rule, others, mode, parts if last else None)
    if first:
        # Patience II's first discard: the whole deal's value, the second discard
        # looked ahead by the table's gain; in the last deal, exactly (look_ahead).
        if last:
            hands = [h // (den // 7) for h, _ in parts]  # a starter weighs den / 7
            nums, more = look_ahead(pending, unseen, hands)
            calls += more
        else:
            nums = with_gain(pending, nums, den, unseen, game.round)
        den = 1
    elif mode == _EXACT and game.kind < 2 and game.round == game.deals:
        top = sorted(range(15), key=lambda k: (-nums[k], k))[:RACE_LOOK]
        chosen = top if extra is None or extra in top else top + [extra]
        if game.kind == 0:
            wins, more = race(pending, unseen, game.target - game.score, chosen, rule)
        else:
            wins, more = patience_race(pending, unseen, game.target - game.score, chosen)
        best = top[0]
        for k in top:  # by wins, then points (the player's pick is only counted)
            if wins[k] > wins[best]:
                best = k
        return nums, den, pending, best, wins, calls + more
    return nums, den, pending, None, None, calls


def with_gain(pending, nums, den, unseen=None, deal=1):
    """Patience II's first discards valued over the whole deal (floats): the one-deal
    value plus the gain of choosing the second discard: in deals 2 and 3 fitted to
    the unseen cards per rank (tables.aheadcounts), else over a full pack (tables.aheadtable)."""
    from tables import aheadcounts
    from tables.aheadtable import gain

    table = None
    if unseen is not None and 2 <= deal <= 3:
        table = aheadcounts.COUNTS[deal - 2]
        ranks = bytearray(13)
        suits = bytearray(4)
        for c in unseen:
            ranks[c >> 2] += 1
            suits[c & 3] += 1
    out = [0.0] * 15
    for k in range(15):
        a = pending[_FIRST[k]]
        b = pending[_SECOND[k]]
        suited = a & 3 == b & 3
        if table is None:
            g = gain(a >> 2, b >> 2, suited)
        else:
            g = aheadcounts.gain(table, a >> 2, b >> 2, suited, ranks, suits[a & 3])
        out[k] = nums[k] / den + g / 1000
    return out


def _mode(policy):
    if policy not in POLICIES:
        raise ValueError("unknown policy %r (one of: %s)" % (policy, ", ".join(POLICIES)))
    return POLICIES.index(policy)


def ranked(pending, nums, den, first=None):
    """(expected, a, b) per discard, best first (first, if given, then by value);
    ties keep the dealt order."""
    order = sorted(range(15), key=lambda k: (k != first, -nums[k], k))
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
    """Expected points of each discard (in PAIRS order) as (numerators, denominator,
    the score() calls made).

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
    # _starter_sum() makes a score() call for each rank among the unseen.
    ranks = 0
    for r in range(13):
        if n[r]:
            ranks += 1
    calls = 0
    # Each starter stands for `scale` equally likely ways to draw the rest.
    table = None
    if mode == _EXACT and hidden:
        scale = (n_unseen - 1) * (n_unseen - 2)
    elif mode == _TABLE and hidden:
        # The table is in thousandths of a point: count the rest in thousandths too.
        from tables import cribtable

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
        calls += ranks
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
        calls += ranks
        crib_part = 0
        if mode != _HAND:
            if table is not None:
                crib_part = lookup(table, a >> 2, b >> 2, a & 3 == b & 3) * n_unseen
            elif hidden:
                crib_part = common + cribber.value(a, b)
            else:
                full = (crib[0], crib[1], a, b)
                crib_part = _starter_sum(full, n, m, rep, crib_rule)
                calls += ranks
        nums[k] = base + hand + crib_part
        if parts is not None:
            parts.append((hand, crib_part))
    return nums, den, calls


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
    """Sum of score(hand, s) over every unseen starter s, with one score() per rank
    among them (n[r] of rank r, rep[r] one of them; m: the unseen per suit)."""
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


def look_ahead(pending, unseen, hands):
    """Patience II's last first discard: all fifteen valued exactly over the whole deal.

    Seven cards are unseen: the second six are six of them and the starter is
    the seventh, so each of the seven starters fixes the second six, and the
    player will then lay away the two of them that score most with his hands
    and the crib. The value of a first discard is the mean, over the seven,
    of its first hand (hands: its sum over the seven starters), heels and that
    best second choice (second hand and crib): the whole deal's expectation.
    Returns (values, the score() calls made).

    Fifteens, pairs and runs do not care which of five cards is the starter,
    so each five cards are counted once and only flush and nobs again for each
    way to choose the starter (_bonus): a second hand is one of 21 fives (the
    seven less the two laid away; score()), a crib one of 35 per discard (the
    two first crib cards and three of the seven; counted in parts, sharing
    what the 15 discards have in common).
    """
    n = len(unseen)
    rest7, slot2, tri7, slotc = _SEVENS
    heels = 0
    for c in unseen:
        if c >> 2 == _JACK:
            heels += 2
    u = unseen
    # Flush and nobs can only count with a jack among the cards, or four of a suit.
    jack = heels > 0
    suits = bytearray(4)
    for c in unseen:
        suits[c & 3] += 1
    four = suits[0] > 3 or suits[1] > 3 or suits[2] > 3 or suits[3] > 3
    h = bytearray(4)
    # second[s * 15 + q]: the second hand of second discard q when unseen[s] is the starter.
    second = [0] * 105
    for p in range(21):
        o = p * 5
        c0 = u[rest7[o]]
        c1 = h[0] = u[rest7[o + 1]]
        c2 = h[1] = u[rest7[o + 2]]
        c3 = h[2] = u[rest7[o + 3]]
        c4 = h[3] = u[rest7[o + 4]]
        v = score(h, c0, False)
        if jack or four:
            v -= _bonus(c1, c2, c3, c4, c0)
            second[slot2[o]] = v + _bonus(c1, c2, c3, c4, c0)
            second[slot2[o + 1]] = v + _bonus(c0, c2, c3, c4, c1)
            second[slot2[o + 2]] = v + _bonus(c0, c1, c3, c4, c2)
            second[slot2[o + 3]] = v + _bonus(c0, c1, c2, c4, c3)
            second[slot2[o + 4]] = v + _bonus(c0, c1, c2, c3, c4)
        else:
            for r in range(o, o + 5):
                second[slot2[r]] = v
    calls = 21
    # crib[k * 105 + s * 15 + q]: discard k's crib with starter s and second discard q.
    crib = bytearray(1575)
    parts = _Cribs(pending)
    every = range(15)
    v = parts.out
    count = parts.count
    for t in range(35):
        o = t * 3
        x = u[tri7[o]]
        y = u[tri7[o + 1]]
        z = u[tri7[o + 2]]
        count(x, y, z, every)
        s0 = slotc[o]
        s1 = slotc[o + 1]
        s2 = slotc[o + 2]
        for k in every:
            w = k * 105
            if jack or parts.suits[k]:
                a = pending[_FIRST[k]]
                b = pending[_SECOND[k]]
                crib[w + s0] = v[k] + _bonus(a, b, y, z, x)
                crib[w + s1] = v[k] + _bonus(a, b, x, z, y)
                crib[w + s2] = v[k] + _bonus(a, b, x, y, z)
            else:
                crib[w + s0] = crib[w + s1] = crib[w + s2] = v[k]
    values = [0.0] * 15
    for k in range(15):
        total = hands[k] + heels
        w = k * 105
        for s in range(n):
            o = s * 15
            best = 0
            for q in range(o, o + 15):
                v = second[q] + crib[w + q]
                if v > best:
                    best = v
            total += best
        values[k] = total / n
    return values, calls


class _Cribs:
    """Cribs of two pending cards (a discard, a and b) and three more (x, y, z), counted in
    parts rather than by score(): what x, y, z score among themselves (fifteens, pairs),
    what each pending card scores with them, what a and b score together, and the run.
    count() fills .out[k] for the discards k asked for with those points (by ranks and
    pips: the same whichever of the five is the starter); flush and nobs are added by the
    caller, by suit (_bonus), where .suits[k] says they may count (a and b of a suit, or
    a jack among them)."""

    def __init__(self, pending):
        self.ranks = ranks = bytearray(6)
        self.pips = pips = bytearray(6)
        for i in range(6):
            ranks[i] = pending[i] >> 2
            pips[i] = PIPS[ranks[i]]
        self.alone = bytearray(15)  # fifteens and a pair of a and b alone
        self.need = bytearray(15)  # what x, y, z's cards must add to, to make 15 with a and b
        self.suits = bytearray(15)
        for k in range(15):
            i = _FIRST[k]
            j = _SECOND[k]
            a = pending[i]
            b = pending[j]
            self.alone[k] = 2 * (pips[i] + pips[j] == 15) + 2 * (ranks[i] == ranks[j])
            if pips[i] + pips[j] < 15:
                self.need[k] = 15 - pips[i] - pips[j]
            self.suits[k] = a & 3 == b & 3 or a >> 2 == _JACK or b >> 2 == _JACK
        self.sub = bytearray(16)  # subsets of x, y, z by pip total
        self.withs = bytearray(6)
        self.out = bytearray(15)

    def count(self, x, y, z, ks):
        ranks = self.ranks
        pips = self.pips
        sub = self.sub
        withs = self.withs
        alone = self.alone
        need = self.need
        out = self.out
        rx = x >> 2
        ry = y >> 2
        rz = z >> 2
        px = PIPS[rx]
        py = PIPS[ry]
        pz = PIPS[rz]
        for v in range(16):
            sub[v] = 0
        sub[px] += 1
        sub[py] += 1
        sub[pz] += 1
        if px + py < 16:
            sub[px + py] += 1
        if px + pz < 16:
            sub[px + pz] += 1
        if py + pz < 16:
            sub[py + pz] += 1
        if px + py + pz < 16:
            sub[px + py + pz] += 1
        base = 2 * (sub[15] + (rx == ry) + (rx == rz) + (ry == rz))
        for i in range(6):
            r = ranks[i]
            withs[i] = 2 * (sub[15 - pips[i]] + (r == rx) + (r == ry) + (r == rz))
        tm = (1 << rx) | (1 << ry) | (1 << rz)
        for k in ks:
            i = _FIRST[k]
            j = _SECOND[k]
            ra = ranks[i]
            rb = ranks[j]
            v = base + withs[i] + withs[j] + alone[k]
            if need[k]:
                v += 2 * sub[need[k]]
            mask = tm | (1 << ra) | (1 << rb)
            run3 = mask & (mask >> 1) & (mask >> 2)
            if run3:
                v += run_points(mask, run3, rx, ry, rz, ra, rb)
            out[k] = v


def _bonus(c0, c1, c2, c3, s):
    """What score() adds by suit to hand c0..c3 with starter s: flush (the hand
    rule: four, five with the starter's suit) and nobs."""
    t = c0 & 3
    p = 0
    if c1 & 3 == t and c2 & 3 == t and c3 & 3 == t:
        p = 5 if s & 3 == t else 4
    j = 40 + (s & 3)  # the jack of the starter's suit
    if c0 == j or c1 == j or c2 == j or c3 == j:
        p += 1
    return p


def _sevens():
    """Index tables for seven unseen cards 0..6 (made once, at import): the five
    cards left by each of the 21 pairs, the 35 triples, and where each lands in
    a starter-by-second-discard grid (s * 15 + q, q the pair's code in the six
    that starter s leaves)."""
    rest7 = bytearray(105)
    slot2 = bytearray(105)
    at = 0
    for x in range(7):
        for y in range(x + 1, 7):
            for s in range(7):
                if s != x and s != y:
                    rest7[at] = s
                    slot2[at] = _slot(s, x, y)
                    at += 1
    tri7 = bytearray(105)
    slotc = bytearray(105)
    at = 0
    for x in range(7):
        for y in range(x + 1, 7):
            for z in range(y + 1, 7):
                tri7[at] = x
                tri7[at + 1] = y
                tri7[at + 2] = z
                slotc[at] = _slot(x, y, z)
                slotc[at + 1] = _slot(y, x, z)
                slotc[at + 2] = _slot(z, x, y)
                at += 3
    return rest7, slot2, tri7, slotc


def _slot(s, x, y):
    """s * 15 + the code of laying away x and y (x < y) from the six that starter s leaves."""
    i = x - (x > s)
    j = y - (y > s)
    return s * 15 + PAIRS.index((i, j))


def race(pending, unseen, need, chosen, crib_rule=True):
    """Foster's last deal: in how many of the 60 ways the six unseen cards can lie
    each discard scores `need` points or more (per discard; -1 if not counted), and
    the score() calls made.

    The six are the crib's two face-down cards and the last four, the starter
    first among them: 15 pairs for the crib times 4 starters, equally likely,
    and each decides the deal to the point (hand, crib, heels, and the last four
    counted without a starter). Counted for the discards (codes) in chosen;
    crib_rule: the crib flush rule, as in expectations().
    """
    n = len(unseen)
    out, hands, h = _race_hands(pending, unseen, chosen)
    calls = n * len(chosen)
    crib = bytearray(4)
    for x in range(n):
        for y in range(x + 1, n):
            at = 0
            for t in range(n):
                if t != x and t != y:
                    h[at] = unseen[t]
                    at += 1
            left = need - score(h, None, False)  # the last four, without a starter
            calls += 1
            crib[2] = unseen[x]
            crib[3] = unseen[y]
            for t in range(n):
                if t == x or t == y:
                    continue
                s = unseen[t]
                short = left - 2 if s >> 2 == _JACK else left
                for k in chosen:
                    v = short - hands[k * n + t]
                    if v > 0:
                        crib[0] = pending[_FIRST[k]]
                        crib[1] = pending[_SECOND[k]]
                        calls += 1
                        if score(crib, s, crib_rule) < v:
                            continue
                    out[k] += 1
    return out, calls


def _race_hands(pending, unseen, chosen):
    """A race's start: (ways per discard code, 0 for those in chosen and -1 for the others;
    hands, hands[k * n + t] the kept four of discard k scored with starter unseen[t], n
    the unseen cards; a four-byte buffer)."""
    n = len(unseen)
    out = [-1] * 15
    for k in chosen:
        out[k] = 0
    h = bytearray(4)
    hands = [0] * (15 * n)
    for k in chosen:
        o = k * 4
        for x in range(4):
            h[x] = pending[_KEEP[o + x]]
        for t in range(n):
            hands[k * n + t] = score(h, unseen[t], False)
    return out, hands, h


def patience_race(pending, unseen, need, chosen):
    """Cribbage Patience's last deal: in how many of the PATIENCE_WAYS ways its ten unseen
    cards can lie each discard scores `need` points or more (per discard code; -1 if not
    counted), and the score() calls made.

    The crib's two face-down cards and the starter are three of the ten: 45 pairs
    for the crib times 8 starters, equally likely, each deciding the deal (hand,
    crib, heels). Counted for the discards (codes) in chosen: each three of the ten
    with _Cribs, then each of the three as the starter.
    """
    n = len(unseen)
    out, hands, _ = _race_hands(pending, unseen, chosen)
    calls = n * len(chosen)
    for t in range(n):  # heels go with the starter, as the hand does
        if unseen[t] >> 2 == _JACK:
            for k in chosen:
                hands[k * n + t] += 2
    parts = _Cribs(pending)
    v = parts.out
    suits = parts.suits
    count = parts.count
    for i in range(n):
        for j in range(i + 1, n):
            for t in range(j + 1, n):
                x = unseen[i]
                y = unseen[j]
                z = unseen[t]
                count(x, y, z, chosen)
                # Nobs from a jack among the two crib cards, per starter (x, y or z).
                nx = (y == 40 + (x & 3)) + (z == 40 + (x & 3))
                ny = (x == 40 + (y & 3)) + (z == 40 + (y & 3))
                nz = (x == 40 + (z & 3)) + (y == 40 + (z & 3))
                for k in chosen:
                    left = need - v[k]
                    o = k * n
                    if suits[k]:
                        # a and b of a suit, or a jack among them: flush and nobs in full.
                        a = pending[_FIRST[k]]
                        b = pending[_SECOND[k]]
                        out[k] += (hands[o + i] + _bonus(a, b, y, z, x) >= left) + \
                            (hands[o + j] + _bonus(a, b, x, z, y) >= left) + \
                            (hands[o + t] + _bonus(a, b, x, y, z) >= left)
                    else:
                        out[k] += (hands[o + i] + nx >= left) + (hands[o + j] + ny >= left) + \
                            (hands[o + t] + nz >= left)
    return out, calls


_SEVENS = _sevens()
