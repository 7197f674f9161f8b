# Cribbage with another device over the link cable (issue 28): linking and agreeing on
# the pack (CribLink), the game with one seat on each device (LinkedCrib), and the
# screen that waits for the other device (CribWait). Loaded only once a game on the
# cable is chosen: a device playing alone carries none of it.
#
# Each device shows the game from its own seat and only its own hand; the other's
# moves come over the cable (link.duel) and are checked by the same engine. The other
# screens of the table (lay-away, play, show, deal, end) are the usual ones.
from micropython import const

from drivers.buttons import B
from link.duel import Duel
from link.frame import Link
from link.pack import Pack
from rules.cribbage import DISCARD, Cribbage
from ui import gfx
from ui.cribbage.game import Crib

VERSION = b"crib3.2.1"  # the rules' save version, the deal generator's, the duel's: both must agree
_TABLE = ("CribWait", "CribPlay", "CribLay")  # the screens a move of the other's may change
_QUIET = const(2000)  # ms without a word from the other device: the cable is said to be quiet


def _random(app, words):
    """4 * words random bytes (the board's random source, as for a new game's seed)."""
    out = b""
    for _ in range(words):
        out += app.new_seed().to_bytes(4, "big")
    return out


class _NoJack:
    """The port of a device without a link jack: nothing in, nothing out."""

    def write(self, buf):
        return len(buf)

    def readinto(self, buf):
        return None


def _link(app, name):
    """The link over the jack (None without one), this device's name and id its hello."""
    opener = getattr(app.board, "open_link", None)
    port = opener() if opener is not None else None
    if port is None:
        return None
    me = (name + "   ")[:3] + app.saves.device["id"]
    return Link(port, _random(app, 1), VERSION, me.encode())


def relinked(app, g, seat, people, peer):
    """A game on the cable read back after a reset: linked again, every move sent again
    (the other device compares what it holds and takes in what it lacks)."""
    link = _link(app, people[seat]) or Link(_NoJack(), b"\0\0\0\0", VERSION)
    crib = LinkedCrib(app, g, seat, people, Duel(link, g, seat, people[1 - seat], 0), peer)
    if isinstance(link.port, _NoJack):
        crib.duel.problem = "This device has no link jack (hardware/BUILD.md)."
    app.net = crib.heard
    return crib


class CribLink:
    """The cable opened, the other device heard, the pack agreed; then the game."""

    def __init__(self, app, name):
        self.app = app
        self.name = name
        self.link = _link(app, name)
        self.problem = None if self.link is not None else "This device has no link jack (hardware/BUILD.md)."
        self.pack = Pack(_random(app, 4))
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


class LinkedCrib(Crib):
    """The game in progress, this device's seat of two; the other seat is played on the
    other device and its moves come over the cable."""

    linked = True

    def __init__(self, app, g, seat, people, duel, peer):
        Crib.__init__(self, app, g, 1, people)
        self.seat = seat
        self.duel = duel
        self.peer = peer  # the other device's id
        self.lost = False  # the other device not heard for a while: waited for in words
        duel.mover = self.move

    def computer(self, seat):
        return False

    def computers_discard(self):
        pass

    def where(self):
        if self.started and self.duel.problem:
            return "CribWait"
        w = Crib.where(self)
        if w == "CribPass":  # the other seat's turn, played on the other device
            return "CribWait" if self.g.phase == DISCARD or self.lost else "CribPlay"
        return w

    def heard(self, now):
        """Every step of the app: the cable served, the other's moves taken in."""
        app = self.app
        duel = self.duel
        if app.play is not self:
            # The game is over here (or left): the last moves still go out.
            duel.link.poll(now)
            if not duel.link.pending():
                app.net = None
            return
        link = duel.link
        was = (duel.problem, self.lost)
        phase = self.g.phase
        peer = link.peer
        if peer is not None and peer[3:].decode() != self.peer and duel.problem is None:
            # A resumed game and another device on the cable: nothing goes either way.
            duel.problem = "The cable leads to %s's device: this game is with %s." % (
                peer[:3].decode().strip(), self.name(1 - self.seat))
        moved = False
        if duel.problem is None:
            moved = duel.poll(now)
        else:
            link.poll(now)  # (our refusal still goes out)
        if moved:
            if phase == DISCARD:
                self.note = self.name(1 - self.seat) + " laid away"
            self.save()
        self.lost = not link.linked or (link.quiet(now) or 0) > _QUIET
        if not moved and was == (duel.problem, self.lost):
            return
        name = type(app.screen).__name__
        if name in _TABLE:
            if self.where() != name:
                self.show()
                return
            settle = getattr(app.screen, "settle", None)
            if settle is not None:
                settle()
            app.last = now  # a move came: the screen stays awake
            app.redraw()

    def save(self):
        d = self.state()
        d["people"] = self.people
        d["link"] = [self.seat, self.peer]
        self.app.saves.save_current(d)


class CribWait:
    """Waiting for the other device: the scores, the last move, your own cards; a move
    refused (here or there) or a cable that says another firmware, in words."""

    def __init__(self, app):
        self.app = app
        self.crib = app.play

    def key(self, k):
        self.crib.table_key(k)

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
            lines = gfx.wrap(crib.note, 126)[:1] + ["waiting for " + crib.name(1 - crib.seat)]
            if crib.lost:
                lines.append("(no answer on the cable)")
        for i in range(len(lines)):
            gfx.text(fb, lines[i], 1, 11 + 9 * i)
        hand = sorted(g.hands[crib.seat])
        for i in range(len(hand)):
            gfx.card(fb, hand[i], 1 + 21 * i, 38)
