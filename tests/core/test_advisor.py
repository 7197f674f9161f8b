# The discard advisor and auto-play: what the player is taken to see, exact
# expectations against a small brute force, rankings, policies, seeded games.
import sys

from brute import brute, combos2
from players import advisor
from players import autoplay
from rules import solitaires as games
from rules.score import score

CPYTHON = sys.implementation.name == "cpython"
HEAVY = 10 if CPYTHON else 1
SLOW = ("test_advice_pays",)  # pytest marks these slow (tests/conftest.py): no pytest import here


def play_to(variant, seed, decision):
    """The game at its decision-th pending discard (0-based), playing the advisor."""
    g = games.new(variant, seed)
    for _ in range(decision):
        g.discard(*advisor.best_discard(g))
    return g


def test_what_the_player_sees_in_foster():
    g = games.new("solitaire", 4)
    pending, crib, unseen, rule, others = advisor.situation(g)
    assert pending == g.pending and crib == () and others == () and rule is True
    # The two face-down crib cards are unseen; nothing else has been shown.
    assert len(unseen) == 46
    assert g.crib[0] in unseen and g.crib[1] in unseen
    assert sorted(unseen + bytes(pending)) == list(range(52))
    g.discard(*advisor.best_discard(g))
    pending, crib, unseen, rule, others = advisor.situation(g)
    # Deal two: the first eight cards and the starter (now in the hand) are seen.
    assert len(unseen) == 38
    for c in g.pack[:8]:
        assert c not in unseen


def test_what_the_player_sees_in_patience_ii():
    g = games.new("patience2", 9)
    pending, crib, unseen, rule, others = advisor.situation(g)
    assert crib == () and rule is False and len(unseen) == 46
    g.discard(*advisor.best_discard(g))
    pending, crib, unseen, rule, others = advisor.situation(g)
    # The second six: the first hand and the first two crib cards are known.
    assert crib == g.crib and len(crib) == 2 and others == (g.hand,)
    assert len(unseen) == 40
    for c in g.hand + g.crib + pending:
        assert c not in unseen


def test_situation_needs_a_pending_discard():
    g = autoplay.play("patience", 3, "random")
    try:
        advisor.situation(g)
    except ValueError as e:
        assert "pending" in str(e)
    else:
        assert False


def check_exact(g, policy="advisor"):
    pending, crib, unseen, rule, others = advisor.situation(g)
    ranked = advisor.rank_discards(g, policy)[0]
    want = brute(pending, crib, unseen, rule, others, policy == "advisor")
    got = {}
    for value, a, b in ranked:
        got[(a, b)] = value
    for k in range(15):
        i, j = advisor.PAIRS[k]
        assert abs(got[(pending[i], pending[j])] - want[k]) < 1e-9, (g, k, want[k])


def check_one_deal(g):
    # The one-deal value (the crib's last two cards taken as random) stays exact.
    pending, crib, unseen, rule, others = advisor.situation(g)
    nums, den, _ = advisor.expectations(pending, crib, unseen, rule, others)
    want = brute(pending, crib, unseen, rule, others)
    for k in range(15):
        assert abs(nums[k] / den - want[k]) < 1e-9, (g, k)


def whole_last_deal(pending, unseen):
    """Patience II's last deal by plain enumeration: for each first discard, the mean over
    the seven starters of first hand, heels and the best second discard (hand and crib)."""
    out = []
    for i, j in advisor.PAIRS:
        kept = tuple(c for c in pending if c != pending[i] and c != pending[j])
        total = 0
        for s in unseen:
            six = [c for c in unseen if c != s]
            best = 0
            for x, y in combos2(six):
                hand2 = tuple(c for c in six if c != x and c != y)
                best = max(best, score(hand2, s) + score((pending[i], pending[j], x, y), s))
            total += score(kept, s) + (2 if s >> 2 == 10 else 0) + best
        out.append(total / len(unseen))
    return out


