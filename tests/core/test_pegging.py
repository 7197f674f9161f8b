# The play's scorer against a brute force that follows the rules' words.
import sys

from rules.cards import PIPS, make_card
from rules.pegging import count_of, items, peg
from rules.rng import Rng

# CPython checks every reachable count of up to LONGEST cards in make test
# (make bench goes to eight); the MicroPython VM, some fifty times slower, to four.
ON_CPYTHON = sys.implementation.name == "cpython"
LONGEST = 5 if ON_CPYTHON else 4
SAMPLES = 2000 if ON_CPYTHON else 200


def brute(ranks):
    """The play's points for the last of `ranks`, straight from the rules."""
    n = len(ranks)
    total = 0
    for r in ranks:
        total += PIPS[r]
    points = 0
    if total == 15 or total == 31:
        points += 2
    # The longest run of equal ranks ending with the last card: every two of them a pair.
    for k in (4, 3, 2):
        if n >= k and all(r == ranks[-1] for r in ranks[n - k:]):
            points += k * (k - 1) // 2 * 2
            break
    # The longest tail of three or more cards of different ranks with no gap between them.
    for k in range(n, 2, -1):
        tail = ranks[n - k:]
        if len(set(tail)) == k and max(tail) - min(tail) == k - 1:
            points += k
            break
    return points


def cards_for(ranks):
    """Distinct cards with these ranks (the suit is the rank's occurrence so far)."""
    seen = [0] * 13
    out = []
    for r in ranks:
        out.append(make_card(r, seen[r]))
        seen[r] += 1
    return out


def walk(longest, visit):
    """Call visit(ranks, cards) for every rank sequence a count can hold: at most four
    of a rank, the count never past 31, one to `longest` cards; cards as cards_for()
    gives them. Returns how many."""
    ranks = []
    cards = []
    used = [0] * 13
    stack = [0]
    total = 0
    seen = 0
    while stack:
        r = stack[-1]
        if r == 13:
            stack.pop()
            if ranks:
                q = ranks.pop()
                cards.pop()
                used[q] -= 1
                total -= PIPS[q]
                stack[-1] += 1
            continue
        if used[r] < 4 and total + PIPS[r] <= 31:
            ranks.append(r)
            cards.append(make_card(r, used[r]))
            used[r] += 1
            total += PIPS[r]
            visit(ranks, cards)
            seen += 1
            if len(ranks) < longest:
                stack.append(0)
                continue
            ranks.pop()
            cards.pop()
            used[r] -= 1
            total -= PIPS[r]
        stack[-1] += 1
    return seen


def check_all(longest):
    bad = []

    def visit(ranks, cards):
        if peg(cards) != brute(ranks) and len(bad) < 5:
            bad.append(list(ranks))

    n = walk(longest, visit)
    assert not bad, "peg differs from the rules on %r" % (bad,)
    return n


def test_every_reachable_count_matches_the_brute_force():
    n = check_all(LONGEST)
    # As many sequences as a separate count gives (13, 169, 2197, 22603, 157605, ...).
    expect = (1, 14, 183, 2380, 24983, 182588, 969138)[LONGEST]
    assert n == expect - 1, n


def test_the_walk_counts_what_a_count_can_hold():
    # Two cards: any two ranks (169); three: all but the few past 31 with three tens.
    assert walk(2, lambda ranks, cards: None) == 13 + 169
    three = 0
    for a in range(13):
        for b in range(13):
            for c in range(13):
                if PIPS[a] + PIPS[b] + PIPS[c] <= 31:
                    three += 1
    assert walk(3, lambda ranks, cards: None) == 13 + 169 + three


def test_suit_never_matters():
    rng = Rng(9)
    for _ in range(300):
        ranks = []
        total = 0
        while len(ranks) < 8:
            r = rng.below(13)
            if total + PIPS[r] > 31 or ranks.count(r) == 4:
                break
            ranks.append(r)
            total += PIPS[r]
        base = peg(cards_for(ranks))
        # The same ranks in other suits (distinct cards, shuffled suit choice).
        for _ in range(4):
            suits = {}
            cards = []
            for r in ranks:
                free = [s for s in range(4) if (r, s) not in suits]
                s = free[rng.below(len(free))]
                suits[(r, s)] = 1
                cards.append(make_card(r, s))
            assert peg(cards) == base


def test_long_counts_of_three_and_four_players():
    # Up to thirteen cards fit under 31 (four aces, four twos, four threes, a four).
    c = cards_for([0, 1, 2, 3, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    assert count_of(c) == 28
    assert peg(c) == brute([0, 1, 2, 3, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    rng = Rng(31)
    for _ in range(SAMPLES):
        ranks = []
        total = 0
        while True:
            r = rng.below(4) if rng.below(3) else rng.below(13)
            if total + PIPS[r] > 31 or ranks.count(r) == 4:
                break
            ranks.append(r)
            total += PIPS[r]
            assert peg(cards_for(ranks)) == brute(ranks), ranks


def test_examples_a_player_knows():
    def p(text):
        from rules.cards import parse_cards
        return peg(parse_cards(text))

    assert p("5H") == 0
    assert p("5H TD") == 2  # fifteen two
    assert p("5H 5D") == 2  # a pair
    assert p("5H 5D 5C") == 2 + 6  # fifteen and a pair royal
    assert p("4H 4D 4C") == 6  # pair royal
    assert p("2H 2D 2C 2S") == 12  # double pair royal
    assert p("7H 8D") == 2  # fifteen
    assert p("7H 8D 8C") == 2  # pair (count 23)
    assert p("4H 6D 5C") == 5  # run of three and fifteen
    assert p("4H 6D 5C 3S") == 4  # run of four
    assert p("4H 6D 5C 3S 7D") == 5  # run of five (count 25)
    assert p("4H 6D 4C 5S") == 3  # only the last three make a run
    assert p("KH QH JH") == 3  # count 30
    assert p("KH QH 9H 2H") == 2  # 31
    assert p("KH QH 9H AH") == 0
    assert p("KH QH AH") == 0  # ace is low: no run with queen and king
    assert p("AH 2D 3C") == 3
    assert p("TH TD AC TS") == 2  # 31
    assert p("TH JD QC AS") == 2  # 31, no run through the ace
    assert p("9H TD JC AS") == 0  # the ace breaks the run
    assert p("9H TD JC") == 3


def test_items_add_up_and_name_the_cards():
    from rules.cards import parse_cards

    got = items(parse_cards("4H 6D 5C"))
    assert [(lab, pts) for lab, pts, _ in got] == [("fifteen", 2), ("run", 3)]
    got = items(parse_cards("4H 4D 4C"))
    assert got == [("pair royal", 6, tuple(parse_cards("4H 4D 4C")))]
    got = items(parse_cards("TH JD QC AS"))
    assert [(lab, pts) for lab, pts, _ in got] == [("thirty-one", 2)]
    got = items(parse_cards("8H 7D"))
    assert [(lab, pts) for lab, pts, _ in got] == [("fifteen", 2)]
    assert items(parse_cards("8H 6D")) == []
    rng = Rng(4)
    for _ in range(500):
        ranks = []
        total = 0
        while True:
            r = rng.below(13)
            if total + PIPS[r] > 31 or ranks.count(r) == 4:
                break
            ranks.append(r)
            total += PIPS[r]
        if ranks:
            c = cards_for(ranks)
            assert sum(pts for _, pts, _ in items(c)) == peg(c)
