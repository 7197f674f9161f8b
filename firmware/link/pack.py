# The pack neither device alone chooses. Each device draws a random half
# (HALF bytes) and first sends only its hash (sha256), its promise; once it holds the
# other's promise it sends the half itself. A half is taken only if it matches the
# promise made before this device showed its own, so neither side can pick its half
# after seeing the other's. The deal's seed is the hash of both halves (in byte order,
# so both devices compute the same), and the device with the lower half has seat 0.
#
#   p = Pack(os.urandom(HALF)); send(p.promise())
#   reply = p.take(message)   # for each message from the other side; send reply if any
#   p.seed, p.seat once both halves are in; p.problem: one line if the other cheated
from hashlib import sha256

from micropython import const

HALF = const(16)
PROMISE = const(0x43)  # "C": the hash of a half
SHOW = const(0x52)  # "R": the half itself


class Pack:
    def __init__(self, half):
        if len(half) != HALF:
            raise ValueError("a half is %d bytes" % HALF)
        self.half = bytes(half)
        self.mine = sha256(self.half).digest()
        self.theirs = None  # the other's promise
        self.seed = None  # the deal's seed, once both halves are in
        self.seat = None  # this device's seat (0 or 1)
        self.problem = None

    def promise(self):
        return bytes((PROMISE,)) + self.mine

    def take(self, msg):
        """The other side's message: returns the message to send back, or None."""
        if self.problem is not None or self.seed is not None:
            return None
        kind = msg[0] if msg else None
        if kind == PROMISE and len(msg) == 33:
            if self.theirs is not None:
                return self._refuse("the other device changed its promise")
            if msg[1:] == self.mine:
                return self._refuse("the other device repeated this device's promise")
            self.theirs = bytes(msg[1:])
            return bytes((SHOW,)) + self.half
        if kind == SHOW and len(msg) == HALF + 1:
            half = bytes(msg[1:])
            if self.theirs is None:
                return self._refuse("the other device showed its half before promising it")
            if sha256(half).digest() != self.theirs:
                return self._refuse("the other device's half does not match its promise")
            if half == self.half:
                return self._refuse("the other device repeated this device's half")
            lo, hi = (self.half, half) if self.half < half else (half, self.half)
            self.seed = int.from_bytes(sha256(lo + hi).digest()[:4], "big")
            self.seat = 0 if lo == self.half else 1
            return None
        return self._refuse("the other device sent no pack")

    def _refuse(self, why):
        self.problem = why + ": game refused"
        return None
