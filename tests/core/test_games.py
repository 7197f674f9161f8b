# The three solitaires: dealing by each variant's rules, scoring, errors, saves.
import sys

from rules import solitaires as games
from rules.cards import JACK, card_name
from rules.rng import Rng, shuffled_pack

LABELS = ("hand", "hand2", "crib", "last", "heels")
# The MicroPython VM is some fifty times slower: it plays a sample, CPython thousands.
HEAVY = 100 if sys.implementation.name == "cpython" else 1
SLOW = ("test_save_and_load_at_every_step",)  # pytest marks these slow (tests/conftest.py)


# The fifteen pairs of positions in a six: a pair is drawn at once, not as
# players/autoplay.py's random policy draws its two (the tests do not share its code).
POSITION_PAIRS = tuple((i, j) for i in range(6) for j in range(i + 1, 6))


def random_discard(game, rng):
    i, j = POSITION_PAIRS[rng.below(15)]
    return game.pending[i], game.pending[j]


def play(variant, seed, rng, check_saves=False):
    g = games.new(variant, seed)
    while g.pending is not None:
        if check_saves:
            assert_same(games.load(g.save()), g)
        a, b = random_discard(g, rng)
        g.discard(a, b)
    if check_saves:
        assert_same(games.load(g.save()), g)
    return g


def assert_same(a, b):
    assert a.variant == b.variant and a.seed == b.seed
    assert a.log == b.log
    assert a.pending == b.pending and a.crib == b.crib and a.hand == b.hand
    assert (a.score, a.round, a.over, a.won) == (b.score, b.round, b.over, b.won)
    assert a.save() == b.save()


def cards_used(g):
    """Every card counted, by label; the last starter is shared, others once."""
    used = []
    for label, cards, starter, points in g.log:
        assert label in LABELS, label
        if label != "heels":
            used.extend(cards)
    return used


def test_unknown_variant():
    try:
        games.new("poker", 1)
    except ValueError as e:
        assert "poker" in str(e)
    else:
        assert False


def test_solitaire_deals_three_two_three_from_the_pack():
    g = games.new("solitaire", 1)
    pack = shuffled_pack(1)
    assert g.target == 91 and g.round == 1 and not g.over
    assert g.pending == tuple(pack[0:3]) + tuple(pack[5:8])
    assert g.crib == tuple(pack[3:5])
    a, b = g.pending[1], g.pending[4]
    g.discard(a, b)
    # The starter is the next card; it stays on the pack as the first card of deal 2.
    starter = pack[8]
    assert g.log[-2][0] == "hand" and g.log[-2][2] == starter
    assert g.log[-1] == ("crib", (pack[3], pack[4], a, b), starter, g.log[-1][3])
    assert g.round == 2
    assert g.pending == tuple(pack[8:11]) + tuple(pack[13:16])


def test_solitaire_uses_the_whole_pack_once_with_starters_carried():
    rng = Rng(5)
    for seed in range(20 * HEAVY):
        g = play("solitaire", seed, rng)
        pack = shuffled_pack(seed)
        labels = [e[0] for e in g.log if e[0] != "heels"]
        assert labels == ["hand", "crib"] * 6 + ["last"]
        used = cards_used(g)
        assert sorted(used) == list(range(52))  # each card in exactly one counted hand
        starters = [e[2] for e in g.log if e[0] == "hand"]
        assert starters == [pack[8 * k] for k in range(1, 7)]
        last = g.log[-1]
        assert last[2] is None and last[1] == tuple(pack[48:52]) and pack[48] == starters[-1]
        assert g.round == 6 and len(g.round_points()) == 6


