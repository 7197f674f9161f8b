# The seeded generator and shuffle: the same seed gives the same pack everywhere.
from crib.rng import Rng, shuffled_pack


def xorshift32(x):
    """Textbook xorshift32 on plain ints, to check the 16-bit-halves version."""
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


def test_halves_match_textbook_xorshift32():
    for seed in (1, 2, 12345, 0xDEADBEEF, 0xFFFFFFFF, 0x80000000):
        r = Rng(seed)
        x = (r.hi << 16) | r.lo
        for _ in range(500):
            x = xorshift32(x)
            assert r.step() == x >> 16
            assert (r.hi << 16) | r.lo == x


def test_zero_seed_is_usable():
    r = Rng(0)
    assert (r.hi, r.lo) != (0, 0)
    assert len(set(r.step() for _ in range(100))) > 90


def test_seed_must_be_32_bit():
    for bad in (-1, 1 << 32):
        try:
            Rng(bad)
        except ValueError:
            pass
        else:
            assert False, "accepted seed %r" % bad


def test_below_stays_in_range_and_covers_it():
    r = Rng(7)
    for n in (1, 2, 3, 13, 52, 65536):
        seen = set()
        for _ in range(400):
            v = r.below(n)
            assert 0 <= v < n
            seen.add(v)
        if n <= 52:
            assert len(seen) == n, (n, sorted(seen))


def test_pack_is_a_permutation_and_depends_on_seed():
    packs = set()
    for seed in range(50):
        p = shuffled_pack(seed)
        assert sorted(p) == list(range(52))
        packs.add(bytes(p))
    assert len(packs) == 50
    assert shuffled_pack(99) == shuffled_pack(99)


def test_known_pack_for_seed_1():
    # Pinned so that a change to the generator, which would change every
    # shared deal and saved game, cannot pass unnoticed.
    assert bytes(shuffled_pack(1)) == KNOWN_PACK_1


def test_first_card_is_roughly_uniform():
    counts = [0] * 52
    for seed in range(5200):
        counts[shuffled_pack(seed)[0]] += 1
    # 100 expected per card; a fair shuffle stays well inside 45..165.
    assert min(counts) > 45 and max(counts) < 165, counts


MICROPYTHON_SKIP = ("test_first_card_is_roughly_uniform",)


# Seed 1 deals 2C TS 4C 8S 8C 5S ... (card ints below).
KNOWN_PACK_1 = bytes((
    4, 39, 12, 31, 28, 19, 38, 3, 2, 21, 47, 45, 25, 41, 14, 11, 50, 51, 34, 49, 43, 48, 15, 22, 30, 6,
    20, 46, 17, 7, 8, 16, 35, 36, 1, 33, 9, 32, 18, 42, 13, 26, 10, 5, 37, 0, 29, 40, 27, 44, 24, 23,
))
