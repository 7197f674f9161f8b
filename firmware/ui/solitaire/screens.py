# The game screens: the table (six cards to choose two from), the counting
# called out item by item, the deal's summary, "pass to player N", the end of
# the game (won or lost, or the standings of several players) and the pause menu.
# Each shows the game in progress, app.play (ui.solitaire.game.Play).
from micropython import const

from drivers.buttons import A, B, B_LONG, DOWN, LEFT, RIGHT, UP
from ui import counting, gfx
from ui.deliberate import Deliberate
from ui.calls import LABELS, SHORT, count_calls


def _title(fb, play, g, left=None):
    if left is None:
        if play.multi:
            left = "%s  deal %d/%d" % (play.name(play.match.turn, True), g.round, g.deals)
        else:
            left = "%s  %d/%d" % (SHORT[g.kind], g.round, g.deals)
    gfx.bar(fb, left)
    gfx.right(fb, "%d/%d" % (g.score, g.target), 126, 1, 0)


def _strip(fb, play, g):
    gfx.strip(fb, g.score, g.target, 57, 60 if play.multi else 0)


_FOOT = const(40)  # the table's rows below the cursor: prompts, the crib, the strip
_CRIB_ROOM = const(68)  # the row's width beside "Crib" and the crib's two backs


class Table:
    """Six cards (sorted); mark two with A and send them to the crib.

    UP shows the advisor's hint in the place of the pegging strip, DOWN hides
    it; B takes back the last mark, hint or not. A key redraws only what it
    changed (patch): the cursor's row, a card, the rows below."""

    def __init__(self, app):
        self.app = app
        self.play = play = app.play
        self.cur = 0
        self.marks = []
        self.tip = None  # hint lines while shown
        self.tips = 0  # hints shown so far: the foot changes with each
        g = play.match.game()
        self.cards = sorted(g.pending)
        self.drawn_cur = -1  # what the glass shows: the cursor, ...
        self.drawn_lit = 0  # ... the marked cards (a bit each), ...
        self.drawn_foot = -1  # ... and the foot (see foot())

    def key(self, k):
        n = len(self.cards)
        if k == LEFT:
            self.cur = (self.cur - 1) % n
        elif k == RIGHT:
            self.cur = (self.cur + 1) % n
        elif k == A:
            if len(self.marks) == 2:
                a, b = self.marks
                self.play.discard(self.cards[a], self.cards[b])
                return
            if self.cur in self.marks:
                self.marks.remove(self.cur)
            else:
                self.marks.append(self.cur)
            self.marks_changed()
        elif k == B:
            if self.marks:
                self.marks.pop()
                self.marks_changed()
            elif self.tip:
                self.hide_hint()
        elif k == UP:
            self.show_hint()
        elif k == DOWN:
            self.hide_hint()
        elif k == B_LONG:
            self.app.visit("Pause")
            return
        self.app.update()

    def marks_changed(self):
        # "Yours" was the discard marked when the hint was asked: now stale.
        if self.tip and len(self.tip) > 1:
            self.tip = self.tip[:1]
            self.tips += 1

    def hide_hint(self):
        if self.tip:
            self.tip = None
            self.tips += 1

    def show_hint(self):
        self.tips += 1
        if not self.app.saves.get("hints"):
            self.tip = ["Hints are off: Settings"]
            return
        g = self.play.match.game()
        mine = None
        if len(self.marks) == 2:
            mine = (self.cards[self.marks[0]], self.cards[self.marks[1]])
        h = self.play.hint(g, mine)
        if h is None:
            self.tip = ["No advisor installed"]
            return
        # Foster's last deal ranks by the chance to reach the target (wins): shown too.
        pair, best, yours, wins = h
        self.tip = ["Best: %s  %.1f%s" % (_names(pair), best, _chance(wins, g, pair))]
        if yours is not None:
            self.tip.append("Yours: %s  %.1f%s" % (_names(mine), yours, _chance(wins, g, mine)))

    def lit(self):
        m = 0
        for i in self.marks:
            m |= 1 << i
        return m

    def foot(self):
        """What the rows below the cursor show, as a number: the hint shown
        (and which), and whether two cards are marked."""
        return (self.tips << 2) | (2 if self.tip else 0) | (len(self.marks) == 2)

    def draw(self, fb):
        _title(fb, self.play, self.play.match.game())
        self.drawn_cur = -1
        self.drawn_lit = ~self.lit()  # every card differs: all drawn
        self.drawn_foot = -1
        self.patch(fb)

    def patch(self, fb):
        cards = self.cards
        lit = self.lit()
        changed = lit ^ self.drawn_lit
        for i in range(len(cards)):
            if changed >> i & 1:
                gfx.card(fb, cards[i], 1 + 21 * i, 10, (lit >> i) & 1 == 1)
        self.drawn_lit = lit
        if self.cur != self.drawn_cur:
            # Its tip just under the card, two rows clear of the hint's line below.
            fb.fill_rect(0, 36, gfx.W, 3, 0)
            gfx.cursor(fb, 10 + 21 * self.cur, 36)
            self.drawn_cur = self.cur
        foot = self.foot()
        if foot != self.drawn_foot:
            fb.fill_rect(0, _FOOT, gfx.W, gfx.H - _FOOT, 0)
            self.draw_foot(fb)
            self.drawn_foot = foot

    def draw_foot(self, fb):
        play = self.play
        g = play.match.game()
        two = len(self.marks) == 2
        if self.tip:
            # The hint's lines take the pegging strip's place while shown (the
            # title still shows the score); the keys stay on the last row.
            for i in range(len(self.tip)):
                gfx.text(fb, self.tip[i], 1, _FOOT + 1 + 8 * i)
            if two:
                gfx.text(fb, "A: to the crib   B: undo", 1, _FOOT + 17)
            else:
                gfx.text(fb, "A: choose", 1, _FOOT + 17)
                gfx.right(fb, "down: hide", 127, _FOOT + 17)
            return
        y = 43
        if two:
            gfx.text(fb, "A: to the crib   B: undo", 1, y)
        elif g.kind == 2:
            x = gfx.minis(fb, g.crib, gfx.text(fb, "Crib", 1, y) + 2, y - 2, 1)
            if g.hand:
                # The first hand, kept while the second six are dealt.
                fb.vline(x + 2, y - 2, 10, 1)
                gfx.minis(fb, sorted(g.hand), x + 5, y - 2, 1)
        else:
            right = _others(play) if play.multi else "A: choose"
            if gfx.width(right) > _CRIB_ROOM:
                # Three others with three-digit scores need the whole row.
                gfx.text(fb, right, 1, y)
            else:
                x = gfx.text(fb, "Crib", 1, y) + 2
                x += gfx.mini_back(fb, x, y - 2) + 2
                gfx.mini_back(fb, x, y - 2)
                gfx.right(fb, right, 127, y)
        _strip(fb, play, g)


