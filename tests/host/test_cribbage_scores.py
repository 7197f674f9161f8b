"""Issue 9, the host: cribbage games pulled, taken apart deal by deal, shown, exported and plotted;
a database of the previous schema migrates in place without losing a row.

Records are the firmware's own (games played out by players.cpu and recorded by ui.cribbage.history, see
cribgames.py); the checks read the board's packed deals independently of pocketcrib.scores.cribrec.
"""

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from helpers import cribgames
from storage import fields
from pocketcrib import cli as cli_module
from pocketcrib.scores import cribrec, export, store
from pocketcrib.board import device

ROOT = Path(__file__).resolve().parents[2]
BOARD = "e6614c311b7e5c2f"


def unpacked(rec):
    """The record's deals read straight from its hex: [(dealer, crib, heels, [(hand, play, muggins)...])]."""
    raw, players = bytes.fromhex(rec["deals"]), rec["players"]
    width = 3 + 3 * players
    return [(raw[i], raw[i + 1], raw[i + 2], [tuple(raw[i + 3 + 3 * s:i + 6 + 3 * s]) for s in range(players)])
            for i in range(0, len(raw), width)]


def pull(db, history, board=BOARD):
    return db.add_pull(device.Pulled(board, [], list(history), []))


@pytest.fixture(scope="module")
def games():
    """Board records of every kind of table: two hands to 121 and 61, three hands, four, each level."""
    kinds = [(21, 2, 121, 0), (22, 2, 61, 1), (23, 3, 121, 0), (24, 4, 121, 1), (25, 2, 121, 2), (26, 3, 61, 0)]
    return [cribgames.record(seed, n, players=p, target=t, level=lv)
            for n, (seed, p, t, lv) in enumerate(kinds, start=1)]


def test_the_cli_and_export_know_the_same_variants():
    assert cli_module.VARIANTS == export.VARIANTS


def test_every_deal_of_every_game_is_stored_and_read_back(tmp_path, games):
    db = store.Store(tmp_path / "s.sqlite3")
    report = pull(db, games)
    assert (report.games_added, report.problems) == (len(games), [])
    got = db.games()
    for rec, g in zip(games, got, strict=True):
        c = g["cribbage"]
        assert (c.players, c.target, c.level, c.scores, c.skunk) == (
            rec["players"], rec["target"], rec["level"], rec["scores"], rec["skunk"])
        assert [(d.dealer, d.crib, d.heels, list(d.seats)) for d in c.deals] == unpacked(rec)
        assert (c.winner == 0) == rec["won"] and c.scores[c.winner] >= rec["target"]
    with sqlite3.connect(tmp_path / "s.sqlite3") as conn:
        # One row per deal and seat; each side's points over the rows are its score.
        for rec in games:
            sums = conn.execute("SELECT side, SUM(hand + play + crib + heels + muggins) FROM crib_deals "
                                "WHERE n = ? GROUP BY side ORDER BY side", (rec["n"],)).fetchall()
            assert [s for _, s in sums] == rec["scores"]
            (rows,) = conn.execute("SELECT COUNT(*) FROM crib_deals WHERE n = ?", (rec["n"],)).fetchone()
            assert rows == len(unpacked(rec)) * rec["players"]
    assert pull(db, games).games_added == 0
    with sqlite3.connect(tmp_path / "s.sqlite3") as conn:  # pulled again: no row twice
        assert conn.execute("SELECT COUNT(*) FROM crib_deals").fetchone()[0] == sum(
            len(unpacked(r)) * r["players"] for r in games)


