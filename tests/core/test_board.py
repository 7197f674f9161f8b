# The board for a real deck (rules.board): pegs and back pegs, his heels,
# counts, the deal passing on, undo (within a deal, across deals, to the
# start), the end with skunks, the save and what a damaged one does; and the
# hand counter's keys (ui.board.entry): every card in three presses, a card
# twice refused, B stepping back. Portable: also runs in the VM.
from rules.board import CRIB, HAND, HEELS, MUGGINS, Board, load
from ui.board.entry import Entry, keys


def _raises(f, *args):
    try:
        f(*args)
    except ValueError:
        return True
    return False


def test_the_front_peg_leaps_and_the_old_front_is_the_back_peg():
    b = Board(2, 121, 0)
    assert b.scores == [0, 0] and b.back == [0, 0]
    b.peg(1, 2)
    b.peg(1, 6)
    b.peg(0, 3)
    assert b.scores == [3, 8] and b.back == [0, 2]
    b.peg(1, 0 + 1)
    assert b.scores == [3, 9] and b.back == [0, 8]
    b.peg(1, 0, HAND)  # a hand of nothing: counted, no peg moves
    assert b.scores == [3, 9] and b.back == [0, 8]


def test_partners_peg_on_one_side_and_the_deal_passes_left():
    b = Board(4, 121, 3)
    assert b.sides == 2 and b.pone() == 0 and b.side_of(3) == 1
    b.peg(1, 2, HEELS)  # seat 3 deals: his heels for side 1
    assert _raises(b.peg, 0, 2, HEELS)  # not the dealer's side
    b.peg(0, 12, HAND)
    b.peg(1, 4, CRIB)
    b.next_deal()
    assert b.dealer == 0 and b.deal_no == 2 and not b.pegged_this_deal()
    assert list(b.deals[0]) == [3, 4, 2, 0, 12, 0, 0, 0, 0]
    for _ in range(3):
        b.next_deal()
    assert b.dealer == 3 and len(b.deals) == 5


def test_undo_takes_back_one_peg_at_a_time_across_deals():
    b = Board(3, 61, 1)
    b.peg(2, 4)
    b.peg(0, 5)
    b.peg(1, 8, CRIB)
    b.next_deal()
    b.peg(0, 2)
    assert b.undo() == (0, 2, 0)
    assert b.dealer == 2 and b.scores == [5, 8, 4]
    assert b.undo() == (1, 8, CRIB)  # the crib's peg and the deal's end after it
    assert b.dealer == 1 and b.deal_no == 1 and b.scores == [5, 0, 4] and b.pegged_this_deal()
    assert b.undo() == (0, 5, 0) and b.undo() == (2, 4, 0)
    assert b.undo() is None and b.scores == [0, 0, 0] and len(b.moves) == 0


def test_the_game_ends_the_moment_a_side_reaches_the_target():
    b = Board(2, 121, 0)
    for _ in range(4):
        assert not b.peg(0, 29)
    assert not b.peg(1, 29)
    assert b.peg(0, 6)  # 122: over
    assert b.over and b.winner == 0 and b.skunk(1) == 2 and b.game_points() == 3
    assert _raises(b.peg, 1, 2) and _raises(b.next_deal)
    b.undo()
    assert not b.over and b.winner is None and b.game_points() == 0
    b.peg(1, 29)
    b.peg(1, 29)
    b.peg(0, 5)  # 121 to 87: a skunk
    assert b.over and b.skunk(1) == 1 and b.game_points() == 2


def test_to_61_the_skunk_line_is_31_and_no_double():
    b = Board(3, 61, 0)
    b.peg(0, 29)
    b.peg(0, 29)
    b.peg(1, 29)
    b.peg(1, 2)
    b.peg(0, 3)
    assert b.over and b.winner == 0
    assert b.skunk(1) == 0 and b.skunk(2) == 1 and b.game_points() == 2


def test_points_out_of_range_are_refused():
    b = Board(2, 121, 0)
    assert _raises(b.peg, 0, 0) and _raises(b.peg, 0, 30) and _raises(b.peg, 2, 1)
    assert _raises(b.peg, 0, 1, 7) and _raises(Board, 5) and _raises(Board, 2, 100)
    assert _raises(Board, 2, 121, 2)
    assert len(b.moves) == 0


def test_a_save_plays_again_to_the_same_board():
    b = Board(4, 121, 2)
    b.peg(0, 2, HEELS)
    b.peg(1, 7)
    b.peg(0, 3, MUGGINS)
    b.peg(1, 0, HAND)
    b.next_deal()
    b.peg(1, 12)
    c = load(b.save())
    assert (c.players, c.target, c.dealer, c.scores, c.back, c.deal_no) == (
        4, 121, 3, b.scores, b.back, 2)
    assert [bytes(d) for d in c.deals] == [bytes(d) for d in b.deals]


def test_a_damaged_save_is_refused():
    b = Board(2, 121, 0)
    b.peg(0, 5)
    good = bytearray(b.save())
    for i in range(len(good)):
        bad = bytearray(good)
        bad[i] ^= 0x40
        assert _raises(load, bytes(bad)), i
    assert _raises(load, b"PCb") and _raises(load, bytes(good[:-1]))


def test_every_card_is_three_presses_and_comes_back():
    for c in range(52):
        e = Entry()
        ks = keys(c)
        assert len(ks) == 3
        for k in ks:
            assert e.key(k)
        assert e.cards == [c]


def test_a_card_twice_is_refused_and_b_steps_back():
    e = Entry(51)  # the starter known: KS
    for k in keys(4):
        e.key(k)
    for k in keys(4):
        e.key(k)
    assert e.cards == [4] and e.refused == 4  # the suit is asked again
    e.key(32)  # B: back to the rank
    e.key(32)  # back to the group
    for k in keys(51):
        e.key(k)
    assert e.cards == [4] and e.refused == 51  # the starter is in already too
    e.key(32)
    e.key(32)
    e.key(32)  # the last card taken back
    assert e.cards == [] and e.empty()
    assert not e.key(32)  # nothing to take back: the screen leaves
    for c in (0, 1, 2, 3):
        for k in keys(c):
            e.key(k)
    assert e.full() and e.starter == 51 and not e.key(1)
