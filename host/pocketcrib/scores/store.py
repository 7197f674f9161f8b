"""The score history on this computer: an SQLite database that only ever grows.

A game is the board's id, its game number n and what the record holds (its
digest): pulling the same board twice adds nothing, boards never mix, and a
board that numbers its games again (a restored backup, a wiped /data) adds its
new games next to the old ones with the same numbers. High scores are kept as
seen (every distinct entry of every board's table). Each pull is one
transaction: it lands whole or not at all, and nothing pulled before is
rewritten or removed. A bad record is skipped with a problem line; the rest
of the pull is saved. A game of cribbage is bad if the board's own rules
(firmware/storage/fields.py, through cribrec.refused) refuse it.

A game of cribbage is also taken apart (cribrec.py): its summary in crib_games,
one row per deal and seat in crib_deals and one per seat in crib_seats (who sat
there: a person's name, or the computer's level), keyed as its row in games. A
record that does not hold together stays whole in games only. A database of an
older schema is brought up to date when opened, in one transaction, every row
kept, the cribbage games already pulled taken apart then.

A game played with a real deck on the board (boardrec.py) is kept whole and read
from its record when asked for (its deals are few and small): a record the board's
own rules refuse is not saved, one that does not hold together is said so.
"""

import hashlib
import json
import sqlite3
import time
from collections import namedtuple
from pathlib import Path

from pocketcrib.scores import boardrec, cribrec, gridrec

from pocketcrib import places
from pocketcrib.errors import PocketCribError
from pocketcrib.words import counted

GAME_FIELDS = ("device", "n", "variant", "seed", "score", "won", "target", "rounds", "date", "players", "code")
SCORE_FIELDS = ("device", "variant", "initials", "score", "seed", "date", "code")

_GAMES = """
CREATE TABLE IF NOT EXISTS games (
    device TEXT NOT NULL, n INTEGER NOT NULL,
    variant TEXT, seed INTEGER, score INTEGER, won INTEGER, target INTEGER,
    rounds TEXT, date TEXT, players INTEGER, code TEXT,
    record TEXT NOT NULL, pulled TEXT NOT NULL, digest TEXT NOT NULL,
    UNIQUE (device, n, digest))"""
# Cribbage games taken apart (cribrec.py), keyed as their row in games: the game's
# summary, one row per deal and seat (the crib and heels on the dealer's row), and one row per seat: the
# person's name there (between people), the computer's level at a computer's seat, neither for the board's
# owner alone against the computer.
_CRIB = ("""
CREATE TABLE IF NOT EXISTS crib_games (
    device TEXT NOT NULL, n INTEGER NOT NULL, digest TEXT NOT NULL,
    players INTEGER NOT NULL, target INTEGER NOT NULL, level INTEGER NOT NULL, scores TEXT NOT NULL,
    winner INTEGER NOT NULL, skunk INTEGER NOT NULL, points INTEGER NOT NULL, deals INTEGER NOT NULL,
    UNIQUE (device, n, digest))""", """
CREATE TABLE IF NOT EXISTS crib_deals (
    device TEXT NOT NULL, n INTEGER NOT NULL, digest TEXT NOT NULL, deal INTEGER NOT NULL,
    seat INTEGER NOT NULL, side INTEGER NOT NULL, dealer INTEGER NOT NULL,
    hand INTEGER NOT NULL, play INTEGER NOT NULL, crib INTEGER NOT NULL, heels INTEGER NOT NULL,
    muggins INTEGER NOT NULL)""", """
CREATE TABLE IF NOT EXISTS crib_seats (
    device TEXT NOT NULL, n INTEGER NOT NULL, digest TEXT NOT NULL, seat INTEGER NOT NULL,
    person TEXT, level INTEGER,
    UNIQUE (device, n, digest, seat))""")
