# The computer's cribbage and the coach: legal, seeded, and right where it can be checked.
import sys

from engine_lines import after
from players import LEVELS, coach, review
from players import cpu
from players import laying
from players import lookahead
from tables import playtable as pegtable
from players import reading as told
from rules.cards import PIPS, card_name, parse_cards
from rules.cribbage import OVER, PLAY, SHOW, Cribbage
from rules.pegging import peg
from rules.rng import Rng

ON_CPYTHON = sys.implementation.name == "cpython"
MICROPYTHON_SKIP = ("test_three_and_four_hands_at_every_level",
                    "test_told_is_right_about_a_normal_player_and_drops_an_easy_one")


def _cards(text):
    return tuple(parse_cards(text))


def _stack(g, hands):
    """Chosen four-card hands for a play test (the deal's record says they were dealt)."""
    g.hands = list(hands)
    g.kept = list(hands)
    g.record.dealt = list(hands)
    g.starter = _cards("2C")[0]
    g.phase = PLAY
    g.turn = g.pone


def test_look_ahead_is_the_best_line_by_the_rules():
    checked = 0
    for seed in range(20 if ON_CPYTHON else 3):
        g = Cribbage(seed, 2, dealer=seed % 2)
        rng = Rng(seed)
        cpu.move(g, "easy")
        cpu.move(g, "easy")
        for _ in range(rng.below(5)):
            if g.phase == PLAY:
                cpu.move(g, "easy")
        if g.phase != PLAY or not g.playable():
            continue
        me = g.turn
        mine = g.hands[me]
        lookahead.setup(mine, g.hands[1 - me], g.seq, g.count, g.passed & (1 << (1 - me)))
        out = [None] * len(mine)
        nodes = lookahead.values(out)  # the positions visited: his replies at least
        assert nodes > 0 or not g.hands[1 - me], (seed, nodes)
        for i in range(len(mine)):
            if out[i] is not None:
                assert out[i] == after(g, me, mine[i]), (seed, mine[i])
                checked += 1
    assert checked > (25 if ON_CPYTHON else 2)


def _play_out(g, levels, rng=None):
    steps = 0
    while g.phase != OVER:
        lv = levels[g.turn % len(levels)]
        cpu.move(g, lv)
        steps += 1
        assert steps < 3000
    return g


def test_two_hands_at_every_level_are_legal_and_seeded():
    pairs = [(a, b) for a in LEVELS for b in LEVELS]
    for a, b in pairs if ON_CPYTHON else pairs[:1]:  # the VM plays the first pair only
        seed = 7 + LEVELS.index(a) * 3 + LEVELS.index(b)
        g = _play_out(Cribbage(seed, 2, target=61), (a, b))
        h = _play_out(Cribbage(seed, 2, target=61), (a, b))
        assert g.save() == h.save() and g.scores == h.scores


def test_three_and_four_hands_at_every_level():
    for players in (3, 4):
        for lv in LEVELS:
            g = _play_out(Cribbage(players, players, target=61), (lv,))
            assert g.over and max(g.scores) >= 61


def test_easy_lays_what_scores_most_now():
    g = Cribbage(1, 2, dealer=1)
    _stack(g, [_cards("7H 5D 9C 2S"), _cards("TS 6S 8D 6D")])
    g.play(_cards("7H")[0])
    assert cpu.play(g, 1, "easy") == _cards("8D")[0]  # fifteen two


def test_every_level_takes_31():
    g = Cribbage(2, 2, dealer=1)
    _stack(g, [_cards("KH QD 9C 2S"), _cards("AS 3S 8D JD")])
    g.play(_cards("KH")[0])
    g.play(_cards("AS")[0])
    g.play(_cards("QD")[0])  # 21
    assert g.turn == 1
    # The dealer at 21: 8 makes 29 (the pone's 2 then makes 31), 3 makes 24, J makes 31.
    for lv in LEVELS:
        assert cpu.play(g, 1, lv) == _cards("JD")[0]


def test_normal_does_not_lead_a_five():
    g = Cribbage(3, 2, dealer=1)
    _stack(g, [_cards("5H 4D 9C KS"), _cards("TS 7S 8D 6D")])
    assert cpu.play(g, 0, "normal") != _cards("5H")[0]
    assert cpu.play(g, 0, "expert") != _cards("5H")[0]


