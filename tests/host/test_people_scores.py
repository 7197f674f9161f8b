"""Issue 25, the host: games of cribbage between people (the record's "people": a name a person's seat, None
the computer's) and computers of their own levels ("levels": a level a computer's seat, None a person's) are
pulled, kept seat by seat (crib_seats), shown and exported per game and per person; a score database of the
schema before (4, built here from its own SQL) keeps every row and learns who sat where.

Records are the firmware's own (cribgames.py: ui.cribbage.history.record, with people at the table); the
expected statistics are counted here from the records' fields and packed deals, not through cribrec."""

import csv
import hashlib
import io
import json
import sqlite3
import time
from pathlib import Path

import pytest
from PIL import Image

from helpers import cribgames
from pocketcrib.board import device
from pocketcrib.scores import cribrec, export, pcr, store

ROOT = Path(__file__).resolve().parents[2]
BOARD = "e6614c311b7e5c2f"
LEVELS = ("easy", "normal", "expert")
# (seed, n, players, target, level, people, levels): people at two, three and four hands, with and without
# computers of their own levels, and the board's owner alone against the computer (with "levels" too).
KINDS = [
    (51, 1, 2, 121, 1, ["ANN", "BEE"], None),
    (52, 2, 3, 121, 2, ["ANN", None, "BEE"], [None, 2, None]),
    (53, 3, 4, 61, 1, ["BEE", None, "ANN", None], [None, 1, None, 2]),
    (54, 4, 2, 121, 0, None, None),
    (55, 5, 3, 61, 0, None, [None, 0, 2]),
    (56, 6, 4, 121, 0, ["ANN", "CY", "BEE", None], None),
    (57, 7, 2, 61, 1, ["BEE", "ANN"], None),
]


@pytest.fixture(scope="module")
def games():
    return [cribgames.record(seed, n, players=p, target=t, level=lv, people=people, levels=levels,
                             date=f"2026-12-0{n}") for seed, n, p, t, lv, people, levels in KINDS]


def pull(db, history, board=BOARD):
    return db.add_pull(device.Pulled(board, [], list(history), []))


def unpacked(rec):
    """[(dealer, crib, heels, [(hand, play, muggins) a seat])] straight from the record's hex."""
    raw, players = bytes.fromhex(rec["deals"]), rec["players"]
    width = 3 + 3 * players
    return [(raw[i], raw[i + 1], raw[i + 2], [tuple(raw[i + 3 + 3 * s:i + 6 + 3 * s]) for s in range(players)])
            for i in range(0, len(raw), width)]


def seat_levels(rec):
    """The record's computer level a seat (None a person's), as the record means it."""
    if "levels" in rec:
        return rec["levels"]
    people = rec.get("people")
    return [None if (people[s] if people else s == 0) else rec["level"] for s in range(rec["players"])]


def person(records, name):
    """A person's statistics counted from the records: games, wins, skunks given and taken, match points,
    and sums over the deals as dealer [play, hand, crib with heels, muggins] and as pone [play, hand, muggins]."""
    t = {"games": 0, "wins": 0, "skunks": 0, "skunked": 0, "match_won": 0, "match_lost": 0, "dealt": 0, "poned": 0,
         "dealer": [0, 0, 0, 0], "pone": [0, 0, 0]}
    for r in records:
        if name not in (r.get("people") or ()):
            continue
        seat = r["people"].index(name)
        side = seat % 2 if r["players"] == 4 else seat
        t["games"] += 1
        if r["scores"][side] >= r["target"]:
            t["wins"] += 1
            t["match_won"] += 1 + r["skunk"]
            t["skunks"] += r["skunk"] > 0
        else:
            t["match_lost"] += 1 + r["skunk"]
            t["skunked"] += r["skunk"] > 0 and r["scores"][side] < (91 if r["target"] == 121 else 31)
        for dealer, crib, heels, seats in unpacked(r):
            hand, play, muggins = seats[seat]
            if dealer == seat:
                t["dealt"] += 1
                t["dealer"] = [a + b for a, b in zip(t["dealer"], (play, hand, crib + heels, muggins), strict=True)]
            else:
                t["poned"] += 1
                t["pone"] = [a + b for a, b in zip(t["pone"], (play, hand, muggins), strict=True)]
    return t


