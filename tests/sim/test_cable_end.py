"""The end of a game on the link cable (issue 37): recorded once on each device, from its own
side and with the other device's id, whatever the power and the cable do; a last move the
other device never got is sent again, after a power cycle too.

Two simulators on a socket pair (tests/helpers/cableends.py), their games started near the end:
a game of cribbage on the cable read back from saves made on the rules core (the computer's
moves), a race from a game played by keys on both devices."""
import pytest
from helpers.drive import GRID_KEYS, SOLO_KEYS
from helpers.cableends import (IDS, NAMES, Pair, crib_near_end, crib_start, files, install,
                               race_start, screen)

from storage.saves import Saves


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
    assert len(cuts) >= 8
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


def mover_ends_with_the_cable_out(pair, over):
    """Both play on; each key of a device whose move it is is pressed with the cable out, put
    back unless that move ended its game (over(sim)): the device whose move ended it, or None
    (the game ended otherwise: in the show, each counts on his own)."""
    for _ in range(3000):
        for i in (0, 1):
            sim = pair.sims[i]
            name = screen(sim)
            if name in ("CribPlay", "CribLay", "CribShow", "CribDeal", "Table", "Count", "Summary", "GridTable") \
                    and not (name == "CribPlay" and sim.app.screen.waiting()):
                pair.cable(False)
                pair.act(i)
                if over(sim):
                    return i
                pair.cable(True)
            else:
                pair.act(i)
            if over(pair.sims[1 - i]):
                return None
    raise AssertionError("no end")


def crib_over(sim):
    return sim.app.play is not None and sim.app.play.g.over


def test_the_winning_move_made_with_the_cable_out_recorded_and_switched_off_reaches_the_other(tmp_path):
    """ANN lays the winning card with the cable out, records the game (A at game over) and
    switches off before the cable is back: switched on again, her device offers the game,
    sends the move again, and BOB's device, waiting for it, gets it and records the game.
    Before the fix recording cleared the save, nothing sent the move again, and BOB waited
    on "waiting for ANN (no answer on the cable)" for ever."""
    g = crib_near_end(7, 6)
    pair = Pair(tmp_path, crib_start(tmp_path, g))
    assert pair.run(lambda p: all(s.app.play is not None for s in p.sims), limit=20)
    a = mover_ends_with_the_cable_out(pair, crib_over)
    assert a is not None
    b = 1 - a
    assert not crib_over(pair.sims[b])  # the other never saw the last card
    final = pair.sims[a].app.play.g
    pair.act(a)  # A at game over: recorded
    assert screen(pair.sims[a]) == "CribStats"
    pair.off(a)
    pair.cable(True)
    pair.run(lambda p: False, limit=100)  # the other waits, the cable back, the device off
    assert screen(pair.sims[b]) == "CribWait" and pair.sims[b].app.play.lost
    pair.on(a)
    assert pair.run(lambda p: p.quiet(), limit=1000), (screen(pair.sims[0]), screen(pair.sims[1]))
    for i in (0, 1):
        crib_recorded_once(pair, i, final)
        assert not pair.sims[i].saves.has_current()  # each has the other's word: nothing kept


def race_over(sim):
    return sim.app.play is not None and sim.app.play.mine.over


@pytest.mark.parametrize("keys", [SOLO_KEYS, GRID_KEYS], ids=["solitaire", "grid"])
def test_a_race_ended_with_the_cable_out_recorded_and_switched_off_reaches_the_other(tmp_path, keys):
    """BOB's game is over and ANN has all of it; ANN makes her last move with the cable out,
    records the race and switches off: switched on again, her device offers the game, sends
    the move again, and BOB's, waiting for it, records the race. Before the fix BOB waited on
    "waiting for ANN (no answer on the cable)" for ever."""
    pair = Pair(tmp_path, race_start(tmp_path, keys, 1))
    assert pair.run(lambda p: all(s.app.play is not None for s in p.sims), limit=20)
    bob = pair.sims[1]
    # BOB ends his game first, the cable in: ANN's device holds it whole.
    for _ in range(200):
        if race_over(bob) and pair.sims[0].app.play.theirs.over:
            break
        pair.act(1)
        pair.idle(0)
    assert not race_over(pair.sims[0])
    pair.cable(False)
    ann = pair.sims[0]
    for _ in range(50):
        if screen(ann) == "Race" and ann.app.screen.end:
            break
        pair.act(0)
    mine, theirs = ann.app.play.mine.score, ann.app.play.theirs.score
    for _ in range(5):  # at the end: recorded (and the initials of a high score taken)
        pair.act(0)
    assert screen(ann) == "Scores" and ann.app.net is not None
    pair.off(0)
    pair.cable(True)
    pair.run(lambda p: False, limit=100)
    assert screen(bob) == "Race" and not bob.app.screen.ready()  # waiting for ANN
    pair.on(0)
    assert pair.run(lambda p: p.quiet(), limit=1000), (screen(pair.sims[0]), screen(pair.sims[1]))
    for i, scores in ((0, [mine, theirs]), (1, [theirs, mine])):
        got = [r for r in history(pair.roots[i]) if r.get("link")]
        assert len(got) == 1, got
        assert (got[0]["link"], got[0]["people"], got[0]["scores"]) == (IDS[1 - i], [NAMES[i], NAMES[1 - i]], scores)
        assert not pair.sims[i].saves.has_current()


