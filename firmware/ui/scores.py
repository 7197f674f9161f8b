# The high scores and statistics, a page per variant and grid game, and entering
# initials for a new high score.
from rules import grid_games as gridgames
from rules.solitaire_games import TITLES, VARIANTS
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.deliberate import Deliberate


class _PerVariant:
    """A page per variant, then one per grid game (rules.grid_games): LEFT and
    RIGHT turn the pages, A or B goes back (to the menu, on the row it was left on)."""

    def __init__(self, app, kind):
        self.app = app
        self.kind = kind
        self.load()

    def board(self):
        """(variant, table, foster) of the page, as the saves keep them."""
        n = len(VARIANTS)
        return (VARIANTS[self.kind], None, False) if self.kind < n else gridgames.board(self.kind - n)

    def title(self):
        n = len(VARIANTS)
        return TITLES[self.kind] if self.kind < n else gridgames.NAMES[self.kind - n]

    def target(self):
        n = len(VARIANTS)
        if self.kind < n:
            return 91 if self.kind == 0 else 80
        return gridgames.TARGETS[self.kind - n]

    def load(self):
        raise NotImplementedError

    def key(self, k):
        if k == LEFT or k == RIGHT:
            self.kind = (self.kind + (1 if k == RIGHT else -1)) % (len(VARIANTS) + len(gridgames.GAMES))
            self.load()
            self.app.redraw()
        elif k == A or k == B:
            self.app.back()

    def draw(self, fb):
        gfx.bar(fb, "< " + self.title() + " >")


class Scores(_PerVariant):
    """The top ten of a variant."""

    def load(self):
        self.rows = self.app.saves.high_scores(*self.board())

    def draw(self, fb):
        _PerVariant.draw(self, fb)
        if not self.rows:
            gfx.center(fb, "No scores yet", 30)
            return
        for i in range(min(10, len(self.rows))):
            r = self.rows[i]
            x = 64 * (i // 5)
            y = 11 + 10 * (i % 5)
            gfx.right(fb, "%d" % (i + 1), x + 12, y)
            gfx.text(fb, str(r.get("initials", "?"))[:3], x + 17, y)
            gfx.right(fb, "%d" % r.get("score", 0), x + 60, y)


class Stats(_PerVariant):
    """Games, wins, best, average and the last ten scores of a variant."""

    def load(self):
        self.s = self.app.saves.stats(*self.board())

    def draw(self, fb):
        s = self.s
        _PerVariant.draw(self, fb)
        games = s["games"]
        wins = s["wins"]
        # The right column is right-aligned so that "Won 999, 100%" fits.
        gfx.text(fb, "Games %d" % games, 2, 11)
        gfx.right(fb, "Won %d, %d%%" % (wins, (wins * 100 // games) if games else 0), 127, 11)
        avg = s["average"]
        gfx.text(fb, "Best %d" % s["best"], 2, 20)
        gfx.right(fb, "Average %d.%d" % (int(avg), int(avg * 10) % 10), 127, 20)
        last = s["last"]
        gfx.text(fb, "Last ten", 2, 30)
        if not last:
            return
        # A bar per game, the target as a dotted line across.
        target = self.target()
        top = max(max(last), target)
        for i in range(len(last)):
            h = last[i] * 24 // top
            fb.fill_rect(50 + 8 * i, 63 - h, 6, h, 1)
        y = 63 - target * 24 // top
        for x in range(48, 128, 2):
            fb.pixel(x, y, 1)


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "


class Initials:
    """Three letters for the high-score table: UP/DOWN change, LEFT/RIGHT move, A enters."""

    def __init__(self, app, prompt, done, last=None):
        self.app = app
        self.prompt = prompt
        self.done = done
        last = last or app.saves.get("initials")
        self.chars = [c if c in _LETTERS else "A" for c in (last + "AAA")[:3]]
        self.cur = 0
        self.meant = Deliberate(app)  # no "AAA" from a burst of A

    def key(self, k):
        c = self.chars[self.cur]
        if k != A:
            self.meant.other()
        elif not self.meant.a():
            return
        if k == UP or k == DOWN:
            i = (_LETTERS.index(c) + (1 if k == UP else -1)) % len(_LETTERS)
            self.chars[self.cur] = _LETTERS[i]
        elif k == LEFT:
            self.cur = (self.cur - 1) % 3
        elif k == RIGHT:
            self.cur = (self.cur + 1) % 3
        elif k == A:
            if self.cur < 2:
                self.cur += 1
            else:
                self.done("".join(self.chars))
                return
        elif k == B and self.cur:
            self.cur -= 1
        self.app.redraw()

    def draw(self, fb):
        gfx.bar(fb, self.prompt)
        gfx.center(fb, "Your initials:", 13)
        for i in range(3):
            x = 40 + 18 * i
            if i == self.cur:
                fb.fill_rect(x, 26, 14, 13, 1)
                gfx.cursor(fb, x + 6, 42)
            else:
                fb.rect(x, 26, 14, 13, 1)
            ch = self.chars[i] if self.chars[i] != " " else "_"
            gfx.center(fb, ch, 29, 0 if i == self.cur else 1, x, x + 14)
        gfx.center(fb, "up/down: letter  A: next", 52)
