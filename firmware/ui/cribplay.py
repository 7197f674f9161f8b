# The cribbage table's screens: the cut for the first deal, laying away to
# the crib, the play, the show counted aloud, the deal's summary with the
# board, and the game's end. Each shows the game in progress, app.play
# (ui.cribgame.Crib), and goes on to the screen the game stands at.
#
# Keys as at the solitaires: LEFT/RIGHT move, A chooses (and runs on: the
# computer's move, the next call), B takes back a mark or skips the calls,
# UP asks the coach, DOWN shows the board, B held pauses.
from micropython import const

from crib.cribbage import PLAY, SHOW
from drivers.buttons import A, B, B_LONG, DOWN, LEFT, RIGHT, UP
from ui import gfx, pegboard
from ui.cribgame import ME
from ui.words import count_calls

_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30
_PACE = const(900)  # ms between the computer's cards in the play
_HAND_Y = const(38)
# The others' names beside your hand, clockwise from you, by the number of hands.
_SHORT = (("CPU",), ("C1", "C2"), ("C1", "P", "C2"))


def _hints_off(app):
    return None if app.saves.get("hints") else ["Hints are off: Settings"]


def _common(screen, k):
    """The keys every table screen shares; True if k was one of them."""
    app = screen.app
    if k == B_LONG:
        app.visit("Pause")
    elif k == DOWN:
        app.visit("CribBoard")
    else:
        return False
    return True


class CribCut:
    """Each player cuts a card; low card deals."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play

    def key(self, k):
        if k == A:
            crib = self.crib
            crib.started = True
            crib.save()
            crib.show()
        elif k == B_LONG:
            self.app.visit("Pause")

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        gfx.bar(fb, "Cribbage to %d" % g.target)
        if g.cut:
            gfx.text(fb, "Cut for the deal:", 1, 12)
            x = 1
            for s in range(g.players):
                x = gfx.text(fb, crib.name(s), x, 25) + 2
                x += gfx.mini(fb, g.cut[s], x, 23, s == g.dealer) + 6
        gfx.text(fb, "Low card deals: %s" % ("you" if g.dealer == ME else crib.name(g.dealer)),
                 1, 38)
        gfx.right(fb, "A: deal", 127, 55)


class CribLay:
    """The dealt cards: mark the one or two for the crib and lay them away."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        g = self.crib.g
        self.cards = sorted(g.hands[ME])
        self.need = g.to_discard(ME)
        self.cur = 0
        self.marks = []
        self.tip = None

    def key(self, k):
        n = len(self.cards)
        if _common(self, k):
            return
        if k == LEFT:
            self.cur = (self.cur - 1) % n
        elif k == RIGHT:
            self.cur = (self.cur + 1) % n
        elif k == A:
            if len(self.marks) == self.need:
                self.crib.discard([self.cards[i] for i in self.marks])
                self.crib.show()
                return
            if self.cur in self.marks:
                self.marks.remove(self.cur)
            else:
                self.marks.append(self.cur)
                # On to the next card not marked, so A A (A) lays away the first ones.
                while len(self.marks) < self.need and self.cur in self.marks:
                    self.cur = (self.cur + 1) % n
        elif k == B:
            if self.marks:
                self.marks.pop()
            else:
                self.tip = None
        elif k == UP:
            self.tip = _hints_off(self.app) or self.coach()
        self.app.redraw()

    def coach(self):
        from crib import coach

        cards, value, as_dealer = coach.best_discard(self.crib.g, ME)
        return ["Coach: %s" % " ".join(gfx.card_text(c) for c in cards),
                "%.1f points %s" % (value, "as dealer" if as_dealer else "as pone")]

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        gfx.bar(fb, crib.scores_line())
        gfx.right(fb, "deal %d" % g.deal_no, 126, 1, 0)
        for i in range(len(self.cards)):
            gfx.card(fb, self.cards[i], 1 + 21 * i, 10, i in self.marks)
        gfx.cursor(fb, 10 + 21 * self.cur, 37)
        if self.tip:
            for i in range(len(self.tip)):
                gfx.text(fb, self.tip[i], 1, 42 + gfx.LINE * i)
            return
        whose = "Your crib" if g.dealer == ME else crib.name(g.dealer) + "'s crib"
        gfx.text(fb, whose, 1, 42)
        if len(self.marks) == self.need:
            gfx.text(fb, "A: to the crib   B: undo", 1, 54)
        else:
            gfx.text(fb, "lay %s away" % ("two" if self.need == 2 else "one"), 1, 54)
            gfx.right(fb, "up: coach", 127, 54)


