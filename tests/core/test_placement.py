# The placement advisor and the auto-play policies of the grid solitaires.
import sys

from rules import grids
from tables import gridtable
from players import placement
from rules.cards import parse_card
from rules.score import score
from skiptest import skip

CPYTHON = sys.implementation.name == "cpython"
GAMES = 40 if CPYTHON else 4
MICROPYTHON_SKIP = ("test_advisor_beats_greedy_beats_random",)


def stats(variant, policy, table="american", foster=False, n=GAMES):
    return sum(placement.play(variant, s, policy, table, foster).score for s in range(n)) / n


def test_every_policy_plays_whole_games_reproducibly():
    for variant, table, foster in (("poker", "american", False), ("poker", "english", True),
                                   ("squares", "american", False)):
        for policy in placement.POLICIES:
            a = placement.play(variant, 5, policy, table, foster)
            b = placement.play(variant, 5, policy, table, foster)
            assert a.over and a.cells == b.cells and a.score == b.score
    try:
        placement.chooser("psychic")
    except ValueError as e:
        assert "psychic" in str(e)
    else:
        assert False


def test_advisor_beats_greedy_beats_random():
    for variant, table in (("poker", "american"), ("poker", "english"), ("squares", "american")):
        r = stats(variant, "random", table)
        g = stats(variant, "greedy", table)
        a = stats(variant, "advisor", table)
        assert r < g < a, (variant, table, r, g, a)


def test_ranking_lists_every_legal_square_best_first():
    for foster in (False, True):
        g = grids.new("poker", 3, "american", foster)
        for _ in range(12):
            ranked = placement.rank_squares(g)
            assert sorted(s for v, s in ranked) == g.squares()
            values = [v for v, s in ranked]
            assert values == sorted(values, reverse=True)
            assert ranked[0][1] == placement.best_square(g)
            g.place(ranked[-1][1])  # play the worst, so the board gets varied
    try:
        placement.rank_squares(placement.play("poker", 1))
    except ValueError as e:
        assert "over" in str(e)
    else:
        assert False


def replay(g, square=None, next_card=None):
    """A copy of the game with its moves (and one more on square), the card in hand then next_card."""
    h = grids.new(g.variant, g.seed, g.table, g.foster)
    for m in g.moves:
        h.place(m)
    if square is not None:
        h.place(square)
    if next_card is not None:
        h.pack[h.turn] = next_card
    return h


def test_the_look_ahead_is_the_mean_best_gain_of_the_next_card():
    """Without Foster's rule the advisor weighs its best squares by every unseen next card: here
    worked out the long way, a copy of the grid for each card and each square's plain gain."""
    for table, turns in (("english", 7), ("american", 19)):
        g = grids.new("poker", 17, table)
        while g.turn < turns:
            g.place(placement.best_square(g))
        placement.scan(g)
        base = placement._standing(g)
        gains = sorted((-placement.gain(g, s), s) for s in g.squares())
        seen = [c for c in g.cells if c != grids.EMPTY] + [g.next]
        unseen = [c for c in range(52) if c not in seen]
        ahead = {}
        for _, s in gains[:placement.LOOK_SQUARES]:
            total = 0
            for y in unseen:
                h = replay(g, s, y)
                placement.scan(h)
                total += max(placement.gain(h, t) for t in h.squares())
            ahead[s] = total
        least = min(ahead.values())
        want = {}
        for minus, s in gains:
            want[s] = ((base - minus) * len(unseen) + ahead.get(s, least)) / (100 * len(unseen))
        ranked = placement.rank_squares(g)
        assert {s: v for v, s in ranked} == want
        assert ranked[0][1] == placement.best_square(g) in ahead
        assert placement.best_square(g, ahead=False) == gains[0][1]  # the plain advisor's choice


def test_greedy_takes_the_pair_now():
    g = grids.new("poker", 0)
    g.cells[7] = parse_card("7C")  # stand-ins for cards placed earlier
    nxt = g.next
    g.cells[12] = (nxt & ~3) | ((nxt + 1) & 3)  # a card of the next card's rank
    square = placement.best_square(g, "greedy")
    assert square in (10, 11, 13, 14, 2, 17, 22), square  # in that card's row or column


