"""`pocketcrib scores pull` of the games on the link cable (issue 37): a game of cribbage on the
cable as each of the two devices records it (from its own seat)."""
from types import SimpleNamespace

from helpers.cableends import IDS, NAMES, crib_near_end

from pocketcrib.board import device
from pocketcrib.scores import store
from storage import fields
from ui.cribbage.history import record


def pull(path, history):
    return store.Store(path).add_pull(device.Pulled(IDS[0], [], list(history), []))


def cable_record(g, seat, n):
    """The history record the device at `seat` writes of the finished game g (ui.cribbage.history)."""
    crib = SimpleNamespace(g=g, seat=seat, peer=IDS[1 - seat], level=1, people=list(NAMES), levels=None)
    return dict(record(crib, "2026-12-03"), n=n, gen=2)


def test_a_game_on_the_cable_from_either_seat_is_taken_apart(tmp_path):
    """BOB's device (seat 1) won 121 to 106: its record says won, from its seat. Before, the
    host read "won" as seat 0's and kept the game whole with a problem line."""
    g = crib_near_end(7, 0)
    for seat in (0, 1):
        rec = cable_record(g, seat, 1)
        assert fields.game_record(rec) is None
        assert (rec["won"], rec["score"]) == (seat == 1, g.scores[seat])
        report = pull(tmp_path / ("s%d.sqlite3" % seat), [rec])
        assert (report.games_added, report.problems) == (1, [])
        (got,) = store.Store(tmp_path / ("s%d.sqlite3" % seat)).games()
        assert got["cribbage"].winner == 1 and got["cribbage"].people == tuple(NAMES)
