"""Issue 28 without hardware: two virtual boards (`pocketcrib vboard --link SOCKET`), each running
this checkout's firmware in the MicroPython VM, their link jacks (machine.UART(0) on GP0/GP1)
cabled through a Unix socket by their launchers (twins.linkport.Jack). Played by their buttons,
they link, shuffle together and deal: the cut is the same on both glasses, and at the first deal
each glass shows its own hand and never the other's (the simulator draws each board's save from
its seat, the cards it draws recorded). Nothing sleeps: each step waits for what the boards
show (helpers.watch), a deadline only as a last resort."""

import pytest
from helpers.linkboards import (LINK_KEYS, NAMES, drawn_by_the_sim, game_record, glass_frame, press_all, seed_data,
                                title_frame)
from helpers.watch import Glass, until

from pocketcrib import places
from pocketcrib.board import flash
from pocketcrib.twins.vboard import VirtualBoard

UIDS = ("e6614c311b7e0a01", "e6614c311b7e0b02")

pytestmark = pytest.mark.slow


def board_flash(tmp_path, i):
    """This checkout's firmware on a board's flash (a folder) as `pocketcrib flash` puts it there
    (compiled), its player named."""
    folder = tmp_path / ("board%d" % i) / "flash"
    for path, data in flash.build(places.firmware_dir(), 774).items():  # as for MicroPython 1.27
        (folder / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        (folder / path.lstrip("/")).write_bytes(data)
    seed_data(folder / "data", UIDS[i], NAMES[i])
    return folder


def saved(flash, started=None):
    """The board's game in progress on its flash, once it is a game on the cable (and started
    says so, if given); else None."""
    try:
        rec = game_record((flash / "data" / "game.pcr").read_text())
    except OSError:
        return None
    if rec is None or "link" not in rec or started is not None and rec.get("started") is not started:
        return None
    return rec


def test_two_virtual_boards_on_a_socket_cable_link_and_deal_each_its_own_hand(home, tmp_path, monkeypatch):
    title = title_frame(tmp_path)
    sock = tmp_path / "cable.sock"
    boards = []
    try:
        for i in (0, 1):
            flash = board_flash(tmp_path, i)
            glass = Glass(tmp_path / ("screen%d" % i))
            vb = VirtualBoard(flash, uid=UIDS[i], log=tmp_path / ("board%d.log" % i), pins=tmp_path / ("pins%d" % i),
                              screen=glass.path, link=sock)
            boards.append((vb.start(), glass))
        for _, glass in boards:
            glass.wait_for(title, "the title")  # a key held before the game looks is no press
        keyed = [(vb, glass_frame(glass)) for vb, glass in boards]
        press_all(keyed, LINK_KEYS)
        flashes = [vb.flash for vb, _ in boards]
        # Linked, the pack agreed: each has saved the game, from its own seat, the same deal.
        recs = until(lambda: all(saved(f) for f in flashes) and [saved(f) for f in flashes], "the game on both")
        assert recs[0]["save"] == recs[1]["save"]
        assert {recs[0]["link"][0], recs[1]["link"][0]} == {0, 1}
        assert [r["link"][1] for r in recs] == [UIDS[1], UIDS[0]]
        assert recs[0]["people"] == recs[1]["people"] and sorted(recs[0]["people"]) == list(NAMES)
        # The cut, the same on both glasses, as the simulator draws it.
        cuts = []
        for i, (vb, glass) in enumerate(boards):
            frame, _, name, _ = drawn_by_the_sim(tmp_path, "cut%d" % i, vb.flash / "data", UIDS[i], recs[i],
                                                 monkeypatch)
            assert name == "CribCut"
            glass.wait_for(frame, "the cut on board %d" % i)
            cuts.append(frame)
        assert cuts[0] == cuts[1]
        # A on both: the first deal.
        press_all(keyed, ["A"])
        recs = until(lambda: all(saved(f, True) for f in flashes) and [saved(f, True) for f in flashes],
                     "the deal on both")
        deals = []
        for i, (vb, glass) in enumerate(boards):
            frame, cards, name, g = drawn_by_the_sim(tmp_path, "deal%d" % i, vb.flash / "data", UIDS[i], recs[i],
                                                     monkeypatch)
            seat = recs[i]["link"][0]
            assert name in ("CribLay", "CribWait")
            glass.wait_for(frame, "board %d's first deal (%s)" % (i, name))
            assert set(g.hands[seat]) <= set(cards)  # its own six cards...
            assert not set(g.hands[1 - seat]) & set(cards)  # ... and none of the other's
            deals.append((frame, name))
        assert deals[0][0] != deals[1][0]
        assert sorted(name for _, name in deals) == ["CribLay", "CribWait"]  # one lays away, one waits
    finally:
        for vb, glass in boards:
            vb.stop()
            glass.close()
    for i in (0, 1):
        log = (tmp_path / ("board%d.log" % i)).read_text(errors="replace")
        assert "Traceback" not in log, log[-2000:]
