# The project's own seeded generator, so a seed deals the same pack on CPython,
# MicroPython and every device. It is xorshift32 (Marsaglia, 13/17/5) kept as two
# 16-bit halves: every intermediate stays a MicroPython small int (< 2**30), so
# drawing a number allocates nothing on the device.

_MASK = 0xFFFF
# Seed 0 would stick xorshift at zero; it is replaced by this fixed state.
_ZERO_HI = 0x2545
_ZERO_LO = 0xF491


class Rng:
    def __init__(self, seed):
        if not 0 <= seed <= 0xFFFFFFFF:
            raise ValueError("seed must be a 32-bit unsigned int: %r" % (seed,))
        hi = (seed >> 16) & _MASK
        lo = seed & _MASK
        if hi == 0 and lo == 0:
            hi = _ZERO_HI
            lo = _ZERO_LO
        self.hi = hi
        self.lo = lo
        # Nearby seeds start in nearby states; a few steps spread them apart.
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