def test_the_records_are_the_boards_own(games):
    for rec in games:
        assert pcr.refused(rec) is None, rec
        g = cribrec.game(rec)
        assert g.people == (tuple(rec["people"]) if "people" in rec else None)
        assert list(g.levels) == seat_levels(rec)


def test_who_sat_where_is_kept_seat_by_seat_and_read_back(tmp_path, games):
    path = tmp_path / "s.sqlite3"
    db = store.Store(path)
    report = pull(db, games)
    assert (report.games_added, report.problems) == (len(games), [])
    with sqlite3.connect(path) as c:
        for rec in games:
            rows = c.execute("SELECT seat, person, level FROM crib_seats WHERE n = ? ORDER BY seat",
                             (rec["n"],)).fetchall()
            people = rec.get("people") or [None] * rec["players"]
            assert rows == [(s, people[s], seat_levels(rec)[s]) for s in range(rec["players"])]
    for rec, g in zip(games, store.Store(path).games(), strict=True):
        assert g["cribbage"] == cribrec.game(rec)  # people and levels too
    assert pull(db, games).games_added == 0
    with sqlite3.connect(path) as c:  # pulled again: no seat twice
        assert c.execute("SELECT COUNT(*) FROM crib_seats").fetchone() == (sum(r["players"] for r in games),)


def test_show_people_counts_each_person_and_says_who_sat_where(cli, tmp_path, games):
    path = tmp_path / "s.sqlite3"
    pull(store.Store(path), games)
    shown = cli("scores", "show", "--people", "--db", path)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    for name in ("ANN", "BEE", "CY"):
        t = person(games, name)
        row = next(i for i, ln in enumerate(lines) if ln.startswith(f"  {name} "))
        assert lines[row].split() == [name, str(t["games"]), str(t["wins"]), f"{t['skunks']}-{t['skunked']}",
                                      f"{t['match_won']}-{t['match_lost']}"]
        d, p = [x / t["dealt"] for x in t["dealer"]], [x / t["poned"] for x in t["pone"]]
        assert lines[row + 1] == ("    a deal: as dealer play {:.1f}, hand {:.1f}, crib {:.1f}, muggins {:.1f} ({})"
                                  "; as pone play {:.1f}, hand {:.1f}, muggins {:.1f} ({})").format(
            *d, t["dealt"], *p, t["poned"])
    # A line a game between people: who sat where, side against side, and who won.
    seats = {1: "ANN v BEE to 121", 2: "ANN v computer (expert) v BEE to 121",
             3: "BEE & ANN v computer (normal) & computer (expert) to 61",
             6: "ANN & BEE v CY & computer (easy) to 121", 7: "BEE v ANN to 61"}
    for rec in games:
        mine = [ln for ln in lines if ln.startswith(f"  {BOARD} {rec['n']:>3}  ")]
        if rec["n"] not in seats:
            assert mine == []  # the owner's games against the computer are not between people
            continue
        (line,) = mine
        people = rec["people"]
        side = next(s for s in range(len(rec["scores"])) if rec["scores"][s] >= rec["target"])
        winners = " & ".join(people[s] or f"computer ({LEVELS[seat_levels(rec)[s]]})" for s in range(rec["players"])
                             if (s % 2 if rec["players"] == 4 else s) == side)
        assert f" {seats[rec['n']]}, {winners} won" in line and rec["date"] in line
        assert "-".join(map(str, rec["scores"])) in line
    assert f"Games between people ({len(seats)})" in shown.stdout

    ann = cli("scores", "show", "--people", "ann", "--db", path)  # a name as typed: ANN's alone
    assert ann.returncode == 0, ann.stderr
    rows = [ln.split()[0] for ln in ann.stdout.splitlines() if ln.startswith("  ") and not ln.startswith(f"  {BOARD}")
            and ln.split()[1].isdigit()]
    assert rows == ["ANN"] and "Games between people (5)" in ann.stdout
    cy = cli("scores", "show", "--people", "CY", "--db", path).stdout
    assert "Games between people (1)" in cy

    everything = cli("scores", "show", "--db", path).stdout  # the whole report has both
    assert "Cribbage between people" in everything and "Cribbage (you)" in everything
    you = everything[everything.index("Cribbage (you)"):everything.index("Cribbage between people")]
    assert "  Easy to 121 " in you and "  3 hands, Easy/Expert to 61 " in you and "ANN" not in you
    assert "BEE & ANN v computer (normal) & computer (expert) to 61, " in everything  # the latest games