def test_the_computer_uses_only_what_it_can_see():
    # Two games alike but for the cards the opponent holds: the normal player's view
    # of the cards is the same, so its choice is the same.
    a = Cribbage(5, 2, dealer=1)
    _stack(a, [_cards("7H 4D 9C KS"), _cards("TS 7S 8D 6D")])
    b = Cribbage(5, 2, dealer=1)
    _stack(b, [_cards("7H 4D 9C KS"), _cards("AS 2S 3D 4H")])
    assert cpu.normal_values(a, 0, a.playable(0)) == cpu.normal_values(b, 0, b.playable(0))
    assert cpu.play(a, 0, "expert") == cpu.play(b, 0, "expert")


def test_discard_values_add_the_crib_as_dealer_and_take_it_as_pone():
    g = Cribbage(11, 2, dealer=0)
    as_dealer = laying.discard_values(g, 0, "expert")
    g.dealer = 1  # the same cards, the other seat's crib
    as_pone = laying.discard_values(g, 0, "expert")
    g.dealer = 0
    hand_only = laying.discard_values(g, 0, "easy")
    for (d, cd), (p, cp), (h, ch) in zip(as_dealer, as_pone, hand_only):
        assert cd == cp == ch
        # Less what the kept hand is worth in the play, as dealer and as pone:
        ranks = bytearray(c >> 2 for c in g.hands[0] if c not in cd)
        d -= laying.play_value(pegtable.DEALER, ranks) / pegtable.SCALE
        p -= laying.play_value(pegtable.PONE, ranks) / pegtable.SCALE
        assert abs((d + p) / 2 - h) < 1e-6
        assert d > p
    best, v, by_chance = coach.best_discard(g, 0)
    assert not by_chance and v == max(x for x, _ in as_dealer)
    assert best == cpu.discard(g, 0, "expert")


def test_play_value_of_a_kept_hand():
    # 104 terms a side: one per rank held, one per pair of ranks.
    assert len(pegtable.DEALER) == len(pegtable.PONE) == 13 + 91
    a = laying.play_value(pegtable.PONE, bytearray((0, 4, 9, 12)))
    for order in ((12, 9, 4, 0), (4, 0, 12, 9)):
        assert laying.play_value(pegtable.PONE, bytearray(order)) == a
    # Each pair of cards adds its pair's term once: the sum over ranks and pairs.
    ranks = (2, 2, 7, 11)
    total = sum(laying._signed(pegtable.DEALER, r) for r in ranks)
    for i in range(4):
        for j in range(i + 1, 4):
            lo, hi = sorted((ranks[i], ranks[j]))
            total += laying._signed(pegtable.DEALER, 13 + _pair_index(lo, hi))
    assert laying.play_value(pegtable.DEALER, bytearray(ranks)) == total
    # Low cards peg better than court cards for either side (the go, fifteens on them).
    low = bytearray((0, 1, 2, 3))
    court = bytearray((9, 10, 11, 12))
    for terms in (pegtable.DEALER, pegtable.PONE):
        assert laying.play_value(terms, low) > laying.play_value(terms, court)


def _pair_index(lo, hi):
    n = 0
    for a in range(13):
        for b in range(a, 13):
            if (a, b) == (lo, hi):
                return n
            n += 1
    raise AssertionError


def test_discards_of_three_and_four_hands():
    for players in (3, 4):
        g = Cribbage(21, players, dealer=0)
        vals = laying.discard_values(g, 1, "normal")
        assert len(vals) == 5 and all(len(c) == 1 for _, c in vals)
    # The expert adds what the kept four are worth in the play at its place (tables.playmulti).
    from tables import playmulti

    for players in (3, 4):
        for seed in range(6):
            g = Cribbage(30 + seed, players, dealer=seed % players)
            for seat in range(players):
                normal = laying.discard_values(g, seat, "normal")
                expert = laying.discard_values(g, seat, "expert")
                at = (seat - g.dealer) % players * 26
                for (v, c), (w, d) in zip(normal, expert):
                    kept = [x for x in g.hands[seat] if x != c[0]]
                    add = laying.multi_play_value(playmulti.FOUR, at, kept) / playmulti.SCALE if players == 4 else 0
                    assert c == d and abs(w - v - add) < 1e-9  # at three hands the expert lays away as normal
    terms = bytes(range(26)) * 4  # rank r's term r, a rank held twice 13 + r
    assert laying.multi_play_value(terms, 26, _cards("5H 5D 5S KC")) == 3 * 4 + 12 + (13 + 4)
    five = laying.one_card_crib(_cards("5H")[0])
    king = laying.one_card_crib(_cards("KH")[0])
    assert 4 < king < five < 7


