# The grid solitaires: placing, the end, Foster's touching rule, scoring, saves.
import sys

from rules import grids
from rules import poker
from rules.rng import Rng, shuffled_pack
from rules.score import score

# The MicroPython VM is much slower: it plays a sample, CPython hundreds.
HEAVY = 8 if sys.implementation.name == "cpython" else 1
OPTIONS = (("poker", "american", False), ("poker", "english", False), ("poker", "american", True),
           ("poker", "english", True), ("squares", "american", False))


def new(options, seed):
    variant, table, foster = options
    return grids.new(variant, seed, table, foster)


def play(options, seed, rng, check_saves=False):
    """A whole game on squares picked by rng among the legal ones."""
    g = new(options, seed)
    while not g.over:
        if check_saves:
            assert_same(grids.load(g.save()), g)
        legal = g.squares()
        g.place(legal[rng.below(len(legal))])
    if check_saves:
        assert_same(grids.load(g.save()), g)
    return g


def assert_same(a, b):
    assert (a.variant, a.seed, a.table, a.foster) == (b.variant, b.seed, b.table, b.foster)
    assert a.cells == b.cells and a.moves == b.moves and a.box == b.box
    assert (a.next, a.turn, a.over, a.score, a.won, a.starter) == (b.next, b.turn, b.over, b.score, b.won, b.starter)
    assert a.lines() == b.lines()
    assert a.save() == b.save()


def raises(fn, *args):
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    assert False, "no ValueError"


def test_cards_come_from_the_seeded_pack_in_order():
    g = grids.new("poker", 42)
    pack = shuffled_pack(42)
    assert g.target == 200 and g.size == 5 and len(g.cells) == 25
    for i in range(25):
        assert g.next == pack[i] and g.turn == i
        g.place(24 - i)
        assert g.cells[24 - i] == pack[i]
    assert g.over and g.next is None
    s = grids.new("squares", 42)
    assert s.target == 61 and s.size == 4 and len(s.cells) == 16
    for i in range(16):
        assert s.starter is None
        s.place(i)
    assert s.over and s.starter == pack[16] and tuple(s.cells) == tuple(pack[:16])


def test_occupied_square_or_after_the_end_changes_nothing():
    for options in OPTIONS:
        g = new(options, 3)
        first = g.squares()[0]
        g.place(first)
        before = g.save()
        assert "taken" in raises(g.place, first)
        assert raises(g.place, len(g.cells))
        assert raises(g.place, -1)
        assert g.save() == before and g.turn == 1
        while not g.over:
            g.place(g.squares()[-1])
        done = g.save()
        assert "over" in raises(g.place, 0)
        assert g.save() == done and g.squares() == []


def test_unknown_games_and_options():
    assert "bridge" in raises(grids.new, "bridge", 1)
    assert raises(grids.new, "poker", 1, "french")
    assert raises(grids.new, "squares", 1, "english")
    assert raises(grids.new, "squares", 1, "american", True)


def test_poker_lines_score_by_the_chosen_table():
    rng = Rng(11)
    for options in OPTIONS[:4]:
        table = poker.ENGLISH if options[1] == "english" else poker.AMERICAN
        for seed in range(3 * HEAVY):
            g = play(options, seed, rng)
            lines = g.lines()
            assert len(lines) == 10
            total = 0
            for cards, points in lines:
                assert len(cards) == 5 and points == table[poker.category(cards)]
                total += points
            assert g.score == total and g.won == (total >= g.target)
            placed = sorted(c for c in g.cells if c != grids.EMPTY)
            assert placed == sorted(shuffled_pack(seed)[:25])


def test_rows_and_columns_are_the_grid_lines():
    g = grids.new("poker", 9)
    for s in range(25):
        g.place(s)
    lines = g.lines()
    for y in range(5):
        assert lines[y][0] == tuple(g.cells[y * 5:y * 5 + 5])
    for x in range(5):
        assert lines[5 + x][0] == tuple(g.cells[y * 5 + x] for y in range(5))


def test_running_scores_count_pairs_so_far():
    g = grids.new("poker", 1)
    pack = g.pack
    # Find two cards of one rank among the first few and put them in one row.
    for i in range(25):
        for j in range(i + 1, 25):
            if pack[i] >> 2 == pack[j] >> 2:
                break
        else:
            continue
        break
    for k in range(j + 1):
        if k == i:
            g.place(0)
        elif k == j:
            g.place(1)
        else:
            g.place(24 - k)
    assert g.lines()[0] == ((pack[i], pack[j]), 2)
    assert g.score == sum(p for c, p in g.lines())


