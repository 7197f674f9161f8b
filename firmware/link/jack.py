# The link jack (issue 28): the link over it, or over nothing on a device without one.
# Shared by the games on the cable: cribbage head to head (ui.cribbage.cable) and the
# same deal raced (ui.race). The app is only asked for its board, saves and seeds.
from link.frame import Link


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