@pytest.mark.slow
def test_export_says_who_sat_where(cli, tmp_path, games):
    path = tmp_path / "s.sqlite3"
    pull(store.Store(path), games)
    rows = list(csv.DictReader(io.StringIO(cli("scores", "export", "--db", path).stdout)))
    as_json = json.loads(cli("scores", "export", "-f", "json", "--db", path).stdout)
    for rec, row, g in zip(games, rows, as_json, strict=True):
        levels = [None if lv is None else LEVELS[lv] for lv in seat_levels(rec)]
        assert (json.loads(row["people"]) if row["people"] else None) == rec.get("people")
        assert json.loads(row["levels"]) == levels
        c = g["cribbage"]
        assert (c["people"], c["levels"]) == (rec.get("people"), levels) and c["seats"] == row["seats"]
    assert [r["seats"] for r in rows[3:5]] == ["you v computer (easy)", "you v computer (easy) v computer (expert)"]

    deals = list(csv.DictReader(io.StringIO(cli("scores", "export", "--deals", "--db", path).stdout)))
    three = [r for r in deals if r["n"] == "3" and r["deal"] == "1"]
    assert [(r["player"], r["level"]) for r in three] == [("BEE", ""), ("computer", "normal"), ("ANN", ""),
                                                          ("computer", "expert")]

    out = tmp_path / "people.csv"
    written = cli("scores", "export", "--people", "-o", out, "--db", path)
    assert written.returncode == 0 and "3 people's statistics written" in written.stdout, written.stderr
    by_csv = {r["person"]: r for r in csv.DictReader(io.StringIO(out.read_text()))}
    by_json = {r["person"]: r for r in json.loads(cli("scores", "export", "--people", "-f", "json",
                                                      "--db", path).stdout)}
    assert list(by_csv) == list(by_json) == ["ANN", "BEE", "CY"]
    for name in by_csv:
        t = person(games, name)
        want = {k: t[k] for k in ("games", "wins", "skunks", "skunked", "match_won", "match_lost", "dealt",
                                  "poned")}
        want |= {f"dealer_{k}": round(x / t["dealt"], 3) for k, x in zip(cribrec.DEALER, t["dealer"], strict=True)}
        want |= {f"pone_{k}": round(x / t["poned"], 3) for k, x in zip(cribrec.PONE, t["pone"], strict=True)}
        want |= {"dealer_points": round(sum(t["dealer"]) / t["dealt"], 3),
                 "pone_points": round(sum(t["pone"]) / t["poned"], 3)}
        assert {k: by_json[name][k] for k in want} == want
        assert {k: by_csv[name][k] for k in want} == {k: str(v) for k, v in want.items()}
    one = cli("scores", "export", "--people", "BEE", "-f", "json", "--db", path)
    assert [r["person"] for r in json.loads(one.stdout)] == ["BEE"]
    # The plot: your points a deal from your own games alone (4 and 5), the race of the last game between people.
    with Image.open(io.BytesIO(export.plot_png(store.Store(path).games()))) as img:
        described = img.info["Description"]
    own = [d for r in games if "people" not in r for d in unpacked(r) if d[0] == 0]  # seat 0 dealt
    assert "cribbage a deal as dealer: play {:.2f}".format(sum(d[3][0][1] for d in own) / len(own)) in described
    assert f"race of game 7 of board {BOARD}: " + "-".join(map(str, games[-1]["scores"])) in described
    # docs/scores.md's query on crib_seats: ANN's average hand as dealer, as counted here.
    lines = (ROOT / "docs" / "scores.md").read_text().splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.strip().startswith("SELECT AVG(hand) FROM crib_deals JOIN"))
    with sqlite3.connect(path) as c:
        (avg,) = c.execute(lines[at] + " " + lines[at + 1]).fetchone()
    t = person(games, "ANN")
    assert avg == pytest.approx(t["dealer"][1] / t["dealt"])


