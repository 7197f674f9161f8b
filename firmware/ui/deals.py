# Shared deals: keying in a friend's deal code, and the deal of the day
# (the same cards on every device on a date, once the board's clock is set),
# for the solitaires and the grid games (rules.dealcode.VARIANTS: a grid game's
# code fixes its table and placement rule too).
from rules.dealcode import ALPHABET, LENGTH, VARIANTS, deal_of_the_day, decode, encode, pretty
from rules.grid_games import KEYS, NAMES
from rules.solitaire_games import TITLES
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx


class CodeEntry:
    """Nine letters: UP/DOWN change the letter, LEFT/RIGHT move, A goes on
    (on the last letter it deals the code's game), B goes back."""

    def __init__(self, app):
        self.app = app
        self.digits = bytearray(LENGTH)  # indexes into ALPHABET
        self.cur = 0
        self.error = None

    def key(self, k):
        n = len(ALPHABET)
        if k == UP or k == DOWN:
            self.digits[self.cur] = (self.digits[self.cur] + (1 if k == UP else -1)) % n
            self.error = None
        elif k == LEFT:
            self.cur = (self.cur - 1) % LENGTH
        elif k == RIGHT:
            self.cur = (self.cur + 1) % LENGTH
        elif k == A:
            if self.cur < LENGTH - 1:
                self.cur += 1
            else:
                self.enter()
                return
        elif k == B:
            if self.cur:
                self.cur -= 1
            else:
                self.app.back()
                return
        self.app.redraw()

    def code(self):
        return "".join(ALPHABET[d] for d in self.digits)

    def enter(self):
        try:
            variant, seed = decode(self.code())
        except ValueError:
            self.error = "Not a code: check it"
            self.app.redraw()
            return
        play(self.app, variant, seed)

    def draw(self, fb):
        gfx.bar(fb, "Enter a deal code")
        for i in range(LENGTH):
            x = 5 + 12 * i + 6 * (i // 3)
            lit = i == self.cur
            if lit:
                fb.fill_rect(x, 16, 11, 12, 1)
                gfx.cursor(fb, x + 5, 30)
            else:
                fb.rect(x, 16, 11, 12, 1)
            gfx.center(fb, ALPHABET[self.digits[i]], 18, 0 if lit else 1, x, x + 11)
        if self.error:
            gfx.center(fb, self.error, 38)
        gfx.center(fb, "up/down: letter  A: next", 47)
        gfx.center(fb, "A on the last: play", 56)


def play(app, variant, seed):
    """A game of the deal: a solitaire (ui.solitaire.game) or a grid game (ui.grid.game), one player."""
    if variant in KEYS:
        from ui.grid.game import start

        start(app, KEYS.index(variant), seed)
        return
    from ui.solitaire.game import start

    start(app, variant, seed=seed)


_SHOWN = 3  # rows of games on the glass at a time


class DayDeals:
    """Today's deal of each variant, from the board's clock (if it is set)."""

    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.top = 0
        self.date = app.date()
        self.seeds = None
        if self.date is not None:
            try:
                day = (int(self.date[0:4]), int(self.date[5:7]), int(self.date[8:10]))
                self.seeds = tuple(deal_of_the_day(day, v) for v in VARIANTS)
            except ValueError:
                self.date = None
        if self.seeds is None:
            self.lines = gfx.wrap("The clock is not set. Connect the device to pocketcrib "
                                  "on a computer once: it sets the clock.", 124)
        else:
            self.codes = tuple(pretty(encode(VARIANTS[i], self.seeds[i]))
                               for i in range(len(VARIANTS)))

    def key(self, k):
        if self.seeds is not None:
            if k == UP or k == DOWN:
                self.cur = (self.cur + (1 if k == DOWN else -1)) % len(VARIANTS)
                self.app.redraw()
                return
            if k == A:
                play(self.app, VARIANTS[self.cur], self.seeds[self.cur])
                return
        if k == A or k == B:
            self.app.back()

    def draw(self, fb):
        if self.seeds is None:
            gfx.bar(fb, "Deal of the day")
            for i in range(len(self.lines)):
                gfx.text(fb, self.lines[i], 2, 12 + 9 * i)
            return
        gfx.bar(fb, "Deal of " + (self.date or ""))
        self.top = top = min(max(self.top, self.cur - _SHOWN + 1), self.cur)
        names = TITLES + NAMES
        gfx.listing(fb, names[top:top + _SHOWN], self.cur - top, 0)
        if top:
            gfx.glyph(fb, ord("^"), 122, 10)
        if top + _SHOWN < len(names):
            gfx.glyph(fb, ord("v"), 122, 37)  # below the rows, right of the code
        gfx.text(fb, "Code " + self.codes[self.cur], 4, 42)
        gfx.text(fb, "A: play   B: back", 4, 53)
