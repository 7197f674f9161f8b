"""Issue 9, the host: a score database of the previous schema (version 2, cribbage games kept whole)
grown to 10,000 games migrated in place, then shown, exported and plotted; and the property tests
of cribbage and grid records (tests/host/test_cribbage_properties.py, test_people_properties.py,
test_grid_scores.py) at bench
size (make test runs 150 examples); and a pull of 500 grid games, each replayed (gridrec.replay).

The old database is tests/host/data/scores-v2.sqlite3 (made by the old store.py) with its games
copied under new numbers: the same schema, the same records."""

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pocketcrib.board import device

from pocketcrib.scores import export, gridrec, store

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers import gridgames  # noqa: E402  (tests/helpers: records played by the firmware's engine)

V2 = ROOT / "tests" / "host" / "data" / "scores-v2.sqlite3"
GAMES = 10_000
GRID_GAMES = 500
KINDS = [("poker", "american", False), ("poker", "english", False), ("poker", "american", True),
         ("poker", "english", True), ("squares", "american", False)]


def grown(path, n):
    """The v2 database at path with its games copied until it holds n (numbers above the board's own)."""
    with sqlite3.connect(path) as c:
        rows = c.execute("SELECT * FROM games ORDER BY rowid").fetchall()
        k, copies = 0, []
        while len(rows) + len(copies) < n:
            r = list(rows[k % len(rows)])
            r[1] = 1000 + len(copies)
            copies.append(r)
            k += 1
        c.executemany(f"INSERT INTO games VALUES ({','.join('?' * len(rows[0]))})", copies)
        (version,) = c.execute("PRAGMA user_version").fetchone()
        crib = c.execute("SELECT COUNT(*) FROM games WHERE variant = 'cribbage'").fetchone()[0]
    return version, crib


def timed(f):
    t0 = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t0


def grid_pull():
    """A pull of 500 grid games (a hundred of each of the five) into a new database, and the
    part of it that is the replays."""
    history = [gridgames.record(1000 + i, i + 1, *KINDS[i % len(KINDS)]) for i in range(GRID_GAMES)]
    with tempfile.TemporaryDirectory() as tmp:
        report, took = timed(lambda: store.Store(Path(tmp) / "s.sqlite3").add_pull(
            device.Pulled("bench", [], history, [])))
    assert report.games_added == GRID_GAMES and not report.problems, report.problems
    _, checked = timed(lambda: [gridrec.fields(r) for r in history])
    _, replayed = timed(lambda: [gridrec.game(r) for r in history])
    print(f"pull: {GRID_GAMES} grid games in {took:.2f} s, of which replays {replayed - checked:.2f} s "
          f"({(replayed - checked) / GRID_GAMES * 1000:.2f} ms a game; the fields' checks {checked:.3f} s)")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scores.sqlite3"
        shutil.copy(V2, path)
        version, crib = grown(path, GAMES)
        size = path.stat().st_size
        db, took = timed(lambda: store.Store(path))
        (deals,) = db.db.execute("SELECT COUNT(*) FROM crib_deals").fetchone()
        (taken,) = db.db.execute("SELECT COUNT(*) FROM crib_games").fetchone()
        (grids,) = db.db.execute("SELECT COUNT(*) FROM grid_games").fetchone()
        print(f"migration: {GAMES:,} games ({crib:,} of cribbage) from version {version}: {took:.2f} s, "
              f"{taken:,} games of cribbage taken apart into {deals:,} rows of deals, {grids:,} grid games; "
              f"{size / 1024:.0f} KB -> {path.stat().st_size / 1024:.0f} KB")
        games, took = timed(lambda: store.Store(path).games())
        print(f"read back: {len(games):,} games in {took:.2f} s")
        for name, make in (("show", lambda: export.table(games, db.high_scores())),
                           ("export CSV", lambda: export.to_csv(games)),
                           ("export CSV --deals", lambda: export.deals_csv(games)),
                           ("export JSON", lambda: export.to_json(games)),
                           ("plot", lambda: export.plot_png(games))):
            out, took = timed(make)
            print(f"{name}: {len(out) / 1024:,.0f} KB in {took:.2f} s")
    grid_pull()
    env = dict(os.environ, HYPOTHESIS_PROFILE="bench")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(ROOT / "tests" / "host" / "test_cribbage_properties.py"),
                           str(ROOT / "tests" / "host" / "test_people_properties.py"),
                           str(ROOT / "tests" / "host" / "test_grid_scores.py")], cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