@pytest.mark.slow
def test_show_export_and_plot_through_the_cli(cli, failure, tmp_path, games):
    path = tmp_path / "s.sqlite3"
    solo = {"n": 7, "variant": "solitaire", "seed": 5, "score": 80, "won": False, "target": 91, "rounds": [40, 40],
            "date": None, "players": 1, "code": None}
    pull(store.Store(path), [*games, solo])

    shown = cli("scores", "show", "--db", path)
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    for mode in ("Easy to 121", "Normal to 61", "3 hands, Easy to 121", "4 hands, Normal to 121", "Expert to 121"):
        assert f"  {mode} " in out
    # Per deal as dealer and as pone, for the player (seat 0), counted here from the raw deals.
    two = [r for r in games if r["players"] == 2 and r["target"] == 121 and r["level"] == 0]
    dealt = [(d[3][0][1], d[3][0][0], d[1] + d[2]) for r in two for d in unpacked(r) if d[0] == 0]
    poned = [(d[3][0][1], d[3][0][0]) for r in two for d in unpacked(r) if d[0] != 0]
    want = ("as dealer play {:.1f}, hand {:.1f}, crib {:.1f} ({})".format(
        *(sum(x[i] for x in dealt) / len(dealt) for i in range(3)), len(dealt))
        + "; as pone play {:.1f}, hand {:.1f} ({})".format(
        *(sum(x[i] for x in poned) / len(poned) for i in range(2)), len(poned)))
    block = out[out.index("  Easy to 121 "):]
    assert block.splitlines()[1] == "    a deal: " + want
    for rec in games:  # every game in the latest games, with its scores and who won
        line = next(ln for ln in out.splitlines() if ln.startswith(f"  {BOARD} {rec['n']:>3}  cribbage"))
        assert "-".join(map(str, rec["scores"])) in line and ("won" if rec["won"] else "lost") in line
        line_, _ = cribrec.SKUNK_LINES[rec["target"]]
        assert ("skunk" in line) == (rec["skunk"] > 0 if rec["won"] else rec["scores"][0] < line_)
    assert "solitaire" in out

    as_json = json.loads(cli("scores", "export", "-f", "json", "--db", path).stdout)
    assert "cribbage" not in as_json[-1] and as_json[-1]["score"] == 80
    for rec, g in zip(games, as_json[:-1], strict=True):
        c = g["cribbage"]
        assert (c["level"], c["scores"], c["skunk"], c["match_points"]) == (
            cribrec.LEVELS[rec["level"]], rec["scores"], rec["skunk"], 1 + rec["skunk"])
        assert [(d["dealer"], d["crib"], d["heels"], list(zip(d["hand"], d["play"], d["muggins"], strict=True)))
                for d in c["deals"]] == unpacked(rec)

    games_csv = list(csv.DictReader(io.StringIO(cli("scores", "export", "--db", path).stdout)))
    assert [(r["n"], r["level"], r["scores"], r["deals"]) for r in games_csv[:-1]] == [
        (str(r["n"]), cribrec.LEVELS[r["level"]], " ".join(map(str, r["scores"])), str(len(unpacked(r))))
        for r in games]
    assert games_csv[-1]["level"] == "" and games_csv[-1]["rounds"] == "40 40"

    out_deals = tmp_path / "deals.csv"
    written = cli("scores", "export", "--deals", "-o", out_deals, "--variant", "cribbage", "--db", path)
    assert written.returncode == 0, written.stderr
    rows = list(csv.DictReader(io.StringIO(out_deals.read_text())))
    assert f"{len(rows)} rows of deals written" in written.stdout
    for rec in games:
        mine = [r for r in rows if r["n"] == str(rec["n"])]
        want = [(str(i), str(seat), str(d[0]), *map(str, d[3][seat]),
                 str(d[1] if seat == d[0] else 0), str(d[2] if seat == d[0] else 0))
                for i, d in enumerate(unpacked(rec), start=1) for seat in range(rec["players"])]
        assert [(r["deal"], r["seat"], r["dealer"], r["hand"], r["play"], r["muggins"], r["crib"], r["heels"])
                for r in mine] == want
    assert {r["player"] for r in rows if r["n"] == "4"} == {"you", "cpu 1", "partner", "cpu 2"}
    # docs/scores.md's query on the table: the player's average play as pone, as the CSV gives it.
    query = next(ln.strip() for ln in (ROOT / "docs" / "scores.md").read_text().splitlines()
                 if ln.strip().startswith("SELECT AVG(play) FROM crib_deals"))
    with sqlite3.connect(path) as c:
        (avg,) = c.execute(query).fetchone()
    as_pone = [int(r["play"]) for r in rows if r["seat"] == "0" and r["dealer"] != "0"]
    assert avg == pytest.approx(sum(as_pone) / len(as_pone))
    assert "--deals is for CSV" in failure(cli("scores", "export", "--deals", "-f", "json", "--db", path))

    png = tmp_path / "p.png"
    plotted = cli("scores", "plot", "-o", png, "--db", path)
    assert plotted.returncode == 0, plotted.stderr
    with Image.open(png) as img:
        described = img.info["Description"]
        assert img.size[1] > 600 and len(img.convert("RGB").getcolors(1 << 16)) > 10
    last = games[-1]
    assert f"race of game {last['n']} of board {BOARD}: " + "-".join(map(str, last["scores"])) in described
    every = [d for r in games for d in unpacked(r)]
    as_dealer = [d for d in every if d[0] == 0]
    assert "as dealer: play {:.2f}".format(sum(d[3][0][1] for d in as_dealer) / len(as_dealer)) in described


