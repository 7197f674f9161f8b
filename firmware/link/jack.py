# The link jack (issue 28): the link over it, or over nothing on a device without one.
# Shared by the games on the cable: cribbage head to head (ui.cribbage.cable) and the
# same deal raced (ui.race). The app is only asked for its board, saves and seeds.
from micropython import const

from link.frame import Link, text

_ID = const(32)  # a device id's characters at most (what a record keeps: storage.fields)
_seen = [None, ("", "")]  # the last hello's bytes read and what they said

_ANEW = b"CRG"  # a promise, a half, a game chosen: the other device begins a new game
_QUIET = const(2000)  # ms without a word from the other device: the cable is said to be quiet
END = const(0x45)  # "E" n (2 bytes) sure: this device holds the other's finished game, n moves, saved;
# sure 1: it also knows for good (saved, or its game let go) that the other holds this one's


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


def quiet(link, now):
    """True once the other device has not been heard for a while (_QUIET)."""
    return (link.quiet(now) or 0) > _QUIET


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
    not yet taken in. A message that begins a new game (a promise, a half, a race chosen)
    says the other device has left this one: side.left."""
    link = side.link
    link.poll(now)
    if link.resets != side.resets:
        # The other device started again: what it held of ours may be lost with it.
        side.resets = link.resets
        side.sent = 0
        side.said = 0
    side.send()
    out = []
    m = link.recv()
    while m is not None:
        if len(m) == 4 and m[0] == END:
            side.ended = (m[1] << 8) | m[2]
            side.sure = side.sure or m[3] == 1
        elif m and m[0] in _ANEW:
            side.left = True
        elif m:
            out.append(m)
        m = link.recv()
    return out


def after(app, side, play, now):
    """The cable served for a game no longer in play here (app.net): over and recorded, or left
    for the menu. The last moves still go out (all again if the other device was reset), nothing
    is taken in. A recorded game (play.done) stays saved until the other says it holds it all
    (play.held()), then goes; the cable is served on until the other knows that too (it may lose
    our word yet to a power cut), and has heard ours or gone quiet (it had, before a power cut
    here). A game left goes once its moves are out, or another game takes its place. True while
    served; else app.net is let go."""
    served(side, now)
    link = side.link
    if app.play is None and play.done and side.problem is None:
        if not play.held():
            return True
        if app.saves.has_current():
            app.saves.clear_current()
        side.end(True)
        if not side.sure or link.pending() and not quiet(link, now):
            return True
    elif link.pending() and app.play is None:
        return True
    app.net = None
    return False


def said_end(side, n, sure):
    """The finished game saved here: "E", its n moves and sure (this device knows for good that
    the other holds its game) to the other device; once a session each, unsure then sure."""
    if side.said <= sure:
        side.link.send(bytes((END, n >> 8, n & 255, 1 if sure else 0)))
        side.said = 2 if sure else 1
