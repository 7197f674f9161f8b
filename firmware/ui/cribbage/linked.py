# Cribbage with another device over the link cable: linking and agreeing on
# the pack (CribLink). The game itself is ui.cribbage.cable's LinkedCrib, the screen
# that waits for the other device ui.cribbage.people's CribWait; the other screens of the table (lay-away,
# play, show, deal, end) are the usual ones. Loaded only once a game on the cable is
# chosen: a device playing alone carries none of it.
from drivers.buttons import B
from link.duel import Duel
from link.jack import other_name, who
from link.pack import Pack
from rules import forget
from rules.cribbage import Cribbage
from ui import gfx
from ui.cribbage.cable import LinkedCrib, link_for, random_bytes


class CribLink:
    """The cable opened, the other device heard, the pack agreed; then the game."""

    def __init__(self, app, name):
        self.app = app
        self.name = name
        self.link = link_for(app, name)
        self.problem = None if self.link is not None else "This device has no link jack (hardware/BUILD.md)."
        if self.link is not None:
            self.link.fresh = True  # the other device reset: the exchange starts again (tick)
            self.resets = 0
        self.pack = Pack(random_bytes(app, 4))
        self.promised = False
        self.shown = None  # the other's resets when this device showed its half: the deal fixed

    def tick(self, now):
        link = self.link
        if link is None:
            return
        was = (link.linked, link.problem, self.pack.problem)
        link.poll(now)
        self.walked()  # begun again once the deal was fixed: kept as left, and on as below
        if link.resets != self.resets and self.pack.problem is None:
            # The other device was reset while the pack was agreed, and its player chose the
            # game again: the exchange starts again, with a half it has never seen. (A cheat
            # refused stays refused.)
            self.resets = link.resets
            self.pack = Pack(random_bytes(self.app, 4))
            self.promised = False
        pack = self.pack
        if link.linked and not self.promised:
            link.send(pack.promise())
            self.promised = True
        while link.linked and pack.seed is None and pack.problem is None:
            m = link.recv()
            if m is None:
                break
            reply = pack.take(m)
            if reply is not None:
                link.send(reply)
                self.shown = link.resets
        seed = pack.seed
        if seed is not None and link.peer is not None and pack.seat is not None:
            self.begin(link, seed, pack.seat)
        elif was != (link.linked, link.problem, pack.problem):
            self.app.redraw()

    def begin(self, link, seed, seat):
        app = self.app
        link.fresh = False  # in the game, a reset sends the moves again (link.duel)
        other = other_name(link, self.name)
        people = [other, other]
        people[seat] = self.name
        g = Cribbage(seed, 2, 121)
        crib = LinkedCrib(app, g, seat, people, Duel(link, g, seat, other), who(link)[1])
        app.play = crib
        forget("link.left")
        app.net = crib.heard
        crib.save()
        crib.show()

    def walked(self, gave_up=False):
        from link.left import walked_off  # (let go with the linking: the table does without it)

        return walked_off(self, gave_up, "cribbage")

    def key(self, k):
        if k == B and not self.walked(True):
            self.app.home()

    def draw(self, fb):
        gfx.bar(fb, "Cribbage on the cable")
        link = self.link
        why = self.problem or self.pack.problem or link and link.problem
        if why or link is None:
            lines = gfx.wrap(why or "", 126)
        elif not link.linked or link.peer is None:
            lines = ["Looking for the other", "device on the cable..."]
        else:
            lines = ["Linked with " + who(link)[0], "shuffling together..."]
        for i in range(min(4, len(lines))):
            gfx.text(fb, lines[i], 1, 12 + 9 * i)
        gfx.right(fb, "B: back", 127, 56)
