# Cribbage between people at one device (issue 25): the hand-over screen. A module
# of its own, loaded only in games between people, so that the table of a game
# against the computer carries none of it.
from drivers.buttons import A
from ui import gfx
from ui.deliberate import Deliberate


class CribPass:
    """Between people: every hand hidden while the device goes to the next person,
    the last move kept in words. A, after a pause (a burst of A from the last
    person stops here), when only that person is looking."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play
        self.meant = Deliberate(app)

    def tick(self, now):
        if self.meant.tick(now):
            self.app.redraw()

    def key(self, k):
        crib = self.crib
        if crib.table_key(k):
            self.meant.other()
        elif k == A and self.meant.a():
            crib.seat = crib.g.turn  # that person has the device
            crib.show()

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        who = crib.name(g.turn)
        gfx.bar(fb, crib.scores_line())
        note = crib.note
        if g.missed:  # a short count in the show: the next person may call muggins
            note = "%s's count missed %d: muggins?" % (crib.name(g.show_step()[0]), g.missed)
        note = gfx.wrap(note, 126)
        for i in range(min(2, len(note))):
            gfx.text(fb, note[i], 1, 11 + 8 * i)
        gfx.center(fb, who + "'s turn", 30)
        gfx.center(fb, "pass it over", 39)
        if self.meant.ready:
            gfx.center(fb, "A when only " + who, 48)
            gfx.center(fb, "is looking", 56)
