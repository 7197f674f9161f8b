"""A game on the link cable the other device leaves once its deal is fixed (issue 37): the
device that shows its half of the pack second knows the whole deal first and can walk away
(no exchange of two can stop that), so the honest device keeps the game in its history as
left unfinished by the other (variant "abandoned": its name and id), shows it in the cribbage
statistics, and the host pulls it.

Abandoned, on the device: the other device begins a new game while this one, its deal fixed,
is in progress (its promise or its choice of a race comes where its moves should), or begins
again while the pack is being agreed after this device has shown its half; or this device's
player gives up waiting for the other (the cribbage's waiting screen, the race's end, and
leaving the linking screen once this device's half is shown)."""
import pytest
from helpers.cableends import (IDS, NAMES, Pair, crib_near_end, crib_start, files, install,
                               race_start, screen)
from helpers.drive import LINK_KEYS, MENU_ROW, SOLO_KEYS, to_menu_row

from link.frame import Link
from link.pack import Pack
from pocketcrib.twins.linkport import cable
from pocketcrib.twins.sim import Sim
from storage.saves import Saves
from ui.cribbage.cable import VERSION


def history(root):
    return list(Saves(str(root), device_id="x").history())


def left_records(root):
    return [r for r in history(root) if r.get("variant") == "abandoned"]


def the_other_starts_a_new_cable_game(pair, i):
    """Device i switched off and on, and from the title's menu a new game on the cable (the
    saved one given up when asked)."""
    pair.off(i)
    pair.on(i)
    sim = pair.sims[i]
    sim.press("B")  # the title: to the menu, the saved game not resumed
    sim.run_script(to_menu_row(MENU_ROW["cribbage"], resume=True)[1:] + LINK_KEYS[-5:])
    assert screen(sim) == "Confirm"  # "Start a new game? Your cribbage game will be lost."
    sim.press("A")
    assert screen(sim) == "CribLink"


def test_the_other_device_begins_a_new_game_mid_game_kept_as_left_by_it(tmp_path):
    g = crib_near_end(7, 40)
    pair = Pair(tmp_path, crib_start(tmp_path, g))
    assert pair.run(lambda p: all(s.app.play is not None and s.app.play.duel.link.linked for s in p.sims), limit=50)
    ann = pair.sims[0]
    scores = list(ann.app.play.g.scores)
    the_other_starts_a_new_cable_game(pair, 1)
    for _ in range(200):
        if screen(ann) == "Notice":
            break
        pair.idle(0)
        pair.idle(1)
    assert screen(ann) == "Notice" and "BOB left the game" in " ".join(ann.app.screen.lines)
    assert ann.app.play is None and ann.app.net is None and not ann.saves.has_current()
    (r,) = left_records(pair.roots[0])
    assert (r["game"], r["people"], r["link"], r["seed"], r["scores"], r["score"]) == (
        "cribbage", list(NAMES), IDS[1], g.seed, scores, scores[0])
    assert Saves(pair.roots[0], device_id="x").problems == []  # the record passes the device's rules
    # In the cribbage statistics: a page of the games left unfinished, BOB's device once.
    from ui.cribbage.history import LEFT_PAGE, left_by, modes

    assert modes(ann.saves)[-1] == LEFT_PAGE and left_by(ann.saves) == [["BOB", IDS[1], 1]]
    ann.press("A")
    ann.app.go("CribStats", LEFT_PAGE)
    ann.app.draw()
    assert "BOB 1" in texts(ann)


def texts(sim):
    """The lines the screen draws (ui.gfx.text and right), by drawing it again."""
    from ui import gfx

    said = []
    text, right = gfx.text, gfx.right
    gfx.text = lambda fb, s, *a, **k: said.append(s) or text(fb, s, *a, **k)
    gfx.right = lambda fb, s, *a, **k: said.append(s) or right(fb, s, *a, **k)
    try:
        sim.app.redraw()
        sim.app.draw()
    finally:
        gfx.text, gfx.right = text, right
    return said


def to_the_wait_with_the_cable_out(pair):
    pair.cable(False)
    ann = pair.sims[0]
    for _ in range(300):
        if screen(ann) == "CribWait" and ann.app.play.lost:
            return ann
        pair.act(0)
    raise AssertionError(screen(ann))


def test_giving_up_waiting_for_the_other_keeps_the_game_as_left_by_it(tmp_path):
    g = crib_near_end(7, 40)
    pair = Pair(tmp_path, crib_start(tmp_path, g))
    assert pair.run(lambda p: all(s.app.play is not None for s in p.sims), limit=20)
    ann = to_the_wait_with_the_cable_out(pair)
    assert "B: give the game up" in texts(ann)
    ann.press("B")
    assert screen(ann) == "Confirm"
    ann.press("B")  # no: still waiting
    assert screen(ann) == "CribWait" and not left_records(pair.roots[0])
    ann.press("B", "A")  # yes
    assert screen(ann) == "Notice" and not ann.saves.has_current()
    (r,) = left_records(pair.roots[0])
    assert (r["people"], r["link"], r["seed"]) == (list(NAMES), IDS[1], g.seed)


