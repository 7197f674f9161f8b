"""`pocketcrib scores pull` of the games on the link cable (issue 37): a game of cribbage on the
cable as each of the two devices records it (from its own seat), and a game the other device
left once its deal was fixed (variant "abandoned": the game it was, both names, the other's id),
taken as the board's own rules take them; the reports over them run."""
from types import SimpleNamespace

from helpers.cableends import IDS, NAMES, crib_near_end

from pocketcrib.board import device
from pocketcrib.scores import export, store
from storage import fields
from ui.cribbage.history import record


def pull(path, history):
    return store.Store(path).add_pull(device.Pulled(IDS[0], [], list(history), []))


def cable_record(g, seat, n):
    """The history record the device at `seat` writes of the finished game g (ui.cribbage.history)."""
    crib = SimpleNamespace(g=g, seat=seat, peer=IDS[1 - seat], level=1, people=list(NAMES), levels=None)
    return dict(record(crib, "2026-12-03"), n=n, gen=2)


def left_record(n, seed=123, game="cribbage"):
    return {"n": n, "variant": "abandoned", "game": game, "people": ["ANN", "BOB"], "link": IDS[1],
            "seed": seed, "score": 40, "scores": [40, 52], "players": 2, "date": None, "code": None, "gen": 2}


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


def test_a_game_the_other_device_left_is_pulled_and_shown(tmp_path):
    recs = [left_record(1), left_record(2, seed=None, game="poker"), left_record(3, game="solitaire")]
    for r in recs:
        assert fields.game_record(r) is None
    report = pull(tmp_path / "s.sqlite3", recs)
    assert (report.games_added, report.problems) == (3, [])
    games = store.Store(tmp_path / "s.sqlite3").games()
    assert [(g["variant"], g["score"], g["seed"]) for g in games] == [
        ("abandoned", 40, 123), ("abandoned", 40, None), ("abandoned", 40, 123)]
    assert "abandoned" in export.table(games)
    assert export.to_csv(games).count("abandoned") == 3 and export.to_json(games).count('"abandoned"') == 3


def test_the_board_rules_refuse_a_left_game_that_is_not_one(tmp_path):
    bad = [dict(left_record(1), game="chess"), dict(left_record(2), people=["ANN"]),
           dict(left_record(3), scores=[41, 52]), dict(left_record(4), seed=-1), dict(left_record(5), extra=1)]
    report = pull(tmp_path / "s.sqlite3", bad)
    assert report.games_added == 0 and len(report.problems) == 5
    assert [p.split("refuse its ")[1].split("'")[1] for p in report.problems] == [
        "game", "people", "score", "seed", "extra"]