# Grid games (gridrec.py), keyed the same way: Poker Patience's scoring table (NULL for Cribbage
# Squares), Foster's rule, each line's points (rows then columns, space-separated), heels, the
# cards put on the advisor's square, the place among the players of the deal.
_GRID = ("""
CREATE TABLE IF NOT EXISTS grid_games (
    device TEXT NOT NULL, n INTEGER NOT NULL, digest TEXT NOT NULL,
    scoring TEXT, foster INTEGER NOT NULL, lines TEXT NOT NULL, heels INTEGER NOT NULL,
    matched INTEGER NOT NULL, place INTEGER NOT NULL,
    UNIQUE (device, n, digest))""",)
_SCHEMA = (_GAMES, """
CREATE TABLE IF NOT EXISTS high_scores (
    device TEXT NOT NULL, variant TEXT, initials TEXT, score INTEGER, seed INTEGER,
    date TEXT, code TEXT, record TEXT NOT NULL, pulled TEXT NOT NULL,
    UNIQUE (device, record))""", """
CREATE TABLE IF NOT EXISTS pulls (
    id INTEGER PRIMARY KEY, device TEXT NOT NULL, at TEXT NOT NULL,
    games_added INTEGER NOT NULL, scores_added INTEGER NOT NULL, problems TEXT NOT NULL)""", *_CRIB, *_GRID)
# Version 1 keyed games by (device, n) alone, so a renumbered board's games were
# dropped: the same rows, in the same order, with their digest added.
_FROM_VERSION_1 = ("ALTER TABLE games RENAME TO games_v1", _GAMES,
                   "INSERT INTO games SELECT *, digest(record) FROM games_v1 ORDER BY rowid", "DROP TABLE games_v1")
_APP_ID = 0x50435242  # "PCRB" in the file's header: a database this tool made
# 1: games keyed by (device, n) alone; 2: cribbage games kept whole only (no crib_ tables);
# 3: grid games kept whole only (no grid_games); 4: who sat at each seat of a game of cribbage not kept
# (no crib_seats)
_VERSION = 5
_TABLES = {"games", "high_scores", "pulls", "crib_games", "crib_deals", "crib_seats", "grid_games"}
_MAX_INT = 2**53  # any count, score, seed or number of ours is far below; SQLite stops at 2**63


class PullReport(namedtuple("PullReport", "device games_seen games_added scores_seen scores_added problems "
                                          "total_games boards renumbered")):
    def summary(self):
        text = (f"Pulled board {self.device}: {counted(self.games_seen, 'game')} ({self.games_added} new), "
                f"{counted(self.scores_seen, 'high score')} ({self.scores_added} new). "
                f"The database holds {counted(self.total_games, 'game')} from {counted(self.boards, 'board')}.")
        if self.renumbered:
            text += (f" {counted(self.renumbered, 'new game')} reuse the numbers of earlier games (a restored or "
                     "wiped board): all are kept.")
        if self.problems:
            text += (f" {counted(len(self.problems), 'problem')} with the board's records, below: the rest was "
                     "saved.")
        return text


def default_path():
    return places.data_dir() / "scores.sqlite3"