class CribPlay:
    """The play: the cards laid since the count started, the count, the
    others' cards face down (and their go calls), your hand. The computer
    lays its cards at a pace; A hurries it."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        self.at = app.board.ticks_ms()
        self.tip = None
        self.error = None
        self.cur = 0
        self.settle()

    def settle(self):
        """Put the cursor on the first card that may be laid."""
        g = self.crib.g
        self.hand = sorted(g.hands[ME])
        ok = g.playable(ME) if g.phase == PLAY and g.turn == ME else ()
        self.cur = 0
        for i in range(len(self.hand)):
            if self.hand[i] in ok:
                self.cur = i
                break

    def waiting(self):
        """The computer is to lay a card."""
        g = self.crib.g
        return g.phase == PLAY and not g.over and g.turn != ME

    def tick(self, now):
        if not self.waiting() or (now - self.at) & _MASK < _PACE:
            return
        self.cpu_move(now)

    def cpu_move(self, now):
        self.at = now
        self.crib.computer_plays()
        self.settle()
        self.app.last = now  # busy: the screen stays awake
        self.app.redraw()

    def key(self, k):
        app = self.app
        g = self.crib.g
        if _common(self, k):
            return
        if g.phase != PLAY or g.over:
            if k == A:
                self.crib.show()
            return
        if self.waiting():
            if k == A:
                self.cpu_move(app.board.ticks_ms())
            return
        n = len(self.hand)
        self.error = None
        if k == LEFT and n:
            self.cur = (self.cur - 1) % n
        elif k == RIGHT and n:
            self.cur = (self.cur + 1) % n
        elif k == A:
            card = self.hand[self.cur] if g.playable(ME) else None
            try:
                self.crib.play(card)
            except ValueError as e:
                self.error = str(e)
            else:
                self.tip = None
                self.at = app.board.ticks_ms()
                self.settle()
        elif k == UP:
            self.tip = _hints_off(app) or self.coach()
        elif k == B:
            self.tip = None
        app.redraw()

    def coach(self):
        from crib import coach

        card, why = coach.best_play(self.crib.g, ME)
        return ["Coach: %s, %s" % ("go" if card is None else gfx.card_text(card), why)]

    def prompt(self):
        g = self.crib.g
        if self.error:
            return self.error
        if self.tip:
            return self.tip[0]
        if g.over:
            return "A: the game is over"
        if g.phase != PLAY:
            return "A: the show"
        if g.turn != ME:
            return self.crib.name(g.turn) + " to play"
        return "A: play" if g.playable(ME) else "A: go"

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        gfx.bar(fb, crib.scores_line())
        # The cards of this count (yours lit) and the count itself.
        x = 1
        mine = g.played[ME]
        for c in g.seq:
            x += gfx.mini(fb, c, x, 10, c in mine) - 2
        fb.rect(105, 10, 23, 10, 1)
        gfx.center(fb, "%d" % g.count, 11, 1, 105, 128)
        gfx.text(fb, crib.note, 1, 21)
        for line in gfx.wrap(self.prompt(), 126)[:1]:
            gfx.text(fb, line, 1, 29)
        # Your hand, the cursor's card lit while it is your turn to lay.
        lit = g.phase == PLAY and g.turn == ME
        for i in range(len(self.hand)):
            gfx.card(fb, self.hand[i], 1 + 21 * i, _HAND_Y, lit and i == self.cur)
        # The others: their cards face down, the name lit once they have said
        # go in this count; and whose crib it is.
        y = _HAND_Y
        for k in range(1, g.players):
            s = (ME + k) % g.players
            label = _SHORT[g.players - 2][k - 1]
            if g.passed >> s & 1:
                fb.fill_rect(87, y, gfx.width(label) + 3, 9, 1)
            gfx.text(fb, label, 88, y + 1, 0 if g.passed >> s & 1 else 1)
            for i in range(len(g.hands[s])):
                gfx.back(fb, 108 + 5 * i, y, 4, 8)
            y += 9
        gfx.text(fb, "crib " + _SHORT[g.players - 2][(g.dealer - ME) % g.players - 1]
                 if g.dealer != ME else "crib you", 88, y + 1)


class CribShow:
    """The show, counted aloud: the pone's hand first, round to the dealer's,
    then the crib. With count it yourself, your hand and crib first ask your
    count (with muggins, what you miss goes to the next player)."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        self.own = app.saves.get("count_self")
        self.open()

    def open(self):
        g = self.crib.g
        self.seat, self.label, self.cards = g.show_step()
        crib = self.label == "crib"
        self.parts, self.lines = count_calls(self.cards, g.starter, crib)
        self.points = 0
        for p in self.parts:
            self.points += p[2]
        self.line = 0
        self.claim = 0
        self.asking = self.own and self.seat == ME
        self.claimed = None

    def key(self, k):
        if k == B_LONG or k == DOWN:
            _common(self, k)
            return
        if self.asking:
            if k == UP or k == DOWN:
                self.claim = (self.claim + (1 if k == UP else -1)) % 30
            elif k == LEFT or k == RIGHT:
                c = self.claim + (5 if k == RIGHT else -5)
                self.claim = 0 if c < 0 else 29 if c > 29 else c
            elif k == A:
                self.asking = False
                self.claimed = self.claim
                self.lines.append(self.verdict())
            self.app.redraw()
            return
        if k == A and self.line < len(self.lines) - 1:
            self.line += 1
            self.app.redraw()
        elif k == A or k == B:
            self.counted()

    def verdict(self):
        c = self.claim
        p = self.points
        if c == p:
            return "you said %d: right!" % c
        if c > p:
            return "you said %d: it is %d" % (c, p)
        s = "you said %d: missed %d" % (c, p - c)
        if self.crib.g.muggins:
            s += ", to " + self.crib.name((ME + 1) % self.crib.g.players)
        return s

    def counted(self):
        crib = self.crib
        crib.count(self.claimed)
        g = crib.g
        if g.phase == SHOW and not g.over:
            self.open()
            self.app.redraw()
        else:
            crib.show()

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        whose = "Your" if self.seat == ME else crib.name(self.seat) + "'s"
        gfx.bar(fb, "%s %s" % (whose, self.label))
        lit = ()
        if not self.asking:
            total = 0
            for i in range(min(self.line + 1, len(self.parts))):
                total += self.parts[i][2]
            gfx.right(fb, "%d" % total, 126, 1, 0)
            lit = self.parts[self.line][1] if self.line < len(self.parts) else ()
        for i in range(len(self.cards)):
            gfx.card(fb, self.cards[i], 1 + 21 * i, 10, self.cards[i] in lit)
        gfx.card(fb, g.starter, 108, 10, g.starter in lit)
        if self.asking:
            gfx.text(fb, "Your count:", 4, 41)
            fb.fill_rect(66, 39, 21, 11, 1)
            gfx.center(fb, "%d" % self.claim, 41, 0, 66, 87)
            gfx.text(fb, "^v", 91, 41)
            gfx.right(fb, "A: say it", 127, 54)
            return
        shown = []
        for i in range(self.line + 1):
            for part in gfx.wrap(self.lines[i] + ("," if i < self.line else ""), 126):
                shown.append(part)
        shown = shown[-3:]
        for i in range(len(shown)):
            gfx.text(fb, shown[i], 1, 38 + 9 * i)


