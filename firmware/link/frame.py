# The link's frames: messages between two devices over a byte stream
# that may drop or garble bytes (a UART on a cable that can be pulled). Each frame:
#
#   SYNC  kind  seq  len  payload (len bytes, at most MAX)  crc16 (2 bytes, big end)
#
# kind is HELLO, DATA or ACK; the CRC (CCITT, 0xFFFF start) covers kind to the payload's
# end. A frame that fails its CRC is dropped and the reader looks for the next SYNC.
# DATA is stop-and-wait: one frame in flight, sent again every RESEND_MS until the ACK
# of its seq comes; the reader delivers a seq once (the one it expects) and acks a repeat
# again without delivering it, so a message is never lost, doubled or reordered.
#
# HELLO opens a session: PROTO, the sender's session number (4 random bytes, new at each
# start), the session number it has heard from the other side (0s if none), then the
# caller's bytes (its version, its id and name). A side is linked once it has heard the
# other and the other has heard its current session; a side that hears a new session from
# the other (it was reset) starts both sequence numbers again, and with `fresh` set (an
# exchange that must then start again: the pack) drops what was queued either way. A HELLO
# whose PROTO or version differs from ours leaves us unlinked with one line in `problem`.
#
# The port is any object with write(buf) and readinto(buf) -> count or None, never
# blocking: machine.UART(timeout=0) on the device, a pipe or a socket in tests.
from micropython import const

SYNC = const(0xC5)
HELLO = const(0x48)
DATA = const(0x44)
ACK = const(0x41)
MAX = const(60)  # payload bytes a frame carries at most
PROTO = const(1)  # this framing's version
RESEND_MS = const(120)  # a frame unanswered this long is sent again
KEEP_MS = const(1000)  # a link with nothing to say says that much this often

_HEAD = const(4)  # sync, kind, seq, len
_REPLY = const(1)  # HELLO's seq byte: an answer, not to be answered
_NONCE = const(4)
_TICKS = const(0x3FFFFFFF)  # time.ticks_ms() wraps at 2**30


def crc16(buf, start, end):
    """CRC-16/CCITT-FALSE of buf[start:end], with no allocation."""
    c = 0xFFFF
    for i in range(start, end):
        c ^= buf[i] << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c


def encode(kind, seq, payload, out=None):
    """The frame's bytes (into out, a bytearray of at least len(payload) + 6, if given);
    returns (buffer, length)."""
    n = len(payload)
    if n > MAX:
        raise ValueError("a frame carries at most %d bytes, not %d" % (MAX, n))
    if out is None:
        out = bytearray(n + _HEAD + 2)
    out[0] = SYNC
    out[1] = kind
    out[2] = seq & 255
    out[3] = n
    out[_HEAD:_HEAD + n] = payload
    c = crc16(out, 1, _HEAD + n)
    out[_HEAD + n] = c >> 8
    out[_HEAD + n + 1] = c & 255
    return out, _HEAD + n + 2


def text(raw, most):
    """The other side's bytes as text this device can show and keep: at most `most` of
    them, printable ASCII as it is and any other byte "?". (Bytes that are not UTF-8 make
    decode() raise, on MicroPython whatever errors= says.)"""
    return bytes(b if 32 <= b < 127 else 63 for b in raw[:most]).decode()


def _kind(version):
    """The game a version is for: its leading lowercase letters (b"crib" of b"crib3.2.1")."""
    n = 0
    while n < len(version) and 97 <= version[n] <= 122:
        n += 1
    return version[:n]


