# The screens any part of the device may show over what it is doing: a notice, a
# question (A or B), and the pause of a game in progress.
from drivers.buttons import A, B, DOWN, UP
from ui import gfx


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


class Pause:
    """B held in a game: back to it, or to the menu (the game is saved)."""

    ITEMS = ("Back to the game", "Quit to the menu")

    def __init__(self, app):
        self.app = app
        self.play = play = app.play
        self.cur = 0
        self.code = play.pause_line()  # the deal code, or the score

    def key(self, k):
        if k == UP or k == DOWN:
            self.cur ^= 1
        elif k == B:
            self.app.back()
            return
        elif k == A:
            if self.cur == 0:
                self.app.back()
            else:
                self.play.save()
                self.app.play = None
                self.app.home()
            return
        self.app.redraw()

    def draw(self, fb):
        gfx.bar(fb, "Paused")
        gfx.text(fb, "Your game is saved.", 4, 12)
        gfx.text(fb, self.code, 4, 21)
        for i in range(2):
            y = 33 + 11 * i
            if i == self.cur:
                fb.fill_rect(0, y - 1, 128, 10, 1)
            gfx.text(fb, self.ITEMS[i], 6, y, 0 if i == self.cur else 1)
