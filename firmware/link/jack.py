# The link jack (issue 28): the link over it, or over nothing on a device without one.
# Shared by the games on the cable: cribbage head to head (ui.cribbage.cable) and the
# same deal raced (ui.race). The app is only asked for its board, saves and seeds.
from micropython import const

from link.frame import Link

END = const(0x45)  # "E", n (2 bytes): this device holds the other's finished game, n moves, saved


class NoJack:
    """The port of a device without a link jack: nothing in, nothing out."""

    def write(self, buf):
        return len(buf)

    def readinto(self, buf):
        return None


def opened(app, name, version):
    """The link over the jack (None without one), this device's name and id its hello."""
    opener = getattr(app.board, "open_link", None)
    port = opener() if opener is not None else None
    if port is None:
        return None
    app.net = None  # a game left or recorded before, still served: one link on the jack at a time
    me = (name + "   ")[:3] + app.saves.device["id"]
    return Link(port, app.new_seed().to_bytes(4, "big"), version, me.encode())


def nap(app, link, now):
    """A device whose partner has gone (the cable pulled, the other device off) must not
    drain its battery serving the cable: once the other has not been heard for the idle
    time before sleep, and the display is off, it sleeps until a key as it would without a
    cable; after the key the link goes on (the frames repeat what was lost meanwhile)."""
    if link.heard is None:
        link.heard = now  # never heard: quiet from the first step on
    if app.asleep and link.quiet(now) >= app.saves.get("sleep") * 1000:
        sleeper = getattr(app.board, "sleep_until_key", None)
        if sleeper is not None:
            sleeper()
            app.wake()


def served(side, now):
    """The cable served for a game's side of it (link.duel's Duel, link.race's Race): its
    moves sent (all again once the other device was reset), the other's "E" noted (issue
    37: it holds this device's finished game, so many moves); the other messages returned,
    not yet taken in."""
    link = side.link
    link.poll(now)
    if link.resets != side.resets:
        # The other device started again: what it held of ours may be lost with it.
        side.resets = link.resets
        side.sent = 0
        side.said = False
    side.send()
    out = []
    m = link.recv()
    while m is not None:
        if len(m) == 3 and m[0] == END:
            side.ended = (m[1] << 8) | m[2]
        elif m:
            out.append(m)
        m = link.recv()
    return out


def said_end(side, n):
    """The finished game saved here: "E" and its n moves to the other device, once a session."""
    if not side.said:
        side.link.send(bytes((END, n >> 8, n & 255)))
        side.said = True