def check_look_ahead(g):
    pending, crib, unseen, rule, others = advisor.situation(g)
    assert g.kind == 2 and not crib and len(unseen) == 7
    want = whole_last_deal(pending, unseen)
    ranked = advisor.rank_discards(g)[0]
    got = {}
    for value, a, b in ranked:
        got[advisor.PAIRS.index((pending.index(a), pending.index(b)))] = value
    # All fifteen are valued exactly, the best first; the player's pick (the review's
    # call) changes nothing.
    for k in range(15):
        assert abs(got[k] - want[k]) < 1e-9, (g, k)
    assert abs(ranked[0][0] - max(want)) < 1e-9
    i, j = advisor.PAIRS[14]
    assert advisor.rank_discards(g, "advisor", (pending[j], pending[i]))[0] == ranked


def test_patience_ii_first_discards_add_the_tables_gain():
    # Before the last deal the first discard is worth its one-deal value plus the
    # gain of the player's later choice of the second: from the full-pack table in
    # the first deal, from the table fitted to the unseen cards per rank in the
    # second and third.
    from tables import aheadcounts
    from tables import aheadtable

    for seed in range(2):
        g = games.new("patience2", 300 + seed)
        while g.round < 4:
            if not g.crib:
                pending, crib, unseen, rule, others = advisor.situation(g)
                nums, den, _ = advisor.expectations(pending, crib, unseen, rule, others)
                got = {}
                for value, a, b in advisor.rank_discards(g)[0]:
                    got[(a, b)] = value
                ranks = bytearray(13)
                for r in range(13):
                    ranks[r] = len([c for c in unseen if c >> 2 == r])
                for k in range(15):
                    i, j = advisor.PAIRS[k]
                    a = pending[i]
                    b = pending[j]
                    suited = a & 3 == b & 3
                    if g.round == 1:
                        gain = aheadtable.gain(a >> 2, b >> 2, suited)
                    else:
                        suit = len([c for c in unseen if c & 3 == a & 3])
                        table = aheadcounts.COUNTS[g.round - 2]
                        gain = aheadcounts.gain(table, a >> 2, b >> 2, suited, ranks, suit)
                    assert 7000 < gain < 14000  # a second hand and the choice's gain
                    assert abs(got[(a, b)] - nums[k] / den - gain / 1000) < 1e-9
            g.discard(*advisor.best_discard(g))


def race_by_enumeration(g):
    """Foster's last deal: for each discard, in how many of the 60 ways the six unseen
    cards can lie (crib pair, then the starter of the last four) the deal reaches 91."""
    pending, crib, unseen, rule, others = advisor.situation(g)
    need = g.target - g.score
    out = []
    for i, j in advisor.PAIRS:
        a = pending[i]
        b = pending[j]
        kept = tuple(c for c in pending if c != a and c != b)
        won = 0
        for x, y in combos2(list(unseen)):
            last = tuple(c for c in unseen if c != x and c != y)
            for s in last:
                total = score(kept, s) + score((a, b, x, y), s, True) + score(last, None)
                won += total + (2 if s >> 2 == 10 else 0) >= need
        out.append(won)
    return out


def test_fosters_last_deal_races_to_the_target():
    for seed in range(3 * HEAVY):
        g = play_to("solitaire", seed, 5)
        pending, crib, unseen, rule, others = advisor.situation(g)
        need = g.target - g.score
        want = race_by_enumeration(g)
        # race() counts each discard asked for exactly, and marks every other -1.
        assert advisor.race(pending, unseen, need, range(15), rule)[0] == want, seed
        assert advisor.race(pending, unseen, need, (2, 9), rule)[0] == [
            want[k] if k in (2, 9) else -1 for k in range(15)], seed
        # The ranking: of the RACE_LOOK best discards by expected points (the lower
        # code first among equals), the one most likely to win goes first, by points
        # among equals; every value stays the discard's expected points.
        points = brute(pending, crib, unseen, rule, others)
        top = sorted(range(15), key=lambda k: (-points[k], k))[:advisor.RACE_LOOK]
        best = max(top, key=lambda k: (want[k], points[k], -k))
        ranked = advisor.rank_discards(g)[0]
        assert advisor.PAIRS.index((pending.index(ranked[0][1]), pending.index(ranked[0][2]))) == best, seed
        assert advisor.best_discard(g) == ranked[0][1:]
        assert len(ranked) == 15
        for value, a, b in ranked:
            k = advisor.PAIRS.index(tuple(sorted((pending.index(a), pending.index(b)))))
            assert abs(value - points[k]) < 1e-9, (seed, k)
        # What the hint screen shows beside a pair (the wins rank_discards returns):
        # the counts of those ranked first and of the player's pick, whatever it is.
        mine = max(range(15), key=lambda k: (-points[k], k))  # the worst by points: never in the top
        i, j = advisor.PAIRS[mine]
        wins = advisor.rank_discards(g, "advisor", (pending[j], pending[i]))[1]
        assert wins == [want[k] if k in top or k == mine else -1 for k in range(15)], seed
    g = play_to("solitaire", 0, 4)
    assert advisor.rank_discards(g)[1] is None  # only the last deal races


