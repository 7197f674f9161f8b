"""Issue 11, done-means 4 (the host): grid games (Poker Patience by either table, with Foster's rule
or not, and Cribbage Squares) pulled, shown, exported and plotted with the table used; odd grid
records never break a pull and are taken apart only when they hold, as the board's rules say.

Records are played by the firmware's own engine (rules.grids, see gridgames.py); the checks count
from the records' own fields."""

import csv
import io
import json
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from PIL import Image

from helpers import gridgames
from helpers import oddrecords
from storage import fields
from rules import grids
from rules import rng
from pocketcrib.board import device
from pocketcrib.scores import export, gridrec, store

BOARD = "e6614c311b7e5c2f"
KINDS = [("poker", "american", False), ("poker", "english", False), ("poker", "american", True),
         ("poker", "english", True), ("squares", None, False)]


@pytest.fixture(scope="module")
def games():
    """Two games of each of the five, the second of Cribbage Squares played by two (second place)."""
    out = []
    for i, (variant, table, foster) in enumerate(KINDS * 2):
        two = variant == "squares" and i >= len(KINDS)
        out.append(gridgames.record(40 + i, i + 1, variant, table or "american", foster, players=2 if two else 1,
                                    place=2 if two else 1))
    return out


def pull(path, history, scores=()):
    return store.Store(path).add_pull(device.Pulled(BOARD, list(scores), list(history), []))


def test_every_grid_game_is_read_back_as_recorded(tmp_path, games):
    report = pull(tmp_path / "s.sqlite3", games)
    assert (report.games_added, report.problems) == (len(games), [])
    got = store.Store(tmp_path / "s.sqlite3").games()
    for rec, g in zip(games, got, strict=True):
        x = g["grid"]
        assert (x.variant, x.table, x.foster, x.lines, x.matched, x.players, x.place) == (
            rec["variant"], rec["table"], rec["foster"], rec["lines"], rec["matched"], rec["players"], rec["place"])
        assert x.heels == rec["score"] - sum(rec["lines"]) and g["target"] == rec["target"]


def test_show_export_and_plot_through_the_cli(cli, failure, tmp_path, games):
    path = tmp_path / "s.sqlite3"
    high = {"variant": "poker", "initials": "ENG", "score": 30, "seed": 1, "date": None, "code": None,
            "table": "english", "foster": False, "gen": 2}
    pull(path, games, [high])
    shown = cli("scores", "show", "--db", path)
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert "  poker-english  1. ENG   30" in out  # a high score under its own table
    for variant, table, foster in KINDS:
        mine = [r for r in games if (r["variant"], r["table"], r["foster"]) == (variant, table, foster)]
        name = ("Cribbage Squares" if variant == "squares" else
                f"Poker Patience, {table.capitalize()}" + (", Foster's rule" if foster else ""))
        row = next(ln for ln in out.splitlines() if ln.startswith(f"  {name} "))
        scores = [r["score"] for r in mine]
        assert row.split()[-5:-1] == [str(len(mine)), str(sum(r["won"] for r in mine)), str(max(scores)),
                                      f"{sum(scores) / len(scores):.1f}"]
        side = 4 if variant == "squares" else 5
        means = [sum(r["lines"][i] for r in mine) / len(mine) for i in range(2 * side)]
        follows = out.splitlines()[out.splitlines().index(row) + 1]
        assert follows == ("    a line: rows " + " ".join(f"{m:.1f}" for m in means[:side]) + "; columns "
                           + " ".join(f"{m:.1f}" for m in means[side:]))
    assert "Cribbage Squares, place 2 of 2" in out

    as_json = json.loads(cli("scores", "export", "-f", "json", "--db", path).stdout)
    for rec, g in zip(games, as_json, strict=True):
        assert g["grid"] == {k: rec[k] for k in ("table", "foster", "lines", "matched", "place")} | {
            "heels": rec["score"] - sum(rec["lines"])}
        assert (g["variant"], g["score"], g["target"], g["won"]) == (
            rec["variant"], rec["score"], rec["target"], rec["won"])
    rows = list(csv.DictReader(io.StringIO(cli("scores", "export", "--variant", "squares", "--db", path).stdout)))
    squares = [r for r in games if r["variant"] == "squares"]
    assert [(r["variant"], r["table"], r["foster"], r["lines"], r["place"]) for r in rows] == [
        ("squares", "", "false", " ".join(map(str, r["lines"])), str(r["place"])) for r in squares]

    png = tmp_path / "p.png"
    plotted = cli("scores", "plot", "-o", png, "--db", path)
    assert plotted.returncode == 0, plotted.stderr
    with Image.open(png) as img:
        described = img.info["Description"]
    english = [r for r in games if r["table"] == "english" and not r["foster"]]
    assert "poker-english: 2 games, best {}".format(max(r["score"] for r in english)) in described
    means = [sum(r["lines"][i] for r in english) / len(english) for i in range(10)]
    assert "poker-english a line: " + " ".join(f"{m:.2f}" for m in means) in described