@pytest.mark.slow
def test_people_problems_are_one_line(cli, failure, tmp_path, games):
    path = tmp_path / "s.sqlite3"
    empty = cli("scores", "show", "--people", "--db", path)
    assert empty.returncode == 0 and "No games between people yet" in empty.stdout
    assert "no game between people pulled yet" in failure(cli("scores", "show", "--people", "ANN", "--db", path))
    pull(store.Store(path), games)
    line = failure(cli("scores", "show", "--people", "ZED", "--db", path))
    assert "no game between people with 'ZED' in it" in line and "ANN, BEE, CY" in line
    assert "--people is for cribbage" in failure(cli("scores", "export", "--people", "--variant", "poker",
                                                     "--db", path))
    assert "--deals or --people" in failure(cli("scores", "export", "--people", "--deals", "--db", path))


# The schema before this one (4), as its store.py wrote it: a database made by the pocketcrib of then.
V4 = ("""CREATE TABLE games (
    device TEXT NOT NULL, n INTEGER NOT NULL,
    variant TEXT, seed INTEGER, score INTEGER, won INTEGER, target INTEGER,
    rounds TEXT, date TEXT, players INTEGER, code TEXT,
    record TEXT NOT NULL, pulled TEXT NOT NULL, digest TEXT NOT NULL,
    UNIQUE (device, n, digest))""", """CREATE TABLE high_scores (
    device TEXT NOT NULL, variant TEXT, initials TEXT, score INTEGER, seed INTEGER,
    date TEXT, code TEXT, record TEXT NOT NULL, pulled TEXT NOT NULL,
    UNIQUE (device, record))""", """CREATE TABLE pulls (
    id INTEGER PRIMARY KEY, device TEXT NOT NULL, at TEXT NOT NULL,
    games_added INTEGER NOT NULL, scores_added INTEGER NOT NULL, problems TEXT NOT NULL)""", """CREATE TABLE crib_games (
    device TEXT NOT NULL, n INTEGER NOT NULL, digest TEXT NOT NULL,
    players INTEGER NOT NULL, target INTEGER NOT NULL, level INTEGER NOT NULL, scores TEXT NOT NULL,
    winner INTEGER NOT NULL, skunk INTEGER NOT NULL, points INTEGER NOT NULL, deals INTEGER NOT NULL,
    UNIQUE (device, n, digest))""", """CREATE TABLE crib_deals (
    device TEXT NOT NULL, n INTEGER NOT NULL, digest TEXT NOT NULL, deal INTEGER NOT NULL,
    seat INTEGER NOT NULL, side INTEGER NOT NULL, dealer INTEGER NOT NULL,
    hand INTEGER NOT NULL, play INTEGER NOT NULL, crib INTEGER NOT NULL, heels INTEGER NOT NULL,
    muggins INTEGER NOT NULL)""", """CREATE TABLE grid_games (
    device TEXT NOT NULL, n INTEGER NOT NULL, digest TEXT NOT NULL,
    scoring TEXT, foster INTEGER NOT NULL, lines TEXT NOT NULL, heels INTEGER NOT NULL,
    matched INTEGER NOT NULL, place INTEGER NOT NULL,
    UNIQUE (device, n, digest))""")
V4_TABLES = ("games", "high_scores", "pulls", "crib_games", "crib_deals", "grid_games")


