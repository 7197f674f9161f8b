# The cribbage table's screens for the deal: laying away to the crib, the
# play, and the board. Each shows the game in progress, app.play
# (ui.cribbage.game.Crib), and goes on to the screen the game stands at (the cut,
# the show, the deal's summary and the end are in ui.cribbage.show).
#
# Keys as at the solitaires: LEFT/RIGHT move, A chooses (and runs on: the
# computer's move, the next call), B takes back a mark or skips the calls,
# UP asks the coach, DOWN shows the board, B held pauses. Laying away, A marks
# the card under the cursor (A again takes the mark off) and the cursor stays;
# with enough marked, A lays them away, as at the solitaires.
from micropython import const

from rules.cards import PIPS
from rules.cribbage import PLAY
from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.cribbage import pegboard

_MASK = const(0x3FFFFFFF)  # ticks_ms() wraps at 2**30
_PACE = const(900)  # ms between the computer's cards in the play
_HAND_Y = const(38)
_HAND_STEP = const(20)  # four cards end at x 80, left of the others' column
_SIDE_X = const(83)  # the others' column: a name (lit once it has said go) ...
_BACKS_X = const(107)  # ... and its cards face down, the fourth ending at x 126
_CRIB_Y = const(56)  # the column's last row: whose crib it is
_COUNT_X = const(105)  # the count's box, at the right of the top row
# The others' names beside your hand, clockwise from you, by the number of hands.
_SHORT = (("CPU",), ("C1", "C2"), ("C1", "P", "C2"))


def _hints_off(app):
    return None if app.saves.get("hints") else ["Hints are off: Settings"]


