"""Issue 25, the host: games played with a real deck on the board, pulled, shown and exported; a record
that does not hold together is kept whole and said so, one the board's rules refuse is not saved.

Records are the firmware's own (rules.board games recorded by ui.board.game.record, see boardgames.py);
the checks read the packed deals straight from the hex, not through pocketcrib.scores.boardrec."""

import csv
import io
import json

import pytest

from helpers import boardgames
from pocketcrib.board import device
from pocketcrib.scores import boardrec, store
from storage import fields

BOARD = "e6614c311b7e5c2f"


def unpacked(rec):
    """[(dealer, crib, heels, [(pegged, hand, muggins) a side])] from the record's hex."""
    raw = bytes.fromhex(rec["deals"])
    sides = 2 if rec["players"] == 4 else rec["players"]
    width = 3 + 3 * sides
    return [(raw[i], raw[i + 1], raw[i + 2], [tuple(raw[i + 3 + 3 * s:i + 6 + 3 * s]) for s in range(sides)])
            for i in range(0, len(raw), width)]


def pull(db, history):
    return db.add_pull(device.Pulled(BOARD, [], list(history), []))


@pytest.fixture(scope="module")
def games():
    kinds = [(1, 2, 121), (2, 2, 61), (3, 3, 121), (4, 4, 121), (5, 4, 121), (6, 2, 121)]
    return [boardgames.record(seed, n, players=p, target=t) for n, (seed, p, t) in enumerate(kinds, start=1)]


def test_the_board_takes_its_own_records(games):
    for rec in games:
        assert fields.game_record(rec) is None, rec


def test_every_game_is_stored_and_read_back(tmp_path, games):
    db = store.Store(tmp_path / "s.sqlite3")
    report = pull(db, games)
    assert (report.games_added, report.problems) == (len(games), [])
    assert pull(db, games).games_added == 0  # pulled again: nothing new
    got = db.games(variant="board")
    assert len(got) == len(games)
    for rec, g in zip(games, got, strict=True):
        b = g["board"]
        assert (b.players, b.target, b.names, b.scores, b.skunk) == (
            rec["players"], rec["target"], rec["names"], rec["scores"], rec["skunk"])
        assert [(d.dealer, d.crib, d.heels, list(d.sides)) for d in b.deals] == unpacked(rec)
        assert b.scores[b.winner] >= rec["target"] and g["score"] == b.scores[b.winner]


def test_show_and_export_through_the_cli(cli, tmp_path, games):
    path = tmp_path / "s.sqlite3"
    pull(store.Store(path), games)
    shown = cli("scores", "show", "--db", path)
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert "The board (real cards)" in out
    # The two partnership games are one match: its match points are the games' worth, added here.
    four = [r for r in games if r["players"] == 4]
    points = [0, 0]
    for r in four:
        points[max(range(2), key=lambda s: r["scores"][s])] += 1 + r["skunk"]
    assert (f"  partners to 121: 2 games; ANN+CY {sum(r['scores'][0] >= 121 for r in four)} won, {points[0]} points, "
            f"BOB+DI {sum(r['scores'][1] >= 121 for r in four)} won, {points[1]} points") in out
    for rec in games:
        line = next(ln for ln in out.splitlines() if ln.startswith(f"  {BOARD} {rec['n']:>3}  board"))
        assert "-".join(map(str, rec["scores"])) in line and " won" in line

    as_json = json.loads(cli("scores", "export", "-f", "json", "--db", path).stdout)
    for rec, g in zip(games, as_json, strict=True):
        b = g["board"]
        assert (b["names"], b["scores"], b["skunk"], b["match_points"]) == (
            rec["names"], rec["scores"], rec["skunk"], 1 + rec["skunk"])
        assert [(d["dealer"], d["crib"], d["heels"], list(zip(d["pegged"], d["hand"], d["muggins"], strict=True)))
                for d in b["deals"]] == unpacked(rec)

    rows = list(csv.DictReader(io.StringIO(cli("scores", "export", "--db", path).stdout)))
    assert [(r["n"], r["names"], r["scores"], r["deals"], r["level"]) for r in rows] == [
        (str(r["n"]), " ".join(r["names"]), " ".join(map(str, r["scores"])), str(len(unpacked(r))), "")
        for r in games]

    deals = list(csv.DictReader(io.StringIO(cli("scores", "export", "--deals", "--variant", "board",
                                                "--db", path).stdout)))
    for rec in games:
        mine = [r for r in deals if r["n"] == str(rec["n"])]
        sides = len(rec["scores"])
        want = []
        for i, (dealer, crib, heels, per) in enumerate(unpacked(rec), start=1):
            for side in range(sides):
                ours = side == (dealer % 2 if rec["players"] == 4 else dealer)
                pegged, hand, muggins = per[side]
                want.append((str(i), str(side), str(dealer), str(hand), str(pegged), str(crib if ours else 0),
                             str(heels if ours else 0), str(muggins)))
        assert [(r["deal"], r["side"], r["dealer"], r["hand"], r["play"], r["crib"], r["heels"], r["muggins"])
                for r in mine] == want


def test_a_record_that_does_not_hold_together_is_kept_whole(tmp_path, games):
    db = store.Store(tmp_path / "s.sqlite3")
    bad = dict(games[0], scores=[games[0]["scores"][0], games[0]["scores"][1] + 1])
    bad["score"] = max(bad["scores"])
    assert fields.game_record(bad) is None  # the board's rules take it: its shape is right
    report = pull(db, [bad])
    assert report.games_added == 1
    assert report.problems == ["board game 1 was kept whole only, not taken apart: the deals do not add up to the "
                               "scores"]
    (g,) = db.games()
    assert "board" not in g and g["variant"] == "board"


@pytest.mark.parametrize(("change", "field"), [({"names": ["ANN"]}, "names"), ({"players": 5}, "players"),
                                               ({"deals": "zz"}, "deals"), ({"extra": 1}, "extra")])
def test_a_record_the_board_refuses_is_not_saved(tmp_path, games, change, field):
    db = store.Store(tmp_path / "s.sqlite3")
    report = pull(db, [dict(games[1], **change), games[2]])
    assert report.games_added == 1
    assert len(report.problems) == 1 and report.problems[0].startswith(
        f"board game 2 was not saved: the board's rules refuse its {field!r}")


def test_the_skunk_must_be_the_scores(games):
    rec = games[0]
    with pytest.raises(boardrec.BadRecord, match="skunk"):
        boardrec.game(dict(rec, skunk=(rec["skunk"] + 1) % 3))
