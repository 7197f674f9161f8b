# Cribbage with another device over the link cable: linking and agreeing on
# the pack (CribLink). The game itself is ui.cribbage.cable's LinkedCrib, the screen
# that waits for the other device ui.cribbage.people's CribWait; the other screens of the table (lay-away,
# play, show, deal, end) are the usual ones. Loaded only once a game on the cable is
# chosen: a device playing alone carries none of it.
from drivers.buttons import B
from link.duel import Duel
from link.pack import Pack
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
        self.pack = Pack(random_bytes(app, 4))
        self.promised = False

    def tick(self, now):
        link = self.link
        if link is None:
            return
        was = (link.linked, link.problem, self.pack.problem)
        link.poll(now)
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
        seed = pack.seed
        if seed is not None and link.peer is not None and pack.seat is not None:
            self.begin(link, link.peer, seed, pack.seat)
        elif was != (link.linked, link.problem, pack.problem):
            self.app.redraw()

    def begin(self, link, peer, seed, seat):
        app = self.app
        other = peer[:3].decode().strip() or "P2"
        if other == self.name:
            other = other[:2] + "2"  # two devices with the same name: told apart on the glass
        people = [other, other]
        people[seat] = self.name
        g = Cribbage(seed, 2, 121)
        crib = LinkedCrib(app, g, seat, people, Duel(link, g, seat, other), peer[3:].decode())
        app.play = crib
        app.net = crib.heard
        crib.save()
        crib.show()

    def key(self, k):
        if k == B:
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
            lines = ["Linked with " + link.peer[:3].decode().strip(), "shuffling together..."]
        for i in range(min(4, len(lines))):
            gfx.text(fb, lines[i], 1, 12 + 9 * i)
        gfx.right(fb, "B: back", 127, 56)
