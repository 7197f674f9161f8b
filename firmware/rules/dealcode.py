# Deal codes: nine letters that fix a variant and a seed, so friends on other
# devices can play the very same cards ("KXM PRT WAB" read aloud or keyed in).
#
# The letters leave out I, O and Q, which are easily taken for 1, 0 and O.
# Eight letters carry the deal as a base-23 number, scrambled so that nearby
# seeds do not give look-alike codes; the ninth is a check letter (weights 1..9
# modulo the prime 23), so any one wrong letter, or two neighbours swapped, is
# caught rather than quietly dealing another game.
#
# The number is slot * 2**32 + seed. Slots 0..2 are generator 1's codes (the
# first three variants, printed before generator 2): they still decode, to the
# generator-2 seed that deals the same cards. Generator 2's codes use slots
# 3 + variant, so room is left for 15 variants: the three solitaires, then
# the five grid games (rules.grid_games.KEYS, each with its table and placement
# rule) in slots 6..10.
from micropython import const

from rules.solitaire_games import VARIANTS as _SOLITAIRES
from rules.grid_games import KEYS
from rules.rng import Rng, unmix

VARIANTS = _SOLITAIRES + KEYS  # what a code can deal

ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ"
LENGTH = 9

_BASE = 23
_SPACE = 78310985281  # 23 ** 8 numbers in the eight letters
_GEN1_SLOTS = const(3)  # generator 1: slot = variant, for the first three variants
_SLOTS = 18  # 23 ** 8 // 2 ** 32: slots that fit in the eight letters
_MIX = 48398850593  # scrambles: about 0.618 * _SPACE, coprime to it ...
_UNMIX = 44696163848  # ... and its inverse modulo _SPACE
_OFFSET = 31415926535
_INV9 = 18  # 9 * 18 = 1 (mod 23): solves for the check letter
_GRID_DAYS = const(0x1000000)  # the grid games' day seeds start here

# First day of each month in a common year, for day numbers.
_MONTH_START = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def encode(variant, seed):
    """The nine-letter code of the variant's deal from seed."""
    if variant not in VARIANTS:
        raise ValueError("unknown variant %r (one of: %s)" % (variant, ", ".join(VARIANTS)))
    if not 0 <= seed <= 0xFFFFFFFF:
        raise ValueError("seed must be a 32-bit unsigned int: %r" % (seed,))
    x = (((_GEN1_SLOTS + VARIANTS.index(variant)) << 32 | seed) * _MIX + _OFFSET) % _SPACE
    digits = bytearray(LENGTH)
    for i in range(LENGTH - 2, -1, -1):
        digits[i] = x % _BASE
        x //= _BASE
    digits[LENGTH - 1] = (-_weighted(digits) * _INV9) % _BASE
    return "".join(ALPHABET[d] for d in digits)


def decode(code):
    """(variant, seed) from a code; spaces, dashes and lower case are fine. ValueError if not a code."""
    letters = code.replace(" ", "").replace("-", "").upper()
    if len(letters) != LENGTH:
        raise ValueError("a deal code has %d letters, not %d: %r" % (LENGTH, len(letters), code))
    digits = bytearray(LENGTH)
    for i in range(LENGTH):
        d = ALPHABET.find(letters[i])
        if d < 0:
            raise ValueError("%r is not a deal code letter (no I, O, Q or digits)" % (letters[i],))
        digits[i] = d
    if (_weighted(digits) + LENGTH * digits[LENGTH - 1]) % _BASE:
        raise ValueError("%s is not a deal code: a letter is wrong" % (letters,))
    x = 0
    for i in range(LENGTH - 1):
        x = x * _BASE + digits[i]
    deal = ((x - _OFFSET) * _UNMIX) % _SPACE
    slot = deal >> 32
    seed = deal & 0xFFFFFFFF
    if slot < _GEN1_SLOTS:
        return VARIANTS[slot], unmix(seed)
    if slot - _GEN1_SLOTS >= len(VARIANTS) or slot >= _SLOTS:
        raise ValueError("%s is not a deal code: a letter is wrong" % (letters,))
    return VARIANTS[slot - _GEN1_SLOTS], seed


def pretty(code):
    """The code in threes, as shown and read aloud: "KXM PRT WAB"."""
    return code[0:3] + " " + code[3:6] + " " + code[6:9]


def deal_of_the_day(date, variant):
    """The seed of the day's deal for a (year, month, day) date: the same on every device."""
    if variant not in VARIANTS:
        raise ValueError("unknown variant %r (one of: %s)" % (variant, ", ".join(VARIANTS)))
    return day_seed(day_number(date), VARIANTS.index(variant))


def day_seed(day, kind):
    """The deal-of-the-day seed for a day number and a variant's index. The
    generator mixes its seed, so neighbouring days and variants are unrelated.
    The grid games' (kind 3 on) come from numbers above every solitaire's
    (day * 3 + kind stays below 2**24 up to the year 9999)."""
    n = len(_SOLITAIRES)
    rng = Rng(day * n + kind if kind < n else _GRID_DAYS + day * len(KEYS) + kind - n)
    hi = rng.step()
    return (hi << 16) | rng.step()


def day_number(date):
    """Days from 2000-01-01 to a (year, month, day) date between 2000 and 9999."""
    try:
        y, m, d = date
    except (TypeError, ValueError):
        raise ValueError("a date is (year, month, day): %r" % (date,))
    if not (2000 <= y <= 9999 and 1 <= m <= 12):
        raise ValueError("no such date: %r" % (date,))
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[m - 1]
    if not 1 <= d <= days:
        raise ValueError("no such date: %r" % (date,))
    y0 = y - 2000
    # Leap days from 2000 up to the start of year y (2000 itself is one).
    leaps = (y0 + 3) // 4 - (y0 + 99) // 100 + (y0 + 399) // 400
    return y0 * 365 + leaps + _MONTH_START[m - 1] + (leap and m > 2) + d - 1


def _weighted(digits):
    total = 0
    for i in range(LENGTH - 1):
        total += (i + 1) * digits[i]
    return total
