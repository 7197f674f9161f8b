# Choosing a grid solitaire: one to four players (or one and the other device on the
# link cable: the same deal raced), and the five games (Poker Patience by
# each table, with Foster's rule or not, and Cribbage Squares).
from rules.grid_games import GAMES, NAMES
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx


class GridMenu:
    """How many players, then which grid solitaire (with which table and placement rule).
    Players 5 is the cable: this device's player against the other device's."""

    def __init__(self, app):
        self.app = app
        self.cur = 1
        self.top = 0
        self.players = 1

    def key(self, k):
        if k == UP or k == DOWN:
            self.cur = (self.cur + (1 if k == DOWN else -1)) % (1 + len(GAMES))
        elif self.cur == 0 and k in (LEFT, RIGHT, A):
            self.players = 1 + (self.players - 1 + (-1 if k == LEFT else 1)) % 5
        elif k == A and self.players == 5:
            from ui.race.grid import race

            race(self.app, self.cur - 1)
            return
        elif k == A:
            from ui.grid.game import start

            start(self.app, self.cur - 1, players=self.players)
            return
        elif k == B:
            self.app.back()
            return
        self.app.redraw()

    def draw(self, fb):
        gfx.bar(fb, "Grid solitaires")
        n = self.players
        rows = ["Players: you + cable" if n == 5 else "Players: %d" % n + ("" if n == 1 else ", in turn")]
        self.top = gfx.listing(fb, rows + list(NAMES), self.cur, self.top)