def test_a_grid_record_the_boards_rules_refuse_is_not_saved(tmp_path, games):
    """As a game of cribbage (issue 37 item 10: before, these were kept whole)."""
    rec = games[0]
    odd = [dict(rec, n=21, lines=rec["lines"][:-1]), dict(rec, n=22, score=rec["score"] + 1),
           dict(rec, n=23, table="french"), dict(rec, n=24, place=3), dict(games[4], n=25, foster=True)]
    report = pull(tmp_path / "s.sqlite3", [*odd, dict(rec, n=26)])
    assert report.games_added == 1
    refused = "{} game {} was not saved: the board's rules refuse its {!r}: {}"
    assert report.problems == [refused.format("poker", 21, "lines", json.dumps(rec["lines"][:-1])),
                               refused.format("poker", 22, "score", rec["score"] + 1),
                               refused.format("poker", 23, "table", '"french"'),
                               refused.format("poker", 24, "place", 3),
                               refused.format("squares", 25, "foster", "true")]
    got = store.Store(tmp_path / "s.sqlite3").games()
    assert [g["n"] for g in got if "grid" in g] == [26] and "Latest games" in export.table(got)


# Records whose fields all pass the board's rules but that are not the game they say: only the
# host's replay of the deal (rules.grids) can tell.

def plays(rec):
    """The firmware engine's (lines, heels) for the record's deal on its squares, None if they are
    not a legal game: the oracle a test asks whether a change made another game."""
    g = grids.new(rec["variant"], rec["seed"], rec["table"] or "american", rec["foster"])
    try:
        for square in bytes.fromhex(rec["moves"]):
            g.place(square)
    except ValueError:
        return None
    return [p for _, p in g.lines()], g.heels()


def squares_of(rec):
    return [rec["moves"][i:i + 2] for i in range(0, len(rec["moves"]), 2)]


def with_squares(rec, squares):
    return dict(rec, moves="".join(squares))


def swapped(rec, a, b):
    s = squares_of(rec)
    s[a], s[b] = s[b], s[a]
    return with_squares(rec, s)


def rescored(rec, score):
    return dict(rec, score=score, won=score >= rec["target"])


def first_swap_that_scores_otherwise(rec):
    """Two cards' squares swapped, the first pair (in the order placed) whose swap changes the lines."""
    n = len(squares_of(rec))
    return next(swapped(rec, a, b) for a in range(n) for b in range(a + 1, n)
                if plays(swapped(rec, a, b)) not in (None, plays(rec)))


def not_touching(rec):
    """A Foster record whose second card goes two squares right of the first (inside 5x5, touching nothing)."""
    s = squares_of(rec)
    far = f"{grids._FOSTER_MIDDLE + 2:02x}"
    if far in s:
        s[s.index(far)] = s[1]
    s[1] = far
    return with_squares(rec, s)


def forged(rec):
    """The record with one line's points raised by one and the score with it."""
    lines = list(rec["lines"])
    lines[3] += 1
    return rescored(dict(rec, lines=lines), rec["score"] + 1)


def refused(rec):
    """The field the host names when it refuses the record (the first word of its BadRecord)."""
    try:
        gridrec.game(rec)
    except gridrec.BadRecord as e:
        return str(e).split()[0]
    return None