def test_foster_first_card_in_the_middle_then_touching_within_five_by_five():
    g = grids.new("poker", 5, "american", True)
    assert len(g.cells) == 81 and g.squares() == [40]
    assert raises(g.place, 0)
    g.place(40)
    assert g.squares() == [30, 31, 32, 39, 41, 48, 49, 50]
    # A straight line of five to the right: the box is then five wide.
    for x in (5, 6, 7, 8):
        g.place(36 + x)
    assert g.box == (4, 4, 8, 4)
    assert not g.legal(39) and "touch" in raises(g.place, 39)  # would make it six wide
    assert g.legal(31) and not g.legal(29)
    rng = Rng(4)
    while not g.over:
        legal = g.squares()
        assert legal
        g.place(legal[rng.below(len(legal))])
    x0, y0, x1, y1 = g.box
    assert x1 - x0 == 4 and y1 - y0 == 4
    assert sorted(len(c) for c, p in g.lines()) == [5] * 10


def test_foster_never_gets_stuck():
    rng = Rng(12)
    for seed in range(5 * HEAVY):
        g = play(OPTIONS[2], seed, rng)
        for squares in g.line_squares():
            assert all(g.cells[s] != grids.EMPTY for s in squares)
        for s in range(81):
            if g.cells[s] != grids.EMPTY:
                x, y = s % 9, s // 9
                assert g.box[0] <= x <= g.box[2] and g.box[1] <= y <= g.box[3]


def test_squares_count_eight_cribbage_hands_with_the_starter():
    rng = Rng(13)
    heels = 0
    for seed in range(200):  # at least 20 * HEAVY games, and on until a jack is turned
        if seed >= 20 * HEAVY and heels:
            break
        g = play(OPTIONS[4], seed, rng)
        lines = g.lines()
        assert len(lines) == 8
        total = 2 if g.starter >> 2 == 10 else 0
        heels += total
        for cards, points in lines:
            assert len(cards) == 4 and points == score(cards, g.starter, False)
            total += points
        assert g.score == total and g.won == (total >= 61)
    assert heels


def test_save_and_load_at_every_step():
    rng = Rng(14)
    for options in OPTIONS:
        for seed in range(HEAVY):
            play(options, seed, rng, check_saves=True)


def test_saves_are_small_and_checked():
    g = grids.new("poker", 0xDEADBEEF, "english", True)
    g.place(40)
    g.place(41)
    data = g.save()
    assert len(data) == 13 + 2 and data[:3] == b"PCp"
    assert grids.load(data).seed == 0xDEADBEEF
    for i in range(len(data)):
        bad = bytearray(data)
        bad[i] ^= 0x10
        assert raises(grids.load, bad)
    assert raises(grids.load, data[:-1])
    assert raises(grids.load, b"")
    assert raises(grids.load, b"PCg" + data[3:])


def test_a_save_with_a_checksum_but_bad_moves_is_refused():
    from rules.envelope import checksum

    def sealed(body):
        c = checksum(body)
        return bytes(body) + bytes((c >> 8, c & 255))

    good = grids.new("poker", 7)
    good.place(3)
    body = bytearray(good.save()[:-2])
    assert grids.load(sealed(body)).cells[3] == good.cells[3]
    for bad in (
        body[:11] + b"\x03",  # a square taken twice (with the count fixed below)
        body[:11] + b"\x19",  # square 25 does not exist
    ):
        b = bytearray(bad)
        b[10] = len(b) - 11
        if len(b) == 12 and b[11] == 3:
            b = b + b"\x03"
            b[10] = 2
        assert "damaged" in raises(grids.load, sealed(b))
    foster = bytearray(body)
    foster[5] = 2  # Foster: the first card must go to the middle, not square 3
    assert "damaged" in raises(grids.load, sealed(foster))
    squares = bytearray(body)
    squares[4] = 1
    squares[5] = 1  # Cribbage Squares has no English table
    assert "damaged" in raises(grids.load, sealed(squares))
    too_many = bytearray(body[:10]) + bytes([17]) + bytes(range(17))
    too_many[4] = 1
    assert "damaged" in raises(grids.load, sealed(too_many))