def v4_database(path, records):
    """A schema-4 database holding the records as that pocketcrib pulled them: each game whole in games, the
    cribbage games taken apart into crib_games and crib_deals (who sat where kept in the record only)."""
    now = time.strftime("%Y-%m-%dT%H:%M:%S")
    with sqlite3.connect(path) as c:
        for sql in V4:
            c.execute(sql)
        for rec in records:
            text = json.dumps(rec, sort_keys=True)
            digest = hashlib.sha256(text.encode()).hexdigest()[:16]
            c.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                      (BOARD, rec["n"], rec["variant"], rec["seed"], rec["score"], int(rec["won"]), rec["target"],
                       None, rec["date"], rec["players"], None, text, now, digest))
            winner = next(s for s in range(len(rec["scores"])) if rec["scores"][s] >= rec["target"])
            deals = unpacked(rec)
            c.execute("INSERT INTO crib_games VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                      (BOARD, rec["n"], digest, rec["players"], rec["target"], rec["level"], json.dumps(rec["scores"]),
                       winner, rec["skunk"], 1 + rec["skunk"], len(deals)))
            c.executemany("INSERT INTO crib_deals VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", [
                (BOARD, rec["n"], digest, i, seat, seat % 2 if rec["players"] == 4 else seat, dealer, hand, play,
                 crib if seat == dealer else 0, heels if seat == dealer else 0, muggins)
                for i, (dealer, crib, heels, seats) in enumerate(deals, start=1)
                for seat, (hand, play, muggins) in enumerate(seats)])
        c.execute("INSERT INTO high_scores VALUES (?,?,?,?,?,?,?,?,?)",
                  (BOARD, "solitaire", "ANN", 95, 104, None, None, '{"initials": "ANN"}', now))
        c.execute("INSERT INTO pulls (device, at, games_added, scores_added, problems) VALUES (?,?,?,?,?)",
                  (BOARD, now, len(records), 1, "[]"))
        c.execute(f"PRAGMA application_id = {0x50435242}")
        c.execute("PRAGMA user_version = 4")


def table_rows(path, table):
    with sqlite3.connect(path) as c:
        return c.execute(f"SELECT rowid, * FROM {table} ORDER BY rowid").fetchall()


def test_a_database_of_schema_4_keeps_every_row_and_learns_who_sat_where(cli, tmp_path, games):
    # Schema 4 pulled games between people (the board's rules took "people"), not yet "levels".
    old = [rec for rec in games if "levels" not in rec]
    path = tmp_path / "scores.sqlite3"
    v4_database(path, old)
    before = {t: table_rows(path, t) for t in V4_TABLES}
    assert len(before["crib_deals"]) > 50

    shown = cli("scores", "show", "--people", "--db", path)
    assert shown.returncode == 0, shown.stderr
    assert {t: table_rows(path, t) for t in V4_TABLES} == before  # nothing lost, nothing changed
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone() == (store._VERSION,)
        seats = c.execute("SELECT n, seat, person, level FROM crib_seats ORDER BY n, seat").fetchall()
    assert seats == [(r["n"], s, (r.get("people") or [None] * 4)[s], seat_levels(r)[s])
                     for r in old for s in range(r["players"])]
    assert "  ANN & BEE v CY & computer (easy) to 121, " in shown.stdout
    # As a fresh pull of the same records by this pocketcrib has them.
    fresh = store.Store(tmp_path / "fresh.sqlite3")
    pull(fresh, old)
    assert export.to_json(store.Store(path).games()) == export.to_json(fresh.games())
    assert cli("scores", "show", "--people", "--db", path).stdout == shown.stdout  # opened again: as it was


