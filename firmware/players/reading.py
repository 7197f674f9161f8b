# What the opponent's play in the two-hand game tells of the cards he holds, read
# as a normal player (players.cpu's) would lay them: the expert's look-ahead draws its
# guesses at his hidden cards only among those this leaves him.
#
#   told(g, seat, memo)   # 13-bit mask of the ranks seat's opponent holds none of
#   leaves(pool, no, k)   # the cards of pool he may hold, by that mask
#   reads_normal(memo)    # whether his play in this game's deals before reads as normal's
#   told_of(g, seat, s)   # at any number of hands: the ranks seat s holds none of by his
#                         # cards laid in this deal
#   left_to(g, seat, s, pool, k)  # the cards of pool s may hold, by that and his go calls,
#                         # and k signed (the expert's normal value at four hands)
#
# memo (new_memo(), kept by the caller for each seat, so that this module can be let go
# between cards) holds what each of his cards in this deal told; memo[2] is how many of
# them the last told() read (each costs the look-ahead about _TOLD_COST positions).
#
#   guess_pool(g, seat, memos)  # players.cpu's two-hand look-ahead: the cards to guess from
#
# At each card he laid, a normal player holding a card he could have laid instead,
# worth more by normal's judgement (the score now less the expected best reply, in
# 1024ths: players.cpu.reply_values) by over MARGIN, would have laid that: he holds no
# card of its rank. His own later cards check the reading: when one of them belies
# it (a slip), the deal's reading is dropped; a player who slips in more than one of
# _SLIPS of his cards over the game's deals before is not read at all (easy, or a
# person who plays otherwise). Loaded by players.cpu for the expert's play only; what
# each of his cards told is worked out once a deal, with no allocation in its loops.
from micropython import const

from rules.cards import PIPS
from rules.pegging import peg_count

MARGIN = const(64)  # a sixteenth of a point
_TOLD_COST = const(40)  # positions of the two-hand look-ahead's budget a card read costs
_SLIPS = const(12)
_ONE = const(1024)
_BUF = bytearray(24)  # the count's cards, then the card judged, then a reply
_CH = [0] * 13  # the chance, in 1024ths, he sees the next player holding each rank
_RP = bytearray(13)  # a reply's points ...
_RC = [0] * 13  # ... and its chance


def new_memo():
    """The deal's trail, what each of its cards told, how many of his the last told()
    read; the game's seed, over its deals before his slips and his cards read, and the
    deal's number."""
    return [None, None, 0, None, 0, 0, 0]


def told(g, seat, memo):
    """Ranks the opponent holds none of, by his play so far in this deal (0 if his play
    belies the reading, in this deal or too often in the deals before)."""
    opp = 1 - seat
    trail = g.trail
    if memo[0] is not trail:
        # A new deal: what his cards in the last one told, checked against the cards he
        # held (all four are laid in the play), if it was this game's (the game itself is
        # not kept: it would outlive its end).
        if memo[3] == g.seed and memo[6] == g.deal_no - 1:
            memo[4] += _slips(memo[0], memo[1], opp)
            memo[5] += len([t for t in memo[0][:len(memo[1])] if t >> 6 & 3 == opp])
        else:
            memo[3] = g.seed
            memo[4] = memo[5] = 0
        memo[6] = g.deal_no
        memo[0] = trail
        memo[1] = []
    masks = memo[1]
    memo[2] = 0
    for i in range(len(masks), len(trail)):
        if trail[i] >> 6 & 3 == opp:
            masks.append(_told_at(g, trail, i, seat))
            memo[2] += 1
        else:
            masks.append(0)
    if not reads_normal(memo) or _slips(trail, masks, opp):
        return 0
    mask = 0
    for m in masks:
        mask |= m
    return mask


def leaves(pool, no, k):
    """The cards of pool outside the ranks of the mask no, unless fewer than k (the cards
    he holds) would be left: then pool itself."""
    fits = bytearray(c for c in pool if not no >> (c >> 2) & 1)
    return fits if len(fits) >= k else pool


def reads_normal(memo):
    """Whether the opponent has played this game's deals before as a normal player would
    (by told()'s reading): one slip, or one in _SLIPS of his cards."""
    return memo[4] <= 1 or memo[4] * _SLIPS <= memo[5]


def _slips(trail, masks, opp):
    """His cards laid holding a card a normal player would rather have laid (the masks
    of trail's first cards, as far as they go)."""
    slips = 0
    later = 0
    for i in range(len(trail) - 1, -1, -1):
        if i < len(masks) and masks[i] & later:
            slips += 1
        if trail[i] >> 6 & 3 == opp:
            later |= 1 << ((trail[i] & 63) >> 2)
    return slips


def _told_at(g, trail, i, seat):
    """told() of the opponent's card trail[i] alone."""
    opp = 1 - seat
    t = trail[i]
    x = t & 63
    n = t >> 8 & 15
    seq = [u & 63 for u in trail[i - n:i]]
    count = 0
    for c in seq:
        count += PIPS[c >> 2]
    # What he could not see then, near enough: not the starter, nor a card laid before
    # this one, nor one of his own (his other kept and laid-away cards are not known
    # here: they stay in).
    gone = bytearray(52)
    if g.starter is not None:
        gone[g.starter] = 1
    mine = 0
    for j in range(len(trail)):
        u = trail[j]
        if j < i or u >> 6 & 3 == opp:
            gone[u & 63] = 1
        if j < i and u >> 6 & 3 == seat:
            mine += 1
    have = bytearray(13)
    for c in range(52):
        if not gone[c]:
            have[c >> 2] += 1
    k = 0 if t >> 12 & (1 << seat) else 4 - mine
    return rather(seq, count, have, sum(have), k, x)


