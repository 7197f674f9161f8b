"""Issue 4, done-means 1: flash the firmware onto a virtual board, play there, pull, export, plot
(issue 9: a game of cribbage among them, pulled, shown and exported deal by deal; issue 11: grid
games, one of them played by two).

The board is the virtual one (the MicroPython VM behind a pty) and everything
goes through the real mpremote: `pocketcrib flash`, `mpremote run` of a game
played by the firmware's own modules, `pocketcrib scores pull`.
"""

import csv
import importlib.util
import inspect
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from PIL import Image

from players import autoplay
from pocketcrib.board import flash

# (variant, seed, policy): auto-discards, as the demo mode plays.
from pocketcrib import places

pytestmark = pytest.mark.slow

GAMES = [("solitaire", 11, "random"), ("patience", 12, "random"), ("solitaire", 13, "advisor"),
         ("patience2", 14, "random"), ("solitaire", 15, "hand")]

# Then a game of cribbage (seed, players, target, level), every seat making random legal moves.
CRIB = (16, 2, 121, 1)


def _random_move_source():
    """tests/core/test_cribbage.py's random_move (a random legal move for whoever is to act), as text."""
    spec = importlib.util.spec_from_file_location("core_cribbage", Path(__file__).parents[1] / "core" / "test_cribbage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return inspect.getsource(module.random_move)


# A game of cribbage played out, recorded as ui.cribbage.history.record does at game over: the same
# code runs on the board and here (the same seed, the same game on MicroPython and CPython).
CRIB_GAME = """
from rules.cribbage import DISCARD, PLAY, Cribbage
from rules.rng import Rng
from ui.cribbage.history import record


class Table:
    people = None  # every seat but the first the computer's
    levels = None  # every computer seat at the level

    def __init__(self, g, level):
        self.g, self.level = g, level


def crib_record(seed, players, target, level):
    g, rng = Cribbage(seed, players, target), Rng(seed ^ 0x3C3C)
    while not g.over:
        random_move(g, rng)
    return record(Table(g, level), None)
""" + _random_move_source()

# Then grid games (seed, rules.grid_games.GAMES index, players): every card on a random free square,
# recorded as ui.grid.game.record does for each player (the same code here and on the board).
GRIDS = ((17, 1, 1), (18, 4, 2))
GRID_GAME = """
from rules import grid_games as gridgames
from rules import grids
from rules.rng import Rng
from ui.grid.game import GridPlay
from ui.grid.game import record as grid_record


def grid_records(seed, kind, players):
    variant, table, foster = gridgames.GAMES[kind]
    play, rng = GridPlay(None, [grids.new(variant, seed, table, foster) for _ in range(players)]), Rng(seed)
    while not play.over:
        for p, g in enumerate(play.games):
            free = g.squares()
            g.place(free[rng.below(len(free))])
            play.matched[p] += rng.below(2)
    scores = [g.score for g in play.games]
    return [grid_record(play, p, 1 + sum(x > scores[p] for x in scores), None) for p in range(players)]
"""

# Runs on the board: the firmware's saves record each finished game as the
# device does at game over, and enters it as a high score when it is one.
PLAY = CRIB_GAME + GRID_GAME + """
from players import autoplay
from storage.saves import Saves
import board as hw
s = Saves("/data", device_id=hw.unique_id())
for variant, seed, policy in GAMES:
    g = autoplay.play(variant, seed, policy)
    rec = {"variant": g.variant, "seed": g.seed, "score": g.score, "won": g.won, "target": g.target,
           "rounds": g.round_points(), "date": None, "players": 1, "code": None}
    s.add_game(rec)
    if s.is_high_score(g.variant, g.score):
        s.add_high_score(g.variant, "TST", g.score, g.seed, None, None)
if CRIB:
    s.add_game(crib_record(*CRIB))
for grid in GRIDS:
    for rec in grid_records(*grid):
        s.add_game(rec)
print(repr(s.device))
"""


def expected_games(uid):
    """The same games played on CPython by the same firmware code: what the exports must show."""
    out = []
    for n, (variant, seed, policy) in enumerate(GAMES, start=1):
        g = autoplay.play(variant, seed, policy)
        out.append({"device": uid, "n": n, "variant": variant, "seed": seed, "score": g.score, "won": g.won,
                    "target": g.target, "rounds": list(g.round_points()), "date": None, "players": 1,
                    "code": None})
    return out


def expected_grids():
    """The grid games played on CPython: their records, in the order the board recorded them."""
    space = {}
    exec(GRID_GAME, space)
    return [rec for grid in GRIDS for rec in space["grid_records"](*grid)]


def expected_cribbage():
    """The cribbage game played on CPython: its record, and its deals read straight from the hex."""
    space = {}
    exec(CRIB_GAME, space)
    rec = space["crib_record"](*CRIB)
    raw, players = bytes.fromhex(rec["deals"]), rec["players"]
    width = 3 + 3 * players
    deals = [{"dealer": raw[i], "crib": raw[i + 1], "heels": raw[i + 2],
              "hand": list(raw[i + 3:i + width:3]), "play": list(raw[i + 4:i + width:3]),
              "muggins": list(raw[i + 5:i + width:3])} for i in range(0, len(raw), width)]
    return rec, deals


def mpremote(port, *args):
    exe = [sys.executable, "-m", "mpremote", "connect", port, *args]
    return subprocess.run(exe, capture_output=True, text=True, timeout=300)


def test_flash_play_pull_export_plot(make_board, cli, home, tmp_path):
    vb = make_board(uid="e6614c311b7e5c2f")

    first = cli("flash", "--port", vb.port)
    assert first.returncode == 0, first.stderr
    built = flash.build(places.firmware_dir(), 774)
    assert f"{len(built)} of {len(built)} files copied" in first.stdout
    for target, data in built.items():  # the board's flash holds exactly the build
        assert (vb.flash / target.lstrip("/")).read_bytes() == data, target
    assert not list(vb.flash.rglob("*.py.new"))
    stamp = json.loads((vb.flash / "pocketcrib.json").read_text())
    assert stamp["tree"] == flash.tree_hash(places.firmware_dir())

    script = tmp_path / "play.py"
    script.write_text(f"GAMES = {GAMES!r}\nCRIB = {CRIB!r}\nGRIDS = {GRIDS!r}\n{PLAY}")
    played = mpremote(vb.port, "run", str(script))
    assert played.returncode == 0, played.stdout[-1500:] + played.stderr
    assert "'n': 9" in played.stdout

    pulled = cli("scores", "pull", "--port", vb.port)
    assert pulled.returncode == 0, pulled.stderr
    assert "9 games (9 new)" in pulled.stdout
    again = cli("scores", "pull", "--port", vb.port)
    assert again.returncode == 0 and "9 games (0 new)" in again.stdout, again.stdout

    want = expected_games("e6614c311b7e5c2f")
    got_json = json.loads(cli("scores", "export", "--format", "json").stdout)
    assert got_json[:5] == want
    # The cribbage game, deal by deal, as played here from the same seed.
    rec, deals = expected_cribbage()
    crib = got_json[5]
    assert (crib["n"], crib["variant"], crib["seed"], crib["score"], crib["won"]) == (
        6, "cribbage", rec["seed"], rec["score"], rec["won"])
    assert crib["cribbage"]["scores"] == rec["scores"] and crib["cribbage"]["deals"] == deals
    crib_shown = cli("scores", "show", "--variant", "cribbage")
    assert crib_shown.returncode == 0 and "  Normal to 121 " in crib_shown.stdout, crib_shown.stdout
    assert "-".join(map(str, rec["scores"])) in crib_shown.stdout and "solitaire" not in crib_shown.stdout
    deal_rows = list(csv.DictReader(io.StringIO(cli("scores", "export", "--deals").stdout)))
    assert len(deal_rows) == 2 * len(deals) and {r["n"] for r in deal_rows} == {"6"}
    # The grid games, with their tables, lines and places, as played here from the same seeds.
    grid_recs = expected_grids()
    assert [{k: g[k] for k in ("n", "variant", "seed", "score", "won", "target", "players")} | g["grid"]
            for g in got_json[6:]] == [
        {k: r[k] for k in ("seed", "score", "won", "target", "players", "table", "foster", "lines", "matched",
                           "place", "variant")} | {"n": n, "heels": r["score"] - sum(r["lines"])}
        for n, r in enumerate(grid_recs, start=7)]
    grid_shown = cli("scores", "show", "--variant", "squares")
    assert grid_shown.returncode == 0 and "Cribbage Squares, place " in grid_shown.stdout, grid_shown.stdout

    out_csv = tmp_path / "games.csv"
    assert cli("scores", "export", "-f", "csv", "-o", out_csv).returncode == 0
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text())))[:5]
    assert [(r["n"], r["variant"], r["seed"], r["score"], r["won"], r["rounds"]) for r in rows] == [
        (str(g["n"]), g["variant"], str(g["seed"]), str(g["score"]), "true" if g["won"] else "false",
         " ".join(map(str, g["rounds"]))) for g in want]

    png = tmp_path / "scores.png"
    plotted = cli("scores", "plot", "-o", png)
    assert plotted.returncode == 0, plotted.stderr
    with Image.open(png) as img:
        assert img.format == "PNG" and img.size[0] > 600
        described = img.info["Description"]
        assert len(img.convert("RGB").getcolors(1 << 16)) > 10  # a drawing, not a blank page
    for variant in ("solitaire", "patience", "patience2"):
        scores = [g["score"] for g in want if g["variant"] == variant]
        mean = sum(scores) / len(scores)
        games = f"{len(scores)} game" + ("s" if len(scores) != 1 else "")
        assert f"{variant}: {games}, best {max(scores)}, mean {mean:.2f}" in described
    assert "race of game 6 of board e6614c311b7e5c2f: " + "-".join(map(str, rec["scores"])) in described
    squares = [r["lines"] for r in grid_recs if r["variant"] == "squares"]
    assert "squares a line: " + " ".join(f"{sum(x) / len(x):.2f}" for x in zip(*squares)) in described

    shown = cli("scores", "show")
    assert shown.returncode == 0 and "solitaire" in shown.stdout and "TST" in shown.stdout

    # Nothing changed: the second flash sends nothing and keeps the saves.
    history = (vb.flash / "data" / "history.pcr").read_bytes()
    second = flash.flash(vb.port, progress=False, out=lambda s: None)
    assert (second.copied, second.bytes_sent, second.removed) == (0, 0, 0)
    assert (vb.flash / "data" / "history.pcr").read_bytes() == history


