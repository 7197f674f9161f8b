"""The end of a game on the link cable (issue 37): recorded once on each device, from its own
side and with the other device's id, whatever the power and the cable do; a last move the
other device never got is sent again, after a power cycle too.

Two simulators on a socket pair (tests/helpers/cableends.py), their games started near the end:
a game of cribbage on the cable read back from saves made on the rules core (the computer's
moves), a race from a game played by keys on both devices."""
from binascii import hexlify

import pytest
from helpers.cableends import IDS, NAMES, Pair, files, install, screen

from players import cpu
from rules.cribbage import Cribbage, load
from storage.saves import Saves


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


def history(root):
    return list(Saves(root, device_id="x").history())


def crib_recorded_once(pair, i, g):
    """Device i holds the game g once, from its own seat i, with the other device's id."""
    got = [r for r in history(pair.roots[i]) if r.get("seed") == g.seed]
    assert len(got) == 1, got
    r = got[0]
    assert (r["variant"], r.get("link"), r.get("people")) == ("cribbage", IDS[1 - i], list(NAMES)), r
    assert (r["score"], r["won"], r["scores"]) == (g.scores[i], g.winner == i, g.scores), r


def test_a_cut_at_every_write_of_the_end_on_the_seat_2_device_records_its_side(tmp_path, monkeypatch):
    """The device at the engine's seat 1 (BOB's, the winner's: 121 to 106) records the end, the
    power cut at every write of it; switched on again and resumed, it records the game once, as
    won, with ANN's device's id: before the fix a cut between the end's first save and the
    history lost the link, and the game was recorded as seat 0's (lost, no id)."""
    g = crib_near_end(7, 0)
    assert g.over and g.winner == 1 and g.scores == [106, 121]
    start = crib_start(tmp_path, g)
    power = install(monkeypatch, 1)
    Pair(tmp_path / "uncut", start, power).run(lambda p: screen(p.sims[1]) == "CribStats")
    cuts = sorted(set(power.starts))
    assert len(cuts) > 10
    seen = set()
    for k in cuts:
        power.ticks = 0
        power.limit = k
        pair = Pair(tmp_path / "cut", start, power)
        pair.run(lambda p: p.dead[1] or screen(p.sims[1]) == "CribStats", limit=200)
        power.limit = None
        assert pair.dead[1], k
        pair.on(1)
        left = tuple(sorted(files(pair.roots[1]).items()))
        if left in seen:
            continue
        seen.add(left)
        assert pair.run(lambda p: screen(p.sims[1]) == "CribStats", limit=200), screen(pair.sims[1])
        crib_recorded_once(pair, 1, g)
    assert len(seen) >= 4
