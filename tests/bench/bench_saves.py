"""Issue 8: what checking every record costs at boot. A full /data (500 games of
history, 30 high scores, settings, device, a game in progress) is opened by
Saves() as at power-up: once clean, again with the history unchanged (then not
read through: checked.pcr), once with a damaged line in the history (which makes
the boot rewrite it). Times as score() calls, which carry over from the VM to a
board; and the boot's rules alone (fields) on the 500 games.
"""
import os
import sys

from storage import records
from storage import fields
from benchutil import clock_ms, elapsed_ms, score_ms
from storage.saves import Saves

ON_MP = sys.implementation.name == "micropython"


def _folder():
    if ON_MP:
        path = "/tmp/pcsaves"
        try:
            os.mkdir(path)
        except OSError:
            pass
        return path
    import tempfile

    return tempfile.mkdtemp(prefix="pcsaves-")


def _fill(root):
    games = [{"n": n, "variant": "solitaire", "seed": n * 7919, "score": 40 + n % 60, "won": n % 3 == 0,
              "target": 91, "rounds": [10, 12, 8, 14, 9, 11], "date": "2026-12-01", "players": 1,
              "code": "KQJ2345AB"} for n in range(1, 501)]
    records.write(root + "/history.pcr", "history", games)
    table = []
    for v in fields.VARIANTS:
        for i in range(10):
            table.append({"variant": v, "initials": "ABC", "score": 120 - i, "seed": i, "date": None,
                          "code": None})
    records.write(root + "/scores.pcr", "scores", table)
    records.write(root + "/device.pcr", "device", [{"id": "be0c4", "n": 500}])
    records.write(root + "/settings.pcr", "settings", [{"contrast": 100, "hints": False}])
    return games


def main():
    unit = score_ms()
    root = _folder()
    games = _fill(root)
    t0 = clock_ms()
    s = Saves(root, device_id="be0c4")
    clean = elapsed_ms(t0)
    assert s.problems == [] and s.device["n"] == 500
    t0 = clock_ms()
    for _ in range(4):
        check = fields.history()
        for g in games:
            check(g)
    rules = elapsed_ms(t0) / 4
    t0 = clock_ms()
    s = Saves(root, device_id="be0c4")  # the history as the first boot checked it: not again
    again = elapsed_ms(t0)
    assert s.problems == [] and s.device["n"] == 500
    with open(root + "/history.pcr", "ab") as f:
        f.write(b"0badc0de {}\n")  # after END: a stray END and a damaged line
    t0 = clock_ms()
    s = Saves(root, device_id="be0c4")
    repair = elapsed_ms(t0)
    assert len(list(s.history())) == 500 and s.problems
    print("score() call: %.3f ms" % unit)
    print("boot, 500 games and 30 scores, clean: %d ms = %d score() calls" % (clean, clean / unit))
    print("  of which the rules on the 500 games: %d ms = %d score() calls" % (rules, rules / unit))
    print("boot again, the history unchanged (checked.pcr): %d ms = %d score() calls"
          % (again, again / unit))
    print("boot that repairs the history: %d ms = %d score() calls" % (repair, repair / unit))


main()
