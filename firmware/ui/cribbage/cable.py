# Cribbage with another device over the link cable: the game in progress,
# this device's seat of two (LinkedCrib), and the link it plays over, new (link_for) or
# again after a reset (relinked). Not a screen module: the game outlives its screens
# (ui.cribbage.linked: linking, waiting), as ui.cribbage.game does the table's.
#
# Each device shows the game from its own seat and only its own hand; the other's
# moves come over the cable (link.duel) and are checked by the same engine.
from link.duel import Duel
from link.frame import Link
from link.jack import NoJack, after, nap, opened, quiet, who
from rules.cribbage import DISCARD
from ui.cribbage.game import Crib

VERSION = b"crib3.2.2"  # the rules' save version, the deal generator's, the duel's (.2: "E"): both must agree
_TABLE = ("CribWait", "CribPlay", "CribLay")  # the screens a move of the other's may change


def random_bytes(app, words):
    """4 * words random bytes (the board's random source, as for a new game's seed)."""
    out = b""
    for _ in range(words):
        out += app.new_seed().to_bytes(4, "big")
    return out


def link_for(app, name):
    """The link over the jack (None without one), this device's name and id its hello."""
    return opened(app, name, VERSION)


def relinked(app, g, seat, people, peer):
    """A game on the cable read back after a reset: linked again, every move sent again
    (the other device compares what it holds and takes in what it lacks)."""
    link = link_for(app, people[seat]) or Link(NoJack(), b"\0\0\0\0", VERSION)
    crib = LinkedCrib(app, g, seat, people, Duel(link, g, seat, people[1 - seat], 0), peer)
    if isinstance(link.port, NoJack):
        crib.duel.problem = "This device has no link jack (hardware/BUILD.md)."
    app.net = crib.heard
    return crib


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
        """Every step of the app (app.net): the cable served, even with the display off,
        and a nap once the other device has gone quiet (link.jack.nap)."""
        self.serve(now)
        nap(self.app, self.duel.link, now)

    def serve(self, now):
        """The cable served, the other's moves taken in."""
        app = self.app
        duel = self.duel
        if app.play is not self:
            after(app, duel, self, now)
            return
        link = duel.link
        was = (duel.problem, self.lost)
        held = duel.held()
        phase = self.g.phase
        if link.peer is not None and who(link)[1] != self.peer and duel.problem is None:
            # A resumed game and another device on the cable: nothing goes either way.
            duel.problem = "The cable leads to %s's device: this game is with %s." % (
                who(link)[0], self.name(1 - self.seat))
        moved = False
        if duel.problem is None:
            moved = duel.poll(now)
        else:
            link.poll(now)  # (our refusal still goes out)
        if duel.left and not self.g.over and duel.problem is None:
            self.abandon()  # the other device began a new game: this one is left
            return
        if moved:
            if phase == DISCARD:
                self.note = self.name(1 - self.seat) + " laid away"
        if moved or duel.held() and not held:
            self.save()  # (the other's word kept too: the end need not wait for it again)
        if duel.problem is None:
            duel.end(duel.held())  # the game over and saved here, the other's word too: said
        self.lost = not link.linked or quiet(link, now)
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

    def state(self):
        # The seat and the other's id in every save, the end's too (Saves.record_end saves
        # state()): a game resumed after a power cut on the way is still this one (issue 37).
        d = Crib.state(self)
        d["link"] = [self.seat, self.peer]
        if self.duel.held():
            d["held"] = True  # the other device has said it holds the finished game
        return d

    def abandon(self):
        """The other device has left the game, or its player gave up waiting for it: kept in
        the history as left unfinished by the other (link.left)."""
        from link.left import left

        g = self.g
        me = self.seat
        left(self.app, "cribbage", [self.name(me), self.name(1 - me)], self.peer, g.seed,
             (g.scores[me], g.scores[1 - me]), self.state())

    def held(self):
        return self.duel.held()

    def finish(self):
        """Recorded; the save kept until the other device holds the whole game (a last move
        it lacks is sent again, after a power cycle too)."""
        Crib.finish(self, self.duel.problem is None and not self.duel.held())


