# The screens around the game: title, menu, players, settings, high scores,
# statistics, about, notices, and entering initials for a high score.
from rules import grid_games as gridgames
from rules.solitaire_games import TITLES, VARIANTS
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.deliberate import Deliberate

VERSION = "1.0"


class Menu:
    """The main menu; resume comes first when a game is saved."""

    def __init__(self, app, cur=0):
        self.app = app
        # Each row: its label and what A does (a function of the app, or the
        # name of the screen it opens).
        items = []
        if app.saves.has_current():
            items.append(("Resume the game", _resume))
        for i in range(len(VARIANTS)):
            items.append((TITLES[i], _player(i)))
        items.append(("Solitaire, 2-4 players", "Players"))
        items.append(("Versus the computer", "Opponent"))
        items.append(("Enter a deal code", "CodeEntry"))
        items.append(("Deal of the day", "DayDeals"))
        items.append(("Grid solitaires", "GridMenu"))
        items.append(("Demo", "Demo"))
        items.append(("Cribbage vs the computer", "CribSetup"))
        items.append(("High scores", _scores))
        items.append(("Statistics", _stats))
        items.append(("Settings", "Settings"))
        items.append(("About", "About"))
        self.items = items
        self.labels = [t for t, _ in items]
        self.cur = cur
        self.top = 0
        self.drawn = -1  # the row lit on the glass

    def key(self, k):
        n = len(self.items)
        if k == UP:
            self.cur = (self.cur - 1) % n
        elif k == DOWN:
            self.cur = (self.cur + 1) % n
        elif k == A:
            then = self.items[self.cur][1]
            if isinstance(then, str):
                self.app.visit(then)  # back() comes back to this row
            else:
                then(self.app)
            return
        elif k == B:
            self.app.go("Title")
            return
        self.app.update()

    def draw(self, fb):
        gfx.bar(fb, "Pocket Crib")
        self.top = gfx.listing(fb, self.labels, self.cur, self.top)
        self.drawn = self.cur

    def patch(self, fb):
        """A move: the row left and the row lit (all rows if they scroll)."""
        self.top = gfx.listing(fb, self.labels, self.cur, self.top, self.drawn)
        self.drawn = self.cur


def _resume(app):
    from ui.resume import resume

    resume(app)


def _scores(app):
    app.visit("Scores", 0)


def _stats(app):
    app.visit("Stats", 0)


def _player(kind):
    def go(app):
        from ui.solitaire.game import start

        start(app, VARIANTS[kind])

    return go


class Players:
    """Solitaire Cribbage for two to four players on one device."""

    def __init__(self, app):
        self.app = app
        self.n = 2
        self.partners = False
        self.cur = 0

    def key(self, k):
        if k == UP:
            self.cur = (self.cur - 1) % 3
        elif k == DOWN:
            self.cur = (self.cur + 1) % 3
        elif k in (LEFT, RIGHT, A) and self.cur == 0:
            self.n = 2 + (self.n - 2 + (-1 if k == LEFT else 1)) % 3
            if self.n != 4:
                self.partners = False
        elif k in (LEFT, RIGHT, A) and self.cur == 1:
            self.partners = self.n == 4 and not self.partners
        elif k == A:
            from ui.solitaire.game import start

            start(self.app, "solitaire", self.n, self.partners)
            return
        elif k == B:
            self.app.back()
            return
        self.app.redraw()

    def draw(self, fb):
        gfx.bar(fb, "Solitaire Cribbage")
        rows = ("Players: %d" % self.n,
                "Partners: " + ("1+3 v 2+4" if self.partners else "no" if self.n == 4 else "-"),
                "Start")
        gfx.listing(fb, rows, self.cur, 0)
        gfx.text(fb, "One pack each; pass", 4, 40)
        gfx.text(fb, "the device every deal.", 4, 49)


class Opponent:
    """Solitaire Cribbage against the computer: pick its level."""

    LEVELS = ("Easy", "Normal", "Expert")
    ABOUT = ("counts its hand only", "uses the crib table", "the full advisor")

    def __init__(self, app):
        self.app = app
        self.cur = 1

    def key(self, k):
        if k == UP:
            self.cur = (self.cur - 1) % 3
        elif k == DOWN:
            self.cur = (self.cur + 1) % 3
        elif k == A:
            from ui.solitaire.game import start

            start(self.app, "solitaire", cpu=self.cur)
            return
        elif k == B:
            self.app.back()
            return
        self.app.redraw()

    def draw(self, fb):
        gfx.bar(fb, "Versus the computer")
        gfx.listing(fb, self.LEVELS, self.cur, 0)
        gfx.text(fb, self.ABOUT[self.cur], 4, 40)
        gfx.text(fb, "A: play   B: back", 4, 52)


