# Cribbage against the computer and between people: choosing the game (to 121 or
# 61, two to four hands, who sits at each seat: a person, named by initials, or the
# computer at its level) and the statistics of each way of playing it.
from micropython import const

from drivers.buttons import A, B, DOWN, LEFT, RIGHT, UP
from ui import gfx
from ui.cribbage import LEVEL_NAMES

_TARGETS = (121, 61)
_SEATS = const(2)  # the first seat's row; Start and Statistics follow the seats
# What the table calls the computer among people (ui.cribbage.game.Crib.name): no person may be
# called so, or "CPU 0  P2 0  CPU 0" would not say who is who.
_COMPUTER = ("CPU", "C1", "C2")


def _computers(name):
    """The note refusing a computer's name for a person."""
    return ("%s is the computer's name at the table: choose another." % name,)


class CribSetup:
    """Game, hands and seats; Start, or the statistics. Seat 1 is yours; each
    other seat is a person or the computer at a level: LEFT/RIGHT go round
    person, Easy, Normal, Expert (and, with two hands, another device on the
    cable); A names a person."""

    ABOUT = ("plays what scores now", "avoids giving points", "looks ahead to the end")

    def __init__(self, app):
        self.app = app
        self.target = 0  # index into _TARGETS
        self.players = 2
        self.cur = _SEATS + 2  # Start
        # Names kept between games; a person at a seat, or the computer (seat 1 a person).
        # (Three letters a name, as the board for a real deck keeps them too.)
        names = app.saves.get("names")
        self.names = [names[3 * i:3 * i + 3].strip() or "P%d" % (i + 1) for i in range(4)]
        # Per seat None for a person, else the computer's level (0..2, LEVEL_NAMES).
        self.levels = [None, 1, 1, 1]
        self.cable = False  # seat 2 is a device on the link cable (two hands)

    def key(self, k):
        app = self.app
        step = -1 if k == LEFT else 1
        n = _SEATS + self.players + 2
        seat = self.cur - _SEATS
        cable = self.cable and self.players == 2
        if k == UP:
            self.cur = (self.cur - 1) % n
        elif k == DOWN:
            self.cur = (self.cur + 1) % n
        elif k in (LEFT, RIGHT, A) and self.cur == 0:
            self.target ^= 1
        elif k in (LEFT, RIGHT, A) and self.cur == 1:
            self.players = 2 + (self.players - 2 + step) % 3
        elif 0 <= seat < self.players and k == A and self.levels[seat] is None and not (seat and cable):
            app.visit("Initials", "Seat %d" % (seat + 1), self.named, self.names[seat])
            return
        elif 0 < seat < self.players and k in (LEFT, RIGHT, A):
            # Round them: a person (0 here), the levels, and with two hands the cable.
            lv = self.levels[seat]
            m = 5 if self.players == 2 else 4
            i = (m + (4 if cable else 0 if lv is None else lv + 1) + step) % m
            self.cable = i == 4
            if i < 4:
                self.levels[seat] = None if i == 0 else i - 1
        elif k == A and seat == self.players and cable:
            from ui.saved import ask_first

            ask_first(app, lambda: app.go("CribLink", self.names[0]))
            return
        elif k == A and seat >= self.players:
            levels = self.levels[:self.players]
            people = [self.names[s] if levels[s] is None else None for s in range(self.players)]
            if people.count(None) == self.players - 1:
                people = None  # you alone against the computer
            else:
                for s in range(self.players):
                    p = people[s]
                    if p is not None and (p in _COMPUTER or people.index(p) < s):
                        self.cur = _SEATS + s  # a name twice, or the computer's: that seat wants another
                        if p in _COMPUTER:  # (kept from before, or from the board's setup)
                            app.visit("Notice", _computers(p))
                        else:
                            app.redraw()
                        return
            # The level of the first computer seat (1 if none) stands for the game, as
            # before levels were per seat; levels stays only if the seats differ.
            level = 1
            for lv in levels:
                if lv is not None:
                    level = lv
                    break
            for lv in levels:
                if lv is not None and lv != level:
                    break
            else:
                levels = None
            if seat > self.players:
                from ui.cribbage.history import mode_of

                # The page of seat 1's person, or of this way of playing the computer.
                first = people[0] if people else None
                app.visit("CribStats", "@" + first if first else mode_of(
                    self.players, _TARGETS[self.target], level))
                return
            from ui.saved import ask_first

            ask_first(app, lambda: self.begin(people, level, levels))
            return
        elif k == B:
            app.back()
            return
        app.redraw()

    def named(self, text):
        """The Initials screen's name for the seat under the cursor, kept for next time."""
        seat = self.cur - _SEATS
        name = text.strip() or "P%d" % (seat + 1)
        if name in _COMPUTER:
            self.app.visit("Notice", _computers(name))  # A: back to the name, to change it
            return
        self.names[seat] = name
        self.app.saves.set("names", "".join((n + "   ")[:3] for n in self.names))
        self.app.back()

    def begin(self, people, level, levels):
        from ui.cribbage.game import start

        start(self.app, level, self.players, _TARGETS[self.target], people, levels)

    def draw(self, fb):
        gfx.bar(fb, "Cribbage")
        cable = self.cable and self.players == 2
        rows = ["Game: to %d" % _TARGETS[self.target],
                "Hands: %d%s" % (self.players, " (partners)" if self.players == 4 else "")]
        for s in range(self.players):
            lv = self.levels[s]
            rows.append("Seat %d: " % (s + 1) + ("cable" if s and cable
                                                 else self.names[s] if lv is None else "CPU, " + LEVEL_NAMES[lv]))
        rows += ["Start", "Statistics"]
        seat = self.cur - _SEATS
        if 0 < seat < self.players and self.levels[seat] is not None and not cable:
            # What the level does, on the last row, below five rows.
            top = max(0, self.cur - 4)
            gfx.listing(fb, rows[top:top + 5], self.cur - top, 0)
            gfx.text(fb, self.ABOUT[self.levels[seat]], 4, 56)
        else:
            gfx.listing(fb, rows, self.cur, 0)