def _view(have, n_pool, k):
    """The chance he sees of the next player, holding k cards, holding each rank (as
    players.cpu.reply_values reckons it)."""
    for r in range(13):
        miss = _ONE
        if n_pool:
            for j in range(k):
                miss = miss * max(0, n_pool - have[r] - j) // (n_pool - j)
        _CH[r] = _ONE - miss


def _risk(k, lo, hi, total):
    """The expected best reply (1024ths) of the next player, holding k cards, to the card
    at _BUF[hi - 1] making total (as players.cpu.reply_values)."""
    if total >= 31 or not k:
        return 0
    n = 0
    last = _BUF[hi - 1] >> 2
    reach = hi - lo  # a run with the reply spans at most this many ranks more (3 cards at least)
    for r in range(13):
        ch = _CH[r]
        t = total + PIPS[r]
        if not ch or t > 31:
            continue
        # Only a fifteen, 31, a pair or a run can score: skip replies that make none.
        if t == 15 or t == 31 or r == last or (reach >= 2 and -reach <= r - last <= reach):
            _BUF[hi] = r << 2
            pts = peg_count(_BUF, lo, hi + 1, total + PIPS[r])
            if pts:
                _RP[n] = pts
                _RC[n] = ch
                n += 1
    # Best first, each counted if he holds it and none better (as players.cpu does).
    risk = 0
    none_better = _ONE
    for i in range(n):
        top = i
        for j in range(i + 1, n):
            if _RP[j] > _RP[top]:
                top = j
        pts = _RP[top]
        p = _RC[top]
        _RP[top] = _RP[i]
        _RC[top] = _RC[i]
        risk += pts * p * none_better // _ONE
        none_better = none_better * (_ONE - p) // _ONE
    return risk


def rather(seq, count, have, n_pool, k, x):
    """The ranks a normal player would rather have laid than x, had he held one he could
    lay, by more than MARGIN: seq the count's cards before x, have[r] of each rank among
    the n_pool cards he could not see, k the cards held by the next to lay (0: none)."""
    _view(have, n_pool, k)
    n = len(seq)
    for i in range(n):
        _BUF[i] = seq[i]
    _BUF[n] = x
    p = PIPS[x >> 2]
    top = peg_count(_BUF, 0, n + 1, count + p) * _ONE - _risk(k, 0, n + 1, count + p) + p + MARGIN
    mask = 0
    for r in range(13):
        p = PIPS[r]
        if r == x >> 2 or count + p > 31:
            continue
        _BUF[n] = r << 2
        if peg_count(_BUF, 0, n + 1, count + p) * _ONE - _risk(k, 0, n + 1, count + p) + p > top:
            mask |= 1 << r
    return mask


def told_of(g, seat, s):
    """At any number of hands: ranks seat s holds none of by his cards laid in this deal,
    each read as a normal player's (rather()), as seat sees them; 0 if a card of his belies
    an earlier card's reading."""
    trail = g.trail
    n = g.players
    mask = 0
    for i in range(len(trail)):
        t = trail[i]
        if t >> 6 & 3 != s:
            continue
        if mask >> ((t & 63) >> 2) & 1:
            return 0
        x = t & 63
        nb = t >> 8 & 15
        count = 0
        for j in range(i - nb, i):
            count += PIPS[(trail[j] & 63) >> 2]
        # What he could not see then (as _told_at), and who was to lay after him.
        gone = bytearray(52)
        if g.starter is not None:
            gone[g.starter] = 1
        held = bytearray(4)
        for j in range(len(trail)):
            u = trail[j]
            if j < i or u >> 6 & 3 == s:
                gone[u & 63] = 1
            if j < i:
                held[u >> 6 & 3] += 1
        have = bytearray(13)
        for c in range(52):
            if not gone[c]:
                have[c >> 2] += 1
        k = 0
        for d in range(1, n):
            q = (s + d) % n
            if not t >> 12 >> q & 1 and held[q] < 4:
                k = 4 - held[q]
                break
        seq = [u & 63 for u in trail[i - nb:i]]
        mask |= rather(seq, count, have, sum(have), k, x)
    return mask


def left_to(g, seat, s, pool, k):
    """(cards, k) for players.cpu.reply_values: the cards of pool seat s may hold (k of
    them), as seat sees it: above what his go calls in this deal left room for, none of
    the ranks told_of() says he has not got (pool itself if fewer than k would be left);
    and -k if s is seat's partner (his reply a gain)."""
    floor = 0
    for t, count in g.gos:
        if t == s and 31 - count > floor:
            floor = 31 - count
    no = told_of(g, seat, s) if g.played[s] else 0
    fits = bytearray(c for c in pool if PIPS[c >> 2] > floor and not no >> (c >> 2) & 1)
    return fits if len(fits) >= k else pool, -k if g.side_of(s) == g.side_of(seat) else k


def guess_pool(g, seat, memos):
    """(pool, spent) for players.cpu's two-hand look-ahead: the cards the opponent may hold
    (unseen, above what each of his go calls left room for, and none his play tells he
    has not got), and the positions of its budget spent reading his play; memos: the
    caller's memo for each seat (kept there: this module is let go between cards)."""
    opp = 1 - seat
    k = len(g.hands[opp])
    floor = 0
    for s, count in g.gos:
        if s == opp and 31 - count > floor:
            floor = 31 - count
    hidden = g.unseen(seat)
    pool = bytearray(c for c in hidden if PIPS[c >> 2] > floor)
    spent = 0
    if g.played[opp]:
        memo = memos[seat & 1]
        if memo is None:
            memo = memos[seat & 1] = new_memo()
        pool = leaves(pool, told(g, seat, memo), k)
        spent = memo[2] * _TOLD_COST
    if len(pool) < k:
        pool = bytearray(hidden)
    return pool, spent
