# Solitaire Cribbage for several players (rules.match): level play, the double
# game, partnerships, standings and the save. Portable: also runs in the VM.
from rules.solitaires import new
from rules.match import Match, restore


def _play_lowest(m):
    # Each player lays away the two lowest cards, deal by deal.
    while not m.over:
        low = sorted(m.game().pending)
        m.discard(low[0], low[1])


def test_players_keep_level():
    m = Match((5, 6, 7))
    assert m.turn == 0
    seen = []
    while not m.over:
        seen.append(m.turn)
        rounds = [len(g.round_points()) for g in m.games]
        # Those before the turn have played one deal more than the rest.
        base = rounds[-1]
        assert rounds == [base + 1] * m.turn + [base] * (3 - m.turn)
        low = sorted(m.game().pending)
        m.discard(low[0], low[1])
    assert seen == [0, 1, 2] * 6


def test_each_pack_is_its_own_seeded_game():
    m = Match((11, 12))
    _play_lowest(m)
    for g, seed in zip(m.games, (11, 12)):
        ref = new("solitaire", seed)
        while ref.pending is not None:
            low = sorted(ref.pending)
            ref.discard(low[0], low[1])
        assert g.log == ref.log and g.score == ref.score


def test_standings_and_winners():
    m = Match((1, 2, 3))
    _play_lowest(m)
    st = m.standings()
    points = [p for _, p in st]
    assert points == sorted(points, reverse=True)
    assert sorted(s for s, _ in st) == [0, 1, 2]
    assert [p for _, p in st] == sorted((g.score for g in m.games), reverse=True)
    assert m.winners() == [s for s, p in st if p == points[0]]


def test_double_game_when_the_other_has_not_passed_sixty():
    m = Match((1, 2))
    m.games[0].score = 95
    m.games[1].score = 60
    m._level()
    assert m.double == ((0, 1),) and m.reached == 0
    m = Match((1, 2))
    m.games[0].score = 95
    m.games[1].score = 61
    m._level()
    assert m.double == ()
    # Only the first time anyone reaches the game counts.
    m.games[1].score = 10
    m._level()
    assert m.double == ()


def test_partnerships_add_partners_scores():
    m = Match((1, 2, 3, 4), partners=True)
    assert m.sides == ((0, 2), (1, 3))
    _play_lowest(m)
    g = m.games
    assert m.side_score(0) == g[0].score + g[2].score
    assert m.side_score(1) == g[1].score + g[3].score
    assert m.side_of(2) == 0 and m.side_of(3) == 1


def test_partnership_double_needs_both_partners_scores():
    m = Match((1, 2, 3, 4), partners=True)
    for g, s in zip(m.games, (95, 30, 90, 60)):
        g.score = s
    m._level()
    assert m.double == ((0, 1),)


def test_bad_matches_are_refused():
    for seeds, partners, variant in (((), False, "solitaire"), ((1,) * 5, False, "solitaire"),
                                     ((1, 2), True, "solitaire"), ((1, 2), False, "patience")):
        try:
            Match(seeds, partners, variant)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (seeds,))


def test_save_and_restore_mid_match():
    m = Match((21, 22, 23))
    for _ in range(7):  # two full rounds and one player into the third
        low = sorted(m.game().pending)
        m.discard(low[0], low[1])
    r = restore(m.save())
    assert r.turn == m.turn == 1
    assert [g.log for g in r.games] == [g.log for g in m.games]
    assert [g.pending for g in r.games] == [g.pending for g in m.games]
    _play_lowest(m)
    _play_lowest(r)
    assert m.standings() == r.standings()


def test_damaged_match_saves_are_refused():
    m = Match((21, 22))
    low = sorted(m.game().pending)
    m.discard(low[0], low[1])
    data = m.save()
    for bad in ({}, dict(data, turn=0), dict(data, turn=5), dict(data, games=["zz"]),
                dict(data, games=[data["games"][0][:-2] + "00", data["games"][1]])):
        try:
            restore(bad)
        except ValueError:
            continue
        raise AssertionError("restored %r" % (bad,))


def test_single_player_match_of_each_variant():
    for variant in ("solitaire", "patience", "patience2"):
        m = Match((9,), variant=variant)
        _play_lowest(m)
        assert m.standings() == [(0, m.games[0].score)]
        assert m.double == ()


def test_adjust_moves_points_and_survives_the_save():
    # Muggins: points moved from one player's score to another's.
    m = Match((5, 6))
    _play_lowest(m)
    before = [g.score for g in m.games]
    m.adjust(0, -3)
    m.adjust(1, 3)
    assert [g.score for g in m.games] == [before[0] - 3, before[1] + 3]
    assert m.bonus == [-3, 3]
    again = restore(m.save())
    assert [g.score for g in again.games] == [g.score for g in m.games]
    assert again.bonus == [-3, 3] and again.standings() == m.standings()


def test_adjust_judges_the_double_game_again_when_level():
    # Player 1 reaches 91 in the deal just played; muggins then takes points
    # away, so the double game is judged on the scores after the move.
    for seed in range(200):
        m = Match((seed, seed + 1000))
        while not m.over and m.reached is None:
            low = sorted(m.game().pending)
            m.discard(low[0], low[1])
        if m.reached is not None and m.double and m.turn == 0:
            break
    else:
        raise AssertionError("no double game found")
    w, s = m.double[0]
    p = m.sides[s][0]
    give = 61 - m.games[p].score  # the loser passes 60: no double game any more
    m.adjust(p, give)
    assert m.double == () or all(d[1] != s for d in m.double)