def test_exact_late_in_the_deal():
    # The last deals have few unseen cards, so the brute force is quick even here.
    for seed in range(HEAVY):
        check_exact(play_to("solitaire", seed, 5))  # six cards unseen
        check_exact(play_to("patience", seed, 4))  # ten unseen
        check_one_deal(play_to("patience2", seed, 6))  # seven unseen, crib to come
        check_look_ahead(play_to("patience2", seed, 6))
        check_exact(play_to("patience2", seed, 7))  # the starter is the one card left
        check_exact(play_to("patience2", seed, 5))  # fourteen unseen, crib known


def test_exact_hand_only_policy():
    for seed in range(HEAVY):
        check_exact(play_to("patience", seed + 50, 0), "hand")
        check_exact(play_to("patience2", seed + 50, 1), "hand")


def test_ranking_is_complete_and_sorted():
    for variant in games.VARIANTS:
        g = games.new(variant, 12)
        while g.pending is not None:
            ranked, _, calls = advisor.rank_discards(g)
            assert len(ranked) == 15
            pairs = set()
            for value, a, b in ranked:
                assert a in g.pending and b in g.pending and a != b
                pairs.add((min(a, b), max(a, b)))
            assert len(pairs) == 15
            values = [r[0] for r in ranked]
            assert values == sorted(values, reverse=True)
            assert advisor.best_discard(g) == ranked[0][1:]
            # A hint counts each hand with one score() per starter rank at most; Patience
            # II's last first discard adds the look-ahead: 21 second hands and 35 cribs
            # per discard looked at.
            if g.kind == 2 and g.round == 4 and not g.crib:
                assert 0 < calls <= 15 * 7 + 21 + 35 * 15
            else:
                assert 0 < calls <= 15 * 13 * 2 + 13
            g.discard(*ranked[-1][1:])  # the worst discard: the game goes on all the same


def test_pure_function_matches_the_game():
    g = play_to("patience", 21, 2)
    pending, crib, unseen, rule, others = advisor.situation(g)
    nums, den, _ = advisor.expectations(pending, crib, unseen, rule, others)
    ranked = advisor.rank_discards(g)[0]
    assert ranked[0][0] == max(nums) / den
    try:
        advisor.expectations(pending[:5], crib, unseen, rule)
    except ValueError:
        pass
    else:
        assert False


def test_unknown_policy():
    g = games.new("solitaire", 1)
    for bad in ("best", "", None):
        try:
            advisor.best_discard(g, bad)
        except ValueError:
            pass
        else:
            assert False, bad
    try:
        autoplay.play("solitaire", 1, "clever")
    except ValueError as e:
        assert "clever" in str(e)
    else:
        assert False


def by_hand(variant, seed, policy):
    """The game played discard by discard with the advisor's own choice (not autoplay's loop)."""
    g = games.new(variant, seed)
    while g.pending is not None:
        g.discard(*advisor.best_discard(g, policy))
    return g


def test_autoplay_is_reproducible():
    for variant in games.VARIANTS:
        for policy in autoplay.POLICIES:
            a = autoplay.play(variant, 77, policy)
            b = autoplay.play(variant, 77, policy)
            assert a.over and a.log == b.log and a.save() == b.save()
            assert games.load(a.save()).log == a.log


