"""The board for a real deck played again from its moves (rules.board): after an undo, and
from a save (a resumed game), the board must be the very board the same moves made live.
Issue 37 item 7: the replay took every deal's start to be the end of all the moves, so once a
deal had ended, an undo or a resume made the deal on look unpegged, and LEFT pegged his heels
in the middle of it.

Random runs of pegs (every kind), deals' ends and undos: after each step the live board, a
board given only the moves still standing (no undo), and load(save()) agree on everything the
screens read; and "pegged this deal" is what the moves say (a peg since the last deal's end)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.board import CRIB, HAND, HEELS, MAX_POINTS, MUGGINS, PEG, Board, load

_NEXT = 0xFF

STEP = st.one_of(
    st.tuples(st.just("peg"), st.integers(0, 3), st.integers(0, MAX_POINTS),
              st.sampled_from((PEG, PEG, HEELS, HAND, CRIB, MUGGINS))),
    st.tuples(st.just("next")),
    st.tuples(st.just("undo")),
)


def seen(b):
    """What the screens and the record read of a board."""
    return (bytes(b.moves), b.scores, b.back, b.dealer, b.deal_no, b.over, b.winner,
            [bytes(d) for d in b.deals], b.pegged_this_deal(), b.counts(), b.last(), b.pone())


def apply(b, step):
    """A step as the screens would make it; False if the rules refuse it."""
    try:
        if step[0] == "peg":
            _, side, points, kind = step
            if kind == HEELS:
                side, points = b.side_of(b.dealer), 2
            b.peg(side % b.sides, points, kind)
        else:
            b.next_deal()
    except ValueError:
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(st.sampled_from((2, 3, 4)), st.sampled_from((121, 61)), st.integers(0, 3), st.lists(STEP, max_size=60))
def test_an_undone_or_resumed_board_is_the_board_its_moves_make(players, target, dealer, steps):
    dealer %= players
    live = Board(players, target, dealer)
    standing = []  # the steps whose moves are still on the board
    for step in steps:
        if step[0] == "undo":
            if live.undo() is not None:
                while standing and standing[-1][0] == "next":  # the deals it ended go too
                    standing.pop()
                standing.pop()
        elif apply(live, step):
            standing.append(step)
        fresh = Board(players, target, dealer)
        for s in standing:
            assert apply(fresh, s)
        assert seen(live) == seen(fresh), steps
        assert seen(load(live.save())) == seen(fresh), steps
        m = bytes(live.moves)
        assert live.pegged_this_deal() == (len(m) > 0 and m[-1] != _NEXT)


def test_after_an_undo_and_on_a_resume_the_deal_on_is_pegged():
    """The case the issue saw: a deal over, a peg in the next one, a slip taken back."""
    b = Board(2, 121, 0)
    b.peg(1, 4)
    b.next_deal()
    b.peg(0, 3)
    b.peg(1, 9)
    b.undo()
    assert b.pegged_this_deal()
    assert load(b.save()).pegged_this_deal()
