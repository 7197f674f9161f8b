# Hand scoring: known hands, the crib flush rule, starter-less hands, breakdown.
from rules.cards import parse_card, parse_cards
from rules.rng import Rng
from rules.score import breakdown, score


def pts(hand, starter, crib=False):
    s = None if starter is None else parse_card(starter)
    return score(parse_cards(hand), s, crib)


def total(items):
    return sum(p for _, _, p in items)


def test_famous_hands():
    assert pts("5C 5D 5H JS", "5S") == 29  # the perfect hand: jack of the starter's suit
    assert pts("5C 5D 5H 5S", "JS") == 28
    assert pts("5C 5D 5H JC", "5S") == 28  # jack not of the starter's suit: no nobs
    assert pts("4C 4D 5H 6S", "6C") == 24  # double double run plus fifteens
    assert pts("7C 7D 8H 8S", "9C") == 24
    assert pts("3C 3D 3H 3S", "9C") == 12 + 12  # six 3+3+9 fifteens
    assert pts("AC 2D 3H 4S", "5C") == 7  # run of five plus a fifteen
    assert pts("2C 4D 6H 8S", "KC") == 0
    assert pts("TC JD QH KS", "5C") == 4 * 2 + 4  # four fifteens and a run of four


def test_fifteens_count_every_combination():
    assert pts("5C TD JH QS", "KC") == 8 + 4  # 5 with each ten-card, run of four
    assert pts("7C 8D 2H 3S", "KC") == 4  # 7+8 and 2+3+K
    assert pts("AC 4D 9H QS", "KD") == 4  # A+4+Q and A+4+K
    assert pts("2C 4D 6H 8S", "KC") == 0


def test_pairs_pair_royal_and_double_pair_royal():
    assert pts("9C 9D 2H 4S", "KC") == 2 + 4  # pair, two 9+2+4
    assert pts("9C 9D 9H 4S", "KC") == 6
    assert pts("9C 9D 9H 9S", "KC") == 12
    assert pts("9C 9D 2H 2S", "KC") == 4


def test_runs_double_and_triple():
    assert pts("3C 4D 5H 9S", "KC") == 3 + 2  # run of three; 5+K
    assert pts("3C 3D 4H 5S", "KC") == 6 + 2 + 4  # double run, its pair, 3+3+4+5, 5+K
    assert pts("3C 3D 3H 4S", "5C") == 9 + 6 + 6  # triple run, pair royal, three 3+3+4+5
    assert pts("3C 3D 4H 4S", "5C") == 12 + 4 + 4  # double double run, two pairs, two fifteens
    assert pts("AC 2D 3H 4S", "4C") == 8 + 2  # double run of four and its pair
    assert pts("AC 2D 4H 5S", "KC") == 4  # no run through the gap; A+4+K and 5+K
    assert pts("QC KD AH 2S", "3C") == 3 + 4  # A23 only: no wrap from king to ace


def test_flush_hand_and_crib_rules():
    assert pts("2H 4H 6H 8H", "KC") == 4
    assert pts("2H 4H 6H 8H", "KH") == 5
    assert pts("2H 4H 6H 8H", "KC", crib=True) == 0
    assert pts("2H 4H 6H 8H", "KH", crib=True) == 5
    assert pts("2H 4H 6H 8C", "KH") == 0  # three in hand plus starter is no flush


def test_nobs():
    assert pts("JH 2C 4D 8S", "KH") == 1  # nobs and nothing else
    assert pts("JH 2C 4D 8S", "KC") == 0
    assert pts("JH 9C 3D 7S", "6H") == 1 + 2  # nobs, 9+6
    assert pts("JH 9C 3D 7S", "6C") == 2  # jack of another suit: no nobs


def test_hand_without_starter():
    assert pts("5C 5D 5H JS", None) == 14  # four fifteens and a pair royal
    assert pts("2H 4H 6H 8H", None) == 4
    assert pts("2H 4H 6H 8H", None, crib=True) == 4
    assert pts("AC 2D 3H 4S", None) == 4
    assert pts("JC QD KH 5S", None) == 3 + 6
    assert pts("7C 8D 9H 9S", None) == 6 + 2 + 2  # double run of three, its pair, 7+8


def test_breakdown_lists_items_in_counting_order():
    items = breakdown(parse_cards("5C 5D 5H JS"), parse_card("5S"))
    labels = [label for label, _, _ in items]
    assert labels == ["fifteen"] * 8 + ["double pair royal", "nobs"]
    assert total(items) == 29
    assert items[-1] == ("nobs", (parse_card("JS"),), 1)
    assert items[8][1] == parse_cards("5C 5D 5H 5S")


def test_breakdown_double_run_is_two_runs_and_a_pair():
    items = breakdown(parse_cards("3C 3D 4H 5S"), parse_card("KC"))
    assert ("pair", parse_cards("3C 3D"), 2) in items
    runs = [i for i in items if i[0] == "run"]
    assert runs == [("run", parse_cards("3C 4H 5S"), 3), ("run", parse_cards("3D 4H 5S"), 3)]
    assert ("fifteen", parse_cards("5S KC"), 2) in items
    assert total(items) == 12


def test_breakdown_flush_items():
    assert breakdown(parse_cards("2H 4H 6H 8H"), parse_card("KH"))[-1] == (
        "flush", parse_cards("2H 4H 6H 8H KH"), 5)
    assert breakdown(parse_cards("2H 4H 6H 8H"), parse_card("KC"))[-1] == (
        "flush", parse_cards("2H 4H 6H 8H"), 4)
    assert breakdown(parse_cards("2H 4H 6H 8H"), parse_card("KC"), True) == []


def test_breakdown_adds_up_to_score_on_random_hands():
    rng = Rng(2024)
    for i in range(3000):
        cards = []
        while len(cards) < 5:
            c = rng.below(52)
            if c not in cards:
                cards.append(c)
        hand = tuple(cards[:4])
        starter = None if i % 7 == 0 else cards[4]
        crib = i % 3 == 0
        assert total(breakdown(hand, starter, crib)) == score(hand, starter, crib), (hand, starter, crib)


def test_score_takes_tuples_lists_and_bytes():
    hand = parse_cards("5C 5D 5H JS")
    assert score(hand, 19) == score(list(hand), 19) == score(bytes(hand), 19) == 29
