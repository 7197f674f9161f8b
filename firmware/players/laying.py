# The computer's lay-away (players.cpu's discards; see its header for the levels),
# loaded for the discards only and let go for the play (players.cpu.let_go).
#
#   discard_values(g, seat, level)   # [(value, cards)] for every way to lay away
#   choose_discard(g, seat, level)   # (the cards, those values)
#   race_chances(g, seat, values, cribs, ks)  # near home: each lay-away's chance of the game
#   judged(g, seat, mine)            # the coach's lay-away and its figure, and mine's
#   added_up(g, seat)                # what the figure adds up, in words
from micropython import const

from players import level_index

_HAND = const(0)
_TABLE = const(1)
_EXACT = const(2)
# Near the end of a two-hand game (a side needs at most _RACE_NEAR) the expert
# lays away for the chance of winning the game (players.race), choosing among its
# RACE_LOOK best discards by points.
_RACE_NEAR = const(40)
RACE_LOOK = const(5)


def crib_sign(g, seat):
    """+2 when the crib is the seat's side's, -2 an opponent's (-1 at three hands: one of two)."""
    if g.side_of(g.dealer) == g.side_of(seat):
        return 2
    return -1 if g.players == 3 else -2


def discard_values(g, seat, level, cribs=None):
    """[(value, cards)] for every way the seat can lay away, in hand order; values in points.
    cribs, a list: each way's crib points (its own or the opponent's) are appended to it."""
    from players import advisor  # let go after the discards (let_go)

    lv = level_index(level)
    hand = g.hands[seat]
    out_of = g.unseen(seat)
    sign = crib_sign(g, seat)
    out = []
    if len(hand) == 6:
        parts = []
        den = advisor.expectations(hand, (), out_of, True, (), lv, parts)[1]
        terms = None
        if lv == _EXACT and g.players == 2:
            # The expert's discards add what the kept hand is worth in the play.
            from tables import playtable as pegtable

            terms = pegtable.DEALER if sign > 0 else pegtable.PONE
            ranks = bytearray(4)
        for k in range(15):
            h, c = parts[k]
            i, j = advisor.PAIRS[k]
            v = (2 * h + sign * c) / (2 * den)
            if cribs is not None:
                cribs.append(c / den)
            if terms is not None:
                n = 0
                for x in range(6):
                    if x != i and x != j:
                        ranks[n] = hand[x] >> 2
                        n += 1
                v += play_value(terms, ranks) / pegtable.SCALE
            out.append((v, (hand[i], hand[j])))
        return out
    n = len(out_of)
    terms = None
    if lv == _EXACT and g.players == 4:
        # The expert adds what the kept four are worth in the play at its place at the
        # table (tables.playmulti, fitted to simulated deals; at three hands such a table
        # measured no better).
        from tables import playmulti

        terms = playmulti.FOUR
        place = (seat - g.dealer) % 4 * 26
    for i in range(len(hand)):
        kept = tuple(hand[x] for x in range(len(hand)) if x != i)
        v = advisor.starter_total(kept, out_of) / n
        if lv != _HAND:
            v += sign * one_card_crib(hand[i]) / 2
        if terms is not None:
            v += multi_play_value(terms, place, kept) / playmulti.SCALE
        out.append((v, (hand[i],)))
    return out


def multi_play_value(terms, at, kept):
    """What keeping these four cards is worth in the four-hand play, by the terms of
    tables.playmulti from at (a place's): a term per rank, one per rank held twice."""
    total = 0
    held = 0
    for c in kept:
        r = c >> 2
        total += _signed(terms, at + r)
        if held >> r & 1 and not held >> (13 + r) & 1:
            total += _signed(terms, at + 13 + r)
            held |= 1 << (13 + r)
        held |= 1 << r
    return total


