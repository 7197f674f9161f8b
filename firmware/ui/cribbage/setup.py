# Cribbage against the computer, before and after: choosing the game (the
# computer's level, to 121 or 61, two to four hands) and the statistics of
# each way of playing it.
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.cribbage import LEVEL_NAMES

_TARGETS = (121, 61)


class CribSetup:
    """Level, game and hands; Start, or the statistics."""

    ABOUT = ("plays what scores now", "avoids giving points", "looks ahead to the end")

    def __init__(self, app):
        self.app = app
        self.level = 1
        self.target = 0  # index into _TARGETS
        self.players = 2
        self.cur = 3

    def key(self, k):
        app = self.app
        step = -1 if k == LEFT else 1
        if k == UP:
            self.cur = (self.cur - 1) % 5
        elif k == DOWN:
            self.cur = (self.cur + 1) % 5
        elif k in (LEFT, RIGHT, A) and self.cur == 0:
            self.level = (self.level + step) % 3
        elif k in (LEFT, RIGHT, A) and self.cur == 1:
            self.target ^= 1
        elif k in (LEFT, RIGHT, A) and self.cur == 2:
            self.players = 2 + (self.players - 2 + step) % 3
        elif k == A and self.cur == 3:
            from ui.saved import ask_first

            ask_first(app, self.begin)
            return
        elif k == A and self.cur == 4:
            from ui.cribbage.history import mode_of

            app.visit("CribStats", mode_of(self.players, _TARGETS[self.target], self.level))
            return
        elif k == B:
            app.back()
            return
        app.redraw()

    def begin(self):
        from ui.cribbage.game import start

        start(self.app, self.level, self.players, _TARGETS[self.target])

    def draw(self, fb):
        gfx.bar(fb, "Cribbage")
        rows = ("Computer: " + LEVEL_NAMES[self.level],
                "Game: to %d" % _TARGETS[self.target],
                "Hands: %d%s" % (self.players, " (partners)" if self.players == 4 else ""),
                "Start", "Statistics")
        gfx.listing(fb, rows, self.cur, 0)
        gfx.text(fb, self.ABOUT[self.level], 4, 56)
