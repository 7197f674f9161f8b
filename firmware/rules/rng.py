# The project's own seeded generator, so a seed deals the same pack on CPython,
# MicroPython and every device. It is xorshift32 (Marsaglia, 13/17/5) kept as two
# 16-bit halves: every intermediate stays a MicroPython small int (< 2**30), so
# drawing a number allocates nothing on the device.
#
# Generator 2 (GEN) passes the seed through mix(), a 32-bit integer finaliser,
# before it becomes the xorshift state: seeds that differ by one bit or by one
# give unrelated packs. Generator 1 used the seed itself as the state, so an old
# seed s deals under generator 2 as seed unmix(s): saves and deal codes of
# generator 1 are converted with unmix() and still deal the very same cards.
from micropython import const

GEN = const(2)  # the generator version: saves and records carry it

_MASK = const(0xFFFF)
# A state of 0 would stick xorshift at zero; it is replaced by this fixed state.
_ZERO_HI = const(0x2545)
_ZERO_LO = const(0xF491)

# The mixer's multipliers (odd, so invertible mod 2**32) and their inverses, as
# 16-bit halves: x ^= x >> 16; x *= M1; x ^= x >> 15; x *= M2; x ^= x >> 16
# (Wellons' "lowbias32", a finaliser with very low bias, every bit reaching all).
_M1_HI = const(0x7FEB)
_M1_LO = const(0x352D)
_M2_HI = const(0x846C)
_M2_LO = const(0xA68B)
_M1_INV_HI = const(0x1D69)  # 0x7feb352d * 0x1d69e2a5 = 1 (mod 2**32)
_M1_INV_LO = const(0xE2A5)
_M2_INV_HI = const(0x4302)  # 0x846ca68b * 0x43021123 = 1 (mod 2**32)
_M2_INV_LO = const(0x1123)


def _mul16(a, b):
    """a * b mod 2**16 for 16-bit a and b, no product reaching 2**24."""
    return ((a & 255) * b + (((a >> 8) * b & 255) << 8)) & _MASK


def _mul(hi, lo, c_hi, c_lo):
    """(hi:lo) * (c_hi:c_lo) mod 2**32 as (hi, lo), in pieces below 2**25."""
    low = (lo & 255) * c_lo
    high = (lo >> 8) * c_lo
    low += (high & 255) << 8
    carry = (low >> 16) + (high >> 8)
    return (carry + _mul16(lo, c_hi) + _mul16(hi, c_lo)) & _MASK, low & _MASK


def _check(seed):
    if not 0 <= seed <= 0xFFFFFFFF:
        raise ValueError("seed must be a 32-bit unsigned int: %r" % (seed,))


def mix(seed):
    """The 32-bit finaliser generator 2 applies to a seed (a bijection)."""
    _check(seed)
    hi = seed >> 16
    lo = (seed & _MASK) ^ hi
    hi, lo = _mul(hi, lo, _M1_HI, _M1_LO)
    lo ^= ((hi << 1) & _MASK) | (lo >> 15)
    hi ^= hi >> 15
    hi, lo = _mul(hi, lo, _M2_HI, _M2_LO)
    return (hi << 16) | (lo ^ hi)


def unmix(x):
    """The inverse of mix(): the generator-2 seed that deals generator 1's seed x."""
    _check(x)
    hi = x >> 16
    lo = (x & _MASK) ^ hi
    hi, lo = _mul(hi, lo, _M2_INV_HI, _M2_INV_LO)
    # x ^= x >> 15 is undone by x ^= (x >> 15) ^ (x >> 30).
    lo ^= (((hi << 1) & _MASK) | (lo >> 15)) ^ (hi >> 14)
    hi ^= hi >> 15
    hi, lo = _mul(hi, lo, _M1_INV_HI, _M1_INV_LO)
    return (hi << 16) | (lo ^ hi)


class Rng:
    def __init__(self, seed):
        state = mix(seed)
        hi = state >> 16
        lo = state & _MASK
        if hi == 0 and lo == 0:
            hi = _ZERO_HI
            lo = _ZERO_LO
        self.hi = hi
        self.lo = lo
        # Kept from generator 1 (whose states came straight from the seed), so
        # that unmix() converts its seeds exactly.
        for _ in range(8):
            self.step()

    def step(self):
        """Advance one xorshift32 step; returns the new high half (16 bits)."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & _MASK
        lo ^= (lo << 13) & _MASK
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & _MASK
        lo ^= (lo << 5) & _MASK
        self.hi = hi
        self.lo = lo
        return hi

    def below(self, n):
        """A uniform int in 0..n-1 for 1 <= n <= 65536 (rejection, so no modulo bias)."""
        limit = 65536 - 65536 % n
        while True:
            r = self.step()
            if r < limit:
                return r % n


def shuffle(pack, rng):
    """Fisher-Yates shuffle of the bytearray in place, drawing from rng."""
    for i in range(len(pack) - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]


def shuffled_pack(seed):
    """The 52 cards as a bytearray, Fisher-Yates shuffled from the seed."""
    pack = bytearray(range(52))
    shuffle(pack, Rng(seed))
    return pack