class Store:
    def __init__(self, path=None, create=True):
        """create=False (show, export, plot): a database not there yet reads as empty and is not made."""
        self.path = Path(path) if path else default_path()
        try:
            if not create and not self.path.exists():
                self.db = sqlite3.connect(":memory:")
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.db = sqlite3.connect(self.path)
            self._make_ours()
        except (OSError, sqlite3.Error) as e:
            raise PocketCribError(f"cannot open the score database {self.path}: {e}",
                                  "is it a pocketcrib database? --db or POCKETCRIB_DATA pick another") from None

    def _make_ours(self):
        """Make the tables of a new database, bring an older one of ours up to date,
        refuse one that is someone else's (nothing is added to it)."""
        (app,) = self.db.execute("PRAGMA application_id").fetchone()
        tables = {t for (t,) in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app != _APP_ID and tables and not (tables <= _TABLES and "games" in tables):
            raise PocketCribError(f"{self.path} is not a Pocket Crib score database (it holds "
                                  f"{', '.join(sorted(tables)[:3])}); nothing was added to it",
                                  "give another file with --db (or POCKETCRIB_DATA)")
        old = "games" in tables and "digest" not in {c[1] for c in self.db.execute("PRAGMA table_info(games)")}
        (version,) = self.db.execute("PRAGMA user_version").fetchone()
        self.db.create_function("digest", 1, _digest, deterministic=True)
        # One transaction: a cut leaves the database as it was, never half moved.
        try:
            self.db.execute("BEGIN")
            for statement in (_FROM_VERSION_1 if old else ()) + _SCHEMA:
                self.db.execute(statement)
            if version < _VERSION:  # (also a database an older pocketcrib has added games to since)
                self._take_apart()
            self.db.execute(f"PRAGMA application_id = {_APP_ID}")
            self.db.execute(f"PRAGMA user_version = {_VERSION}")
            self.db.commit()
        except BaseException:
            if self.db.in_transaction:
                self.db.rollback()
            raise

    def _take_apart(self):
        """Fill the crib_ and grid_ tables for the games stored whole before they existed, and crib_seats for
        the games of cribbage taken apart before it."""
        seatless = self.db.execute(
            "SELECT g.device, g.n, g.digest, g.record FROM games g JOIN crib_games c "
            "ON (c.device, c.n, c.digest) = (g.device, g.n, g.digest) WHERE NOT EXISTS (SELECT 1 FROM crib_seats s "
            "WHERE (s.device, s.n, s.digest) = (g.device, g.n, g.digest)) ORDER BY g.rowid").fetchall()
        for device, n, digest, text in seatless:
            try:
                self._add_seats((device, n, digest), cribrec.game(json.loads(text)))
            except (ValueError, TypeError, AttributeError, RecursionError):
                continue  # (read back without its seats, it is not taken apart)
        for table, variants in (("crib_games", (cribrec.VARIANT,)), ("grid_games", gridrec.VARIANTS)):
            rows = self.db.execute(
                f"SELECT device, n, digest, variant, record FROM games g WHERE variant IN "
                f"({','.join('?' * len(variants))}) AND NOT EXISTS (SELECT 1 FROM {table} t "
                "WHERE (t.device, t.n, t.digest) = (g.device, g.n, g.digest)) ORDER BY rowid", variants).fetchall()
            for device, n, digest, variant, text in rows:
                try:
                    rec = json.loads(text)
                except (ValueError, TypeError, RecursionError):
                    continue
                self._add_details((device, n, digest), variant, rec)

    def _add_details(self, key, variant, rec):
        """Take a game of cribbage or a grid game apart into its tables; what is wrong with it, or None
        (also for a game of another variant)."""
        if not isinstance(rec, dict):
            return "not an object"
        if variant == cribrec.VARIANT:
            return self._add_cribbage(key, rec)
        if variant in gridrec.VARIANTS:
            return self._add_grid(key, rec)
        if variant == boardrec.VARIANT:
            try:
                boardrec.game(rec)
            except boardrec.BadRecord as e:
                return str(e)
        return None

    def _add_grid(self, key, rec):
        try:
            g = gridrec.game(rec)
        except gridrec.BadRecord as e:
            return str(e)
        self.db.execute("INSERT OR IGNORE INTO grid_games VALUES (?,?,?,?,?,?,?,?,?)",
                        (*key, g.table, int(g.foster), " ".join(map(str, g.lines)), g.heels, g.matched, g.place))
        return None

    def _add_cribbage(self, key, rec):
        """Add a cribbage game's summary and deals to the crib_ tables; what is wrong with it, or None."""
        try:
            g = cribrec.game(rec)
        except cribrec.BadRecord as e:
            return str(e)
        cur = self.db.execute("INSERT OR IGNORE INTO crib_games VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                              (*key, g.players, g.target, g.level, json.dumps(g.scores), g.winner, g.skunk,
                               g.points, len(g.deals)))
        if not cur.rowcount:  # taken apart already
            return None
        self._add_seats(key, g)
        # (No index on crib_deals: a game's deals go in with its crib_games row, once.)
        self.db.executemany("INSERT INTO crib_deals VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", [
            (*key, i, seat, cribrec.side_of(g.players, seat), d.dealer, hand, play,
             d.crib if seat == d.dealer else 0, d.heels if seat == d.dealer else 0, muggins)
            for i, d in enumerate(g.deals, start=1) for seat, (hand, play, muggins) in enumerate(d.seats)])
        return None

    def _add_seats(self, key, g):
        """Who sat at each seat of a cribbage game (cribrec.Game): the person's name, the computer's level."""
        self.db.executemany("INSERT OR IGNORE INTO crib_seats VALUES (?,?,?,?,?,?)", [
            (*key, seat, g.people[seat] if g.people else None, g.levels[seat]) for seat in range(g.players)])

    def _retake(self, key, variant, rec):
        """A grid game pulled before and kept whole (of a generator this pocketcrib did not know
        then, say) is taken apart now if it holds; else it stays whole, as reported then."""
        if variant in gridrec.VARIANTS and not self.db.execute(
                "SELECT 1 FROM grid_games WHERE device=? AND n=? AND digest=?", key).fetchone():
            self._add_details(key, variant, rec)

    def add_pull(self, pulled):
        """Add what a pull found (device.Pulled); a PullReport."""
        now = time.strftime("%Y-%m-%dT%H:%M:%S")
        problems = list(pulled.problems)
        games_added = scores_added = renumbered = 0
        try:
            with self.db:  # one transaction: all of this pull, or none of it
                for rec in pulled.history:
                    row, text = _checked(_game_row, pulled.device, rec)
                    if row is None:
                        problems.append(f"a history record without a valid game number or score was skipped: "
                                        f"{_shown(rec)}")
                        continue
                    if row[2] in (cribrec.VARIANT, boardrec.VARIANT, cribrec.LEFT):  # the board's own rules
                        refused = cribrec.refused(rec)  # first: what they refuse is not kept
                        if refused:
                            problems.append(f"{row[2]} game {row[1]} was not saved: {refused}")
                            continue
                    digest = _digest(text)
                    earlier = self.db.execute("SELECT digest FROM games WHERE device=? AND n=?",
                                              (pulled.device, row[1])).fetchall()
                    if (digest,) in earlier:
                        self._retake(row[:2] + (digest,), row[2], rec)
                        continue
                    self.db.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                                    (*row, text, now, digest))
                    wrong = self._add_details(row[:2] + (digest,), row[2], rec)
                    if wrong:
                        problems.append(f"{row[2]} game {row[1]} was kept whole only, not taken apart: {wrong}")
                    games_added += 1
                    renumbered += bool(earlier)
                for rec in pulled.scores:
                    row, text = _checked(_score_row, pulled.device, rec)
                    if row is None:
                        problems.append(f"a high-score record without a valid score was skipped: {_shown(rec)}")
                        continue
                    cur = self.db.execute("INSERT OR IGNORE INTO high_scores VALUES (?,?,?,?,?,?,?,?,?)",
                                          (*row, text, now))
                    scores_added += cur.rowcount
                self.db.execute("INSERT INTO pulls (device, at, games_added, scores_added, problems) "
                                "VALUES (?,?,?,?,?)",
                                (pulled.device, now, games_added, scores_added, json.dumps(problems)))
        except sqlite3.Error as e:
            raise PocketCribError(f"cannot save to the score database {self.path}: {e}",
                                  "nothing from this pull was saved; earlier pulls are untouched") from None
        total, boards = self.db.execute("SELECT COUNT(*), COUNT(DISTINCT device) FROM games").fetchone()
        return PullReport(pulled.device, len(pulled.history), games_added, len(pulled.scores), scores_added,
                          problems, total, boards, renumbered)

    def games(self, variant=None, device=None):
        """Every game, as dicts with GAME_FIELDS (rounds a list, won a bool), by device then n;
        a cribbage game taken apart also has "cribbage", its cribrec.Game, a grid game "grid", its gridrec.Game,
        a game on the board for a real deck that holds together "board", its boardrec.Game."""
        sql = "SELECT " + ",".join(GAME_FIELDS) + ", digest FROM games"
        where, args = _where(variant=variant, device=device)
        rows = self.db.execute(sql + where + " ORDER BY device, n, rowid", args).fetchall()
        crib = self._cribbage(device) if variant in (None, cribrec.VARIANT) else {}
        grid = self._grids(device) if variant is None or variant in gridrec.VARIANTS else {}
        board = self._boards(device) if variant in (None, boardrec.VARIANT) else {}
        out = []
        for r in rows:
            g = dict(zip(GAME_FIELDS, r[:-1], strict=True))
            g["rounds"] = json.loads(g["rounds"]) if g["rounds"] else []
            g["won"] = None if g["won"] is None else bool(g["won"])
            key = (g["device"], g["n"], r[-1])
            if key in crib and g["variant"] == cribrec.VARIANT:
                g["cribbage"] = crib[key]
            if key in grid and g["variant"] in gridrec.VARIANTS:
                found = _grid(g, grid[key])
                if found is not None:
                    g["grid"] = found
            if key in board and g["variant"] == boardrec.VARIANT:
                g["board"] = board[key]
            out.append(g)
        return out

    def _cribbage(self, device=None):
        """{(device, n, digest): cribrec.Game} from the crib_ tables, each checked as a record is
        (a row changed by hand that no longer holds together, or a game without its seats, leaves its
        game without one)."""
        where, args = _where(device=device)
        deals = {}
        for key, dealer, seats in _deal_rows(self.db.execute(
                "SELECT device, n, digest, deal, seat, dealer, hand, play, crib, heels, muggins FROM crib_deals"
                + where + " ORDER BY device, n, digest, deal, seat", args)):
            deals.setdefault(key, []).append((dealer, seats))
        sat = {}
        for device_, n, digest, seat, person, level in self.db.execute(
                "SELECT device, n, digest, seat, person, level FROM crib_seats" + where
                + " ORDER BY device, n, digest, seat", args):
            sat.setdefault((device_, n, digest), []).append((seat, person, level))
        out = {}
        for device_, n, digest, players, target, level, scores, winner, skunk, _, count in self.db.execute(
                "SELECT * FROM crib_games" + where, args):
            key = (device_, n, digest)
            mine, seats = deals.get(key, []), sat.get(key, [])
            people = [person for _, person, _ in seats]
            try:
                scores = json.loads(scores)
                packed = bytes(x for dealer, seats_ in mine for x in _packed(dealer, seats_)).hex()
                if [seat for seat, _, _ in seats] != list(range(players)):
                    raise ValueError("seats")
                rec = {"players": players, "target": target, "level": level, "scores": scores, "score": scores[0],
                       "won": winner == cribrec.ME, "skunk": skunk, "deals": packed,
                       "people": people if any(p is not None for p in people) else None}
                g = cribrec.game(rec)
                levels = [lv for _, _, lv in seats]
                if list(g.levels) != levels:  # (the record said "levels": every computer not at "level")
                    g = cribrec.game(dict(rec, levels=levels))
            except (ValueError, TypeError, IndexError, KeyError, RecursionError):
                continue
            if len(g.deals) == count and g.winner == winner:
                out[key] = g
        return out

    def _boards(self, device=None):
        """{(device, n, digest): boardrec.Game} of the board's games that hold together."""
        where, args = _where(variant=boardrec.VARIANT, device=device)
        out = {}
        for device_, n, digest, text in self.db.execute("SELECT device, n, digest, record FROM games" + where, args):
            try:
                out[(device_, n, digest)] = boardrec.game(json.loads(text))
            except (ValueError, TypeError, AttributeError, RecursionError):
                continue
        return out

    def _grids(self, device=None):
        """{(device, n, digest): the rest of its grid_games row}."""
        where, args = _where(device=device)
        return {tuple(r[:3]): r[3:] for r in self.db.execute("SELECT * FROM grid_games" + where, args)}

    def high_scores(self, variant=None):
        """Every high-score entry seen, best first within each variant; a grid game's also has "kind"
        (gridrec.kind: which of the five tables it is in), when its record says so."""
        where, args = _where(variant=variant)
        rows = self.db.execute("SELECT " + ",".join(SCORE_FIELDS) + ", record FROM high_scores" + where
                               + " ORDER BY variant, score DESC, date", args).fetchall()
        out = []
        for r in rows:
            h = dict(zip(SCORE_FIELDS, r[:-1], strict=True))
            if h["variant"] in gridrec.VARIANTS:  # each of the five grid games has its own table
                h["kind"] = _grid_kind(h["variant"], r[-1])
            out.append(h)
        return out


