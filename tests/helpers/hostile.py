"""The other end of a simulator's link cable played by a test (issue 37): a real link
(firmware/link/frame.py) whose hello says any name and id, which agrees on the pack as a
device would, and then sends whatever the test says: messages of any kind with any bytes,
frames of any kind with a good checksum, bytes that are no frame at all."""
from link.frame import Link, encode
from link.pack import Pack
from ui.cribbage.cable import VERSION as CRIB  # noqa: F401 (the tests peers speak it: this firmware's hello)
from ui.race import VERSION as RACE
HALF = bytes(range(16))  # the peer's half of the pack


class Peer:
    def __init__(self, port, version, me=b"BOBd0000001", nonce=b"\x07\x07\x07\x07", half=HALF):
        self.port = port
        self.link = Link(port, nonce, version, me)
        self.pack = Pack(half)
        self.race = version == RACE  # a race: the game chosen comes first, echoed back
        self.chosen = None
        self.promised = False
        self.got = []  # the messages the honest device sent, after the pack's
        self.hold = False  # True: the pack left to the test, the messages that come unread

    def poll(self, now):
        """The link served; the pack agreed as an honest device would."""
        link = self.link
        link.poll(now)
        if self.hold:
            return
        if link.linked and not self.promised and not self.race:
            self.promised = True
            link.send(self.pack.promise())
        m = link.recv()
        while m is not None:
            if self.race and self.chosen is None:
                self.chosen = m
                link.send(m)  # "the same game", then the promise
                link.send(self.pack.promise())
            elif self.pack.seed is None and self.pack.problem is None:
                reply = self.pack.take(m)
                if reply is not None:
                    link.send(reply)
            else:
                self.got.append(m)
            m = link.recv()

    def message(self, payload):
        """A message of the game (any bytes, at most a frame's): delivered once, in order."""
        self.link.send(bytes(payload[:60]))

    def frame(self, kind, seq, payload):
        """A frame of any kind with a good checksum."""
        out, n = encode(kind, seq, payload[:60])
        self.port.write(out[:n])

    def raw(self, data):
        self.port.write(data)


def alone(data, version, keys, me=b"BOBd0000001"):
    """A simulator (ANN, d0000000, hints off) whose cable leads to a Peer, after `keys`:
    (the simulator, the peer)."""
    from pocketcrib.twins.linkport import cable
    from pocketcrib.twins.sim import Sim

    a, b = cable()
    sim = Sim(data, seed=5, link=a, device_id="d0000000")
    sim.saves.set("hints", False)
    sim.saves.set("names", "ANNP2 P3 P4 ")
    sim.run_script(keys)
    return sim, Peer(b, version, me)


def unplugged(sim, peer):
    sim.board.link.close()
    peer.port.close()


def elsewhere(data, version, sim, peer):
    """The simulator switched off, on again and its game resumed, with the cable now to
    another device, C?L (its name and id are no text either): the simulator, served."""
    unplugged(sim, peer)
    again, other = alone(data, version, ["A", "A"], b"C\x80L" + b"\x80other")
    served(again, other, 20)
    return again


def served(sim, peer, steps, until=None):
    """Up to `steps` steps of both ends (until until() is true): whether it is."""
    for _ in range(steps):
        if until is not None and until():
            return True
        step(sim, peer)
    return until is not None and until()


def step(sim, peer, ms=20):
    """Time passes on the device (its cable served) and the peer answers."""
    sim.board.clock.advance(ms)
    sim.app.step()
    sim.settle()
    peer.poll(sim.board.clock.t)
