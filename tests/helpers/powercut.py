"""Power cuts for tests of the saves: a cut injected where records.py touches the
filesystem, its `open` (a write stops after the allowed number of bytes, leaving
exactly those on disk) and its `os.rename`/`os.remove`.

    power = install(monkeypatch)     # records.py's open and os, counted
    power.ticks = 0; power.limit = 500
    ... code that saves ...          # raises PowerCut at tick 500
    power.limit = None               # the power is back: nothing is cut
"""

import os

from storage import records


class PowerCut(Exception):
    pass


class Power:
    """Counts file-mutating ticks (one per byte written, one per rename/remove)
    and cuts the power when `limit` is reached; limit None never cuts."""

    def __init__(self, limit=None):
        self.limit = limit
        self.ticks = 0
        self.real_open = open

    def spend(self, n):
        """How many of n ticks may happen before the cut (raises after spending them)."""
        if self.limit is None:
            self.ticks += n
            return n
        left = self.limit - self.ticks
        if left >= n:
            self.ticks += n
            return n
        self.ticks = self.limit
        return max(left, 0)

    def open(self, path, mode="r", *args):
        f = self.real_open(path, mode, *args)
        return _Torn(f, self) if "w" in mode else f


class _Torn:
    def __init__(self, f, power):
        self.f = f
        self.power = power

    def write(self, data):
        ok = self.power.spend(len(data))
        self.f.write(data[:ok])
        if ok < len(data):
            self.f.close()  # what reached the flash stays there
            raise PowerCut()

    def close(self):
        self.f.close()


class Os:
    """records.py's `os`: rename and remove each spend a tick."""

    def __init__(self, power):
        self.power = power

    def rename(self, a, b):
        if self.power.spend(1) < 1:
            raise PowerCut()
        os.rename(a, b)

    def remove(self, path):
        if self.power.spend(1) < 1:
            raise PowerCut()
        os.remove(path)

    def __getattr__(self, name):
        return getattr(os, name)


def install(monkeypatch):
    """A Power that counts (and may cut) every write records.py makes."""
    p = Power()
    monkeypatch.setattr(records, "open", p.open, raising=False)
    monkeypatch.setattr(records, "os", Os(p))
    return p
