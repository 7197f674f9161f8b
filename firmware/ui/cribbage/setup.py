# Cribbage against the computer and between people: choosing the game (the
# computer's level, to 121 or 61, two to four hands, who sits at each seat: a
# person, named by initials, or the computer) and the statistics of each way of
# playing it.
from micropython import const

from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.cribbage import LEVEL_NAMES

_TARGETS = (121, 61)
_SEATS = const(3)  # the first seat's row; Start and Statistics follow the seats


class CribSetup:
    """Level, game, hands and seats; Start, or the statistics. Seat 1 is yours;
    each other seat is the computer's or a person's (LEFT/RIGHT), A names a person."""

    ABOUT = ("plays what scores now", "avoids giving points", "looks ahead to the end")

    def __init__(self, app):
        self.app = app
        self.level = 1
        self.target = 0  # index into _TARGETS
        self.players = 2
        self.cur = _SEATS + 2  # Start
        # Names kept between games; a person at a seat, or the computer (seat 1 a person).
        # (Three letters a name, as the board for a real deck keeps them too.)
        names = app.saves.get("names")
        self.names = [names[3 * i:3 * i + 3].strip() or "P%d" % (i + 1) for i in range(4)]
        self.people = [True, False, False, False]
        self.cable = False  # seat 2 is a device on the link cable (two hands)

    def key(self, k):
        app = self.app
        step = -1 if k == LEFT else 1
        n = _SEATS + self.players + 2
        seat = self.cur - _SEATS
        if k == UP:
            self.cur = (self.cur - 1) % n
        elif k == DOWN:
            self.cur = (self.cur + 1) % n
        elif k in (LEFT, RIGHT, A) and self.cur == 0:
            self.level = (self.level + step) % 3
        elif k in (LEFT, RIGHT, A) and self.cur == 1:
            self.target ^= 1
        elif k in (LEFT, RIGHT, A) and self.cur == 2:
            self.players = 2 + (self.players - 2 + step) % 3
        elif 0 <= seat < self.players and k == A and self.people[seat]:
            app.visit("Initials", "Seat %d" % (seat + 1), self.named, self.names[seat])
            return
        elif 0 < seat < self.players and k in (LEFT, RIGHT, A):
            if self.players == 2:
                # Two hands: the computer, a person, or another device on the cable, in turn.
                i = ((2 if self.cable else int(self.people[1])) + 3 + step) % 3
                self.cable = i == 2
                self.people[1] = i == 1
            else:
                self.people[seat] = not self.people[seat]
        elif k == A and seat == self.players and self.cable and self.players == 2:
            from ui.saved import ask_first

            ask_first(app, lambda: app.go("CribLink", self.names[0]))
            return
        elif k == A and seat >= self.players:
            people = [self.names[s] if self.people[s] else None for s in range(self.players)]
            if people.count(None) == self.players - 1:
                people = None  # you alone against the computer
            else:
                for s in range(1, self.players):
                    if people[s] is not None and people.index(people[s]) < s:
                        self.cur = _SEATS + s  # a name twice: that seat wants another
                        app.redraw()
                        return
            if seat > self.players:
                from ui.cribbage.history import mode_of

                # The page of seat 1's person, or of this way of playing the computer.
                first = people[0] if people else None
                app.visit("CribStats", "@" + first if first else mode_of(
                    self.players, _TARGETS[self.target], self.level))
                return
            from ui.saved import ask_first

            ask_first(app, lambda: self.begin(people))
            return
        elif k == B:
            app.back()
            return
        app.redraw()

    def named(self, text):
        """The Initials screen's name for the seat under the cursor, kept for next time."""
        seat = self.cur - _SEATS
        self.names[seat] = text.strip() or "P%d" % (seat + 1)
        self.app.saves.set("names", "".join((n + "   ")[:3] for n in self.names))
        self.app.back()

    def begin(self, people):
        from ui.cribbage.game import start

        start(self.app, self.level, self.players, _TARGETS[self.target], people)

    def draw(self, fb):
        gfx.bar(fb, "Cribbage")
        rows = ["Computer: " + LEVEL_NAMES[self.level],
                "Game: to %d" % _TARGETS[self.target],
                "Hands: %d%s" % (self.players, " (partners)" if self.players == 4 else "")]
        for s in range(self.players):
            rows.append("Seat %d: " % (s + 1) + ("cable" if s == 1 and self.cable and self.players == 2
                                                 else self.names[s] if self.people[s] else "computer"))
        rows += ["Start", "Statistics"]
        if self.cur == 0:
            # What the level does, on the last row.
            gfx.listing(fb, rows[:5], 0, 0)
            gfx.text(fb, self.ABOUT[self.level], 4, 56)
        else:
            gfx.listing(fb, rows, self.cur, 0)