def test_a_cut_at_every_write_of_giving_up_keeps_it_once(tmp_path, monkeypatch):
    """The record's number is stamped in the save first: switched on after a cut anywhere, the
    device records it (once) and says so, or goes on waiting with nothing recorded."""
    pair = Pair(tmp_path / "first", crib_start(tmp_path, crib_near_end(7, 40)))
    pair.run(lambda p: all(s.app.play is not None for s in p.sims), limit=20)
    to_the_wait_with_the_cable_out(pair)
    start = [files(pair.roots[0]), files(pair.roots[1])]
    power = install(monkeypatch, 0)

    def give_up(pair):
        pair.run(lambda p: screen(p.sims[0]) in ("Title", "CribWait") and p.sims[0].app.play is not None
                 or p.dead[0], limit=30)
        pair.cable(False)
        pair.run(lambda p: p.dead[0] or screen(p.sims[0]) == "CribWait" and p.sims[0].app.play.lost, limit=300)
        if not pair.dead[0]:
            pair.sims[0].press("B")
            pair._as(0, lambda: pair.sims[0].press("A"))

    give_up(Pair(tmp_path / "uncut", start, power))
    cuts = sorted(set(power.starts))
    seen = set()
    for k in cuts:
        power.ticks = 0
        power.limit = k
        pair = Pair(tmp_path / "cut", start, power)
        give_up(pair)
        power.limit = None
        if not pair.dead[0]:
            continue
        pair.on(0)
        key = tuple(sorted(files(pair.roots[0]).items()))
        if key in seen:
            continue
        seen.add(key)
        ann = pair.sims[0]
        if ann.saves.has_current():
            ann.press("A", "A")  # the title's saved game
        n = len(left_records(pair.roots[0]))
        if screen(ann) == "Notice":
            assert n == 1 and not ann.saves.has_current()
        else:
            assert n == 0 and ann.app.play is not None
    assert len(seen) >= 3


class Cheat:
    """The other end of the cable as a modified firmware could play it: it promises, takes
    the honest device's half and with it the whole deal, and never shows its own."""

    def __init__(self, port, nonce=b"\x09\x08\x07\x06"):
        self.link = Link(port, nonce, VERSION, ("BOB" + IDS[1]).encode())
        self.pack = Pack(bytes(16))
        self.promised = False
        self.knows = None

    def step(self, now):
        link = self.link
        link.poll(now)
        if link.linked and not self.promised:
            link.send(self.pack.promise())
            self.promised = True
        m = link.recv()
        while m is not None:
            self.pack.take(m)  # (the reply, its half, held back)
            m = link.recv()
        self.knows = self.pack.seed is not None


def linking_with_a_cheat(tmp_path):
    mine, theirs = cable()
    root = tmp_path / "ann"
    saves = Saves(str(root), device_id=IDS[0])
    saves.set("hints", False)
    saves.set("names", "ANNP2 P3 P4 ")
    ann = Sim(root, seed=5, link=mine, device_id=IDS[0])
    ann.run_script(LINK_KEYS)
    cheat = Cheat(theirs)
    for _ in range(100):
        ann.board.clock.advance(20)
        cheat.step(ann.board.clock.t)
        ann.app.step()
        if cheat.knows:
            break
    assert screen(ann) == "CribLink" and cheat.knows  # ANN showed her half: the deal is fixed
    return ann, theirs, root


def test_linking_this_device_shows_its_half_the_other_never_does_and_is_given_up_on(tmp_path):
    ann, _, root = linking_with_a_cheat(tmp_path)
    ann.press("B")  # no longer waiting for the cheat's half
    assert screen(ann) == "Notice"
    (r,) = left_records(root)
    assert (r["game"], r["people"], r["link"], r["seed"], r["scores"]) == ("cribbage", list(NAMES), IDS[1], None,
                                                                          [0, 0])


def test_linking_the_other_begins_again_after_this_device_showed_its_half(tmp_path):
    ann, port, root = linking_with_a_cheat(tmp_path)
    again = Cheat(port, b"\x01\x01\x01\x01")  # reset: a new session, a new promise
    for _ in range(100):
        ann.board.clock.advance(20)
        again.step(ann.board.clock.t)
        ann.app.step()
        if screen(ann) != "CribLink":
            break
    assert screen(ann) == "Notice"
    (r,) = left_records(root)
    assert (r["link"], r["seed"]) == (IDS[1], None)


def test_before_its_half_is_shown_leaving_the_linking_is_no_game_left(tmp_path):
    mine, _ = cable()
    ann = Sim(tmp_path / "ann", seed=5, link=mine, device_id=IDS[0])
    ann.run_script(LINK_KEYS)
    ann.press("B")
    assert screen(ann) == "Menu" and not left_records(tmp_path / "ann")


@pytest.mark.parametrize("how", ["new game", "given up"])
def test_a_race_left_by_the_other_is_kept_as_left_by_it(tmp_path, how):
    pair = Pair(tmp_path, race_start(tmp_path, SOLO_KEYS, 3))
    assert pair.run(lambda p: all(s.app.play is not None for s in p.sims), limit=20)
    ann = pair.sims[0]
    if how == "new game":
        scores = [ann.app.play.mine.score, ann.app.play.theirs.score]
        pair.off(1)
        pair.on(1)
        bob = pair.sims[1]
        bob.press("B")
        bob.run_script(to_menu_row(MENU_ROW["players"], resume=True)[1:] + ["RIGHT"] * 3 + ["DOWN", "DOWN", "A"])
        assert screen(bob) == "Race" and not bob.app.screen.end  # linking for a new race
        for _ in range(200):
            if screen(ann) == "Notice":
                break
            pair.idle(0)
            pair.idle(1)
    else:
        pair.cable(False)
        for _ in range(200):  # ANN plays her game to its end, then waits
            if screen(ann) == "Race" and ann.app.screen.end and ann.app.play.unheard:
                break
            pair.act(0)
        scores = [ann.app.play.mine.score, ann.app.play.theirs.score]
        assert "B: give the race up" in texts(ann)
        ann.press("B", "A")
    assert screen(ann) == "Notice" and not ann.saves.has_current()
    (r,) = left_records(pair.roots[0])
    assert (r["game"], r["people"], r["link"], r["scores"]) == ("solitaire", list(NAMES), IDS[1], scores)
