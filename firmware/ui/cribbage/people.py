# Cribbage between people at one device: the hand-over screen; and between
# people at two devices on the link cable: the screen that waits for the
# other device. A module of its own, loaded only in games between people, so that the
# table of a game against the computer carries none of it (the game on the cable,
# ui.cribbage.cable, names CribWait: it lives here, not beside the linking screen that
# makes that game, so that screens lead on and never back).
from drivers.buttons import A, B
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


class CribWait:
    """Waiting for the other device: the scores, the last move, your own cards; a move
    refused (here or there) or a cable that says another firmware, in words."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play

    def key(self, k):
        crib = self.crib
        if k == B and crib.lost and crib.duel.problem is None:
            from link.left import give_up

            give_up(self.app, crib.name(1 - crib.seat), crib.abandon)
        else:
            crib.table_key(k)

    def draw(self, fb):
        crib = self.crib
        g = crib.g
        duel = crib.duel
        gfx.bar(fb, crib.scores_line())
        link = duel.link
        why = duel.problem or link.problem
        if why:
            lines = gfx.wrap(why, 126)[:3]
        else:
            lines = ["waiting for " + crib.name(1 - crib.seat)]
            if crib.lost:  # (the last move's words make way for the way out)
                lines += ["(no answer on the cable)", "B: give the game up"]
            else:
                lines = gfx.wrap(crib.note, 126)[:1] + lines
        for i in range(len(lines)):
            gfx.text(fb, lines[i], 1, 11 + 9 * i)
        hand = sorted(g.hands[crib.seat])
        for i in range(len(hand)):
            gfx.card(fb, hand[i], 1 + 21 * i, 38)

