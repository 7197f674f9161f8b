"""The end of a game on the link cable (issue 37), on two simulators: a game of cribbage on
the cable or a race brought near its end, both devices switched off and on again at any
moment, the cable pulled and put back, and power cuts counted on one device's writes only.

    pair = Pair(tmp_path, start)      # two devices on a cable, their /data as start (folders' files)
    pair.run(until)                   # each device's player does what a player does, in turn
    pair.off(i); pair.on(i)           # a device switched off (what its UART held lost) and on again
    pair.cable(False)                 # the cable pulled (True: put back)

A player at the title resumes the saved game, at a game's end goes on (records it), and
otherwise plays the move the keys of helpers.drive play (cribbage) or tests/sim/test_race.py's
(a race); a device with nothing for its player to do lets time pass (the cable served)."""

import os

from binascii import hexlify

from helpers.drive import crib_key, linked_sims, race_keys
from helpers.powercut import Os, Power, PowerCut

from players import cpu
from pocketcrib.twins.linkport import cable
from rules.cribbage import Cribbage, load
from pocketcrib.twins.sim import Sim
from storage import records
from storage.saves import Saves

IDS = ("d0000000", "d0000001")
NAMES = ("ANN", "BOB")
IDLE = ("CribStats", "Scores", "Menu", "CribLink", "CribWait", "Title", "Initials", "Race", "CribOver")


def screen(sim):
    return type(sim.app.screen).__name__


def files(root):
    return {name: open(os.path.join(root, name), "rb").read() for name in sorted(os.listdir(root))
            if os.path.isfile(os.path.join(root, name))}


def lay(root, found):
    """The folder back as `found` has it."""
    os.makedirs(root, exist_ok=True)
    for name in os.listdir(root):
        if name not in found:
            os.remove(os.path.join(root, name))
    for name, data in found.items():
        with open(os.path.join(root, name), "wb") as f:
            f.write(data)


class DevicePower(Power):
    """Power cuts on one device's writes only (both simulators share storage.records): `device`
    is the one whose ticks count, `current` the one acting now; `starts` the tick at which
    each file write, rename or remove of that device began: the cut points. (A cut inside a
    file's bytes leaves a torn or whole <file>.new beside <file>, which the next boot removes:
    as a cut before its first byte.)"""

    def __init__(self, device):
        Power.__init__(self)
        self.device = device
        self.current = None
        self.starts = []

    def counted(self):
        if self.current == self.device:
            self.starts.append(self.ticks)
            return True
        return False

    def spend(self, n):
        return Power.spend(self, n) if self.current == self.device else n

    def open(self, path, mode="r", *args):
        if "w" in mode:
            self.counted()
        return Power.open(self, path, mode, *args)


class DeviceOs(Os):
    def rename(self, a, b):
        self.power.counted()
        Os.rename(self, a, b)

    def remove(self, path):
        self.power.counted()
        Os.remove(self, path)


def install(monkeypatch, device):
    p = DevicePower(device)
    monkeypatch.setattr(records, "open", p.open, raising=False)
    monkeypatch.setattr(records, "os", DeviceOs(p))
    return p


