# The hand counter: a hand keyed in (ui.board.entry), then counted aloud as
# the show counts, and pegged to its owner with one press; with muggins, the
# owner's claim, and what it missed pegged to the next player. Both screens
# show the game in progress, app.play (ui.board.game.BoardPlay).
from drivers.buttons import A, B, B_LONG, DOWN, LEFT, RIGHT, UP
from ui import counting, gfx
from ui.board.entry import GROUP, GROUPS, RANK, Entry
from ui.calls import count_calls

_GROUP_NAMES = ("A23", "456", "789", "\x05JQK")


def _at(fb, i, s):
    """s at the arrow i of the cross (UP, RIGHT, DOWN, LEFT) below the cards."""
    if i == 0:
        gfx.center(fb, s, 38)
    elif i == 1:
        gfx.center(fb, s, 47, 1, 84, 128)
    elif i == 2:
        gfx.center(fb, s, 56)
    else:
        gfx.center(fb, s, 47, 1, 0, 44)


class BoardHand:
    """Four cards and the starter (unless the deal's is known) by the arrows,
    three presses a card; A counts them, B takes the last step back."""

    def __init__(self, app, cards=(), starter=None):
        self.app = app
        self.play = app.play
        known = self.play.starter
        self.entry = Entry(starter if known is None else known, cards, known is not None)

    def key(self, k):
        e = self.entry
        if e.key(k):
            self.app.redraw()
        elif k == A and e.full():
            self.app.go("BoardCount", tuple(e.cards), e.starter)
        elif k == B:
            self.play.show()  # the board
        elif k == B_LONG:
            self.app.visit("Pause")

    def draw(self, fb):
        e = self.entry
        if e.refused >= 0:
            gfx.bar(fb, gfx.card_text(e.refused) + " is in already")
        else:
            gfx.bar(fb, "Count: hand, starter" if not e.known else "Count: the hand")
        n = len(e.cards)
        for i in range(4):
            x = 1 + 21 * i
            if i < n:
                gfx.card(fb, e.cards[i], x, 10)
            else:
                fb.rect(x, 10, gfx.CARD_W, gfx.CARD_H, 1 if i == n else 0)
        if e.starter is not None:
            gfx.card(fb, e.starter, 108, 10)
        else:
            fb.rect(108, 10, gfx.CARD_W, gfx.CARD_H, 1)
            gfx.center(fb, "cut", 19, 1, 108, 127)
        if n < 4:
            fb.rect(2 + 21 * n, 11, gfx.CARD_W - 2, gfx.CARD_H - 2, 1)  # the card being keyed
        if e.full():
            gfx.center(fb, "A: count it", 44)
            gfx.text(fb, "B: back", 1, 56)
            return
        if e.step == GROUP:
            for i in range(4):
                _at(fb, i, _GROUP_NAMES[i])
            gfx.center(fb, "rank", 47)
        elif e.step == RANK:
            first = GROUPS[e.group]
            for i in range(GROUPS[e.group + 1] - first):
                _at(fb, i, gfx.RANK_CHARS[first + i])
            gfx.center(fb, "rank", 47)
        else:
            for i in range(4):
                _at(fb, i, gfx.RANK_CHARS[e.rank] + chr(1 + i))
            gfx.center(fb, "suit", 47)


class BoardCount:
    """The hand counted aloud, a call a press of A; A at the end pegs it to its
    owner. LEFT/RIGHT: whose hand (the hands in the show's order, then the
    crib); UP: what the owner claimed (muggins); DOWN: every call at once; B:
    back to the cards."""

    def __init__(self, app, cards, starter):
        self.app = app
        self.play = app.play
        self.cards = cards
        self.starter = starter
        self.owner = min(self.play.counted, self.play.g.players)
        self.open()

    def open(self):
        g = self.play.g
        crib = self.owner == g.players
        self.crib = crib
        self.seat = g.dealer if crib else (g.dealer + 1 + self.owner) % g.players
        self.parts, self.lines = count_calls(self.cards, self.starter, crib)
        self.points = 0
        for p in self.parts:
            self.points += p[2]
        self.line = 0
        self.asking = False
        self.claim = 0
        self.claimed = None

    def key(self, k):
        app = self.app
        if k == B_LONG:
            app.visit("Pause")
            return
        if self.asking:  # A says the claim, B leaves it unsaid
            c = counting.adjust(self.claim, k)
            if c is not None:
                self.claim = c
            elif k == A or k == B:
                self.asking = False
                if k == A:
                    self.claimed = self.claim
                    self.lines.append(self.verdict())
                    self.line = len(self.lines) - 1
            app.redraw()
            return
        last = len(self.lines) - 1
        if k == A and self.line < last:
            self.line += 1
        elif k == A:
            self.peg()
            return
        elif k == DOWN:
            self.line = last
        elif k == LEFT or k == RIGHT:
            self.owner = (self.owner + (1 if k == RIGHT else -1)) % (self.play.g.players + 1)
            self.open()
        elif k == UP:
            self.asking = True
            self.claim = self.points if self.claimed is None else self.claimed
        elif k == B:
            app.go("BoardHand", self.cards, self.starter)
            return
        app.redraw()

    def verdict(self):
        play = self.play
        who = play.name(self.seat)
        if self.claim >= self.points:
            return "%s said %d: it is %d" % (who, self.claim, self.points) if self.claim > self.points \
                else "%s said %d: right" % (who, self.claim)
        other = play.name((self.seat + 1) % play.g.players)
        return "%s said %d: %s takes %d" % (who, self.claim, other, self.points - self.claim)

    def peg(self):
        play = self.play
        play.count(self.seat, self.crib, self.points, self.claimed, self.starter)
        play.show()

    def draw(self, fb):
        play = self.play
        title = "%s's %s" % (play.name(self.seat), "crib" if self.crib else "hand")
        if self.asking:
            gfx.bar(fb, title + ": said")
            for i in range(4):
                gfx.card(fb, self.cards[i], 1 + 21 * i, 10)
            gfx.card(fb, self.starter, 108, 10)
            gfx.text(fb, play.name(self.seat) + " said:", 4, 41)
            fb.fill_rect(66, 39, 21, 11, 1)
            gfx.center(fb, "%d" % self.claim, 41, 0, 66, 87)
            gfx.text(fb, "^v", 91, 41)
            gfx.right(fb, "A: that", 127, 54)
            return
        at_end = self.line == len(self.lines) - 1
        gfx.bar(fb, title + ("  A: peg" if at_end else "  <>"))
        counting.draw(fb, self, self.cards, self.starter)