def play_value(terms, ranks):
    """What keeping these four ranks is worth in the play, by a side's terms of
    tables.playtable (in its 1/SCALE points): a term per rank, one per pair of ranks."""
    total = 0
    for i in range(4):
        a = ranks[i]
        total += _signed(terms, a)
        for j in range(i + 1, 4):
            b = ranks[j]
            lo, hi = (b, a) if b < a else (a, b)
            # Row lo of the pair terms starts after the rows of the ranks below it.
            total += _signed(terms, 13 + lo * 13 - lo * (lo - 1) // 2 + hi - lo)
    return total


def _signed(terms, i):
    v = terms[i]
    return v - 256 if v > 127 else v


def one_card_crib(card):
    """Expected crib points with this one card in it, the rest any cards (crib table)."""
    from tables import cribtable

    t = cribtable.FIVE
    r = card >> 2
    total = 3 * cribtable.expected(t, r, r, 0)
    for b in range(13):
        if b != r:
            total += 3 * cribtable.expected(t, r, b, 0) + cribtable.expected(t, r, b, 1)
    return total / 51000


def choose_discard(g, seat, level, cribs=None):
    """(the cards the seat lays away, discard_values() of every way). cribs, a list: filled
    with each way's crib points when the level lays away for the game's chance (racing)."""
    if not racing(g, seat, level):
        cribs = None
    elif cribs is None:
        cribs = []
    values = discard_values(g, seat, level, cribs)
    if cribs:
        return race_discard(g, seat, values, cribs), values
    best = None
    for v, cards in values:
        if best is None or v > best[0]:
            best = (v, cards)
    return best[1], values  # type: ignore


def racing(g, seat, level):
    """Whether the expert lays away for the game's chance rather than points (players.race)."""
    if level != "expert" or g.players != 2:
        return False
    return g.target - max(g.scores) <= _RACE_NEAR


def race_discard(g, seat, values, cribs):
    """Of the RACE_LOOK best discards by points, the one likeliest to win the game."""
    from players import race

    return race.pick(g.hands[seat], values, cribs, RACE_LOOK, *_race(g, seat))


def race_chances(g, seat, values, cribs, ks):
    """The chance of winning the game (0..1) with each lay-away values[k], k in ks."""
    from players import race

    return [x / race.SCALE for x in race.chances(g.hands[seat], values, cribs, ks, *_race(g, seat))]


def _race(g, seat):
    """What players.race weighs besides the lay-aways: the cards unseen, each side's need, the crib's side."""
    return g.unseen(seat), g.target - g.scores[seat], g.target - g.scores[1 - seat], g.dealer == seat


# The coach's lay-away (players.coach), here as it is loaded for the discards only.

def judged(g, seat, mine=None):
    """The expert's lay-away and its figure, and the same figure for the lay-away `mine`
    (None without), so that the coach's review judges it by what the coach advised:
    (cards, figure, by_chance, mine's figure). The figure is the points (added_up()),
    or near the end of the game, where the expert lays away for the game, the chance
    of winning (0..1, by_chance True)."""
    cribs = []
    cards, values = choose_discard(g, seat, "expert", cribs)
    ks = [_index(values, cards)]
    if mine is not None:
        ks.append(_index(values, mine))
    if cribs:
        figures = race_chances(g, seat, values, cribs, ks)
    else:
        figures = [values[k][0] for k in ks]
    return cards, figures[0], bool(cribs), figures[1] if mine is not None else None


def _index(values, cards):
    for k in range(len(values)):
        if sorted(values[k][1]) == sorted(cards):
            return k
    raise ValueError("not a lay-away: %r" % (cards,))


def added_up(g, seat):
    """What the expert's points for a lay-away add up, e.g. "hand + play - crib"."""
    s = "hand" if g.players == 3 else "hand + play"
    sign = crib_sign(g, seat)
    if sign > 0:
        return s + " + crib"
    return s + (" - half the crib" if sign == -1 else " - crib")  # at three hands one of two gains it
