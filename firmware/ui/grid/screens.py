# The grid solitaires on the 128x64 glass: Poker Patience and Cribbage Squares
# (choosing one: ui.grid.menu). The game in progress
# is app.play (ui.grid.game.GridPlay, saved after every card). GridTable: the
# grid of the player placing now on the left, one cell a card (rank and suit
# in the small font), the points each row holds so far to its right and each column's
# below it; on the right the card to place, the score and the turn. The
# arrows move the cursor (a lit cell), A puts the card there, B shows the
# advisor's square and what it expects against the cursor's square (B again
# hides it). With Foster's rule the board is 9x9 and the glass shows a 5x5
# window of it that follows the cursor; a dot marks each square the card may
# go on; B held pauses. GridOver: the end review, every line's hand and
# points, the total, and how often the player's square was the advisor's.
# A there (alone) records the game and asks for the high score's initials.
# Between several players: ui.grid.people.
from micropython import const

from rules import grids
from players import placement
from rules import poker
from drivers.buttons import A, B, B_LONG, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.deliberate import Deliberate

_CELL_W = const(15)
_CELL_H = const(11)
_PANEL_X = const(96)


class GridTable:
    """A player's grid and the card to place (app.play: ui.grid.game.GridPlay)."""

    def __init__(self, app):
        self.app = app
        self.play = app.play
        self.hint = None  # (best square, its expectation, the cursor's) while shown
        g = self.game
        self.cur = g.squares()[0]  # with Foster's rule: the middle, the only square
        if g.moves:
            self._near(g.moves[-1])  # this player's last card (after a hand-over, a resume)
        self.view = (0, 0)
        self._follow()

    @property
    def game(self):
        """The grid of the player placing now."""
        return self.play.game

    def _follow(self):
        """Keep the cursor inside the window shown (Foster's board is bigger than the glass)."""
        g = self.game
        n = g.size
        side = g.side
        x = self.cur % side
        y = self.cur // side
        x0, y0 = self.view
        if side > n:
            if g.box is None:
                x0, y0 = g.frame()
            x0 = min(max(x0, x - n + 1), x, side - n)
            y0 = min(max(y0, y - n + 1), y, side - n)
        self.view = (x0, y0)

    def key(self, k):
        g = self.game
        side = g.side
        x = self.cur % side
        y = self.cur // side
        if k == LEFT:
            x = (x - 1) % side
        elif k == RIGHT:
            x = (x + 1) % side
        elif k == UP:
            y = (y - 1) % side
        elif k == DOWN:
            y = (y + 1) % side
        elif k == A:
            if not g.legal(self.cur):
                self.app.beep()
                return
            self._place()
            return
        elif k == B:
            self.hint = None if self.hint is not None else self._hint()
            self.app.redraw()
            return
        elif k == B_LONG:
            self.app.visit("Pause")
            return
        else:
            return
        self.cur = y * side + x
        self._follow()
        if self.hint is not None:
            self.hint = self._hint()
        self.app.redraw()

    def _hint(self):
        ranked = placement.rank_squares(self.game)
        mine = None
        for v, s in ranked:
            if s == self.cur:
                mine = v
        return ranked[0][1], ranked[0][0], mine

    def _place(self):
        play = self.play
        ranked = placement.rank_squares(self.game)
        mine = None
        for v, s in ranked:
            if s == self.cur:
                mine = v
        play.place(self.cur, ranked[0][0], mine)  # saved
        self.hint = None
        if play.over:
            play.show()
            return
        if play.players > 1:
            play.hand_over()  # every grid hidden until the next player has the device
            return
        self._near(self.cur)
        self._follow()
        self.app.redraw()

    def _near(self, square):
        """The cursor onto the square, or if the card may not go there onto the nearest
        square it may, as the eye measures it on the grid (rows and columns away), the
        first in board order among equals."""
        g = self.game
        self.cur = square
        if not g.legal(square):
            side = g.side
            y, x = divmod(square, side)
            self.cur = min(g.squares(), key=lambda s: (abs(s // side - y) + abs(s % side - x), s))

    def draw(self, fb):
        g = self.game
        n = g.size
        side = g.side
        x0, y0 = self.view
        cells = g.cells
        hint = self.hint
        for row in range(n):
            for col in range(n):
                s = (y0 + row) * side + x0 + col
                _cell(fb, cells[s], col * _CELL_W, row * _CELL_H, s == self.cur, g.legal(s),
                      hint is not None and s == hint[0])
        # Running points of each row (right of it) and column (below it), as the lines stand.
        for row in range(n):
            gfx.right(fb, str(_points(g, side, (y0 + row) * side + x0, 1)),
                      n * _CELL_W + 15, row * _CELL_H + 2)
        for col in range(n):
            gfx.right(fb, str(_points(g, side, y0 * side + x0 + col, side)),
                      col * _CELL_W + 14, n * _CELL_H + 1)
        # The panel: the card to place, the score so far, the turn.
        play = self.play
        gfx.text(fb, "Next" if play.players == 1 else play.name(play.turn), _PANEL_X, 0)
        if g.next is not None:
            gfx.mini(fb, g.next, _PANEL_X, 9)
        gfx.text(fb, str(g.score), _PANEL_X, 22)
        gfx.text(fb, "%d/%d" % (g.turn + 1, g.cards), _PANEL_X, 31)
        if hint is not None:
            # What the advisor expects at the end: b on its best square (framed), h here.
            gfx.text(fb, "b%.0f" % hint[1], _PANEL_X, 44)
            gfx.text(fb, "h" + ("-" if hint[2] is None else "%.0f" % hint[2]), _PANEL_X, 53)
        else:
            gfx.text(fb, "B hint", _PANEL_X, 53)
            if getattr(play, "racing", False):
                gfx.right(fb, play.other(), 127, 42)  # raced on the cable: "BOB 23"


def _cell(fb, card, x, y, cursor, legal, hinted):
    if cursor:
        fb.fill_rect(x, y, _CELL_W - 1, _CELL_H - 1, 1)
    elif hinted:
        fb.rect(x, y, _CELL_W - 1, _CELL_H - 1, 1)
    ink = 0 if cursor else 1
    if card != grids.EMPTY:
        xx = x + 2 + gfx.glyph(fb, ord(gfx.RANK_CHARS[card >> 2]), x + 2, y + 1, ink) + 1
        gfx.glyph(fb, 1 + (card & 3), xx, y + 1, ink)
    elif legal:
        fb.fill_rect(x + 6, y + 4, 2, 2, ink)


def _points(g, side, start, step):
    """The points a line holds now: poker by its hand so far, cribbage once it is full."""
    cards = []
    for k in range(g.size):
        c = g.cells[start + k * step]
        if c != grids.EMPTY:
            cards.append(c)
    return g.line_points(cards)


class GridOver:
    """The end review of a player's grid: each line's hand and points, the total, the
    advisor's verdict. Alone, A records the game; from the ranking, A or B goes back."""

    def __init__(self, app, player=None):
        self.app = app
        self.play = play = app.play
        self.player = player
        self.game = play.games[player or 0]
        self.page = 0
        self.meant = Deliberate(app)  # A after a pause: a burst of A stops here

    def key(self, k):
        if k == A or k == B:
            if self.player is not None:
                self.app.back()
            elif self.meant.a():
                self.play.finish()
            return
        self.meant.other()
        if k == DOWN or k == RIGHT:
            self.page = 1
        elif k == UP or k == LEFT:
            self.page = 0
        elif k == B_LONG:
            return
        self.app.redraw()

    def draw(self, fb):
        g = self.game
        word = "won" if g.won else "lost"
        who = "" if self.player is None else self.play.name(self.player) + " "
        gfx.bar(fb, "%s%s %d %s" % (who, "Squares" if g.kind == 1 else "Poker", g.score, word))
        lines = g.lines()
        half = len(lines) // 2
        shown = lines[:half] if self.page == 0 else lines[half:]
        label = "R" if self.page == 0 else "C"  # R1..R5, C1..C5: room for 100 points
        y = 10
        for i in range(len(shown)):
            cards, points = shown[i]
            if g.kind == 0:
                name = poker.SHORT[poker.category(cards)]
            else:
                name = ""
            gfx.text(fb, "%s%d %s" % (label, i + 1, name), 0, y)
            gfx.right(fb, str(points), 72, y)
            y += 9
        p = self.player or 0
        lost = (self.play.lost[p] + 5) // 10  # tenths
        gfx.text(fb, "Advisor", 80, 10)
        gfx.text(fb, "%d/%d" % (self.play.matched[p], g.cards), 80, 19)
        # Points lost against the advisor's squares; none is 0.0, not -0.0.
        gfx.text(fb, "%s%d.%d" % ("-" if lost else "", lost // 10, lost % 10), 80, 28)
        if g.kind == 1:
            gfx.text(fb, "St", 80, 40)
            gfx.mini(fb, g.starter, 93, 38)
        gfx.text(fb, "v" if self.page == 0 else "^", 122, 56)