def test_flash_sends_only_changes_and_removes_shadowing_py(make_board, cli, tmp_path, monkeypatch):
    import shutil

    # A private copy of the firmware, so one module can change.
    fw = tmp_path / "checkout" / "firmware"
    shutil.copytree(places.firmware_dir(), fw, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(places.firmware_dir().parent / "hardware", fw.parent / "hardware")
    monkeypatch.setenv("POCKETCRIB_FIRMWARE", str(fw))
    vb = make_board()
    assert cli("flash", "--port", vb.port).returncode == 0
    # A stale source next to its compiled module would win on import: flash must remove it.
    shutil.copyfile(fw / "rules" / "cards.py", vb.flash / "rules" / "cards.py")
    vb.stop()
    vb.start()  # the board now holds rules/cards.py: reboot so the VM sees it
    with open(fw / "rules" / "rng.py", "a") as f:
        f.write("\n_CHANGED = 1\n")  # a comment alone would compile to the same .mpy
    res = flash.flash(vb.port, progress=False, out=lambda s: None)
    assert res.copied == 1 and res.removed == 1
    assert res.bytes_sent == len(flash.build(fw, 774)["/rules/rng.mpy"])  # the file alone: not the stamp
    assert not (vb.flash / "rules" / "cards.py").exists()


def test_two_boards_stay_apart(make_board, cli, tmp_path):
    """Both boards number their games from 1; pulled into one database they stay two histories."""
    uids = ("aaaa000000000001", "bbbb000000000002")
    script = tmp_path / "play.py"
    script.write_text(f"GAMES = {GAMES[:2]!r}\nCRIB = None\nGRIDS = ()\n{PLAY}")
    for i, uid in enumerate(uids):
        vb = make_board(f"board{i}", uid=uid)
        assert cli("flash", "--port", vb.port, "-q").returncode == 0
        assert mpremote(vb.port, "run", str(script)).returncode == 0
        pulled = cli("scores", "pull", "--port", vb.port)
        assert pulled.returncode == 0 and "2 games (2 new)" in pulled.stdout, pulled.stdout
    games = json.loads(cli("scores", "export", "--format", "json").stdout)
    assert sorted((g["device"], g["n"]) for g in games) == [(u, n) for u in uids for n in (1, 2)]
    for uid in uids:
        assert [g for g in games if g["device"] == uid] == expected_games(uid)[:2]