# Settings: name, label, the values it steps through, how a value is shown.
_SETTINGS = (
    ("contrast", "Contrast", (16, 48, 96, 128, 176, 255)),
    ("dim", "Dim after", (0, 15, 30, 60, 120)),
    ("sleep", "Screen off after", (0, 60, 120, 300, 600)),
    ("hints", "Hints", (False, True)),
    ("flip", "Upside down", (False, True)),
    ("sound", "Sound", (False, True)),
    ("count_self", "Count it yourself", (False, True)),
    ("muggins", "Muggins", (False, True)),
)


def _show(value):
    if value is True:
        return "on"
    if value is False:
        return "off"
    return "%d" % value


def _secs(value):
    if value == 0:
        return "never"
    return "%ds" % value if value < 60 else "%dm" % (value // 60)


class Settings:
    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.top = 0

    def key(self, k):
        n = len(_SETTINGS)
        if k == UP:
            self.cur = (self.cur - 1) % n
        elif k == DOWN:
            self.cur = (self.cur + 1) % n
        elif k in (LEFT, RIGHT, A):
            name, _, values = _SETTINGS[self.cur]
            saves = self.app.saves
            v = saves.get(name)
            i = values.index(v) if v in values else 0
            i = (i + (-1 if k == LEFT else 1)) % len(values)
            saves.set(name, values[i])
            self.app.apply_settings()
        elif k == B:
            self.app.back()
            return
        self.app.redraw()

    def draw(self, fb):
        gfx.bar(fb, "Settings")
        saves = self.app.saves
        rows = []
        for name, label, _ in _SETTINGS:
            v = saves.get(name)
            rows.append(label + ": " + (_secs(v) if name in ("dim", "sleep") else _show(v)))
        self.top = gfx.listing(fb, rows, self.cur, self.top)


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


class About:
    TEXT = ("Pocket Crib " + VERSION + ": Solitaire Cribbage and Cribbage Patience I and II. "
            "Arrows move, A picks, B goes back; hold B in a game to pause it.")

    def __init__(self, app):
        self.app = app
        self.lines = gfx.wrap(self.TEXT, 124)

    def key(self, k):
        if k == A or k == B:
            self.app.back()

    def draw(self, fb):
        gfx.bar(fb, "About")
        for i in range(min(6, len(self.lines))):
            gfx.text(fb, self.lines[i], 2, 10 + 9 * i)


class Notice:
    """Messages (say, a damaged file set aside); A goes back to the screen
    under it (or to the menu)."""

    def __init__(self, app, lines):
        self.app = app
        out = []
        for line in lines:
            out.extend(gfx.wrap(str(line), 124))
        self.lines = out
        self.top = 0

    def key(self, k):
        if k == DOWN and self.top + 5 < len(self.lines):
            self.top += 1
            self.app.redraw()
        elif k == UP and self.top:
            self.top -= 1
            self.app.redraw()
        elif k == A or k == B:
            self.app.back()

    def draw(self, fb):
        gfx.bar(fb, "Note")
        for i in range(self.top, min(len(self.lines), self.top + 5)):
            gfx.text(fb, self.lines[i], 2, 10 + 9 * (i - self.top))
        gfx.right(fb, "A: OK", 127, 56)


class Confirm:
    """A question before something that cannot be undone: A does it, B goes
    back to the screen under it, as it was."""

    def __init__(self, app, title, text, keys, yes):
        self.app = app
        self.title = title
        self.lines = gfx.wrap(text, 124)
        self.keys = keys
        self.yes = yes

    def key(self, k):
        if k == A:
            self.yes()
        elif k == B:
            self.app.back()

    def draw(self, fb):
        gfx.bar(fb, self.title)
        for i in range(min(4, len(self.lines))):
            gfx.text(fb, self.lines[i], 2, 12 + 9 * i)
        gfx.center(fb, self.keys, 55)


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "


class Initials:
    """Three letters for the high-score table: UP/DOWN change, LEFT/RIGHT move, A enters."""

    def __init__(self, app, prompt, done):
        self.app = app
        self.prompt = prompt
        self.done = done
        last = app.saves.get("initials")
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