def _where(**kw):
    parts = [(f"{k}=?", v) for k, v in kw.items() if v is not None]
    if not parts:
        return "", ()
    return " WHERE " + " AND ".join(p for p, _ in parts), tuple(v for _, v in parts)


def _grid_kind(variant, text):
    try:
        rec = json.loads(text)
        table, foster = rec.get("table"), rec.get("foster")
    except (ValueError, TypeError, AttributeError, RecursionError):
        return None
    if variant == "squares" or (table in gridrec.TABLES and type(foster) is bool):
        return gridrec.kind(gridrec.Game(variant, table, foster, [], 0, 0, 1, 1))
    return None


def _grid(g, row):
    """The gridrec.Game of a game and its grid_games row, checked as a record is; None if it does not hold."""
    table, foster, lines, heels, matched, place = row
    try:
        lines = [int(x) for x in lines.split()] if isinstance(lines, str) else None
        found = gridrec.fields({"variant": g["variant"], "table": table, "foster": {0: False, 1: True}.get(foster),
                             "lines": lines, "score": g["score"], "target": g["target"], "won": g["won"],
                             "matched": matched, "players": g["players"], "place": place}) if lines else None
    except (gridrec.BadRecord, ValueError, TypeError):
        return None
    return found if found is not None and found.heels == heels else None


