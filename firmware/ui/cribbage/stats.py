# The statistics screen of cribbage (CribStats): a page per mode played, read from the
# history by ui.cribbage.history.
from drivers.buttons import A, B, LEFT, RIGHT
from ui import gfx
from ui.cribbage.history import LEFT_PAGE, left_by, mode_name, modes, stats


class CribStats:
    """A page per mode played: games, wins, skunks, match points, and the
    points per deal as dealer and as pone. LEFT/RIGHT turn the pages."""

    def __init__(self, app, mode):
        self.app = app
        self.modes = modes(app.saves)
        if mode not in self.modes:
            self.modes.append(mode)
        self.i = self.modes.index(mode)
        self.load()

    def load(self):
        mode = self.modes[self.i]
        self.left = left_by(self.app.saves) if mode == LEFT_PAGE else None
        if self.left is None:
            self.s = stats(self.app.saves, mode)

    def key(self, k):
        if k == LEFT or k == RIGHT:
            self.i = (self.i + (1 if k == RIGHT else -1)) % len(self.modes)
            self.load()
            self.app.redraw()
        elif k == A or k == B:
            self.app.back()  # to the setup, or after a game to the menu

    def draw(self, fb):
        gfx.bar(fb, "< " + mode_name(self.modes[self.i]) + " >")
        rows = self.left
        if rows is not None:  # the games on the cable the other device left (issue 37)
            gfx.text(fb, "by the other device:", 1, 10)
            for i in range(min(5, len(rows))):
                name, peer, n = rows[i]
                gfx.text(fb, "%s %d" % (name, n), 1, 19 + 9 * i)
                gfx.right(fb, peer[:16], 127, 19 + 9 * i)
            return
        s = self.s
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
