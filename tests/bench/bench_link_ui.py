"""Cribbage on the cable (issue 28) through the UI on the board twin: the heap in use at
the table during the play on one device, and the bytes each side sent over the game.

The other device is played without a UI: its own link, pack and game (firmware/link/),
laying its two lowest cards and its first playable card. Its objects are on the same heap,
so the figure is the device's plus the other's game and link (a few KB): an upper bound.
Heap figures need MicroPython (gc.mem_alloc); see bench_crib_ui.py for why main() is a
generator (benchutil.run_steps)."""
import gc
import sys

from benchutil import run_steps

ON_MP = sys.implementation.name == "micropython"
CRIB_ROW = 9  # the menu row of "Cribbage vs computer"


def heap():
    gc.collect()
    yield
    return gc.mem_alloc() if ON_MP else None


def kb(n):
    return "n/a (CPython)" if n is None else "%d bytes (%.1f KB)" % (n, n / 1024)


class End:
    """One end of a cable in memory: write(buf), readinto(buf)."""

    def __init__(self):
        self.inbox = bytearray()
        self.other = None
        self.sent = 0

    def write(self, buf):
        self.sent += len(buf)
        self.other.inbox.extend(buf)
        return len(buf)

    def readinto(self, buf):
        n = min(len(buf), len(self.inbox))
        if not n:
            return None
        buf[:n] = self.inbox[:n]
        self.inbox = self.inbox[n:]
        return n


class Peer:
    """The other device, without screens."""

    def __init__(self, port):
        from link.frame import Link
        from link.pack import Pack
        from ui.cribbage.cable import VERSION

        self.link = Link(port, b"\x07\x07\x07\x07", VERSION, b"BOBpeer0001")
        self.pack = Pack(bytes(range(16)))
        self.duel = None
        self.promised = False

    def step(self, t):
        link = self.link
        if self.duel is None:
            link.poll(t)
            if link.linked and not self.promised:
                link.send(self.pack.promise())
                self.promised = True
            m = link.recv()
            while m is not None and self.pack.seed is None:
                r = self.pack.take(m)
                if r:
                    link.send(r)
                m = link.recv() if self.pack.seed is None else None
            if self.pack.seed is not None:
                from link.duel import Duel
                from rules.cribbage import Cribbage

                self.duel = Duel(link, Cribbage(self.pack.seed), self.pack.seat, "ANN")
            return
        d = self.duel
        g = d.g
        if not g.over:
            if g.phase == "discard" and g.turn == d.seat:
                h = sorted(g.hands[d.seat])
                g.discard(d.seat, h[0], h[1])
            elif g.phase == "play" and g.turn == d.seat:
                ok = g.playable()
                if ok:
                    g.play(ok[0])
                else:
                    g.go()
            elif g.phase == "show":
                g.count_hand()
        d.poll(t)


def main():
    base = yield from heap()
    print("heap in use before the firmware: %s" % kb(base))
    import uiboard
    from storage.saves import Saves
    from ui.app import App

    a = End()
    b = End()
    a.other = b
    b.other = a

    class Board(uiboard.Board):
        def open_link(self):
            return a

    data = "/tmp/pclink" if ON_MP else _tmpdir()
    board = Board()
    saves = Saves(data, device_id="c0b1")
    app = App(board, saves, seed=70)
    app.step()
    for k in ["A"] + ["DOWN"] * CRIB_ROW + ["A", "UP", "RIGHT", "RIGHT", "DOWN", "A"]:
        uiboard.press(app, k)
    peer = Peer(b)
    peak = 0
    steps = 0
    while type(app.screen).__name__ != "CribOver" and steps < 20000:
        steps += 1
        s = app.screen
        name = type(s).__name__
        if name in ("CribLink", "CribWait") or name == "CribPlay" and s.waiting():
            board.t += 20
            app.step()
            uiboard.settle(app)
        elif name == "CribLay" and s.cur in s.marks and len(s.marks) < s.need:
            uiboard.press(app, "RIGHT")
        else:
            uiboard.press(app, "A")
        peer.step(board.t)
        g = app.play.g if app.play is not None else None
        if g is not None and type(app.screen).__name__ == "CribPlay" and g.phase == "play" and len(g.seq) == 3:
            h = yield from heap()
            if h is not None and h > peak:
                peak = h
    g = app.play.g
    print("a game on the cable: %d steps, scores %s, the same on both: %s" % (
        steps, g.scores, bytes(g.moves) == bytes(peer.duel.g.moves)))
    print("heap at the table in the play (this device and the other's game): %s" % kb(peak or None))
    print("bytes sent over the game: this device %d, the other %d" % (a.sent, b.sent))
    # The other device's share, let go at the end of the game: its game, pack and link.
    with_peer = yield from heap()
    peer = None
    b.inbox = bytearray()
    without = yield from heap()
    if with_peer is not None and without is not None:
        print("  of which the other device's objects, at the game's end: %s" % kb(with_peer - without))
    yield


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pclink-")


run_steps(main())