def test_coach_gives_a_card_and_a_reason():
    g = Cribbage(1, 2, dealer=1)
    _stack(g, [_cards("7H 5D 9C 2S"), _cards("TS 7S 3D 6D")])
    g.play(_cards("7H")[0])
    card, why = coach.best_play(g, 1)
    assert why == {"7S": "pairs for 2", "3D": "a lead under 5: no fifteen"}.get(
        card_name(card), why) and why
    assert coach.reason(g, 1, _cards("7S")[0], g.playable(1)) == "pairs for 2"
    g = Cribbage(1, 2, dealer=1)
    _stack(g, [_cards("KH QD 9C 2S"), _cards("AS 3S 8D JD")])
    g.play(_cards("KH")[0])
    g.play(_cards("AS")[0])
    g.play(_cards("QD")[0])
    assert coach.best_play(g, 1) == (_cards("JD")[0], "31 for 2")
    g = Cribbage(1, 2, dealer=1)
    _stack(g, [_cards("KH QD 9C 2S"), _cards("AS 3S 8D JD")])
    g.play(_cards("KH")[0])
    g.play(_cards("AS")[0])
    g.play(_cards("9C")[0])  # 20: the dealer's 8 makes 28, 3 makes 23, J makes 30
    assert coach.reason(g, 1, _cards("JD")[0], g.playable(1)) == "keeps low cards for later"
    g = Cribbage(1, 2, dealer=1)
    _stack(g, [_cards("KH QD 9C 2S"), _cards("AS 3S 8D JD")])
    g.play(_cards("KH")[0])
    g.play(_cards("AS")[0])
    g.play(_cards("QD")[0])
    g.play(_cards("JD")[0])  # 31
    g.play(_cards("9C")[0])
    g.play(_cards("8D")[0])
    g.play(_cards("2S")[0])
    assert g.turn == 1 and coach.best_play(g, 1)[0] == _cards("3S")[0]


def test_coach_reasons_name_the_danger():
    g2 = Cribbage(1, 2, dealer=1)
    _stack(g2, [_cards("KH QD 9C 2S"), _cards("AS 3S TD 4D")])
    g2.play(_cards("KH")[0])
    g2.play(_cards("AS")[0])
    # The pone at 11 holding Q, 9, 2: Q leaves 21, 9 leaves 20, 2 leaves 13.
    assert coach.reason(g2, 0, _cards("2S")[0], g2.playable(0)) == "avoids leaving 21"
    assert coach.reason(g2, 0, _cards("QD")[0], g2.playable(0)) == "the least bad"
    assert coach.reason(g2, 0, _cards("9C")[0], g2.playable(0)) == "avoids leaving 21"


def test_coach_says_a_card_is_the_only_one_that_fits():
    # Issue 30: at 23 with 3C and QC only the three fits under 31: not "any of them".
    g = Cribbage(1, 2, dealer=1)
    _stack(g, [_cards("3C QC 5D 6D"), _cards("KH KS 4H 2S")])
    g.play(_cards("5D")[0])
    g.play(_cards("KH")[0])
    g.play(_cards("6D")[0])
    g.play(_cards("2S")[0])
    assert g.count == 23 and g.turn == 0 and list(g.playable(0)) == [_cards("3C")[0]]
    assert coach.best_play(g, 0) == (_cards("3C")[0], "the only card that fits")
    # Two cards of one rank that both fit: either is as good.
    g2 = Cribbage(1, 2, dealer=1)
    _stack(g2, [_cards("3C 3D KD 6D"), _cards("KH KS 4H 2S")])
    assert coach.reason(g2, 0, _cards("3C")[0], _cards("3C 3D")) == "any of them"