class Link:
    """One end of the link. Call poll(now_ms) often; send() queues a message; recv()
    gives the next message from the other side (bytes) or None."""

    def __init__(self, port, nonce, version, me=b""):
        """nonce: 4 random bytes, this session's number; version: bytes both sides must
        share; me: what the other side learns of us (id, name)."""
        self.port = port
        self.nonce = bytes(nonce)
        self.version = bytes(version)
        self.me = bytes(me)
        self.linked = False
        self.peer = None  # the other side's bytes after its version, once heard
        self.problem = None  # one line: why the other side cannot be played with
        self.resets = 0  # new sessions heard from the other side after the first
        self.fresh = False  # True: a new session drops what was sent to the old one or came from it
        self._peer_nonce = None
        self._heard_me = False
        self._rx = bytearray(_HEAD + MAX + 2)
        self._n = 0
        self._tx = bytearray(_HEAD + MAX + 2)
        self._buf = bytearray(32)  # read from the port in chunks of this
        self._out = []  # messages to send; the first is in flight once linked
        self._seq = 0  # the first one's sequence number
        self._expect = 0  # the sequence number to deliver next
        self._inbox = []
        self._sent = None  # when the frame in flight (or the last HELLO) went out
        self._now = 0
        self.heard = None  # when the last good frame came
        self._kept = 0  # when the last word of a quiet link went out

    # What the game asks.

    def send(self, payload):
        if len(payload) > MAX:
            raise ValueError("a message is at most %d bytes" % MAX)
        self._out.append(bytes(payload))
        if len(self._out) == 1 and self.linked:
            self._send_data()

    def recv(self):
        return self._inbox.pop(0) if self._inbox else None

    def pending(self):
        """Messages not yet acknowledged by the other side."""
        return len(self._out)

    def poll(self, now):
        self._now = now
        port = self.port
        buf = self._buf
        while True:
            n = port.readinto(buf)
            if not n:
                break
            for i in range(n):
                self._byte(buf[i])
        due = self._sent is None or (now - self._sent) & _TICKS >= RESEND_MS
        if not self.linked:
            if due:
                self._hello(0)
        elif self._out:
            if due:
                self._send_data()
        elif (now - self._kept) & _TICKS >= KEEP_MS:
            # A quiet link says so now and then, so that the other side can tell a player
            # thinking from a cable pulled: the ack of the last frame taken, again.
            self._write(ACK, self._expect - 1, b"")
            self._kept = now

    # Sending.

    def _write(self, kind, seq, payload):
        out, n = encode(kind, seq, payload, self._tx)
        self.port.write(memoryview(out)[:n])

    def _hello(self, flags):
        heard = self._peer_nonce or b"\0\0\0\0"
        self._write(HELLO, flags, bytes((PROTO,)) + self.nonce + heard + self.version + self.me)
        if not flags:
            self._sent = self._now

    def _send_data(self):
        self._write(DATA, self._seq, self._out[0])
        self._sent = self._now

    # Reading.

    def _byte(self, b):
        rx = self._rx
        n = self._n
        if n == 0:
            if b == SYNC:
                rx[0] = b
                self._n = 1
            return
        rx[n] = b
        n += 1
        self._n = n
        if n < _HEAD:
            return
        if n == _HEAD and (rx[3] > MAX or rx[1] not in (HELLO, DATA, ACK)):
            self._resync()
            return
        end = _HEAD + rx[3]
        if n < end + 2:
            return
        if crc16(rx, 1, end) != (rx[end] << 8) | rx[end + 1]:
            self._resync()
            return
        self._n = 0
        self._frame(rx[1], rx[2], bytes(rx[_HEAD:end]))

    def _resync(self):
        """A bad frame: read its bytes after the SYNC again, from the next SYNC on."""
        rx = self._rx
        n = self._n
        self._n = 0
        i = 1
        while i < n and rx[i] != SYNC:
            i += 1
        if i < n:
            for b in bytes(rx[i:n]):
                self._byte(b)

    def quiet(self, now):
        """ms since the other side was last heard (None: never)."""
        return None if self.heard is None else (now - self.heard) & _TICKS

    def _frame(self, kind, seq, payload):
        self.heard = self._now
        if kind == HELLO:
            self._on_hello(seq, payload)
        elif not self.linked:
            return  # data from a session not yet opened: it will be sent again
        elif kind == DATA:
            if seq == self._expect:
                self._expect = (seq + 1) & 255
                self._inbox.append(payload)
                self._write(ACK, seq, b"")
            elif seq == (self._expect - 1) & 255:
                self._write(ACK, seq, b"")  # our ack was lost: say it again
        elif kind == ACK and self._out and seq == self._seq:
            self._out.pop(0)
            self._seq = (self._seq + 1) & 255
            self._sent = None
            if self._out:
                self._send_data()

    def _on_hello(self, flags, payload):
        v = len(self.version)
        ours = payload[:1] == bytes((PROTO,))  # (an empty hello is another firmware's too)
        if len(payload) < 1 + 2 * _NONCE + v or not ours \
                or payload[1 + 2 * _NONCE:1 + 2 * _NONCE + v] != self.version:
            k = _kind(self.version)
            if k and ours and payload[1 + 2 * _NONCE:1 + 2 * _NONCE + len(k)] != k \
                    and _kind(payload[1 + 2 * _NONCE:]):
                # Both sides speak this framing but chose different games (a race, the cable's cribbage).
                self.problem = "the other device chose another game: choose the same on both"
            else:
                self.problem = "the other device runs another firmware: flash both with the same Pocket Crib"
            self.linked = False
            if not flags & _REPLY:
                self._hello(_REPLY)  # so that it can say so too
            return
        nonce = payload[1:1 + _NONCE]
        if nonce != self._peer_nonce:
            if self._peer_nonce is not None:
                self.resets += 1
                if self.fresh:
                    # An exchange with the old session, which the new one knows nothing of: not
                    # a byte of it may reach the new one (the pack would take it for a cheat).
                    self._out = []
                    self._inbox = []
            self._peer_nonce = nonce
            self._expect = 0  # a new session on the other side: both counts start again
            self._seq = 0
            self._heard_me = False
            self.linked = False
            self._sent = None
        self.peer = payload[1 + 2 * _NONCE + v:]
        if payload[1 + _NONCE:1 + 2 * _NONCE] == self.nonce:
            self._heard_me = True
        if not flags & _REPLY:
            self._hello(_REPLY)
        if self._heard_me and not self.linked:
            self.linked = True
            self.problem = None
            self._sent = None
            if self._out:
                self._send_data()
