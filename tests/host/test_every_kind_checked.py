"""Issue 37 item 10: a pull puts every record through the board's own rules (firmware/storage/fields.py),
whatever its kind: solitaire, grid, raced, cribbage and board history records and high scores alike. Before,
only cribbage and board records were checked: a solitaire record with an unknown key, gen 9, seed 2**64, an
out-of-range score, code or date was stored as it was, a cribbage record whose variant was null skipped the
check, and a lone surrogate in a date or code became NULL without a line.

Real records of each kind with fields made odd are written into the board's files by the firmware's own
storage/records.py, read back by the host (pcr.parse) and pulled: every record the board's rules refuse,
or holding a str no UTF-8 can write, is not saved and is one line naming the field; the good ones are kept
and read back as they were."""

import json
import tempfile
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers import boardgames, cribgames, gridgames, oddrecords
from storage import fields, records
from pocketcrib.board import device
from pocketcrib.scores import boardrec, cribrec, gridrec, pcr, store

PROFILE = oddrecords.profile("kinds")
_SOLO = {"variant": "solitaire", "seed": 5, "score": 80, "won": False, "target": 91, "rounds": [40, 40],
         "date": "2026-01-02", "players": 1, "code": "ABCDEFGHJ", "gen": 2}
HISTORY = [
    _SOLO,
    dict(_SOLO, variant="patience2", score=101, won=True, target=101, rounds=[30, 31, 40], code=None),
    dict(_SOLO, players=2, people=["ANN", "BOB"], link="d0000001", scores=[80, 52]),  # raced on the cable
    gridgames.record(40, 0, "poker", "english", True),
    dict(gridgames.record(41, 0, "squares", "american", False, players=2, place=1),
         people=["ANN", "BOB"], link="d0000001"),
    cribgames.record(31, 0, players=3, target=61),
    boardgames.record(7, 0, players=4),
]
HISTORY[4]["scores"] = [HISTORY[4]["score"], 3]
SCORES = [
    {"variant": "solitaire", "initials": "ANN", "score": 120, "seed": 7, "date": None, "code": None, "gen": 2},
    {"variant": "patience", "initials": "BO", "score": 40, "seed": 8, "date": "2026-02-03"},  # generator 1
    {"variant": "poker", "table": "english", "foster": True, "initials": "CY", "score": 55, "seed": 9,
     "date": "2026-03-04", "code": "X", "gen": 2},
]
TAKEN_APART = {"cribbage": cribrec, "poker": gridrec, "squares": gridrec, "board": boardrec}
LONE = "\ud800"  # json reads it ("\\ud800"); no UTF-8, nor SQLite's text, can hold it
ODD = (st.none() | st.booleans() | st.integers(-2, 130) | st.sampled_from((9, 2**32, 2**64, 10000, 2**53))
       | st.sampled_from(("", "2026-01-02", "x" * 17, "2026-01-02T10", LONE, "a" + LONE, "cribbage", "poker",
                          "ANNE", "AN", "d0000001"))
       | st.lists(st.integers(-1, 130) | st.sampled_from(("ANN", LONE, None)), max_size=9))


@st.composite
def odd(draw, real):
    """A real record with none to three of its fields (or a stranger) made odd."""
    rec = dict(draw(st.sampled_from(real)))
    for _ in range(draw(st.integers(0, 3))):
        keys = sorted(k for k in rec if k != "n") + ["extra"]
        rec[draw(st.sampled_from(keys))] = draw(ODD)
    return rec