def test_review_after_a_deal():
    g = Cribbage(31, 2, dealer=1)
    r = review.Review(0)
    rng = Rng(31)
    while g.deal_no == 1 and not g.over:
        if g.turn == 0 and g.phase != SHOW:
            if g.to_discard(0):
                h = g.hands[0]
                r.discard(g, (h[0], h[1]))
                g.discard(0, h[0], h[1])
                continue
            p = g.playable()
            c = p[rng.below(len(p))] if p else None
            r.play(g, c)
            g.go() if c is None else g.play(c)
        else:
            cpu.move(g, "normal")
    lines = r.lines()
    # The deal has plays with a choice (two cards or more could be laid): each is reviewed.
    assert r.plays > 0 and len(lines) == 2, (r.plays, lines)
    assert lines[0].startswith("Lay away: ")
    assert lines[1].startswith("Play: %d of %d as the coach" % (r.same, r.plays)), lines
    r.reset()
    assert r.lines() == []


def test_peg_is_what_easy_maximises():
    g = Cribbage(9, 2)
    rng = Rng(9)
    while g.phase != OVER and g.deal_no < 3:
        if g.phase == PLAY and len(g.playable()) > 1:
            c = cpu.play(g, g.turn, "easy")
            best = max(peg(list(g.seq) + [x]) for x in g.playable())
            assert peg(list(g.seq) + [c]) == best
        cpu.move(g, "easy") if rng.below(2) else cpu.move(g, "normal")


def test_guesses_are_drawn_as_likely_as_normal_keeps_them():
    from rules.score import score

    laid = _cards("5H")[0]
    pool = bytearray(c for c in range(52) if c != laid)
    guess = bytearray(3)
    theirs = [laid, 0, 0, 0]  # one card laid, three hidden
    rng = Rng(2024)

    def mean_score(prior, cap, n=300):
        total = 0
        for _ in range(n):
            cpu.draw_kept(pool, guess, theirs, prior, cap, rng)
            assert theirs[0] == laid and len(set(theirs)) == 4
            total += score(theirs, None)
        return total / n

    plain = mean_score(None, 1)
    kept = mean_score(cpu.PRIOR[0], 16 * cpu.PRIOR_CAP)
    # A five and three random cards score about 3.9 alone; the kind normal keeps, about 5.7.
    assert kept > plain + 1, (plain, kept)
    # A prior that takes only fours of eight or more: every draw that stands is one.
    eight = bytes(0 if s < 8 else 1 for s in range(13))
    for _ in range(40):
        draws = cpu.draw_kept(pool, guess, theirs, eight, 1, rng)
        assert draws == 30 or score(theirs, None) >= 8  # 30: the last try stands anyway


def test_a_normal_players_lead_tells_what_he_holds_not():
    g = Cribbage(11, 2, dealer=1)
    _stack(g, [_cards("KS QH 9D 8C"), _cards("5H 6D 7C JS")])
    king = _cards("KS")[0]
    assert cpu.play(g, 0, "normal") == king  # a normal pone leads his highest safe card
    g.play(king)
    no = told.told(g, 1, told.new_memo())
    # Holding an ace to a four he would have led it (no fifteen can follow it): he holds none.
    assert all(no >> r & 1 for r in range(4)), bin(no)
    assert not no >> 12 & 1 and not no >> 11 & 1


def test_a_player_who_belies_the_reading_tells_nothing():
    g = Cribbage(12, 2, dealer=1)
    _stack(g, [_cards("KS QH 9D 3C"), _cards("5H 6D 7C JS")])
    g.play(_cards("KS")[0])  # not what a normal player holding the three leads
    assert told.told(g, 1, told.new_memo()) >> 2 & 1  # read as a normal player: no three
    g.play(_cards("JS")[0])
    g.play(_cards("3C")[0])  # the three shows he does not play that way
    assert told.told(g, 1, told.new_memo()) == 0


def test_told_is_right_about_a_normal_player_and_drops_an_easy_one():
    wrong = cards = ranks = calls = 0
    for seed in range(40):
        g = Cribbage(700 + seed, 2, dealer=seed & 1)
        memo = told.new_memo()
        while g.deal_no == 1 and not g.over:
            if g.phase == PLAY and g.turn == 0 and g.played[1] and g.hands[1]:
                no = told.told(g, 0, memo)
                calls += 1
                ranks += bin(no).count("1")
                cards += len(g.hands[1])
                wrong += len([c for c in g.hands[1] if no >> (c >> 2) & 1])
            cpu.move(g, ("expert", "normal")[g.turn])
    assert ranks >= 2 * calls  # it tells something
    assert wrong * 50 <= cards, (wrong, cards)  # and is wrong about at most one card in 50
    # Over a whole game against easy (who lays the first of his cards that scores most
    # now) the reading slips often and is dropped; against normal it holds.
    for opp, reads in (("easy", False), ("normal", True)):
        g = _play_out(Cribbage(40, 2), ("expert", opp))
        assert told.reads_normal(cpu._READ[0]) == reads, opp


