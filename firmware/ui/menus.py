# The screens around the games: the menu, players, the opponent, settings and about
# (the high scores are ui.scores', notices and questions ui.dialogs').
from rules.solitaire_games import TITLES, VARIANTS
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx

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
        items.append(("Cribbage vs computer", "CribSetup"))
        items.append(("Board for a real deck", "BoardSetup"))
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
            self.app.title()
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
    """Solitaire Cribbage for two to four players on one device; or (players 5, the
    cable) one of the three solitaires raced with the other device on one deal."""

    def __init__(self, app):
        self.app = app
        self.n = 2
        self.partners = False
        self.kind = 0  # the solitaire raced on the cable
        self.cur = 0

    def key(self, k):
        if k == UP:
            self.cur = (self.cur - 1) % 3
        elif k == DOWN:
            self.cur = (self.cur + 1) % 3
        elif k in (LEFT, RIGHT, A) and self.cur == 0:
            self.n = 2 + (self.n - 2 + (-1 if k == LEFT else 1)) % 4
            if self.n != 4:
                self.partners = False
        elif k in (LEFT, RIGHT, A) and self.cur == 1 and self.n == 5:
            self.kind = (self.kind + (-1 if k == LEFT else 1)) % len(VARIANTS)
        elif k in (LEFT, RIGHT, A) and self.cur == 1:
            self.partners = self.n == 4 and not self.partners
        elif k == A and self.n == 5:
            from ui.race.solo import race

            race(self.app, self.kind)
            return
        elif k == A:
            from ui.solitaire.game import start

            start(self.app, "solitaire", self.n, self.partners)
            return
        elif k == B:
            self.app.back()
            return
        self.app.redraw()

    def draw(self, fb):
        cable = self.n == 5
        gfx.bar(fb, "Race on the cable" if cable else "Solitaire Cribbage")
        rows = ("Players: you + cable" if cable else "Players: %d" % self.n,
                TITLES[self.kind] if cable else
                "Partners: " + ("1+3 v 2+4" if self.partners else "no" if self.n == 4 else "-"),
                "Start")
        gfx.listing(fb, rows, self.cur, 0)
        gfx.text(fb, "One deal, raced with" if cable else "One pack each; pass", 4, 40)
        gfx.text(fb, "the other device." if cable else "the device every deal.", 4, 49)


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


