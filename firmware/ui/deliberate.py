# A press of A that is meant. Where A ends something for good (game over,
# the initials), A pressed in a burst, as when skipping through the counting,
# must not run on into the initials, "AAA" and a new game: such a screen takes
# A only after a pause with no A, and shows its prompt once the pause is over.
from micropython import const

PAUSE_MS = const(1000)
_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30


class Deliberate:
    """Whether an A is deliberate: it comes PAUSE_MS after the screen appeared
    and after the last A ignored (a burst of A keeps being ignored), or after
    any other key. The screen's tick(now) calls tick(now), which says when the
    pause has just ended (time to show the prompt)."""

    def __init__(self, app):
        self.app = app
        self.since = app.board.ticks_ms()
        self.ready = False

    def a(self):
        """Take this A? (An A too soon is ignored and starts the pause again.)"""
        if not self.ready:
            now = self.app.board.ticks_ms()
            if (now - self.since) & _MASK < PAUSE_MS:
                self.since = now
                return False
            self.ready = True
        return True

    def other(self):
        """Another key was pressed: the player is looking, the next A is meant."""
        self.ready = True

    def tick(self, now):
        """True once, when the pause has just passed."""
        if self.ready or (now - self.since) & _MASK < PAUSE_MS:
            return False
        self.ready = True
        return True