def test_told_judges_a_card_as_normal_does():
    # players.reading's own reckoning of normal's judgement (allocation-free) against
    # players.cpu.reply_values, which the normal player lays by, on seeded positions.
    rng = Rng(77)
    for _ in range(150 if ON_CPYTHON else 30):
        pack = list(range(52))
        for i in range(51, 0, -1):
            j = rng.below(i + 1)
            pack[i], pack[j] = pack[j], pack[i]
        seq = []
        count = 0
        for c in pack[:rng.below(4)]:
            if count + PIPS[c >> 2] <= 31:
                seq.append(c)
                count += PIPS[c >> 2]
        x = pack[10]
        if count + PIPS[x >> 2] > 31:
            continue
        pool = [c for c in pack[11:] if c not in seq]
        k = rng.below(5)
        have = bytearray(13)
        for c in pool:
            have[c >> 2] += 1
        no = told.rather(seq, count, have, len(pool), k, x)
        ranks = [r for r in range(13) if r != x >> 2 and count + PIPS[r] <= 31]
        vals = cpu.reply_values(seq, count, pool, k, [x] + [r * 4 for r in ranks])
        for i in range(len(ranks)):
            assert (no >> ranks[i] & 1) == (vals[i + 1] > vals[0] + told.MARGIN), (seq, x, ranks[i])


def test_told_of_reads_normal_players_at_three_and_four_hands():
    # players.reading.told_of: the ranks a seat holds none of by its cards laid, read as a
    # normal player's, as another seat sees them; wrong about at most one card in 50 of
    # normal players', and it tells something.
    wrong = cards = ranks = calls = 0
    for players in (3, 4):
        for seed in range(25 if ON_CPYTHON else 2):
            g = Cribbage(900 + seed, players, dealer=seed % players)
            while g.deal_no == 1 and not g.over:
                if g.phase == PLAY and g.turn == 0:
                    for s in range(1, players):
                        if g.played[s] and g.hands[s]:
                            no = told.told_of(g, 0, s)
                            calls += 1
                            ranks += bin(no).count("1")
                            cards += len(g.hands[s])
                            wrong += len([c for c in g.hands[s] if no >> (c >> 2) & 1])
                cpu.move(g, "normal")
    assert ranks >= 2 * calls, (ranks, calls)
    assert wrong * 50 <= cards, (wrong, cards)


def test_told_of_drops_a_reading_his_later_card_belies():
    g = Cribbage(12, 4, dealer=3)
    _stack(g, [_cards("KS QH 9D 3C"), _cards("5H 6D 7C JS"), _cards("4S 8H TD AC"), _cards("2D 2H 9S TC")])
    g.play(_cards("KS")[0])  # not what a normal player holding the three leads
    assert told.told_of(g, 1, 0) >> 2 & 1  # read as normal's: no three
    for c in ("5H", "AC", "2D", "3C"):  # then the three: he does not play that way
        g.play(_cards(c)[0])
    assert told.told_of(g, 1, 0) == 0


def test_the_expert_at_four_hands_uses_only_what_it_can_see():
    # Two four-hand games alike but for the hidden cards of the seats yet to lay: the
    # expert's view is the same, so its values and its card are too.
    a = Cribbage(5, 4, dealer=3)
    _stack(a, [_cards("7H 4D 9C KS"), _cards("TS 7S 8D 6D"), _cards("AH 2H 3H 5S"), _cards("QD JD 9H 8S")])
    b = Cribbage(5, 4, dealer=3)
    _stack(b, [_cards("7H 4D 9C KS"), _cards("AS 2S 3D 4H"), _cards("QC JC TC 5D"), _cards("6C 6H 8C 9S")])
    assert cpu.normal_values(a, 0, a.playable(0), True) == cpu.normal_values(b, 0, b.playable(0), True)
    assert cpu.play(a, 0, "expert") == cpu.play(b, 0, "expert")
