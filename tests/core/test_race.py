# The end of the two-hand game as a race (players.race, tables.racetable): the tables
# are chances, needing less is never worse, and the expert's lay-away near home is
# the model's chance worked out again here the slow way.
from players import coach, review
from players import laying
from players import race
from tables import racetable
from rules.cards import card_name
from rules.cribbage import Cribbage
from rules.score import score


def _chances(data):
    return [data[i] << 8 | data[i + 1] for i in range(0, len(data), 2)]


def test_the_tables_are_chances():
    for data in (racetable.PONE, racetable.PONE_REST, racetable.DEALER_REST):
        assert sum(_chances(data)) == racetable.ONE
    side = racetable.SIDE
    for table in (racetable.AS_PONE, racetable.AS_DEALER):
        assert len(table) == side * side


def test_needing_less_is_never_worse():
    for table in (racetable.AS_PONE, racetable.AS_DEALER):
        for m in range(1, 80, 3):
            for n in range(1, 80, 3):
                c = race.chance(table, m, n)
                assert race.chance(table, m + 1, n) <= c + 1
                assert race.chance(table, m, n + 1) >= c - 1
    # Needing one as the pone (counting first, his deal to come) is near a sure win;
    # so is the other side needing one.
    assert race.chance(racetable.AS_PONE, 40, 1) < 5
    assert race.chance(racetable.AS_DEALER, 1, 60) > 240


def _slow_wins(hand, shift, unseen, a, b, dealer):
    """race.wins for one kept hand, the slow way: every starter, in floats."""
    one = racetable.ONE
    rest = _chances(racetable.DEALER_REST if dealer else racetable.PONE_REST)
    pone = _chances(racetable.PONE)
    total = 0.0
    for s in unseen:
        h = score(hand, s) + (shift if dealer else 0)
        for r, p in enumerate(rest):
            x = max(0, h + r)
            if dealer:
                # The pone counts first: he must fall short of b; then home, or the next deal.
                short = sum(pone[:b]) / one
                v = short if x >= a else race.chance(racetable.AS_DEALER, a - x, b) / 255
            else:
                n = b - shift
                v = 1.0 if x >= a else race.chance(racetable.AS_PONE, a - x, n) / 255 if n > 0 else 0.0
            total += p / one * v
    return total / len(unseen)


def test_wins_is_the_model_worked_out():
    for seed, scores in ((3, (100, 104)), (8, (112, 90)), (13, (85, 117))):
        g = Cribbage(seed, 2)
        g.scores = list(scores)
        for seat in (0, 1):
            values = laying.discard_values(g, seat, "expert")
            kept = [tuple(c for c in g.hands[seat] if c not in laid) for _, laid in values[:4]]
            shifts = [0, 2, -1, 9]
            got = race.wins(kept, shifts, g.unseen(seat), 121 - scores[seat], 121 - scores[1 - seat],
                            g.dealer == seat)
            for k in range(4):
                want = _slow_wins(kept[k], max(-8, min(8, shifts[k])), g.unseen(seat), 121 - scores[seat],
                                  121 - scores[1 - seat], g.dealer == seat)
                assert abs(got[k] / race.SCALE - want) < 0.002, (seed, seat, k, got[k] / race.SCALE, want)


def test_near_home_the_expert_races():
    # Far from home the expert lays away for points; near it, of its best few by
    # points, for the game (and the coach names the same cards).
    g = Cribbage(4, 2)
    assert not laying.racing(g, 0, "expert")
    g.scores = [95, 100]
    assert laying.racing(g, 0, "expert") and not laying.racing(g, 0, "normal")
    for seat in (0, 1):
        cards, values = laying.choose_discard(g, seat, "expert")
        best = sorted(values, key=lambda t: -t[0])[:laying.RACE_LOOK]
        assert cards in [c for _, c in best]
        assert coach.best_discard(g, seat)[0] == cards
    # A pone needing 2 counts first: every hand of his gets him home.
    g.scores = [119, 90] if g.dealer == 1 else [90, 119]
    pone = 1 - g.dealer
    values = laying.discard_values(g, pone, "expert")
    kept = [tuple(c for c in g.hands[pone] if c not in laid) for _, laid in values]
    assert min(race.wins(kept, [0] * 15, g.unseen(pone), 2, 31, False)) > race.SCALE * 97 // 100


def test_near_home_the_review_judges_by_the_coachs_chance():
    # Issue 30, item 5: the review judges a lay-away by what the coach advised, so
    # following the coach near home is never called a mistake, and the most points are.
    for seed in range(1, 40):
        g = Cribbage(seed, 2)
        g.scores = [81, 81]
        cards, values = laying.choose_discard(g, 0, "expert")
        most = max(values, key=lambda t: t[0])[1]
        if sorted(cards) == sorted(most):
            continue
        advised = coach.best_discard(g, 0)
        assert advised[0] == cards and advised[2] and 0 < advised[1] < 1
        r = review.Review(0)
        r.discard(g, cards)
        assert r.lines()[0].startswith("Lay away: yours was best, ") and r.lines()[0].endswith("% to win")
        r.discard(g, most)
        names = " ".join(card_name(c) for c in cards)
        assert r.lines()[0].startswith("Lay away: best %s " % names) and "% to win" in r.lines()[0]
        return
    raise AssertionError("no deal where the chance and the points part")
