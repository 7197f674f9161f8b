# The board for a real deck: the pegboard, pegging by hand, and the end.
# Each shows the game in progress, app.play (ui.board.game.BoardPlay).
from micropython import const

from drivers.buttons import A, B, B_LONG, DOWN, LEFT, RIGHT, UP
from rules.board import MAX_POINTS
from ui import gfx
from ui.cribbage import pegboard

_COMMON = b"\x01\x02\x03\x04\x06\x08\x0c"  # the points pegged most, a press apart
_FIRST = const(2)  # the points offered first: a fifteen, a pair, thirty-one


def _common(v, step):
    """The common value after (step 1) or before (-1) v, round the row."""
    n = len(_COMMON)
    if step > 0:
        for i in range(n):
            if _COMMON[i] > v:
                return _COMMON[i]
        return _COMMON[0]
    for i in range(n - 1, -1, -1):
        if _COMMON[i] < v:
            return _COMMON[i]
    return _COMMON[n - 1]


class BoardPegs:
    """The pegboard: UP/DOWN choose the side, A its points (LEFT/RIGHT the
    common ones, UP/DOWN one more or less, A pegs them); B takes the last peg
    back; LEFT is his heels at the start of a deal, else the deal's end;
    RIGHT counts a hand."""

    def __init__(self, app):
        self.app = app
        self.play = app.play
        self.points = 0  # the points being chosen (0: none)

    def key(self, k):
        app = self.app
        play = self.play
        g = play.g
        if k == B_LONG:
            app.visit("Pause")
            return
        if self.points:
            self.choose(k)
            return
        if k == UP or k == DOWN:
            play.side = (play.side + (1 if k == DOWN else -1)) % g.sides
        elif k == A:
            self.points = _FIRST
        elif k == B:
            play.undo()
        elif k == LEFT:
            if not g.pegged_this_deal():
                self.act(play.heels)
                return
            app.visit("Confirm", "The deal is over?", "%s deals next." % play.name(g.pone()),
                      "A: yes  B: no", self.next_deal)
            return
        elif k == RIGHT:
            app.go("BoardHand")
            return
        app.redraw()

    def choose(self, k):
        v = self.points
        if k == LEFT or k == RIGHT:
            v = _common(v, 1 if k == RIGHT else -1)
        elif k == UP or k == DOWN:
            v = 1 + (v - 1 + (1 if k == UP else -1)) % MAX_POINTS
        elif k == A:
            self.points = 0
            self.act(lambda: self.play.peg(self.play.side, v))
            return
        elif k == B:
            v = 0
        self.points = v
        self.app.redraw()

    def act(self, peg):
        """A peg (the rules may refuse it: the note says why); the end if it won."""
        try:
            peg()
        except ValueError as e:
            self.play.note = str(e)
        if self.play.g.over:
            self.play.show()
        else:
            self.app.redraw()

    def next_deal(self):
        try:
            self.play.deal_over()
        except ValueError as e:
            self.play.note = str(e)
        self.app.back()

    def draw(self, fb):
        play = self.play
        g = play.g
        gfx.bar(fb, "%s deals" % play.name(g.dealer))
        gfx.right(fb, "deal %d" % g.deal_no, 126, 1, 0)
        pegboard.draw(fb, g.scores, g.back, g.target, 10)
        y = 12 + pegboard.height(g.target, g.sides)
        w = 128 // g.sides
        for s in range(g.sides):
            x = w * s
            lit = s == play.side
            if lit:
                fb.fill_rect(x, y - 1, w, 9, 1)
            gfx.text(fb, "%s %d" % (play.side_name(s), g.scores[s]), x + 2, y, 0 if lit else 1)
        if self.points:
            gfx.text(fb, "%s +%d" % (play.side_name(play.side), self.points), 1, 48)
            gfx.right(fb, "^v: 1-29", 127, 48)
            x = 1
            for i in range(len(_COMMON)):
                s = "%d" % _COMMON[i]
                wi = gfx.width(s)
                if _COMMON[i] == self.points:
                    fb.fill_rect(x - 1, 55, wi + 2, 9, 1)
                gfx.text(fb, s, x, 56, 0 if _COMMON[i] == self.points else 1)
                x += wi + 4
            gfx.right(fb, "A: peg", 127, 56)
            return
        gfx.text(fb, play.note, 1, 48)
        gfx.text(fb, "A:peg B:undo", 1, 56)
        gfx.right(fb, "<heels >hand" if not g.pegged_this_deal() else "<deal >hand", 127, 56)


_WORTH = ("A game, worth 1", "Skunk: worth 2", "Double skunk: worth 3")


class BoardOver:
    """Who won, the skunk, each side's score and match points; A records the
    game, B takes the last peg back (the game goes on)."""

    def __init__(self, app):
        self.app = app
        self.play = app.play
        self.match = self.play.match()

    def key(self, k):
        play = self.play
        if k == A:
            play.finish()
        elif k == B and not play.done:
            play.undo()
            play.show()

    def draw(self, fb):
        play = self.play
        g = play.g
        name = play.side_name(g.winner)
        gfx.bar(fb, "Game over: %s win%s" % (name, "" if g.players == 4 else "s"))
        gfx.center(fb, _WORTH[g.game_points() - 1], 11)
        gfx.right(fb, "match", 127, 21)
        for s in range(g.sides):
            y = 30 + 9 * s
            gfx.text(fb, play.side_name(s), 1, y)
            gfx.right(fb, "%d" % g.scores[s], 80, y)
            gfx.right(fb, "%d" % self.match[s], 127, y)
        gfx.text(fb, "B: undo", 1, 56)
        gfx.right(fb, "A: record", 127, 56)
