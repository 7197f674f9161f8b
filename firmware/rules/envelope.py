# The envelope of a game saved as bytes (rules.solitaires, rules.cribbage, rules.grids):
# three letters of magic, a version, the game's own bytes, a checksum. Kept
# apart from the games so that a game loads only what it needs.
from rules.rng import unmix


def opened(data, magic, version, what, least, gen1=None):
    """The save's bytes once its magic, version and checksum are right (else ValueError).

    gen1: the oldest version, whose seeds are generator 1's (see seed_at): it and every
    version after it up to version are opened too.
    """
    data = bytes(data)
    if len(data) < least or data[:3] != magic:
        raise ValueError("not a Pocket Crib %s save" % what)
    if data[3] != version and (gen1 is None or not gen1 <= data[3] < version):
        raise ValueError("%s save version %d is not supported" % (what, data[3]))
    if checksum(data[:-2]) != (data[-2] << 8) | data[-1]:
        raise ValueError("%s save is damaged (checksum)" % what)
    return data


def seed_at(data, i, gen1):
    """The seed in data[i:i + 4] for today's generator: a save of version gen1 holds a
    generator-1 seed, converted with unmix() so that it deals the very same cards."""
    seed = (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]
    return unmix(seed) if data[3] == gen1 else seed


def checksum(data):
    """Fletcher-16 of the bytes: catches torn, reordered and altered saves."""
    a = 0
    b = 0
    for x in data:
        a = (a + x) % 255
        b = (b + a) % 255
    return (b << 8) | a