def writable(rec):
    try:
        json.dumps(rec, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return False
    return True


def named(rec):
    """A line names the record by its variant when that is a plain word: "solitaire game 3 ..."."""
    v = rec.get("variant")
    return v + " " if isinstance(v, str) and v.isascii() and v.isalnum() and len(v) <= 12 else ""


def storable(rec):
    """A record the store can number and score at all (else: skipped, a line of its own)."""
    return all(type(rec.get(k)) is int and abs(rec[k]) <= 2**53 for k in ("n", "score")) and rec["n"] >= 1


def through_the_files(history, scores):
    """The records as the board's files hold them (the firmware writes them) and the host reads them."""
    with tempfile.TemporaryDirectory() as tmp:
        got = []
        for kind, recs in (("history", history), ("scores", scores)):
            path = str(Path(tmp) / f"{kind}.pcr")
            records.write(path, kind, recs)
            read, problems = pcr.parse(Path(path).read_bytes(), kind)
            assert problems == [] and read == recs
            got.append(read)
        return got


@settings(PROFILE)
@given(st.lists(odd(HISTORY), min_size=1, max_size=5), st.lists(odd(SCORES), max_size=4))
@example([dict(_SOLO, extra=1), dict(_SOLO, gen=9), dict(_SOLO, seed=2**64), dict(_SOLO, score=10000),
          dict(_SOLO, code="x" * 17), dict(_SOLO, date="2026-01-02T10")], [])
@example([dict(HISTORY[5], variant=None), dict(HISTORY[5], variant=5), dict(_SOLO, date=LONE),
          dict(_SOLO, code=LONE)], [dict(SCORES[0], code=LONE), dict(SCORES[0], extra=1), dict(SCORES[0], gen=9)])
def test_every_kind_goes_through_the_boards_rules(history, scores):
    history = [dict(r, n=i) for i, r in enumerate(history, start=1)]
    history, scores = through_the_files(history, scores)
    with tempfile.TemporaryDirectory() as tmp:
        db = store.Store(Path(tmp) / "s.sqlite3")
        report = db.add_pull(device.Pulled("b0a4", scores, history, []))
        lines = []  # what each problem line begins with, in the order of the records
        kept = []
        for rec in history:
            if not storable(rec):
                line = "a history record without a valid game number or score was skipped: "
            else:
                why = fields.game_record(rec)
                if why is None and writable(rec):
                    kept.append(rec)
                    apart = TAKEN_APART.get(rec["variant"])  # kept; taken apart if it holds, else a line says so
                    if apart and oddrecords.verdict(apart, rec) is None:
                        lines.append(f"{rec['variant']} game {rec['n']} was kept whole only, not taken apart: ")
                    continue
                line = (f"{named(rec)}game {rec['n']} was not saved: "
                        + (f"the board's rules refuse its {why!r}: " if why else "its "))
            lines.append(line)
        best = []
        for rec in scores:
            if not (type(rec.get("score")) is int and abs(rec["score"]) <= 2**53):
                line = "a high-score record without a valid score was skipped: "
            else:
                why = fields.score_record(rec)
                if why is None and writable(rec):
                    best.append(rec)
                    continue
                line = (f"{named(rec)}high score {rec['score']} was not "
                        "saved: " + (f"the board's rules refuse its {why!r}: " if why else "its "))
            lines.append(line)
        # One line a record not kept, or kept whole only, and no other.
        assert len(report.problems) == len(lines), (lines, report.problems)
        for want, p in zip(lines, report.problems, strict=True):
            assert p.startswith(want) and "\n" not in p and "\r" not in p, (want, p)
        got = db.games()
        assert report.games_added == len(got) == len(kept)
        for rec, g in zip(kept, got, strict=True):
            assert (g["n"], g["variant"], g["seed"], g["score"], g["date"], g["code"]) == (
                rec["n"], rec["variant"], rec.get("seed"), rec["score"], rec.get("date"), rec.get("code"))
        seen = {json.dumps(r, sort_keys=True): r for r in best}.values()  # (an entry seen twice is kept once)
        assert report.scores_added == len(db.high_scores()) == len(seen)
        assert sorted(json.dumps([h["variant"], h["initials"], h["score"], h["seed"], h["date"], h["code"]])
                      for h in db.high_scores()) == sorted(
            json.dumps([r["variant"], r["initials"], r["score"], r["seed"], r.get("date"), r.get("code")]) for r in seen)


def test_the_real_records_are_all_kept():
    for rec in HISTORY:
        assert fields.game_record(dict(rec, n=1)) is None and pcr.refused(dict(rec, n=1)) is None, rec
    for rec in SCORES:
        assert fields.score_record(rec) is None and pcr.refused(rec, "scores") is None, rec