class Pair:
    def __init__(self, tmp_path, start, power=None):
        """start: per device its folder's files (files()); power: a DevicePower, or None."""
        self.roots = [str(tmp_path / ("dev%d" % i)) for i in (0, 1)]
        for i in (0, 1):
            lay(self.roots[i], start[i])
        self.ports = list(cable())
        self.power = power
        self.sims = [None, None]
        self.dead = [False, False]  # switched off by a power cut
        self.boots = 0
        self.acts = 0  # the players' turns so far (the moment of a cut, with the device's flash)
        for i in (0, 1):
            self.on(i)

    def on(self, i):
        """Device i switched on: a new simulator on its flash and its end of the cable."""
        port = self.ports[i]
        if not port.gone:
            while port.readinto(bytearray(256)):
                pass  # what its UART held is lost
        self.boots += 1
        self.sims[i] = self._as(i, lambda: Sim(self.roots[i], seed=100 + self.boots, link=port, device_id=IDS[i]))
        self.dead[i] = self.sims[i] is None

    def off(self, i):
        self.sims[i] = None

    def cable(self, plugged):
        for p in self.ports:
            p.gone = not plugged

    def _as(self, i, act):
        """act() as device i: a power cut on its writes switches it off (None)."""
        if self.power is not None:
            self.power.current = i
        try:
            return act()
        except PowerCut:
            self.sims[i] = None
            self.dead[i] = True
            return None
        finally:
            if self.power is not None:
                self.power.current = None

    def act(self, i):
        """Device i's player does the next thing, or time passes."""
        sim = self.sims[i]
        if sim is None:
            return
        self.acts += 1
        self._as(i, lambda: self._act(sim))

    def _act(self, sim):
        name = screen(sim)
        app = sim.app
        if name == "Title" and app.screen.saved or name == "Confirm":
            sim.press("A")  # the saved game offered, and resumed
            return
        if name == "CribOver" or name == "Race" and app.screen.end and app.screen.ready():
            sim.wait(1.2)
            sim.press("A")  # the end: recorded
            return
        if name == "Initials":
            sim.wait(1.2)
            sim.press("A")
            return
        if name == "Notice":
            raise AssertionError("a notice: %s" % app.screen.lines)
        if name not in IDLE and not (name == "CribPlay" and app.screen.waiting()):
            if not race_keys(sim):
                sim.press(crib_key(app.screen))
            return
        self._idle(sim)

    def idle(self, i):
        """Time passes on device i (the cable served), its player doing nothing."""
        sim = self.sims[i]
        if sim is not None:
            self._as(i, lambda: self._idle(sim))

    def _idle(self, sim):
        sim.board.clock.advance(20)
        sim.app.step()
        sim.settle()

    def run(self, until, limit=3000):
        for _ in range(limit):
            if until(self):
                return True
            for i in (0, 1):
                self.act(i)
        return False

    def quiet(self):
        """Both devices on, done: no game saved nor in play, nothing served on the cable."""
        return all(s is not None and s.app.play is None and s.app.net is None and screen(s) in IDLE
                   and not s.saves.has_current() for s in self.sims)

    def settled(self):
        """Both devices on, no game in play, and no game saved, but for the one end two devices
        cannot always settle (link.md, The end): a device cut off between hearing the other's
        word and keeping it, the other gone with its game recorded, keeps its own recorded game
        saved (done 1) for a new game to replace. (A device whose game is gone may still serve
        the cable for the other's last word, napping as any game on the cable does.)"""
        for i in (0, 1):
            s = self.sims[i]
            if s is None or s.app.play is not None or screen(s) not in IDLE:
                return False
            kept = s.saves.load_current()
            other = self.sims[1 - i]
            if kept is not None and (kept.get("done") != 1 or screen(s) == "Title" or other is None or other.saves.has_current()
                                     or other.app.net is not None):
                return False
        return True


# Games near their end, both devices' /data as files() of their folders.

def crib_near_end(seed, before):
    """A game of two hands the computer played, `before` of its moves short of the end."""
    g = Cribbage(seed, 2, 121)
    saves = []
    while not g.over:
        saves.append(g.save())
        cpu.move(g, "easy")
    saves.append(g.save())
    return load(saves[-1 - before])


def crib_start(tmp_path, g):
    """Both devices' /data holding game g on the cable, ANN at seat 1 (engine seat 0), as
    LinkedCrib.state() saves it: per device its files."""
    out = []
    for i in (0, 1):
        root = tmp_path / ("start%d" % i)
        saves = Saves(str(root), device_id=IDS[i])
        saves.set("hints", False)
        saves.set("names", NAMES[i] + "P2 P3 P4 ")
        saves.save_current({"v": 1, "game": "cribbage", "save": hexlify(g.save()).decode(), "level": 1,
                            "seen": len(g.records), "started": True, "done": 0, "recorded": None,
                            "review": None, "people": list(NAMES), "link": [i, IDS[1 - i]]})
        out.append(files(str(root)))
    return out




def race_start(tmp_path, keys, short):
    """Both devices' /data in a race of one deal played by keys (tests/sim/test_race.py's),
    each `short` moves short of its own game's end and holding the other's moves."""
    sims = linked_sims(tmp_path / "race")
    for sim in sims:
        sim.run_script(keys)

    def near(sims):
        x, y = (s.app.play for s in sims)
        if x is None or y is None:
            return False
        left = x.mine.moves, y.mine.moves
        return all(len(m) >= total(p) - short for m, p in zip(left, (x, y))) \
            and x.theirs.moves == y.mine.moves and y.theirs.moves == x.mine.moves

    for _ in range(3000):
        if near(sims):
            return [files(str(tmp_path / "race" / ("dev%d" % i))) for i in (0, 1)]
        for i, sim in enumerate(sims):
            p = sim.app.play
            if p is not None and len(p.mine.moves) >= total(p) - short or not race_keys(sim):
                sim.board.clock.advance(20)
                sim.app.step()
                sim.settle()
    raise AssertionError("not near the end")


def total(play):
    """The moves of a raced game whole: a solitaire's discards, a grid's squares."""
    g = play.mine
    return g.cards if hasattr(g, "cards") else g.deals


