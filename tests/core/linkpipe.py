# A cable in memory for the link's tests (portable: CPython and the MicroPython VM).
# pipe(rng, drop, flip) gives two ends; each has the port's verbs, write(buf) and
# readinto(buf). A byte written may be lost (drop in 10,000) or reach the other end
# with a bit flipped (flip in 10,000), decided by the seeded rng: a run is repeatable.
# cut() stops every byte both ways until join().


class End:
    def __init__(self, wire):
        self.wire = wire
        self.inbox = bytearray()
        self.other = None
        self.sent = 0  # bytes written

    def write(self, buf):
        w = self.wire
        self.sent += len(buf)
        if w.cut:
            return len(buf)
        rng = w.rng
        for b in bytes(buf):
            if w.drop and rng.below(10000) < w.drop:
                w.dropped += 1
                continue
            if w.flip and rng.below(10000) < w.flip:
                b ^= 1 << rng.below(8)
                w.flipped += 1
            self.other.inbox.append(b)
        return len(buf)

    def readinto(self, buf):
        n = min(len(buf), len(self.inbox))
        if not n:
            return None
        buf[:n] = self.inbox[:n]
        self.inbox = self.inbox[n:]
        return n


class Wire:
    def __init__(self, rng=None, drop=0, flip=0):
        self.rng = rng
        self.drop = drop
        self.flip = flip
        self.dropped = 0
        self.flipped = 0
        self.cut = False


def pipe(rng=None, drop=0, flip=0):
    w = Wire(rng, drop, flip)
    a = End(w)
    b = End(w)
    a.other = b
    b.other = a
    return a, b
