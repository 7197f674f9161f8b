# The cribbage table, before and after the play: the cut for the first deal,
# the show counted aloud, the deal's summary with the board, the game's end.
# Each shows the game in progress, app.play (ui.cribbage.game.Crib). (The play
# itself is in ui.cribbage.play: only one of the two is loaded at a time.)
from micropython import const

from rules.cribbage import NOT_CUT
from drivers.buttons import A, B, B_LONG, DOWN
from ui import counting, gfx
from ui.cribbage import pegboard
from ui.cribbage import ME
from ui.calls import count_calls

_ROUND_W = const(18)  # a round's column: the widest small card and a gap


class CribCut:
    """Each player cuts a card; low card deals, and only the players tied for
    low cut again. A row a player, a column a round: a player out of a round
    has no card in it, and the dealer's last card is lit."""

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
        rounds = g.cut
        if rounds:
            x0 = 0
            for s in range(g.players):
                x0 = max(x0, gfx.width(crib.name(s)) + 4)
            fit = (gfx.W - x0) // _ROUND_W
            if len(rounds) > fit:
                # Ties three times over (about one cut in 3,000): the first round and the last.
                rounds = rounds[:1] + rounds[1 - fit:]
            last = len(rounds) - 1
            for s in range(g.players):
                y = 11 + 11 * s
                gfx.text(fb, crib.name(s), 1, y + 2)
                for i in range(len(rounds)):
                    c = rounds[i][s]
                    if c != NOT_CUT:
                        gfx.mini(fb, c, x0 + _ROUND_W * i, y, i == last and s == g.dealer)
        who = crib.name(g.dealer)
        gfx.text(fb, "You deal" if who == "You" else who + " deals", 1, 56)
        gfx.right(fb, "A: deal", 127, 56)


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
        # (Between people, a count short by g.missed waits for the next person's muggins call.)
        self.asking = self.own and not self.crib.computer(self.seat) and not g.missed
        self.claimed = None

    def key(self, k):
        crib = self.crib
        if crib.table_key(k):
            return
        if crib.g.missed:
            if k == A or k == B:  # muggins called, or let go
                crib.g.call_muggins(k == A)
                crib.save()
                self.after()
            return
        if self.asking:
            c = counting.adjust(self.claim, k)
            if c is not None:
                self.claim = c
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
        s = counting.said(self.claim, self.points)
        nxt = (self.seat + 1) % self.crib.g.players
        if self.claim < self.points and self.crib.g.muggins and self.crib.computer(nxt):
            s += ", to " + self.crib.name(nxt)  # (a person is asked whether to call muggins)
        return s

    def counted(self):
        self.crib.count(self.claimed)
        self.after()

    def after(self):
        """On to the next count here, or to the screen the game stands at (the next
        person's muggins call, the deal's summary, the end)."""
        crib = self.crib
        if crib.where() == "CribShow":
            self.open()
            self.app.redraw()
        else:
            crib.show()

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        whose = crib.name(self.seat)
        whose = "Your" if whose == "You" else whose + "'s"
        gfx.bar(fb, "%s %s" % (whose, self.label))
        if g.missed:
            # The next person's call: the hand and what its count missed, nothing else.
            for i in range(len(self.cards)):
                gfx.card(fb, self.cards[i], 1 + 21 * i, 10)
            gfx.card(fb, g.starter, 108, 10)
            gfx.text(fb, "%s said %d: missed %d" % (crib.name(self.seat), self.points - g.missed, g.missed),
                     1, 38)
            gfx.text(fb, crib.name(g.turn) + ": call muggins?", 1, 47)
            gfx.right(fb, "A: take %d  B: no" % g.missed, 127, 56)
            return
        counting.draw(fb, self, self.cards, g.starter)


class CribDeal:
    """The deal's points, seat by seat (play, hand, crib), over the board;
    A goes on (first to the coach's review, with hints on)."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        self.deal = self.crib.g.records[self.crib.seen]
        r = self.crib.review
        # The review, its cards with their suits drawn, wrapped to the glass.
        self.review = []
        if r is not None:
            for line in r.lines(gfx.card_text):
                self.review += gfx.wrap(line, 126)
        self.page = 0

    def key(self, k):
        if self.crib.table_key(k):
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
        if self.page == 1:
            # Five lines above "A: go on", which has the bottom line to itself.
            gfx.bar(fb, "Deal %d: the coach" % (crib.seen + 1))
            for i in range(min(5, len(self.review))):
                gfx.text(fb, self.review[i], 1, 11 + 9 * i)
            gfx.right(fb, "A: go on", 127, 56)
            return
        gfx.bar(fb, "Deal %d: %s dealt" % (crib.seen + 1, crib.name(d.dealer)))
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
        from ui.cribbage.history import mode_of, stats

        g = self.crib.g
        self.match = ""
        if self.crib.people is not None:
            return  # (the statistics are per person)
        s = stats(app.saves, mode_of(g.players, g.target, self.crib.level))
        mine = g.side_of(ME)
        worth = g.game_points()
        if not self.crib.in_history():  # the statistics do not count it yet
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
        gfx.center(fb, ("%s win!" if g.players == 4 or won and crib.people is None else "%s wins") % who, 11)
        worth = g.game_points()
        gfx.center(fb, ("", "Skunk: a double game", "Double skunk: triple game")[worth - 1], 20)
        gfx.center(fb, crib.scores_line(), 29)
        if g.sides == 2:
            pegboard.draw(fb, g.scores, g.back, g.target, 37)
        gfx.text(fb, self.match, 1, 56)
        gfx.right(fb, "A: go on", 127, 56)
