# Counting aloud (ui.calls): the calls a player makes, from the score breakdown.
# Portable: also runs in the MicroPython VM.
from rules.cards import parse_card, parse_cards
from rules.score import score
from ui.calls import calls, count_calls, number, sentence


def _calls(hand, starter, crib=False):
    items, said = count_calls(parse_cards(hand), parse_card(starter) if starter else None, crib)
    return said


def test_the_classic_call():
    assert _calls("5H 5S KC 2D", "9C") == ["fifteen two", "fifteen four", "and a pair is six"]
    items, _ = count_calls(parse_cards("5H 5S KC 2D"), parse_card("9C"))
    assert sentence(items) == "fifteen two, fifteen four, and a pair is six"


def test_twenty_nine():
    said = _calls("5C 5D 5H JS", "5S")
    assert said[:8] == ["fifteen " + number(2 * i) for i in range(1, 9)]
    assert said[8:] == ["double pair royal is twenty-eight", "and one for his nobs is twenty-nine"]


def test_nothing_is_nineteen():
    assert _calls("2C 4D 6H 8S", "QC") == ["nineteen: nothing"]


def test_runs_flushes_and_nobs():
    assert _calls("3C 4D 5H 9S", "KC") == ["fifteen two", "and a run of three is five"]
    assert _calls("2H 4H 6H 8H", "QC") == ["a flush of four is four"]
    assert _calls("2H 4H 6H 8H", "QC", crib=True) == ["nineteen: nothing"]
    assert _calls("2H 4H 6H 8H", "TH", crib=True) == ["a flush of five is five"]
    assert _calls("JD 2C 4S 6H", "8D") == ["one for his nobs is one"]


def test_last_four_without_a_starter():
    # Two fifteens (each seven with the eight), the pair, a double run of three.
    assert _calls("7C 8D 7H 9S", None) == [
        "fifteen two", "fifteen four", "a pair is six", "a run of three is nine",
        "and a run of three is twelve"]


def test_the_last_total_is_the_score():
    # Over many seeded hands: the total called is what score() gives.
    from rules.rng import shuffled_pack

    for seed in range(60):
        pack = shuffled_pack(seed)
        hand, starter = tuple(pack[:4]), pack[4]
        items, said = count_calls(hand, starter)
        total = score(hand, starter)
        if total == 0:
            assert said == ["nineteen: nothing"]
        else:
            assert said[-1].endswith(number(total)), (said, total)
            assert len(said) == len(items)


def test_calls_of_no_items():
    assert calls([]) == ["nineteen: nothing"]
