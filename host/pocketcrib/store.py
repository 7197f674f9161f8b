"""The score history on this computer: an SQLite database that only ever grows.

A game is keyed by (device id, n), its per-device game number, so pulling the
same board twice adds nothing and boards never mix. High scores are kept as
seen (every distinct entry of every board's table). Each pull is one
transaction: it lands whole or not at all, and nothing pulled before is
rewritten or removed.
"""

import json
import sqlite3
import time
from collections import namedtuple
from pathlib import Path

from pocketcrib import places
from pocketcrib.errors import PocketCribError

GAME_FIELDS = ("device", "n", "variant", "seed", "score", "won", "target", "rounds", "date", "players", "code")
SCORE_FIELDS = ("device", "variant", "initials", "score", "seed", "date", "code")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    device TEXT NOT NULL, n INTEGER NOT NULL,
    variant TEXT, seed INTEGER, score INTEGER, won INTEGER, target INTEGER,
    rounds TEXT, date TEXT, players INTEGER, code TEXT,
    record TEXT NOT NULL, pulled TEXT NOT NULL,
    PRIMARY KEY (device, n));
CREATE TABLE IF NOT EXISTS high_scores (
    device TEXT NOT NULL, variant TEXT, initials TEXT, score INTEGER, seed INTEGER,
    date TEXT, code TEXT, record TEXT NOT NULL, pulled TEXT NOT NULL,
    UNIQUE (device, record));
CREATE TABLE IF NOT EXISTS pulls (
    id INTEGER PRIMARY KEY, device TEXT NOT NULL, at TEXT NOT NULL,
    games_added INTEGER NOT NULL, scores_added INTEGER NOT NULL, problems TEXT NOT NULL);
"""


class PullReport(namedtuple("PullReport", "device games_seen games_added scores_seen scores_added problems "
                                          "total_games boards")):
    def summary(self):
        return (f"Pulled board {self.device}: {self.games_seen} games ({self.games_added} new), "
                f"{self.scores_seen} high scores ({self.scores_added} new). "
                f"The database holds {self.total_games} games from {self.boards} board(s).")


def default_path():
    return places.data_dir() / "scores.sqlite3"


class Store:
    def __init__(self, path=None):
        self.path = Path(path) if path else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path)
            self.db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as e:
            raise PocketCribError(f"cannot open the score database {self.path}: {e}",
                                  "is it a pocketcrib database? --db or POCKETCRIB_DATA pick another") from None

    def add_pull(self, pulled):
        """Add what a pull found (device.Pulled); a PullReport."""
        now = time.strftime("%Y-%m-%dT%H:%M:%S")
        problems = list(pulled.problems)
        games_added = scores_added = 0
        try:
            with self.db:  # one transaction: all of this pull, or none of it
                for rec in pulled.history:
                    row = _game_row(pulled.device, rec)
                    if row is None:
                        problems.append(f"a history record without a valid game number or score was skipped: "
                                        f"{json.dumps(rec)[:60]}")
                        continue
                    text = json.dumps(rec, sort_keys=True)
                    cur = self.db.execute(
                        "INSERT OR IGNORE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", (*row, text, now))
                    if cur.rowcount:
                        games_added += 1
                        continue
                    (before,) = self.db.execute("SELECT record FROM games WHERE device=? AND n=?",
                                                (pulled.device, row[1])).fetchone()
                    if before != text:
                        problems.append(f"game {row[1]} of board {pulled.device} differs from the one pulled "
                                        "before; the earlier one is kept")
                for rec in pulled.scores:
                    row = _score_row(pulled.device, rec)
                    if row is None:
                        problems.append(f"a high-score record without a valid score was skipped: "
                                        f"{json.dumps(rec)[:60]}")
                        continue
                    cur = self.db.execute("INSERT OR IGNORE INTO high_scores VALUES (?,?,?,?,?,?,?,?,?)",
                                          (*row, json.dumps(rec, sort_keys=True), now))
                    scores_added += cur.rowcount
                self.db.execute("INSERT INTO pulls (device, at, games_added, scores_added, problems) "
                                "VALUES (?,?,?,?,?)",
                                (pulled.device, now, games_added, scores_added, json.dumps(problems)))
        except sqlite3.Error as e:
            raise PocketCribError(f"cannot save to the score database {self.path}: {e}",
                                  "nothing from this pull was saved; earlier pulls are untouched") from None
        total, boards = self.db.execute("SELECT COUNT(*), COUNT(DISTINCT device) FROM games").fetchone()
        return PullReport(pulled.device, len(pulled.history), games_added, len(pulled.scores), scores_added,
                          problems, total, boards)

    def games(self, variant=None, device=None):
        """Every game, as dicts with GAME_FIELDS (rounds a list, won a bool), by device then n."""
        sql = "SELECT " + ",".join(GAME_FIELDS) + " FROM games"
        where, args = _where(variant=variant, device=device)
        rows = self.db.execute(sql + where + " ORDER BY device, n", args).fetchall()
        out = []
        for r in rows:
            g = dict(zip(GAME_FIELDS, r, strict=True))
            g["rounds"] = json.loads(g["rounds"]) if g["rounds"] else []
            g["won"] = None if g["won"] is None else bool(g["won"])
            out.append(g)
        return out

    def high_scores(self, variant=None):
        """Every high-score entry seen, best first within each variant."""
        where, args = _where(variant=variant)
        rows = self.db.execute("SELECT " + ",".join(SCORE_FIELDS) + " FROM high_scores" + where
                               + " ORDER BY variant, score DESC, date", args).fetchall()
        return [dict(zip(SCORE_FIELDS, r, strict=True)) for r in rows]


def _where(**kw):
    parts = [(f"{k}=?", v) for k, v in kw.items() if v is not None]
    if not parts:
        return "", ()
    return " WHERE " + " AND ".join(p for p, _ in parts), tuple(v for _, v in parts)


def _int(v):
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _text(v):
    return v if isinstance(v, str) else None


def _game_row(device, rec):
    n, score = _int(rec.get("n")), _int(rec.get("score"))
    if n is None or n < 1 or score is None:
        return None
    rounds = rec.get("rounds")
    rounds = json.dumps([r for r in rounds if _int(r) is not None]) if isinstance(rounds, list) else None
    won = rec.get("won")
    return (device, n, _text(rec.get("variant")), _int(rec.get("seed")), score,
            int(won) if isinstance(won, bool) else None, _int(rec.get("target")), rounds,
            _text(rec.get("date")), _int(rec.get("players")), _text(rec.get("code")))


def _score_row(device, rec):
    score = _int(rec.get("score"))
    if score is None:
        return None
    return (device, _text(rec.get("variant")), _text(rec.get("initials")), score, _int(rec.get("seed")),
            _text(rec.get("date")), _text(rec.get("code")))
