"""Issues 9 and 11, the host: a score database made by an earlier pocketcrib (schema 2: every game
kept whole; schema 3: cribbage taken apart, grid games kept whole) is brought up to date in place,
in one transaction, without losing a row; its games of cribbage and grid games are taken apart
then, as a fresh pull of the same records would. The old files were made by the old store.py
(make_old_dbs.py)."""

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from storage import fields
from pocketcrib.scores import cribrec, export, gridrec, store
from pocketcrib.board import device

DATA = Path(__file__).parent / "data"
OLD_TABLES = {2: ("games", "high_scores", "pulls"), 3: ("games", "high_scores", "pulls", "crib_games", "crib_deals")}


def table_rows(path, table):
    with sqlite3.connect(path) as c:
        return c.execute(f"SELECT rowid, * FROM {table} ORDER BY rowid").fetchall()


def stored_records(path):
    with sqlite3.connect(path) as c:
        return [(d, json.loads(text)) for d, text in c.execute("SELECT device, record FROM games ORDER BY rowid")]


def holds(rec):
    """Whether the record is one to take apart (cribrec / gridrec accept it)."""
    check = cribrec.game if rec["variant"] == "cribbage" else gridrec.game
    try:
        check(rec)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("version", [2, 3])
def test_an_old_database_migrates_in_place(cli, tmp_path, version):
    path = tmp_path / "scores.sqlite3"
    shutil.copy(DATA / f"scores-v{version}.sqlite3", path)
    before = {t: table_rows(path, t) for t in OLD_TABLES[version]}
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone() == (version,)
    records = stored_records(path)

    shown = cli("scores", "show", "--db", path)
    assert shown.returncode == 0, shown.stderr
    assert {t: table_rows(path, t) for t in OLD_TABLES[version]} == before  # every row as it was
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone() == (store._VERSION,)
        crib = c.execute("SELECT device, n FROM crib_games").fetchall()
        grid = c.execute("SELECT device, n FROM grid_games").fetchall()
    for variants, taken, many in (((cribrec.VARIANT,), crib, 7), (gridrec.VARIANTS, grid, 5)):
        want = [(d, r["n"]) for d, r in records if r["variant"] in variants and holds(r)]
        assert sorted(taken) == sorted(want) and len(want) == many  # the damaged ones stay whole only
        assert len([r for _, r in records if r["variant"] in variants]) == many + 1

    # The same records pulled afresh give the same games, taken apart the same; but for the damaged games,
    # which the board's own rules refuse: a pull no longer saves them (issue 23 for cribbage, issue 37 for
    # every kind), the migration keeps them.
    fresh = store.Store(tmp_path / "fresh.sqlite3")
    for d, rec in records:
        fresh.add_pull(device.Pulled(d, [], [rec], []))
    refused = [(d, r["n"], r["variant"]) for d, r in records if fields.game_record(r)]
    assert sorted(v for _, _, v in refused) == ["cribbage", "poker"]
    migrated = store.Store(path).games()
    assert export.to_json([g for g in migrated if (g["device"], g["n"], g["variant"]) not in refused]) == \
        export.to_json(fresh.games())
    assert sum("cribbage" in g for g in migrated) == 7 and sum("grid" in g for g in migrated) == 5
    assert "poker-english-foster  1. GRD   40" in shown.stdout  # the grid high score under its own table
    assert cli("scores", "show", "--db", path).stdout == shown.stdout  # opened again: nothing more to do


def test_a_migration_cut_short_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "scores.sqlite3"
    shutil.copy(DATA / "scores-v2.sqlite3", path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    real, calls = gridrec.game, []

    def fails_on_the_third(rec):  # by then every game of cribbage is taken apart
        calls.append(rec)
        if len(calls) == 3:
            raise KeyboardInterrupt  # the user's Ctrl-C in the middle of it
        return real(rec)

    monkeypatch.setattr(gridrec, "game", fails_on_the_third)
    with pytest.raises(KeyboardInterrupt):
        store.Store(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    monkeypatch.setattr(gridrec, "game", real)
    games = store.Store(path).games()
    assert sum("cribbage" in g for g in games) == 7 and sum("grid" in g for g in games) == 5
