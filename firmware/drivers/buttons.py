# Six buttons as a bitmask, turned into key events: debounced, latched in a
# small queue, auto-repeating on the direction keys, with a long press on B.
#
# Pure logic: the board samples the pins (a timer or each loop) and calls
# update(now_ms, pressed_mask); the UI takes events with get(). Nothing here
# allocates after construction, so update() may run from a soft interrupt.
from micropython import const

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
ALL = const(63)
DIRECTIONS = const(15)  # UP | DOWN | LEFT | RIGHT

NONE = const(0)  # get() when the queue is empty
B_LONG = const(64)  # B held for long_ms: given instead of B, never as well

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "B_LONG")

_MASK = const(0x3FFFFFFF)  # time.ticks_ms() wraps at 2**30


def name(event):
    """'UP', 'B_LONG', ... for an event or key bit; '' for NONE."""
    i = 0
    while event > 1:
        event >>= 1
        i += 1
    return NAMES[i] if event else ""


def _since(now, then):
    # Milliseconds from then to now, across a ticks_ms() wrap.
    return (now - then) & _MASK


class Buttons:
    def __init__(self, debounce_ms=20, repeat_delay_ms=400, repeat_ms=120, long_ms=700, size=16):
        self.debounce_ms = debounce_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.long_ms = long_ms
        self.state = 0  # debounced: bit set = held
        self.dropped = 0  # events lost to a full queue
        self.last_change = 0  # when the debounced state last changed (for idle timers)
        self._raw = 0
        self._raw_at = 0
        self._queue = bytearray(size)
        self._head = 0  # written only by push()
        self._tail = 0  # written only by get(): safe with update() in an interrupt
        self._rep_key = 0
        self._rep_at = 0
        self._rep_wait = 0
        self._b_at = 0
        self._b_long = False
        self._started = False

    def update(self, now, raw):
        """Feed one sample: the time in ms and the mask of keys that read pressed."""
        raw &= ALL
        if not self._started:
            # Keys already held when sampling starts are not presses.
            self._started = True
            self._raw = self.state = raw
            self._raw_at = self.last_change = now
            self._b_long = True
            return
        if raw != self._raw:
            self._raw = raw
            self._raw_at = now
        old = self.state
        if raw != old and _since(now, self._raw_at) >= self.debounce_ms:
            self.state = raw
            self.last_change = now
            down = raw & ~old
            up = old & ~raw
            if down:
                self._pressed(now, down)
            if up & B and not self._b_long:
                self.push(B)
            if up & self._rep_key:
                self._rep_key = 0
        # Held: down after the debounce and still reading down. A key that reads
        # released neither repeats nor turns long while its release is debounced
        # (after a long gap between samples it would, at once).
        held = self.state & raw
        if held & B and not self._b_long and _since(now, self._b_at) >= self.long_ms:
            self._b_long = True
            self.push(B_LONG)
        key = self._rep_key
        if key and held & key and _since(now, self._rep_at) >= self._rep_wait:
            self.push(key)
            self._rep_at = now
            self._rep_wait = self.repeat_ms

    def _pressed(self, now, down):
        bit = 1
        while bit <= A:
            if down & bit:
                self.push(bit)
                if bit & DIRECTIONS:
                    # The newest direction key is the one that repeats.
                    self._rep_key = bit
                    self._rep_at = now
                    self._rep_wait = self.repeat_delay_ms
            bit <<= 1
        if down & B:
            # B waits for release (short) or long_ms (long) before it says which.
            self._b_at = now
            self._b_long = False

    def push(self, event):
        """Queue an event (the simulator uses this to bypass the contacts)."""
        head = self._head
        nxt = head + 1
        if nxt == len(self._queue):
            nxt = 0
        if nxt == self._tail:
            self.dropped += 1
            return
        self._queue[head] = event
        self._head = nxt

    def get(self):
        """The oldest queued event, or NONE."""
        tail = self._tail
        if tail == self._head:
            return NONE
        event = self._queue[tail]
        tail += 1
        self._tail = 0 if tail == len(self._queue) else tail
        return event

    def pending(self):
        n = self._head - self._tail
        return n + len(self._queue) if n < 0 else n

    def reset(self):
        """Forget queued events and treat keys held at the next sample as already
        held, not pressed (after a wake, say)."""
        self._started = False
        self.clear()

    def clear(self):
        """Forget queued events (say, the press that woke the screen)."""
        self._tail = self._head
