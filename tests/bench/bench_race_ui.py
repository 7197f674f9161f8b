"""The same deal raced on the cable (issue 28) through the UI on the board twin: a whole
American Poker Patience with Foster's rule, the heap in use at the grid table half-way, and
the bytes each side sent.

The other device is played without a UI: its own link, pack and grid (firmware/link/),
placing each card on its first legal square. Its objects are on the same heap, so the
figure is the device's plus the other's race (an upper bound). See bench_link_ui.py."""
import gc
import sys

from benchutil import run_steps

ON_MP = sys.implementation.name == "micropython"


def heap():
    gc.collect()
    yield
    return gc.mem_alloc() if ON_MP else None


def kb(n):
    return "n/a (CPython)" if n is None else "%d bytes (%.1f KB)" % (n, n / 1024)


class End:
    """One end of a cable in memory (bench_link_ui's, which runs when imported)."""

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
GRID_ROW = 7  # the menu row of "Grid solitaires"
KIND = 2  # rules.grid_games.GAMES: Poker, American, Foster's rule


class Peer:
    """The other device, without screens."""

    def __init__(self, port):
        from link.frame import Link
        from link.pack import Pack
        from ui.race import VERSION

        self.link = Link(port, b"\x07\x07\x07\x07", VERSION, b"BOBpeer0001")
        self.pack = Pack(bytes(range(16)))
        self.race = None
        self.promised = False

    def step(self, t):
        link = self.link
        if self.race is None:
            link.poll(t)
            if link.linked and not self.promised:
                link.send(bytes((0x47, 1, KIND)))
                link.send(self.pack.promise())
                self.promised = True
            m = link.recv()
            while m is not None and self.pack.seed is None:
                if m[0] != 0x47:
                    r = self.pack.take(m)
                    if r:
                        link.send(r)
                m = link.recv() if self.pack.seed is None else None
            if self.pack.seed is not None:
                from link.race import Race
                from rules import grids

                self.mine = grids.new("poker", self.pack.seed, "american", True)
                self.theirs = grids.new("poker", self.pack.seed, "american", True)
                self.race = Race(link, self.mine.moves, self.theirs.moves, self.theirs.place, "ANN")
            return
        if not self.mine.over and t % 200 == 0:
            self.mine.place(self.mine.squares()[0])
        self.race.poll(t)


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

    data = "/tmp/pcrace" if ON_MP else _tmpdir()
    board = Board()
    saves = Saves(data, device_id="c0b1")
    app = App(board, saves, seed=70)
    app.step()
    for k in ["A"] + ["DOWN"] * GRID_ROW + ["A", "UP"] + ["RIGHT"] * 4 + ["DOWN"] * (1 + KIND) + ["A"]:
        uiboard.press(app, k)
    peer = Peer(b)
    peak = 0
    steps = 0
    while steps < 20000:
        steps += 1
        s = app.screen
        name = type(s).__name__
        if name == "Race" and s.end and s.ready():
            break
        if name == "GridTable":
            uiboard.press(app, "A")
            play = app.play
            if play is not None and len(play.mine.moves) == 12 and not peak:
                h = yield from heap()
                peak = h or 0
        else:
            board.t += 20
            app.step()
            uiboard.settle(app)
        peer.step(board.t - board.t % 20)
    play = app.play
    print("a raced Poker Patience: %d steps, scores %d and %d, each other's replayed the same: %s" % (
        steps, play.mine.score, play.theirs.score,
        play.theirs.save() == peer.mine.save() and peer.theirs.save() == play.mine.save()))
    print("heap at the grid table half-way (this device and the other's race): %s" % kb(peak or None))
    print("bytes sent over the game: this device %d, the other %d" % (a.sent, b.sent))
    yield


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pcrace-")


run_steps(main())