def test_patience_five_hands_of_nine_cards():
    rng = Rng(6)
    for seed in range(20 * HEAVY):
        g = play("patience", seed, rng)
        pack = shuffled_pack(seed)
        assert g.target == 80 and g.round == 5
        labels = [e[0] for e in g.log if e[0] != "heels"]
        assert labels == ["hand", "crib"] * 5
        used = cards_used(g)
        starters = [e[2] for e in g.log if e[0] == "hand"]
        assert starters == [pack[9 * k + 8] for k in range(5)]
        assert sorted(used + starters) == sorted(pack[:45])  # seven cards never dealt
        assert len(set(used + starters)) == 45


def test_patience2_four_rounds_use_the_whole_pack():
    rng = Rng(7)
    for seed in range(20 * HEAVY):
        g = games.new("patience2", seed)
        pack = shuffled_pack(seed)
        assert g.crib == ()
        first = g.pending
        assert first == tuple(pack[0:6])
        g.discard(first[0], first[5])
        assert g.pending == tuple(pack[6:12]) and g.crib == (first[0], first[5])
        assert not g.log and g.round == 1
        while g.pending is not None:
            g.discard(*random_discard(g, rng))
        labels = [e[0] for e in g.log if e[0] != "heels"]
        assert labels == ["hand", "hand2", "crib"] * 4
        used = cards_used(g)
        starters = [e[2] for e in g.log if e[0] == "hand"]
        assert sorted(used + starters) == list(range(52))
        assert g.round == 4 and g.over


def test_totals_heels_and_round_points():
    rng = Rng(8)
    heels_seen = 0
    for variant in games.VARIANTS:
        for seed in range(30 * HEAVY):  # 3,000 games a variant on CPython
            g = play(variant, seed, rng)
            assert g.over and g.pending is None
            assert g.score == sum(e[3] for e in g.log)
            assert g.score == sum(g.round_points())
            assert g.won == (g.score >= g.target)
            starters = [e[2] for e in g.log if e[0] == "hand"]
            heels = [e for e in g.log if e[0] == "heels"]
            assert len(heels) == len([s for s in starters if s >> 2 == JACK])
            for label, cards, starter, points in heels:
                assert cards == () and points == 2 and starter >> 2 == JACK
            heels_seen += len(heels)
    assert heels_seen > 0


def test_save_and_load_at_every_step():
    rng = Rng(9)
    for variant in games.VARIANTS:
        for seed in range(20 * HEAVY):  # 2,000 games a variant on CPython
            g = play(variant, seed * 7919 + 1, rng, check_saves=True)
            assert len(g.save()) <= 128


def test_big_seeds_survive_a_save():
    for seed in (0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF):
        g = games.new("patience", seed)
        assert games.load(g.save()).seed == seed
        assert games.load(g.save()).pending == g.pending


def test_wrong_discards_raise_and_change_nothing():
    g = games.new("solitaire", 3)
    before = g.save()
    hand = g.pending
    outside = [c for c in range(52) if c not in hand][0]
    for a, b, words in ((hand[0], hand[0], "different"), (outside, hand[1], card_name(outside)),
                        (hand[1], outside, card_name(outside)), (99, hand[0], "99")):
        try:
            g.discard(a, b)
        except ValueError as e:
            assert words in str(e), (str(e), words)
        else:
            assert False, "accepted %r %r" % (a, b)
        assert g.save() == before and g.pending == hand
    while g.pending is not None:
        g.discard(g.pending[0], g.pending[1])
    done = g.save()
    try:
        g.discard(hand[0], hand[1])
    except ValueError as e:
        assert "over" in str(e)
    else:
        assert False
    assert g.save() == done


def test_damaged_saves_are_refused():
    g = games.new("patience2", 11)
    g.discard(g.pending[0], g.pending[1])
    data = g.save()
    bad = [b"", b"PCg", b"XXg" + data[3:], data[:-1], data + b"\x00"]
    for i in range(len(data)):
        flipped = bytearray(data)
        flipped[i] ^= 0x40
        bad.append(bytes(flipped))
    for d in bad:
        try:
            games.load(d)
        except ValueError:
            pass
        else:
            assert False, "loaded %r" % (d,)