def test_a_full_cribbage_line_is_valued_over_every_unseen_starter():
    g = grids.new("squares", 21)
    while g.turn < 11:
        g.place(placement.best_square(g))
    placement.scan(g)
    card = g.next
    seen = [c for c in g.cells if c != grids.EMPTY] + [card]
    unseen = [c for c in range(52) if c not in seen]
    checked = 0
    for line in range(8):
        squares = [line * 4 + k if line < 4 else k * 4 + line - 4 for k in range(4)]
        empty = [s for s in squares if g.cells[s] == grids.EMPTY]
        if len(empty) != 1:
            continue
        hand = [card if s == empty[0] else g.cells[s] for s in squares]
        exact = 100 * sum(score(hand, s, False) for s in unseen) // len(unseen)
        assert placement._squares_value(g, line, empty[0], card) == exact
        checked += 1
    assert checked


def test_partial_cribbage_points_for_the_greedy():
    c = [parse_card(t) for t in ("5C", "TD", "5H")]
    assert placement.partial_crib(c, 1) == 0
    assert placement.partial_crib(c, 2) == 2  # fifteen
    assert placement.partial_crib(c, 3) == 2 + 2 + 2  # two fifteens and a pair
    run = [parse_card(t) for t in ("4C", "6D", "5H")]
    assert placement.partial_crib(run, 3) == 3 + 2  # run, and 4+5+6 is fifteen


def test_value_tables_have_their_sizes_and_order():
    keys = 6 * 7 * 2 * 2 * 2
    for table in ("american", "english"):
        for foster in (False, True):
            values = gridtable.poker(table, foster)
            assert len(values) == 2 * keys

            def v(n, pairs, suited, straight, col, values=values):
                k = (((n * 7 + pairs) * 2 + suited) * 2 + straight) * 2 + col
                return values[2 * k] | values[2 * k + 1] << 8

            # Holding more of a kind is worth more, in rows and columns alike.
            for col in (0, 1):
                assert v(4, 6, 0, 0, col) > v(4, 3, 0, 0, col) > v(4, 1, 0, 0, col) > v(4, 0, 0, 0, col)
                assert v(2, 1, 0, 0, col) > v(2, 0, 0, 0, col)
    entries = 1 + 13 + 91 * 2 + 455 * 2
    assert len(gridtable.SQUARES) == 4 * 2 * entries  # one table per quarter of the game
    five = placement.squares_key(4, 4, 4, 3, 0)
    low = placement.squares_key(0, 5, 11, 3, 0)

    def sq(k):
        return gridtable.SQUARES[2 * k] | gridtable.SQUARES[2 * k + 1] << 8

    for quarter in range(4):
        assert sq(quarter * entries + five) > sq(quarter * entries + low)


def test_squares_lines_are_valued_by_the_quarter_after_the_card():
    """A partial line is looked up in the table of the quarter the grid is in once the card is
    down (cards down // 4), and in the quarter it is in now for the grid as it stands."""
    entries = 1 + 13 + 91 * 2 + 455 * 2
    g = grids.new("squares", 5)
    seen = set()
    while not g.over:
        line = g.turn % 4  # a row: its cards so far
        cards = [c for c in g.cells[line * 4:line * 4 + 4] if c != grids.EMPTY]
        ranks = sorted(c >> 2 for c in cards) + [0, 0, 0]
        suited = len({c & 3 for c in cards}) <= 1
        if len(cards) < 4:
            key = placement.squares_key(ranks[0], ranks[1], ranks[2], len(cards), suited)
            for placing in (0, 1):
                placement.scan(g, True, None, placing)
                k = (min(g.turn + placing, 15) // 4) * entries + key
                want = gridtable.SQUARES[2 * k] | gridtable.SQUARES[2 * k + 1] << 8
                assert placement._squares_value(g, line, -1) == want
                seen.add(k // entries)
        g.place(placement.best_square(g))
    assert seen == {0, 1, 2, 3}


def test_choosing_allocates_nothing():
    import gc

    if not hasattr(gc, "mem_alloc"):
        skip("CPython has no gc.mem_alloc: measured in the MicroPython VM")
    for variant, foster in (("poker", False), ("poker", True), ("squares", False)):
        g = grids.new(variant, 9, "american", foster)
        for _ in range(9):
            g.place(placement.best_square(g))
        placement.best_square(g)
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            placement.best_square(g)
            used = gc.mem_alloc() - before
        finally:
            gc.enable()
        assert used == 0, (variant, foster, used)