class CribLay:
    """The dealt cards: mark the one or two for the crib and lay them away."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        g = self.crib.g
        self.cards = sorted(g.hands[self.crib.seat])
        self.need = g.to_discard(self.crib.seat)
        self.cur = 0
        self.marks = []
        self.tip = None

    def key(self, k):
        n = len(self.cards)
        if self.crib.table_key(k):
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
            # As in every game: A marks the card under the cursor, or takes its
            # mark off, and the cursor stays where the player put it.
            if self.cur in self.marks:
                self.marks.remove(self.cur)
            else:
                self.marks.append(self.cur)
        elif k == B:
            if self.marks:
                self.marks.pop()
            else:
                self.tip = None
        elif k == UP:
            self.tip = _hints_off(self.app) or self.coach()
        self.app.redraw()

    def coach(self):
        from players import coach
        from rules import forget

        g = self.crib.g
        me = self.crib.seat
        cards, figure, by_chance = coach.best_discard(g, me)
        forget("players.coach")  # asked for now and then: the table does without it
        first = "Coach: %s for " % " ".join(gfx.card_text(c) for c in cards)
        if by_chance:  # near the end it lays away for the game, not for points
            return [first + "a %d%%" % round(100 * figure), "chance to win the game"]
        from players import laying  # loaded for the lay-away

        # The figure with what it adds up, so that it means something.
        return [first + "%.1f" % figure, "= " + laying.added_up(g, me)]

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        scores = crib.scores_line()
        gfx.bar(fb, scores)
        deal = "deal %d" % g.deal_no
        if gfx.width(scores) + 8 + gfx.width(deal) <= 124:  # (at three hands, not always)
            gfx.right(fb, deal, 126, 1, 0)
        for i in range(len(self.cards)):
            gfx.card(fb, self.cards[i], 1 + 21 * i, 10, i in self.marks)
        gfx.cursor(fb, 10 + 21 * self.cur, 36)  # as at the solitaires
        if self.tip:
            for i in range(len(self.tip)):
                gfx.text(fb, self.tip[i], 1, 42 + gfx.LINE * i)
            return
        whose = "Your crib" if g.dealer == crib.seat else crib.name(g.dealer) + "'s crib"
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
        crib = self.crib
        g = crib.g
        me = crib.seat
        # With people, a hand only on its own turn: none while the computer moves.
        self.hand = sorted(g.hands[me]) if crib.people is None or crib.linked or g.turn == me else ()
        ok = g.playable(me) if g.phase == PLAY and g.turn == me else ()
        self.cur = 0
        for i in range(len(self.hand)):
            if self.hand[i] in ok:
                self.cur = i
                break

    def waiting(self):
        """The computer (or the other device, on the cable) is to lay a card."""
        crib = self.crib
        g = crib.g
        return g.phase == PLAY and not g.over and (crib.computer(g.turn) or crib.linked and g.turn != crib.seat)

    def tick(self, now):
        if self.crib.linked or not self.waiting() or (now - self.at) & _MASK < _PACE:
            return
        self.cpu_move(now)

    def cpu_move(self, now):
        self.at = now
        self.crib.computer_plays()
        self.settle()
        if self.crib.where() == "CribPass":  # (with people) another person is to act
            self.crib.show()
            return
        self.app.last = now  # busy: the screen stays awake
        self.app.redraw()

    def key(self, k):
        app = self.app
        g = self.crib.g
        if self.crib.table_key(k):
            return
        if g.phase != PLAY or g.over:
            if k == A:
                self.crib.show()
            return
        if self.waiting():
            if k == A and not self.crib.linked:
                self.cpu_move(app.board.ticks_ms())
            return
        n = len(self.hand)
        self.error = None
        if k == LEFT and n:
            self.cur = (self.cur - 1) % n
        elif k == RIGHT and n:
            self.cur = (self.cur + 1) % n
        elif k == A:
            me = self.crib.seat
            card = self.hand[self.cur] if g.playable(me) else None
            if card is not None and card not in g.playable(me):
                # Said here, with the suit drawn as everywhere on the glass, and short enough to fit.
                self.error = "%s would go past 31" % gfx.card_text(card)
                app.redraw()
                return
            try:
                self.crib.play(card)
            except ValueError as e:
                self.error = str(e)
            else:
                self.tip = None
                self.at = app.board.ticks_ms()
                self.settle()
                if self.crib.where() == "CribPass":  # every hand hidden: the next person's turn
                    self.crib.show()
                    return
        elif k == UP:
            self.tip = _hints_off(app) or self.coach()
        elif k == B:
            self.tip = None
        app.redraw()

    def coach(self):
        from players import coach
        from rules import forget

        card, why = coach.best_play(self.crib.g, self.crib.seat)
        forget("players.coach")  # asked for now and then: the table does without it
        # Two lines, over the last move's (drawn by _two_lines): the reason whole is the point.
        return ["Coach: " + (why if card is None else gfx.card_text(card) + ", " + why)]

    def prompt(self, w=126):
        """The second line: what A does now, a message, or else the last scoring
        call of another seat (if it fits the room) while the game runs on."""
        crib = self.crib
        g = crib.g
        if self.error:
            return self.error
        if g.over:
            return "A: game over"
        if g.phase != PLAY:
            return "A: the show"
        me = crib.seat
        if g.turn == me and not g.playable(me):
            return "A: go"
        kept = crib.calls[3]
        if kept and gfx.width(kept) <= w:
            return kept
        if g.turn != me:
            return crib.name(g.turn) + "'s turn"
        return "A: play"

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        gfx.bar(fb, crib.scores_line())
        # The cards of this count (yours lit), the starter and the count itself: the
        # starter stays in sight all through the play, as it lies on the pack. A count
        # just ended (31, a go) stays on the table until the next card starts another.
        seq = g.seq
        count = g.count
        if not seq and crib.closed is not None:
            seq = crib.closed
            count = 0
            for c in seq:
                count += PIPS[c >> 2]
        sx = _COUNT_X
        if g.starter is not None:
            sx -= 2 + gfx.mini_width(g.starter)
            gfx.mini(fb, g.starter, sx, 10)
        me = crib.seat
        mine = g.played[me] if me is not None else ()
        n = len(seq)
        if n:
            # Each card overlaps the next by 2, or more when the count's cards fill the row.
            room = sx - 3 - gfx.mini_width(seq[-1])
            step = 0
            for i in range(n - 1):
                step += gfx.mini_width(seq[i]) - 2
            x = 1
            for i in range(n):
                c = seq[i]
                gfx.mini(fb, c, x, 10, c in mine)
                if i < n - 1:
                    w = gfx.mini_width(c) - 2
                    x += w if step <= room else w * room // step
        fb.rect(_COUNT_X, 10, 128 - _COUNT_X, 10, 1)
        gfx.center(fb, "%d" % count, 11, 1, _COUNT_X, 128)
        # The others' column stands on the bottom right, a row each and whose crib it
        # is last; at four hands its top row shares the second line, which then
        # keeps left of it (a message too wide for that takes the first line).
        top = _CRIB_Y - 9 * (g.players - 1)
        room = 126 if top > 29 else _SIDE_X - 4
        tip = self.tip
        if tip and not self.error:
            # The coach's tip, asked for, over the last move and the prompt, the glass
            # wide (at four hands over the others' top row too, until B or a card).
            lines = _two_lines(tip[0], 126)
            for i in range(len(lines)):
                gfx.text(fb, lines[i], 1, 21 + 8 * i)
        else:
            said = self.prompt(room)
            note = _two_lines(crib.note, room)
            if len(note) > 1:
                # A long last move ("C1 5D, fifteen 2, pair royal 6, last 1") takes both
                # lines, whole; what A does follows on the second if it fits there.
                gfx.text(fb, note[0], 1, 21)
                gfx.text(fb, note[1], 1, 29)
                if 1 + gfx.width(note[1]) + 8 + gfx.width(said) <= room:
                    gfx.right(fb, said, room + 1, 29)
            elif gfx.width(said) > room:
                gfx.text(fb, said, 1, 21)
            else:
                gfx.text(fb, crib.note, 1, 21)
                gfx.text(fb, said, 1, 29)
        # Your hand, the cursor's card lit while it is your turn to lay.
        lit = g.phase == PLAY and g.turn == me
        for i in range(len(self.hand)):
            gfx.card(fb, self.hand[i], 1 + _HAND_STEP * i, _HAND_Y, lit and i == self.cur)
        # The others: their cards face down, the name lit once they have said
        # go in this count; and whose crib it is.
        y = top
        short = _SHORT[g.players - 2]
        people = crib.people
        if me is None:
            me = 0  # (with people, before anyone has taken the device: no hand is drawn)
        for k in range(1, g.players):
            s = (me + k) % g.players
            name = short[k - 1] if people is None else crib.name(s)
            if tip and not self.error and y < _HAND_Y:
                y += 9
                continue
            went = g.passed >> s & 1
            if went:
                fb.fill_rect(_SIDE_X, y - 1, gfx.width(name) + 3, 9, 1)
            gfx.text(fb, name, _SIDE_X + 1, y, 0 if went else 1)
            for i in range(len(g.hands[s])):
                gfx.back(fb, _BACKS_X + 5 * i, y - 1, 4, 8)
            y += 9
        if people is not None:  # named: the glass is not always its holder's
            whose = crib.name(g.dealer)
        else:
            whose = "you" if g.dealer == me else short[(g.dealer - me) % g.players - 1]
        gfx.right(fb, "crib: " + whose, 127, y)


def _two_lines(s, room):
    """s on the two lines above the hand: the first as wide as the glass, the second
    `room` wide (at four hands the others' column stands at its right)."""
    lines = gfx.wrap(s, 126)
    if len(lines) < 2:
        return lines
    return lines[:1] + gfx.wrap(s[len(lines[0]) + 1:], room)


class CribBoard:
    """The board of the game in progress, with the scores in words; any key goes back."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play

    def key(self, k):
        if k == A or k == B or k == DOWN:
            self.app.back()

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        gfx.bar(fb, "The board: to %d" % g.target)
        pegboard.draw(fb, g.scores, g.back, g.target, 12)
        y = 14 + pegboard.height(g.target, g.sides)
        for side in range(g.sides):
            s = "%s %d" % (crib.side_name(side), g.scores[side])
            if g.back[side] < g.scores[side]:
                s += " (%d)" % g.back[side]
            if g.sides == 2:  # in the order of the tracks
                gfx.text(fb, s, 1, y + 9 * side)
            else:
                gfx.text(fb, s, 1 + 64 * (side & 1), y + 9 * (side >> 1))
        if g.sides < 3:
            gfx.text(fb, "skunk line %d" % (31 if g.target == 61 else 91), 1, 55)
        gfx.right(fb, "A: back", 127, 55)