class CribDeal:
    """The deal's points, seat by seat (play, hand, crib), over the board;
    A goes on (first to the coach's review, with hints on)."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        self.deal = self.crib.g.records[self.crib.seen]
        r = self.crib.review
        self.review = r.lines() if r is not None else []
        self.page = 0

    def key(self, k):
        if _common(self, k):
            return
        if k == A or k == B:
            if self.page == 0 and self.review:
                self.page = 1
                self.app.redraw()
            else:
                self.crib.deal_seen()

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        d = self.deal
        gfx.bar(fb, "Deal %d: %s dealt" % (crib.seen + 1, crib.name(d.dealer)))
        if self.page == 1:
            gfx.text(fb, "The coach:", 1, 11)
            y = 21
            for line in self.review:
                for part in gfx.wrap(line, 126):
                    gfx.text(fb, part, 1, y)
                    y += 9
            gfx.right(fb, "A: go on", 127, 55)
            return
        y = 11
        if g.players == 2:
            pegboard.draw(fb, g.scores, g.back, g.target, 11)
            y = 13 + pegboard.height(g.target, g.sides)
        for i, head in enumerate(("play", "hand", "crib")):
            gfx.right(fb, head, 68 + 28 * i, y)
        for s in range(g.players):
            yy = y + 9 * (s + 1)
            gfx.text(fb, crib.name(s), 1, yy)
            gfx.right(fb, "%d" % d.play[s], 68, yy)
            gfx.right(fb, "%d" % (d.hand[s] + d.muggins[s]), 96, yy)
            if s == d.dealer:
                gfx.right(fb, "%d" % (d.crib_points + d.heels), 124, yy)


class CribOver:
    """Who won, by how much, skunks, the match so far; A records the game."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        from ui.cribgame import mode_of, stats

        g = self.crib.g
        s = stats(app.saves, mode_of(g.players, g.target, self.crib.level))
        mine = g.side_of(ME)
        worth = g.game_points()
        if self.crib.recorded is None:
            if g.winner == mine:
                s["for"] += worth
            else:
                s["against"] += worth
        self.match = "Match: %d to %d" % (s["for"], s["against"])

    def key(self, k):
        if k == A:
            self.crib.finish()
        elif k == DOWN:
            self.app.visit("CribBoard")

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        gfx.bar(fb, "Cribbage: game over")
        won = g.winner == g.side_of(ME)
        who = crib.side_name(g.winner)
        gfx.center(fb, ("%s win!" if g.players == 4 or won else "%s wins") % who, 11)
        worth = g.game_points()
        gfx.center(fb, ("", "Skunk: a double game", "Double skunk: triple game")[worth - 1], 20)
        gfx.center(fb, crib.scores_line(), 29)
        if g.sides == 2:
            pegboard.draw(fb, g.scores, g.back, g.target, 37)
        gfx.text(fb, self.match, 1, 56)
        gfx.right(fb, "A: go on", 127, 56)
