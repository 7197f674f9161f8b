# The link jack (issue 28): the link over it, or over nothing on a device without one.
# Shared by the games on the cable: cribbage head to head (ui.cribbage.cable) and the
# same deal raced (ui.race). The app is only asked for its board, saves and seeds.
from micropython import const

from link.frame import Link, text

_ID = const(32)  # a device id's characters at most (what a record keeps: storage.fields)
_seen = [None, ("", "")]  # the last hello's bytes read and what they said


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
    me = (name + "   ")[:3] + app.saves.device["id"]
    return Link(port, app.new_seed().to_bytes(4, "big"), version, me.encode())


def who(link):
    """The other device's name (its 3 bytes stripped: "" if none) and id, read from its
    hello as text this device can show and keep ("", "" before one)."""
    peer = link.peer
    if peer != _seen[0]:  # (read once: the screens ask at every step)
        p = peer or b""
        _seen[0] = peer
        _seen[1] = (text(p[:3], 3).strip(), text(p[3:], _ID))
    return _seen[1]


def other_name(link, mine):
    """The other player's name in a game with this device's player `mine`: the other
    device's own, "P2" if it has none, and never the same as mine."""
    name = who(link)[0] or "P2"
    if name == mine:
        name = name[:2] + "2"  # two devices with the same name: told apart on the glass
        if name == mine:
            name = name[:2] + "3"
    return name


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
