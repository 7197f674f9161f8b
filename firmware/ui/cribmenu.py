# Cribbage against the computer, before and after: choosing the game (the
# computer's level, to 121 or 61, two to four hands) and the statistics of
# each way of playing it.
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.cribgame import LEVEL_NAMES

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
            from ui.cribstats import mode_of

            app.visit("CribStats", mode_of(self.players, _TARGETS[self.target], self.level))
            return
        elif k == B:
            app.back()
            return
        app.redraw()

    def begin(self):
        from ui.cribgame import start

        start(self.app, self.level, self.players, _TARGETS[self.target])

    def draw(self, fb):
        gfx.bar(fb, "Cribbage")
        rows = ("Computer: " + LEVEL_NAMES[self.level],
                "Game: to %d" % _TARGETS[self.target],
                "Hands: %d%s" % (self.players, " (partners)" if self.players == 4 else ""),
                "Start", "Statistics")
        gfx.listing(fb, rows, self.cur, 0)
        gfx.text(fb, self.ABOUT[self.level], 4, 56)


class CribStats:
    """A page per mode played: games, wins, skunks, match points, and the
    points per deal as dealer and as pone. LEFT/RIGHT turn the pages."""

    def __init__(self, app, mode):
        from ui.cribstats import modes

        self.app = app
        self.modes = modes(app.saves)
        if mode not in self.modes:
            self.modes.append(mode)
        self.i = self.modes.index(mode)
        self.load()

    def load(self):
        from ui.cribstats import stats

        self.s = stats(self.app.saves, self.modes[self.i])

    def key(self, k):
        if k == LEFT or k == RIGHT:
            self.i = (self.i + (1 if k == RIGHT else -1)) % len(self.modes)
            self.load()
            self.app.redraw()
        elif k == A or k == B:
            self.app.back()  # to the setup, or after a game to the menu

    def draw(self, fb):
        s = self.s
        from ui.cribstats import mode_name

        gfx.bar(fb, "< " + mode_name(self.modes[self.i]) + " >")
        games = s["games"]
        wins = s["wins"]
        gfx.text(fb, "Games %d  Won %d (%d%%)" % (games, wins, wins * 100 // games if games else 0),
                 1, 10)
        gfx.text(fb, "Skunks: won %d, lost %d" % (s["skunks"], s["skunked"]), 1, 19)
        gfx.text(fb, "Match points %d to %d" % (s["for"], s["against"]), 1, 28)
        gfx.text(fb, "a deal", 1, 37)
        for i, head in enumerate(("play", "hand", "crib")):
            gfx.right(fb, head, 68 + 28 * i, 37)
        for row, (name, n, t) in enumerate((("dealer", s["dealt"], s["dealer"]),
                                            ("pone", s["poned"], s["pone"]))):
            y = 46 + 9 * row
            gfx.text(fb, name, 1, y)
            for i in range(3 if row == 0 else 2):
                gfx.right(fb, _avg(t[i], n), 68 + 28 * i, y)


def _avg(total, n):
    if not n:
        return "-"
    tenths = (total * 10 + n // 2) // n
    return "%d.%d" % (tenths // 10, tenths % 10)
