"""A raw REPL on a virtual board, opened as mpremote opens one (tests of the board's serial side)."""

from mpremote.transport_serial import SerialTransport

from helpers.watch import WAIT


def connect(vb, soft_reset=True):
    t = SerialTransport(vb.port, baudrate=115200)
    t.enter_raw_repl(soft_reset=soft_reset, timeout_overall=WAIT)
    return t


def read_until(t, ending):
    """What the board sends up to `ending`, however long it takes (WAIT at most)."""
    out = t.read_until(1, ending, timeout=None, timeout_overall=WAIT)
    assert out.endswith(ending), out
    return out


def close(t):
    t.exit_raw_repl()
    t.close()