def test_real_records_of_every_generator_replay():
    for rec in REAL:
        assert plays(rec) == (rec["lines"], rec["score"] - sum(rec["lines"])) and refused(rec) is None
        # A generator-1 record (no "gen") of the seed generator 2 turns into the same deal.
        old = {k: v for k, v in rec.items() if k != "gen"} | {"seed": rng.mix(rec["seed"])}
        assert fields.game_record(old) is None and refused(old) is None
        assert refused(dict(old, gen=2)) == "lines"


def test_a_record_that_is_not_its_game_is_refused():
    poker, english, foster, squares = REAL[0], REAL[1], REAL[3], REAL[4]
    assert squares["score"] == sum(squares["lines"]) and squares["score"] + 2 < 61  # no heels, not won
    cases = [
        (forged(poker), "lines"), (forged(squares), "lines"),
        (first_swap_that_scores_otherwise(english), "lines"), (first_swap_that_scores_otherwise(squares), "lines"),
        (not_touching(foster), "moves"), (swapped(foster, 0, 5), "moves"),  # the first card off the middle
        (dict(poker, seed=poker["seed"] + 1), "lines"), (dict(squares, seed=squares["seed"] ^ 1 << 31), "lines"),
        (rescored(squares, squares["score"] + 2), "score"),  # two for heels, the starter no jack
    ]
    for rec, field in cases:
        assert fields.game_record(rec) is None  # the board's rules let it through
        assert refused(rec) == field, (rec, field)
    # What the board refuses too, the host refuses on its own.
    repeated = with_squares(poker, squares_of(poker)[:1] * 2 + squares_of(poker)[2:])
    assert (fields.game_record(repeated), refused(repeated)) == ("moves", "moves")
    assert refused(dict(poker, moves=poker["moves"].upper())) == "moves"
    assert (fields.game_record(dict(poker, gen=3)), refused(dict(poker, gen=3))) == ("gen", "gen")


def test_a_pull_reports_each_record_it_cannot_replay_and_keeps_the_rest(tmp_path, games):
    path = tmp_path / "s.sqlite3"
    assert pull(path, games).problems == []
    poker, foster = REAL[0], REAL[3]
    bad = [dict(forged(poker), n=31), dict(not_touching(foster), n=32), dict(poker, n=33, gen=3),
           dict(poker, n=34, seed=poker["seed"] + 1)]
    report = pull(path, [*bad, dict(poker, n=35)])
    assert (report.games_added, report.total_games) == (4, len(games) + 4)
    problems = [p.split(": ", 1) for p in report.problems]
    # A generator newer than the board's rules know is theirs to refuse: not saved (issue 37 item 10).
    assert [(p[0], p[1].split()[0]) for p in problems] == [
        (f"{r['variant']} game {r['n']} was {'not saved' if f == 'the' else 'kept whole only, not taken apart'}",
         f) for r, f in zip(bad, ("lines", "moves", "the", "lines"), strict=True)]
    assert "update pocketcrib" in problems[2][1] and report.summary().endswith("below: the rest was saved.")
    got = store.Store(path).games()
    assert [g["n"] for g in got if "grid" in g] == [r["n"] for r in games] + [35]
    assert [g["n"] for g in got if "grid" not in g] == [31, 32, 34]
    # Pulled again, nothing is new and nothing is reported twice; a good game kept whole (say by a
    # pocketcrib that did not know its generator) is taken apart then.
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM grid_games WHERE n = 35")
    assert 35 not in [g["n"] for g in store.Store(path).games() if "grid" in g]
    again = pull(path, [*bad, dict(poker, n=35)])
    assert (again.games_added, again.problems) == (0, report.problems[2:3])  # (the one not saved: again)
    assert [g["n"] for g in store.Store(path).games() if "grid" in g] == [r["n"] for r in games] + [35]


# Odd records: real ones with a field made strange.

PROFILE = oddrecords.profile("grid")
REAL = [gridgames.record(60 + i, 1, v, t or "american", f) for i, (v, t, f) in enumerate(KINDS)]
CHECKED = {"variant", "table", "foster", "lines", "score", "target", "won", "matched", "players", "place",
           "seed", "gen", "moves"}
odd = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=8),
                   lambda inner: st.lists(inner, max_size=11), max_leaves=12)


