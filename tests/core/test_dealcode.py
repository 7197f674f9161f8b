# Deal codes: nine letters fix a variant and a seed; a deal of the day from a date.
import sys

from rules import dealcode
from rules.solitaires import VARIANTS
from rules.rng import Rng

HEAVY = 20 if sys.implementation.name == "cpython" else 1


def test_round_trip_over_many_seeds():
    rng = Rng(2024)
    seeds = [0, 1, 2, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF]
    for _ in range(200 * HEAVY):
        seeds.append((rng.step() << 16) | rng.step())
    for seed in seeds:
        for variant in VARIANTS:
            code = dealcode.encode(variant, seed)
            assert len(code) == 9
            assert all(c in dealcode.ALPHABET for c in code), code
            assert dealcode.decode(code) == (variant, seed)


def test_codes_are_distinct_and_unlike_for_neighbouring_seeds():
    codes = set()
    for seed in range(300):
        for variant in VARIANTS:
            codes.add(dealcode.encode(variant, seed))
    assert len(codes) == 900
    a = dealcode.encode("solitaire", 1000)
    b = dealcode.encode("solitaire", 1001)
    assert sum(x != y for x, y in zip(a, b)) >= 5, (a, b)


def test_alphabet_leaves_out_look_alikes():
    assert len(dealcode.ALPHABET) == 23 and len(set(dealcode.ALPHABET)) == 23
    for c in "IOQ0123456789":
        assert c not in dealcode.ALPHABET


def test_decode_takes_spaces_dashes_and_lower_case():
    code = dealcode.encode("patience", 123456789)
    shown = dealcode.pretty(code)
    assert shown == code[:3] + " " + code[3:6] + " " + code[6:]
    for typed in (shown, shown.lower(), code[:3] + "-" + code[3:6] + "-" + code[6:], " " + code + " "):
        assert dealcode.decode(typed) == ("patience", 123456789)


def expect_error(code, words):
    try:
        dealcode.decode(code)
    except ValueError as e:
        assert words in str(e), (str(e), words)
    else:
        assert False, "decoded %r" % (code,)


def test_bad_codes_raise_clear_errors():
    code = dealcode.encode("solitaire", 42)
    expect_error(code[:8], "9 letters")
    expect_error(code + "A", "9 letters")
    expect_error("", "9 letters")
    expect_error(code[:4] + "I" + code[5:], "'I'")
    expect_error(code[:4] + "0" + code[5:], "'0'")


def test_every_single_wrong_letter_and_swap_is_caught():
    rng = Rng(77)
    for _ in range(10 * HEAVY):
        seed = (rng.step() << 16) | rng.step()
        code = dealcode.encode(VARIANTS[rng.below(3)], seed)
        for i in range(9):
            for c in dealcode.ALPHABET:
                if c != code[i]:
                    expect_error(code[:i] + c + code[i + 1:], "letter is wrong")
            if i < 8 and code[i] != code[i + 1]:
                expect_error(code[:i] + code[i + 1] + code[i] + code[i + 2:], "letter is wrong")


def test_codes_outside_the_deals_are_refused():
    # Only 11 * 2**32 of the 23**8 numbers are deals (three solitaires under
    # generators 1 and 2, five grid games): a made-up code with a good check
    # letter is still refused when its number is not one of them.
    refused = 0
    old = 0
    rng = Rng(5)
    for _ in range(200):
        digits = bytearray(rng.below(23) for _ in range(8))
        total = sum((i + 1) * digits[i] for i in range(8))
        check = (-total * 18) % 23
        code = "".join(dealcode.ALPHABET[d] for d in digits) + dealcode.ALPHABET[check]
        try:
            variant, seed = dealcode.decode(code)
        except ValueError as e:
            assert "not a deal code" in str(e)
            refused += 1
        else:
            again = dealcode.encode(variant, seed)
            # A generator-1 code decodes to the seed of the same cards, whose code now differs.
            old += again != code
            assert dealcode.decode(again) == (variant, seed)
    assert 55 < refused < 105  # about 2 in 5 numbers are not deals
    assert 15 < old < 60  # about 1 in 6 are generator 1's


def test_encode_refuses_bad_arguments():
    for variant, seed in (("chess", 1), ("poker-foster-english", 1), ("solitaire", -1), ("solitaire", 1 << 32)):
        try:
            dealcode.encode(variant, seed)
        except ValueError:
            pass
        else:
            assert False, (variant, seed)


def test_day_numbers():
    assert dealcode.day_number((2000, 1, 1)) == 0
    assert dealcode.day_number((2000, 3, 1)) == 60  # 2000 is a leap year
    assert dealcode.day_number((2001, 1, 1)) == 366
    assert dealcode.day_number((2026, 11, 29)) == 9829
    assert dealcode.day_number((2100, 3, 1)) - dealcode.day_number((2100, 2, 28)) == 1  # not leap
    # Consecutive days, across every month end of a few years, differ by one.
    prev = dealcode.day_number((2023, 12, 31))
    lengths = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    for m in range(1, 13):
        for d in range(1, lengths[m - 1] + 1):
            n = dealcode.day_number((2024, m, d))
            assert n == prev + 1, (m, d)
            prev = n


def test_bad_dates_raise():
    for date in ((2023, 2, 29), (2024, 13, 1), (2024, 4, 31), (1999, 12, 31), (2024, 1, 0), (2024, 1)):
        try:
            dealcode.day_number(date)
        except ValueError:
            pass
        else:
            assert False, date


def test_deal_of_the_day():
    today = dealcode.deal_of_the_day((2026, 11, 29), "solitaire")
    assert 0 <= today <= 0xFFFFFFFF
    assert today == dealcode.deal_of_the_day((2026, 11, 29), "solitaire")  # every device agrees
    seeds = set()
    for d in range(1, 31):
        for variant in VARIANTS:
            seeds.add(dealcode.deal_of_the_day((2026, 11, d), variant))
    assert len(seeds) == 90  # a new deal every day, and one per variant
    code = dealcode.encode("patience2", dealcode.deal_of_the_day((2027, 1, 1), "patience2"))
    assert dealcode.decode(code)[0] == "patience2"


def test_the_grid_games_have_codes_and_days_of_their_own():
    from rules.grid_games import KEYS

    assert dealcode.VARIANTS == VARIANTS + KEYS
    codes = set()
    for seed in (0, 7, 0xFFFFFFFF):
        for key in KEYS:
            code = dealcode.encode(key, seed)
            assert dealcode.decode(code) == (key, seed)
            codes.add(code)
    assert len(codes) == 3 * len(KEYS)
    # The grid games' days are apart from the solitaires' and from each other.
    day = dealcode.day_number((2026, 12, 1))
    seeds = set(dealcode.day_seed(d, k) for d in (day, day + 1) for k in range(len(dealcode.VARIANTS)))
    assert len(seeds) == 2 * len(dealcode.VARIANTS)
    assert dealcode.deal_of_the_day((2026, 12, 1), "squares") == dealcode.day_seed(day, 7)
    assert dealcode.deal_of_the_day((2026, 12, 1), "solitaire") == dealcode.day_seed(day, 0)
