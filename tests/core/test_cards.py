# How cards are numbered (rank * 4 + suit), named ("TD") and valued.
from rules.cards import (
    PIPS, card_name, cards_name, make_card, parse_card, parse_cards, pip, rank, suit)


def test_encoding_is_rank_times_four_plus_suit():
    assert parse_card("AC") == 0
    assert parse_card("AD") == 1
    assert parse_card("AH") == 2
    assert parse_card("AS") == 3
    assert parse_card("2C") == 4
    assert parse_card("KS") == 51
    assert parse_card("JD") == 10 * 4 + 1


def test_names_round_trip_over_all_52_cards():
    seen = set()
    for c in range(52):
        name = card_name(c)
        assert len(name) == 2
        assert parse_card(name) == c
        assert make_card(rank(c), suit(c)) == c
        seen.add(name)
    assert len(seen) == 52


def test_parse_accepts_ten_and_lower_case():
    assert parse_card("10h") == parse_card("TH")
    assert parse_card(" qs ") == 11 * 4 + 3
    assert parse_cards("5C 5D 5H JS") == (16, 17, 18, 43)
    assert cards_name((16, 17, 18, 43)) == "5C 5D 5H JS"


def test_bad_names_raise_value_error_showing_the_input():
    for bad in ("", "1C", "ZZ", "KX", "AS2", "10"):
        try:
            parse_card(bad)
        except ValueError as e:
            assert repr(bad) in str(e)
        else:
            assert False, "accepted %r" % bad
    for bad in (-1, 52):
        try:
            card_name(bad)
        except ValueError:
            pass
        else:
            assert False, "named %r" % bad


def test_pip_values():
    assert len(PIPS) == 13
    assert [pip(make_card(r, 0)) for r in range(13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    for c in range(52):
        assert pip(c) == min(rank(c) + 1, 10)