def test_autoplay_plays_each_policy_as_the_advisor_chooses():
    for variant in games.VARIANTS:
        for policy in advisor.POLICIES:
            want = by_hand(variant, 77, policy)
            assert autoplay.play(variant, 77, policy).log == want.log, (variant, policy)


def test_step_plays_one_discard_at_a_time():
    g = games.new("patience2", 5)
    pick = autoplay.chooser("advisor")
    steps = 0
    while autoplay.step(g, pick):
        steps += 1
    assert steps == 8 and g.over
    assert g.log == by_hand("patience2", 5, "advisor").log
    assert not autoplay.step(g, pick)


def test_random_policy_differs_by_seed():
    a = autoplay.play("solitaire", 1, "random")
    b = autoplay.play("solitaire", 2, "random")
    assert a.moves != b.moves


def test_random_policy_lays_away_any_two_of_the_six_alike():
    # Each of the fifteen pairs of positions as often as another: a chi-square over
    # 1,600 discards (8 a game; 160 in the VM) below 36.1, its 0.1% point for 14 degrees.
    counts = [0] * 15
    games_n = 200 if CPYTHON else 20
    for seed in range(games_n):
        g = games.new("patience2", 500 + seed)
        pick = autoplay.chooser("random", 500 + seed)
        while g.pending is not None:
            a, b = pick(g)
            i = g.pending.index(a)
            j = g.pending.index(b)
            assert i != j
            counts[advisor.PAIRS.index((min(i, j), max(i, j)))] += 1
            g.discard(a, b)
    mean = sum(counts) / 15
    chi2 = sum((c - mean) ** 2 / mean for c in counts)
    assert sum(counts) == 8 * games_n and chi2 < 36.1, (chi2, counts)


def test_advice_pays():
    # Over a few games the advisor beats random discards by a wide margin, and
    # counting the crib beats ignoring it (means over the same deals).
    games_n = 6 * HEAVY
    for variant in games.VARIANTS:
        means = {}
        for policy in ("random", "hand", "advisor"):
            total = 0
            for seed in range(games_n):
                total += autoplay.play(variant, 1000 + seed, policy).score
            means[policy] = total / games_n
        assert means["advisor"] > means["random"] + 10, (variant, means)
        if CPYTHON:
            assert means["advisor"] > means["hand"], (variant, means)


def _patience_ways(pending, unseen, need, a, b):
    """Plain enumeration: of every two unseen cards for the crib and every other unseen
    starter, how many give hand + crib + heels of at least need."""
    kept = tuple(c for c in pending if c != a and c != b)
    ways = 0
    for x, y in combos2(list(unseen)):
        for s in unseen:
            if s in (x, y):
                continue
            pts = score(kept, s) + score((a, b, x, y), s) + (2 if s >> 2 == 10 else 0)
            ways += pts >= need
    return ways


def test_cribbage_patience_last_deal_is_a_race_to_80():
    # The last deal: of the best RACE_LOOK discards by points (and the player's pick),
    # the one that reaches 80 in the most of the 360 ways the ten unseen cards can lie.
    checked = 0
    for seed in range(12 if CPYTHON else 2):
        g = play_to("patience", 300 + seed, 4)
        assert g.round == g.deals
        pending, crib, unseen, rule, others = advisor.situation(g)
        assert len(unseen) == 10
        need = g.target - g.score
        ranked, wins, _ = advisor.rank_discards(g, "advisor", (pending[5], pending[4]))
        points = advisor.expectations(pending, crib, unseen, rule, others)[0]
        top = sorted(range(15), key=lambda k: (-points[k], k))[:advisor.RACE_LOOK]
        counted = top + [14] if 14 not in top else top
        for k in range(15):
            i, j = advisor.PAIRS[k]
            if k in counted:
                assert wins[k] == _patience_ways(pending, unseen, need, pending[i], pending[j]), (seed, k)
                checked += 1
            else:
                assert wins[k] == -1
        best = top[0]
        for k in top:
            if wins[k] > wins[best]:
                best = k
        i, j = advisor.PAIRS[best]
        assert advisor.best_discard(g) == (pending[i], pending[j])
        assert ranked[0][1:] == (pending[i], pending[j])
    assert checked >= (48 if CPYTHON else 8)
