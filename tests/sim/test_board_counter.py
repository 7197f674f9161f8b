"""The board's hand counter, from the keys to the count (issue 25): what its screens
(ui.board.count, driven key by key through tests/bench/boardpath.py) count agrees with
rules.score.score() on 100,000 hands and starters at random, each flush also as the crib,
and on hands hypothesis picks. `make bench` (bench_board) checks every hand and starter."""
import random

import pytest

from boardpath import Counter
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.score import score

HANDS = 100_000


def _agree(app, hand, starter, crib):
    got, presses = app.counted(hand, starter, crib)
    assert got == score(hand, starter, crib), (hand, starter, crib)
    assert presses == 16  # three a card, and A to count
    return 1


@pytest.mark.slow
def test_100000_hands_and_starters_agree_with_score():
    rng = random.Random(25)
    app = Counter()
    n = flushes = 0
    for _ in range(HANDS):
        cards = rng.sample(range(52), 5)
        hand, starter = cards[:4], cards[4]
        n += _agree(app, hand, starter, False)
        if len({c & 3 for c in hand}) == 1:
            flushes += _agree(app, hand, starter, True)
    assert n == HANDS and flushes > 1000


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True), st.booleans())
def test_any_hand_as_hand_or_crib(cards, crib):
    _agree(Counter(), cards[:4], cards[4], crib)


def test_the_famous_hands():
    app = Counter()
    # 5H 5D 5C JS and the 5S: 29; 4H 5H 6H 6C and the 7H: a double run of four and two fifteens, 14;
    # 2C 4D 6H 8S and the KC: nothing (nineteen); 2D 3D 4D 5D and the 9D as the crib: a run of four, a flush
    # of five, a fifteen: 11; 2D 3D 4D 5S and the 9D as the crib: no flush, 6.
    for hand, starter, crib, points in (((18, 17, 16, 43), 19, False, 29), ((14, 18, 22, 20), 26, False, 14),
                                        ((4, 13, 22, 31), 48, False, 0), ((5, 9, 13, 17), 33, True, 11),
                                        ((5, 9, 13, 19), 33, True, 6)):
        assert app.counted(hand, starter, crib)[0] == points == score(hand, starter, crib)