def _chance(wins, g, pair):
    """ " 45%": the chance of the pair to reach the target, when the advisor raced."""
    from players.advisor import PAIRS, PATIENCE_WAYS, RACE_WAYS  # pyright: ignore[reportMissingImports]

    if wins is None:
        return ""
    pending = g.pending
    i = pending.index(pair[0])
    j = pending.index(pair[1])
    w = wins[PAIRS.index((i, j) if i < j else (j, i))]
    ways = RACE_WAYS if g.kind == 0 else PATIENCE_WAYS
    return "" if w < 0 else " %d%%" % ((200 * w + ways) // (2 * ways))


def _names(cards):
    return " ".join(gfx.card_text(c) for c in cards)


def _others(play):
    m = play.match
    s = ""
    for i in range(m.players):
        if i != m.turn:
            s += " %s %d" % (play.name(i, True), m.games[i].score)
    return s[1:]


class Count:
    """A deal counted one call at a time: the cards in play are lit as called.

    With the count_self setting, each hand and crib first asks the player's
    own count (UP/DOWN change it by one, LEFT/RIGHT by five, A says it), then
    calls the true count and what was missed."""

    def __init__(self, app, player, start):
        self.app = app
        self.play = play = app.play
        self.player = player
        self.g = play.match.games[player]
        self.items = self.g.log[start:]
        self.own = self.app.saves.get("count_self")
        # After a power cut, go on from the last item the player had counted.
        self.page = max(0, len(play.claims) - 1) if self.own else 0
        self.open()

    def open(self):
        label, cards, starter, points = self.items[self.page]
        self.shown = tuple(cards) + ((starter,) if starter is not None else ())
        if label == "heels":
            self.parts = ((label, (starter,), 2),)
            self.lines = ["the cut is a jack:", "two for his heels"]
        else:
            crib = label == "crib" and self.g.crib_rule
            self.parts, self.lines = count_calls(cards, starter, crib)
        self.line = 0
        self.claim = 0
        # Asking for the player's count until it is given.
        claims = self.play.claims
        self.asking = self.own and label != "heels" and (
            self.page >= len(claims) or claims[self.page] is None)
        if self.own and not self.asking and label != "heels":
            self.verdict(claims[self.page], points)

    def verdict(self, claim, points):
        """The line after the calls: what the player said against the count."""
        s = counting.said(claim, points)
        play = self.play
        if claim < points and play.muggins():
            s += ", to " + play.name((self.player + 1) % play.match.players, True)
        self.lines.append(s)

    def key(self, k):
        if k == B_LONG:
            self.app.visit("Pause")
            return
        if self.asking:
            c = counting.adjust(self.claim, k)
            if c is not None:
                self.claim = c
            elif k == A:
                points = self.items[self.page][3]
                self.play.claimed(self.player, self.page, self.claim, points)
                self.asking = False
                self.verdict(self.claim, points)
            self.app.redraw()
            return
        if k == A:
            if self.line < len(self.lines) - 1:
                self.line += 1
            else:
                self.next()
                return
        elif k == B:
            if self.own:
                self.next()  # the calls may be skipped, the counting may not
            else:
                self.app.go("Summary", self.player, self.items)
            return
        self.app.redraw()

    def next(self):
        if self.page < len(self.items) - 1:
            self.page += 1
            self.open()
            self.app.redraw()
        else:
            self.app.go("Summary", self.player, self.items)

    def draw(self, fb):
        label, cards, starter, points = self.items[self.page]
        title = LABELS.get(label, label)
        if self.play.multi:
            title = "%s  %s" % (self.play.name(self.player, True), title)
        gfx.bar(fb, title)
        if label == "heels":
            counting.draw(fb, self, cards, starter, 1 + 21 * len(cards) + 4, 2)
        else:
            counting.draw(fb, self, cards, starter)


class Summary:
    """The deal's points, item by item, and the score against the target; with
    hints on, what the best discard would have been against the player's."""

    def __init__(self, app, player, items):
        self.app = app
        self.play = play = app.play
        self.player = player
        self.items = items
        self.missed = 0
        claims = play.claims
        for i in range(min(len(claims), len(items))):
            if claims[i] is not None and claims[i] < items[i][3]:
                self.missed += items[i][3] - claims[i]
        self.note = None
        worst = None
        for a, b, best, yours in play.review:
            if worst is None or best - yours >= worst:
                worst = best - yours
                self.note = "Best %s %s" % (_names((a, b)), _tenths(best))
                self.note += ": yours!" if best == yours else ", you %s" % _tenths(yours)

    def key(self, k):
        if k == A or k == B:
            self.play.counted()
        elif k == B_LONG:
            self.app.visit("Pause")

    def draw(self, fb):
        play = self.play
        g = play.match.games[self.player]
        deal = len(g.round_points())
        who = play.name(self.player, True) + "  " if play.multi else ""
        gfx.bar(fb, "%sDeal %d of %d" % (who, deal, g.deals))
        y = 11
        for label, cards, starter, points in self.items:
            # The longest label ("Last four") and two-digit points a space apart.
            gfx.text(fb, "Hand 2" if label == "hand2" else LABELS.get(label, label), 2, y)
            gfx.right(fb, "%d" % points, 66, y)
            y += 9
        fb.vline(69, 11, 34 if self.note else 42, 1)
        gfx.text(fb, "Score", 74, 11)
        gfx.text(fb, "%d of %d" % (g.score, g.target), 74, 20)
        if self.missed:
            gfx.text(fb, "Missed %d" % self.missed, 74, 31)
        if self.note:
            gfx.text(fb, self.note, 1, 47)
        else:
            gfx.right(fb, "A: go on", 127, 44)
        gfx.strip(fb, g.score, g.target, 57, 60 if play.multi else 0)


def _tenths(n):
    return "%d.%d" % (n // 10, n % 10)


class Pass:
    """Hand the device to the next player."""

    def __init__(self, app):
        self.app = app
        self.play = app.play

    def key(self, k):
        if k == A:
            self.app.go("Table")
        elif k == B_LONG:
            self.app.visit("Pause")

    def draw(self, fb):
        m = self.play.match
        g = m.game()
        gfx.bar(fb, "Deal %d of %d" % (g.round, g.deals))
        gfx.center(fb, "Pass to player %d" % (m.turn + 1), 14)
        y = 27
        for side in range(len(m.sides)):
            who = "+".join("P%d" % (p + 1) for p in m.sides[side])
            x = 62 * (side & 1)
            gfx.text(fb, who, 8 + x, y + 9 * (side >> 1))
            gfx.right(fb, "%d" % m.side_score(side), 58 + x, y + 9 * (side >> 1))
        gfx.center(fb, "A when ready", 48)
        gfx.strip(fb, g.score, g.target, 57, 60)


class Over:
    """One player's game is over: made it or not."""

    def __init__(self, app):
        self.app = app
        self.play = play = app.play
        self.code = "Code " + play.code()
        self.meant = Deliberate(app)  # A after a pause: a burst of A stops here

    def key(self, k):
        if k != A:
            self.meant.other()
            self.app.redraw()
        elif self.meant.a():
            self.play.finish()

    def tick(self, now):
        if self.meant.tick(now):
            self.app.redraw()  # the prompt

    def draw(self, fb):
        g = self.play.match.games[0]
        gfx.bar(fb, "%s: game over" % SHORT[g.kind])
        if g.won:
            gfx.center(fb, "You made it!", 12)
        else:
            gfx.center(fb, "Short by %d" % (g.target - g.score), 12)
        gfx.center(fb, "%d points of %d" % (g.score, g.target), 21)
        rounds = g.round_points()
        gfx.center(fb, " ".join("%d" % p for p in rounds), 30)
        gfx.center(fb, self.code, 39)
        if self.meant.ready:
            gfx.right(fb, "A: go on", 127, 48)
        gfx.strip(fb, g.score, g.target, 57)


class Standings:
    """Several players: who won, by how much, and whether it was a double game."""

    def __init__(self, app):
        self.app = app
        self.play = app.play
        self.meant = Deliberate(app)  # A after a pause: a burst of A stops here

    def key(self, k):
        if k != A:
            self.meant.other()
            self.app.redraw()
        elif self.meant.a():
            self.play.finish()

    def tick(self, now):
        if self.meant.tick(now):
            self.app.redraw()  # the prompt

    def draw(self, fb):
        m = self.play.match
        gfx.bar(fb, "Final standings")
        y = 11
        place = 0
        last = None
        for n, (side, points) in enumerate(m.standings()):
            if points != last:
                place = n + 1
                last = points
            players = m.sides[side]
            # Partners by their short names: "1. P1 + P3" and three-digit points fit.
            who = " + ".join(self.play.name(p, len(players) > 1) for p in players)
            gfx.text(fb, "%d. %s" % (place, who), 1, y)
            gfx.right(fb, "%d" % points, 127, y)
            y += 9
        win = m.winners()
        if len(win) > 1:
            s = "A tie!"
        elif any(d[0] == win[0] for d in m.double):
            s = "Double game!"
        else:
            s = ""
        gfx.center(fb, s, 47)
        if self.meant.ready:
            gfx.right(fb, "A: go on", 127, 56)


