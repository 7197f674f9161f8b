"""Two boards on the link cable without hardware (issue 28): virtual boards or emulated Picos
started with the same `--link SOCKET`, played by their buttons and watched on their displays
(helpers.watch.Glass), as `pocketcrib vboard --link` lets anyone try it.

What each board should show is drawn by the simulator from the board's own save: the game
resumed from a copy of its data on a cable whose other end answers as the other device
(`Answering`), so the frame is the one a linked device draws, and the cards it drew are
recorded (helpers.drive.record_cards) to check that none is the other player's."""

import json
import shutil
import time

from helpers.drive import MENU_ROW, record_cards, to_menu_row
from helpers.watch import until

from pocketcrib.twins.linkport import cable
from pocketcrib.twins.sim import Sim
from pocketcrib.twins.vboard import view

# From the title: the cribbage setup, seat 2 round to the cable (Normal, Expert, cable), Start.
LINK_KEYS = to_menu_row(MENU_ROW["cribbage"]) + ["UP", "RIGHT", "RIGHT", "DOWN", "A"]
NAMES = ("ANN", "BOB")


def seed_data(data, uid, name):
    """A board's /data before its first boot: its player's name, hints off (as on the cable)."""
    from storage.saves import Saves

    saves = Saves(str(data), device_id=uid)
    saves.set("hints", False)
    saves.set("names", (name + "   ")[:3] + "P2 P3 P4 ")


def title_frame(tmp_path):
    return Sim(tmp_path / "title").frame()


def press_all(boards, keys, pressers=None):
    """Every key on every board, as a player looks before the next key: each key once every
    board's glass has changed after the last (every key of LINK_KEYS and the cut's A changes
    it). A key pressed while the firmware is busy (loading a screen's module) and held into its
    next sample would repeat. boards: (board, frame) pairs, frame() reading the display's
    transfers and returning the frame shown; pressers: view.Presser a board, if kept."""
    pressers = pressers or [view.presser_for(b) for b, _ in boards]
    for k in keys:
        before = [frame() for _, frame in boards]
        for p in pressers:
            p.add(k)

        def answered(before=before):
            changed = True
            for (_, frame), p, was in zip(boards, pressers, before, strict=True):
                p.step(time.monotonic())
                changed = frame() != was and changed
            return changed and all(p.idle() for p in pressers)

        until(answered, "the boards to answer %s" % k)
    return pressers


def glass_frame(glass):
    """A frame() for press_all: a virtual board's Glass (helpers.watch)."""

    def frame():
        glass.screen.read()
        return glass.frame()

    return frame


def game_record(text):
    """The game in progress from a game.pcr's text (its first record), or None."""
    for line in text.splitlines()[1:]:
        if line.startswith("END"):
            break
        try:
            return json.loads(line.split(" ", 1)[1])
        except (ValueError, IndexError):
            return None
    return None


class Answering:
    """The other device's end of the cable as far as a resumed game needs it: the link's hello
    answered (its name and id), every frame acked, nothing played."""

    def __init__(self, port, me):
        from link.frame import Link
        from ui.cribbage.cable import VERSION

        self.link = Link(port, b"\x01\x02\x03\x04", VERSION, me.encode())

    def step(self, now):
        self.link.poll(now)
        while self.link.recv() is not None:
            pass


def drawn_by_the_sim(tmp_path, name, data, uid, record, monkeypatch):
    """(frame, cards drawn, screen name) of the simulator resuming the game saved in `data` (a
    copy is used) on a device with id uid, the other device answering on the cable."""
    from ui.cribbage import cable as cable_module

    copy = tmp_path / name
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(data, copy)
    mine, theirs = cable()
    seat, peer = record["link"]
    other = Answering(theirs, record["people"][1 - seat] + peer)
    sim = Sim(copy, seed=1, link=mine, device_id=uid)
    sim.run_script(["A", "A"])  # the title's saved game: resumed
    crib = sim.app.play
    assert crib is not None and crib.linked
    for _ in range(200):  # linked again, the other device heard
        sim.board.clock.advance(20)
        other.step(sim.board.clock.t)
        sim.app.step()
        if crib.duel.link.linked and not crib.lost:
            break
    assert not crib.lost and cable_module is not None
    drawn = []
    with monkeypatch.context() as m:
        record_cards(m, drawn)
        sim.app.redraw()
        sim.app.draw()
    return sim.frame(), drawn, type(sim.app.screen).__name__, crib.g
