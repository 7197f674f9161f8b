# Poker hands for Poker Patience: categories, both tables, no allocation per call.
from rules import poker
from rules.cards import parse_cards
from skiptest import skip


def cat(text):
    return poker.category(parse_cards(text))


def test_each_category():
    assert cat("2C 7D 9H JS KC") == poker.NO_PAIR
    assert cat("2C 2D 9H JS KC") == poker.PAIR
    assert cat("2C 2D 9H 9S KC") == poker.TWO_PAIRS
    assert cat("2C 2D 2H 9S KC") == poker.THREE
    assert cat("5C 6D 7H 8S 9C") == poker.STRAIGHT
    assert cat("2H 7H 9H JH KH") == poker.FLUSH
    assert cat("2C 2D 2H 9S 9C") == poker.FULL_HOUSE
    assert cat("2C 2D 2H 2S 9C") == poker.FOUR
    assert cat("5S 6S 7S 8S 9S") == poker.STRAIGHT_FLUSH
    assert cat("TD JD QD KD AD") == poker.ROYAL_FLUSH


def test_the_ace_plays_high_or_low_but_does_not_wrap():
    assert cat("AC 2D 3H 4S 5C") == poker.STRAIGHT
    assert cat("TC JD QH KS AC") == poker.STRAIGHT
    assert cat("QC KD AH 2S 3C") == poker.NO_PAIR
    assert cat("AH 2H 3H 4H 5H") == poker.STRAIGHT_FLUSH  # the wheel is not royal
    assert cat("9H TH JH QH KH") == poker.STRAIGHT_FLUSH


def test_order_does_not_matter():
    assert cat("KD 9S 2C 9C 2H") == poker.TWO_PAIRS
    assert cat("9C 5C 8S 7H 6D") == poker.STRAIGHT
    assert cat("AD KD TD QD JD") == poker.ROYAL_FLUSH


def test_the_two_tables():
    american = (0, 2, 5, 10, 15, 20, 25, 50, 75, 100)
    english = (0, 1, 3, 6, 12, 5, 10, 16, 30, 30)
    assert tuple(poker.AMERICAN) == american and tuple(poker.ENGLISH) == english
    assert poker.points(parse_cards("2H 7H 9H JH KH")) == 20
    assert poker.points(parse_cards("2H 7H 9H JH KH"), poker.ENGLISH) == 5
    assert poker.points(parse_cards("5C 6D 7H 8S 9C"), poker.ENGLISH) == 12
    assert tuple(poker.TARGETS) == (200, 70)
    assert len(poker.NAMES) == len(poker.SHORT) == 10


def test_partial_lines_show_only_pairs_and_more():
    assert poker.partial(parse_cards("2C 2D 9H"), 3) == poker.PAIR
    assert poker.partial(parse_cards("2C 2D 9H 9S"), 4) == poker.TWO_PAIRS
    assert poker.partial(parse_cards("2C 2D 2H 9S"), 4) == poker.THREE
    assert poker.partial(parse_cards("2C 2D 2H 2S"), 4) == poker.FOUR
    assert poker.partial(parse_cards("5H 6H 7H 8H"), 4) == poker.NO_PAIR
    assert poker.partial((), 0) == poker.NO_PAIR


def test_category_allocates_nothing():
    import gc

    if not hasattr(gc, "mem_alloc"):
        skip("CPython has no gc.mem_alloc: measured in the MicroPython VM")
    hands = [parse_cards(t) for t in ("2C 7D 9H JS KC", "2C 2D 2H 9S 9C", "TD JD QD KD AD",
                                      "AC 2D 3H 4S 5C", "2H 7H 9H JH KH", "2C 2D 2H 2S 9C")]
    rows = [bytearray(h) for h in hands]
    category = poker.category
    category(hands[0])  # the first call of a function may allocate once
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for _ in range(50):
            for h in hands:
                category(h)
            for h in rows:
                category(h)
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used == 0, used