@st.composite
def odd_record(draw):
    rec = dict(draw(st.sampled_from(REAL)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(CHECKED | {"n"})))
        rec[key] = draw(odd | st.integers(-2, 210) | st.sampled_from(["poker", "squares", "english", "american"])
                        | st.lists(st.integers(-1, 101), min_size=7, max_size=11))
    return rec


def verdict(rec):
    return oddrecords.verdict(gridrec, rec)


def test_real_records_pass_both_checks():
    for rec in REAL:
        assert fields.game_record(rec) is None and verdict(rec) is not None


def test_the_host_refuses_each_field_it_checks_when_the_board_does():
    for field in sorted(CHECKED):
        refused = [r for r in (dict(rec, **{field: None}) for rec in REAL) if fields.game_record(r) == field]
        assert refused, field  # a None there is refused by the board in one real record at least
        for rec in refused:
            assert verdict(rec) is None, (field, rec)


@settings(PROFILE)
@given(odd_record().filter(lambda rec: fields.game_record(rec) in CHECKED))
def test_the_host_refuses_what_the_board_refuses(rec):
    # Only records the board refuses for a field the host checks too (about two in three drawn).
    assert verdict(rec) is None, fields.game_record(rec)


@st.composite
def replaced_deal(draw):
    """A real record with another seed, or its squares in another order (or both)."""
    rec = dict(draw(st.sampled_from(REAL)))
    what = draw(st.sampled_from(["seed", "squares", "both"]))
    if what != "squares":
        rec["seed"] = draw(st.integers(0, 0xFFFFFFFF).filter(lambda s: s != rec["seed"]))
    if what != "seed":
        rec = with_squares(rec, draw(st.permutations(squares_of(rec))))
    return rec


@settings(PROFILE)
@given(replaced_deal())
def test_another_deal_or_order_is_refused_unless_it_is_the_same_game(rec):
    assume(plays(rec) != (rec["lines"], rec["score"] - sum(rec["lines"])))  # (a swap within a line may not be)
    assert fields.game_record(rec) is None and refused(rec) in ("lines", "moves", "score")


@settings(PROFILE)
@given(st.lists(odd_record(), min_size=1, max_size=4))
def test_odd_grid_records_never_break_a_pull(records):
    with tempfile.TemporaryDirectory() as tmp:
        history = [dict(r, n=i) for i, r in enumerate(records, start=1)]
        report = pull(Path(tmp) / "s.sqlite3", history)
        got = store.Store(Path(tmp) / "s.sqlite3").games()
        kept = [r for r in history if type(r.get("score")) is int and abs(r["score"]) <= 2**53
                and fields.game_record(r) is None]  # (the board's rules refuse the rest: not saved)
        assert report.games_added == len(got) == len(kept)
        for rec, g in zip(kept, got, strict=True):
            assert g.get("grid") == (verdict(rec) if rec.get("variant") in gridrec.VARIANTS else None)
        json.loads(export.to_json(got))
        export.to_csv(got)
        export.table(got)
        for grids in export.grid_kinds(got).values():
            assert len(gridrec.per_line(grids)) == len(grids[0].lines)


def test_raced_games_on_the_cable_are_pulled_and_read(tmp_path):
    """Issue 28: a grid game and a solitaire raced on the cable carry the other device's name, id
    and score; the pull keeps them, takes the grid game apart as any, and the device's rules pass them."""
    grid = gridgames.record(70, 1, "poker", "american", True, players=2, place=1)
    grid.update(people=["ANN", "BOB"], link="d0000001", scores=[grid["score"], 3])
    solo = {"n": 2, "variant": "solitaire", "seed": 9, "score": 40, "won": False, "target": 91,
            "rounds": [8, 8, 8, 8, 8], "date": None, "players": 2, "code": None,
            "people": ["ANN", "BOB"], "link": "d0000001", "scores": [40, 52]}
    assert fields.game_record(grid) is None and fields.game_record(solo) is None
    report = pull(tmp_path / "s.sqlite3", [grid, solo])
    assert (report.games_added, report.problems) == (2, [])
    got = store.Store(tmp_path / "s.sqlite3").games()
    assert got[0]["grid"].place == 1 and got[0]["players"] == 2
    assert (got[1]["variant"], got[1]["score"], got[1]["players"]) == ("solitaire", 40, 2)