def _deal_rows(rows):
    """(key, dealer, [(seat, hand, play, crib, heels, muggins)...]) per deal, from crib_deals rows in order."""
    key = dealer = None
    seats = []
    for device, n, digest, deal, seat, d, *points in rows:
        if (device, n, digest, deal) != key:
            if key is not None:
                yield key[:3], dealer, seats
            key, dealer, seats = (device, n, digest, deal), d, []
        seats.append((seat, *points))
    if key is not None:
        yield key[:3], dealer, seats


def _packed(dealer, seats):
    """A deal's bytes as the board packs them (cribrec), from its seats' rows: ValueError if they are not whole."""
    if [s[0] for s in seats] != list(range(len(seats))):
        raise ValueError("seats")
    crib = sum(s[3] for s in seats)
    heels = sum(s[4] for s in seats)
    out = [dealer, crib, heels]
    for _, hand, play, _, _, muggins in seats:
        out += [hand, play, muggins]
    return out


def _int(v):
    return v if type(v) is int and -_MAX_INT <= v <= _MAX_INT else None


def _digest(text):
    """What tells two games with the same number apart: a hash of the record."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _checked(make_row, device, rec):
    """(row, the record as stored text), or (None, None) for a record that cannot be stored."""
    try:
        row = make_row(device, rec) if isinstance(rec, dict) else None
        return (row, json.dumps(rec, sort_keys=True)) if row is not None else (None, None)
    except (ValueError, TypeError, RecursionError):
        return None, None


def _shown(rec):
    try:
        return json.dumps(rec)[:60]
    except (ValueError, TypeError, RecursionError):
        return "(nested too deep to show)"


def _text(v):
    return v if isinstance(v, str) and cribrec.is_utf8(v) else None


def _game_row(device, rec):
    n, score = _int(rec.get("n")), _int(rec.get("score"))
    if n is None or n < 1 or score is None:
        return None
    rounds = rec.get("rounds")
    rounds = json.dumps([r for r in rounds if _int(r) is not None]) if type(rounds) is list else None
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