@pytest.mark.slow
def test_games_played_in_the_simulator_are_pulled_from_a_board(make_board, cli, tmp_path):
    """Played by key presses in the simulator: four hands (two people, two computer partners), three hands (two
    people and the computer) and a game against the computer alone. Its /data, as the firmware wrote it, is a
    virtual board's; `scores pull` takes it through the real mpremote, as from a Pico."""
    from helpers.drive import crib_keys, crib_on, people_keys, people_on

    from pocketcrib.twins.sim import Sim

    data = tmp_path / "board" / "flash" / "data"
    played = []
    for seats, seed in (("PPCC", 12), ("PCP", 8), ("", 3)):
        sim = Sim(data, seed=seed)
        sim.saves.set("hints", False)
        sim.run_script(people_keys(seats, target=61) if seats else crib_keys(level=0, target=61))
        for _ in range(6000):
            if type(sim.app.screen).__name__ == "CribOver":
                break
            (people_on if seats else crib_on)(sim)
        sim.press("A")  # the game is recorded
        played.append(list(sim.saves.history())[-1])
    assert [r.get("people") for r in played] == [["P1", "P2", None, None], ["P1", None, "P3"], None]

    vb = make_board("board")
    pulled = cli("scores", "pull", "--port", vb.port)
    assert pulled.returncode == 0, pulled.stderr
    assert "3 games (3 new)" in pulled.stdout
    shown = cli("scores", "show", "--people")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    for name in ("P1", "P2", "P3"):
        t = person(played, name)
        (row,) = [ln for ln in lines if ln.startswith(f"  {name} ")]
        assert row.split() == [name, str(t["games"]), str(t["wins"]), f"{t['skunks']}-{t['skunked']}",
                               f"{t['match_won']}-{t['match_lost']}"]
    assert "  P1 & computer (normal) v P2 & computer (normal) to 61, " in shown.stdout
    assert "  P1 v computer (normal) v P3 to 61, " in shown.stdout and "Games between people (2)" in shown.stdout
    everything = cli("scores", "show").stdout
    assert "  Easy to 61 " in everything[everything.index("Cribbage (you)"):]  # the owner's own game
    as_json = json.loads(cli("scores", "export", "-f", "json").stdout)
    assert [g["cribbage"]["people"] for g in as_json] == [r.get("people") for r in played]
    assert [g["cribbage"]["levels"] for g in as_json] == [[None, None, "normal", "normal"],
                                                         [None, "normal", None], [None, "easy"]]


def test_games_an_older_pocketcrib_added_get_their_seats(tmp_path, games):
    """An older pocketcrib opening a database of schema 5 sets user_version to its own and adds its games to
    crib_games and crib_deals only: the next open fills their seats from their records."""
    path = tmp_path / "scores.sqlite3"
    pull(store.Store(path), games)
    with sqlite3.connect(path) as c:
        c.execute("DELETE FROM crib_seats WHERE n IN (3, 6)")
        c.execute("PRAGMA user_version = 4")
    got = store.Store(path).games()
    assert [g["cribbage"] for g in got] == [cribrec.game(r) for r in games]
    with sqlite3.connect(path) as c:
        assert c.execute("SELECT COUNT(*) FROM crib_seats").fetchone() == (sum(r["players"] for r in games),)


def test_seats_changed_by_hand_are_checked_when_read(tmp_path, games):
    path = tmp_path / "scores.sqlite3"
    pull(store.Store(path), games)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE crib_seats SET person = 'ANN' WHERE n = 1 AND seat = 1")  # ANN twice
        c.execute("UPDATE crib_seats SET level = 7 WHERE n = 2 AND seat = 1")  # no such level
        c.execute("UPDATE crib_seats SET level = 1 WHERE n = 3 AND seat = 0")  # a level at a person's seat
        c.execute("DELETE FROM crib_seats WHERE n = 4 AND seat = 1")  # a seat gone
        c.execute("UPDATE crib_seats SET person = 'ZED' WHERE n = 5 AND seat = 2")  # one person alone
    got = store.Store(path).games()
    assert [g["n"] for g in got if "cribbage" not in g] == [1, 2, 3, 4, 5]
    assert [g["cribbage"] for g in got if g["n"] > 5] == [cribrec.game(r) for r in games[5:]]
    assert export.people_names(got) == ["ANN", "CY", "BEE"]


def test_an_odd_name_is_printed_quoted():
    assert [cribrec.name_shown(n) for n in ("ANN", "A B", "ÉVE", "a,b")] == ["ANN", "A B", "ÉVE", "a,b"]
    assert [cribrec.name_shown(n) for n in (" A", "A\n", '"', "\\", "\x07")] == [
        '" A"', '"A\\n"', '"\\""', '"\\\\"', '"\\u0007"']