def test_the_race_ends_at_the_scores(games):
    fig = export.figure([{"device": BOARD, "n": r["n"], "variant": "cribbage", "score": r["score"], "won": r["won"],
                          "target": r["target"], "date": None, "cribbage": cribrec.game(r)} for r in games])
    race = fig.axes[2]
    assert [int(ln.get_ydata()[-1]) for ln in race.get_lines()[:len(games[-1]["scores"])]] == games[-1]["scores"]


def test_a_cribbage_record_that_does_not_hold_together_is_kept_whole(tmp_path, games):
    db = store.Store(tmp_path / "s.sqlite3")
    rec = games[0]
    cut = dict(rec, n=11, deals=rec["deals"][: len(rec["deals"]) - 2 * (3 + 3 * rec["players"])])
    lost = dict(rec, n=12, won=not rec["won"])
    away = dict(rec, n=13, deals="05" + rec["deals"][2:])  # the first deal's dealer: seat 5
    foreign = dict(rec, n=14, players=5)  # the board's own rules refuse this one: not saved at all
    report = pull(db, [cut, lost, away, foreign, rec])
    assert report.games_added == 4
    whole = "cribbage game {} was kept whole only, not taken apart: "
    assert report.problems == [whole.format(11) + "the deals do not add up to the scores",
                               whole.format(12) + "no one side reached the target, as won says",
                               whole.format(13) + "deals (a dealer who is not at the table)",
                               "cribbage game 14 was not saved: the board's rules refuse its 'players': 5"]
    got = db.games()
    assert [("cribbage" in g, g["n"]) for g in got] == [(True, rec["n"]), (False, 11), (False, 12), (False, 13)]
    assert "Latest games" in export.table(got)


# Issue 23, item 4: one record of each kind the board's own field rules (firmware/storage/fields.py) refuse,
# made from a real one, and the field the board names.
REFUSED = {
    "an unknown key": ({"colour": "red"}, "colour"),
    "gen 9": ({"gen": 9}, "gen"),
    "a seed of 2**64": ({"seed": 2**64}, "seed"),
    "a seed of -1": ({"seed": -1}, "seed"),
    "a date that is not a date": ({"date": "last Tuesday"}, "date"),
    "a deal code": ({"code": "BDFHKMPRT"}, "code"),
    "grid fields": ({"table": "american", "foster": False, "lines": [0] * 10}, "table"),
}