# (b) A power cut at every write of the end of a cable game and of a race, on either device;
# then both devices on again with the cable in, or with it out for a while (each plays on,
# records what it can, and the device cut is switched on and resumed before the cable is
# back): each records the game once, from its own side, with the other's id, and both saves
# go once each has the other's word.

def crib_records(pair):
    """Each device's record of the game, checked against the other's."""
    recs = [[r for r in history(pair.roots[i]) if r.get("variant") == "cribbage"] for i in (0, 1)]
    assert [len(r) for r in recs] == [1, 1], recs
    a, b = recs[0][0], recs[1][0]
    assert a["seed"] == b["seed"] and a["scores"] == b["scores"] and a["deals"] == b["deals"]
    for i, r in enumerate((a, b)):
        assert (r["link"], r["people"], r["score"]) == (IDS[1 - i], list(NAMES), r["scores"][i]), r
        assert r["won"] == (r["scores"][i] >= 121)
    return a["scores"]


def race_records(pair):
    recs = [[r for r in history(pair.roots[i]) if r.get("link")] for i in (0, 1)]
    assert [len(r) for r in recs] == [1, 1], recs
    a, b = recs[0][0], recs[1][0]
    assert a["seed"] == b["seed"] and a["scores"] == b["scores"][::-1]
    for i, r in enumerate((a, b)):
        assert (r["link"], r["people"], r["score"]) == (IDS[1 - i], [NAMES[i], NAMES[1 - i]], r["scores"][0]), r
    return a["scores"]


KINDS = {"cribbage": (lambda tmp: crib_start(tmp, crib_near_end(7, 4)), crib_records),
         "solitaire": (lambda tmp: race_start(tmp, SOLO_KEYS, 1), race_records),
         "grid": (lambda tmp: race_start(tmp, GRID_KEYS, 1), race_records)}


STARTS = {}


@pytest.mark.parametrize("device", [0, 1])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_cut_at_every_write_of_the_end_on_either_device_records_the_game_once_on_both(
        tmp_path, monkeypatch, kind, device):
    make, records_of = KINDS[kind]
    if kind not in STARTS:
        STARTS[kind] = make(tmp_path)  # (the same for both devices' runs)
    start = STARTS[kind]
    power = install(monkeypatch, device)
    uncut = Pair(tmp_path / "uncut", start, power)
    assert uncut.run(lambda p: p.quiet())
    want = records_of(uncut)
    cuts = sorted(set(power.starts))
    seen = set()
    runs = kept = served = 0
    for k in cuts:
        for plugged in (True, False):
            power.ticks = 0
            power.limit = k
            pair = Pair(tmp_path / "cut", start, power)
            pair.run(lambda p: p.dead[device] or p.quiet())
            power.limit = None
            assert pair.dead[device], k
            key = (plugged, pair.acts, tuple(sorted(files(pair.roots[device]).items())))
            if key in seen:
                continue
            seen.add(key)
            runs += 1
            if not plugged:
                pair.cable(False)
                pair.run(lambda p: False, limit=100)  # the other device on its own
                pair.on(device)
                pair.run(lambda p: False, limit=100)  # both, the cable out
                pair.cable(True)
            else:
                pair.on(device)
            assert pair.run(lambda p: p.settled()), (k, plugged, screen(pair.sims[0]), screen(pair.sims[1]))
            assert records_of(pair) == want, (k, plugged)
            kept += any(sim.saves.has_current() for sim in pair.sims)
            # The last words said: a device that lost the other's "sure" to the cut serves
            # on (napping), the other having gone.
            served += not pair.run(lambda p: p.quiet(), limit=300)
    assert runs > 10 and kept == 0, (runs, kept)
    assert served < runs / 2, (runs, served)