@pytest.mark.parametrize(("change", "field"), REFUSED.values(), ids=REFUSED)
def test_a_record_the_board_refuses_is_refused_in_one_line(tmp_path, games, change, field):
    bad = dict(games[1], **change)  # game 2
    assert fields.game_record(bad) == field  # the board's own verdict
    db = store.Store(tmp_path / "s.sqlite3")
    report = pull(db, [games[0], bad, games[2]])
    assert len(report.problems) == 1, report.problems
    line = report.problems[0]
    assert line.startswith("cribbage game 2 was not saved: ") and f"'{field}'" in line and "\n" not in line
    assert (report.games_seen, report.games_added) == (3, 2)
    assert "1 problem with the board's records, below: the rest was saved." in report.summary()
    got = db.games()  # the pull went on: the good games before and after it are saved, taken apart
    assert [(g["n"], "cribbage" in g) for g in got] == [(1, True), (3, True)]
    assert pull(db, [games[0], bad, games[2]]).problems == [line]  # pulled again: refused again, nothing added
    assert len(db.games()) == 2


def test_a_newer_generator_says_to_update(tmp_path, games):
    line, = pull(store.Store(tmp_path / "s.sqlite3"), [dict(games[0], gen=fields.GEN + 1)]).problems
    assert line == (f"cribbage game 1 was not saved: the board's rules refuse its 'gen': {fields.GEN + 1} (a generator "
                    f"newer than this pocketcrib's, {fields.GEN}: update pocketcrib and pull again)")


def test_without_the_board_rules_every_game_waits_on_the_board(tmp_path, games):
    """No firmware/storage/fields.py to check them by (POCKETCRIB_FIRMWARE somewhere else): no game is saved,
    of cribbage or any other kind (issue 37 item 10), a line each saying why and what to do."""
    solo = {"n": 9, "variant": "solitaire", "seed": 5, "score": 80, "won": False, "target": 91, "rounds": [80],
            "date": None, "players": 1, "code": None}
    code = ("import json, sys; from pocketcrib.board import device; from pocketcrib.scores import store; "
            "r = store.Store(sys.argv[1]).add_pull(device.Pulled('b0a4', [], json.load(sys.stdin), [])); "
            "print(json.dumps([r.games_added, r.problems]))")
    env = dict(os.environ, POCKETCRIB_FIRMWARE=str(tmp_path / "nowhere"), PYTHONPATH=str(ROOT / "host"))
    proc = subprocess.run([sys.executable, "-c", code, tmp_path / "s.sqlite3"], input=json.dumps([games[0], solo]),
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert proc.returncode == 0, proc.stderr
    added, lines = json.loads(proc.stdout)
    assert added == 0 and len(lines) == 2
    for line, what in zip(lines, ("cribbage game 1", "solitaire game 9"), strict=True):
        assert line.startswith(f"{what} was not saved: not checked (No module named 'storage'")
        assert line.endswith("run pocketcrib from a Pocket Crib checkout, or set POCKETCRIB_FIRMWARE)")
    assert store.Store(tmp_path / "s.sqlite3").games() == []


def test_an_older_pocketcrib_adding_games_after_the_migration(tmp_path, games):
    """It resets user_version to 2 and fills no crib_ rows: the next open takes its new games apart."""
    path = tmp_path / "scores.sqlite3"
    pull(store.Store(path), games[:2])
    with sqlite3.connect(path) as c:
        c.execute("DELETE FROM crib_games WHERE n = 2")
        c.execute("DELETE FROM crib_deals WHERE n = 2")
        c.execute("PRAGMA user_version = 2")
    assert [("cribbage" in g) for g in store.Store(path).games()] == [True, True]


def test_rows_changed_by_hand_are_checked_when_read(tmp_path, games):
    path = tmp_path / "scores.sqlite3"
    pull(store.Store(path), games[:3])
    with sqlite3.connect(path) as c:
        c.execute("UPDATE crib_deals SET hand = hand + 1 WHERE n = 1 AND deal = 2 AND seat = 0")
        c.execute("UPDATE crib_deals SET play = 'lots' WHERE n = 2 AND deal = 1 AND seat = 1")
        c.execute("UPDATE crib_games SET scores = '[1, 2, 3, 4]' WHERE n = 3")
    got = store.Store(path).games()
    assert [("cribbage" in g) for g in got] == [False, False, False]
    assert all(g["score"] == r["score"] for g, r in zip(got, games, strict=False))
