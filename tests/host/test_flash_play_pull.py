"""Issue 4, done-means 1: flash the firmware onto a virtual board, play there, pull, export, plot.

The board is the virtual one (the MicroPython VM behind a pty) and everything
goes through the real mpremote: `pocketcrib flash`, `mpremote run` of a game
played by the firmware's own modules, `pocketcrib scores pull`.
"""

import csv
import io
import json
import subprocess
import sys

from PIL import Image

from crib import autoplay
from pocketcrib import flash, places

# (variant, seed, policy): auto-discards, as the demo mode plays.
GAMES = [("solitaire", 11, "random"), ("patience", 12, "random"), ("solitaire", 13, "advisor"),
         ("patience2", 14, "random"), ("solitaire", 15, "hand")]

# Runs on the board: the firmware's saves record each finished game as the
# device does at game over, and enters it as a high score when it is one.
PLAY = """
from crib import autoplay
from saves import Saves
import board as hw
s = Saves("/data", device_id=hw.unique_id())
for variant, seed, policy in GAMES:
    g = autoplay.play(variant, seed, policy)
    rec = {"variant": g.variant, "seed": g.seed, "score": g.score, "won": g.won, "target": g.target,
           "rounds": g.round_points(), "date": None, "players": 1, "code": None}
    s.add_game(rec)
    if s.is_high_score(g.variant, g.score):
        s.add_high_score(g.variant, "TST", g.score, g.seed, None, None)
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
    script.write_text(f"GAMES = {GAMES!r}\n{PLAY}")
    played = mpremote(vb.port, "run", str(script))
    assert played.returncode == 0, played.stderr
    assert "'n': 5" in played.stdout

    pulled = cli("scores", "pull", "--port", vb.port)
    assert pulled.returncode == 0, pulled.stderr
    assert "5 games (5 new)" in pulled.stdout
    again = cli("scores", "pull", "--port", vb.port)
    assert again.returncode == 0 and "5 games (0 new)" in again.stdout, again.stdout

    want = expected_games("e6614c311b7e5c2f")
    got_json = json.loads(cli("scores", "export", "--format", "json").stdout)
    assert got_json == want

    out_csv = tmp_path / "games.csv"
    assert cli("scores", "export", "-f", "csv", "-o", out_csv).returncode == 0
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text())))
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
    shutil.copyfile(fw / "crib" / "cards.py", vb.flash / "crib" / "cards.py")
    vb.stop()
    vb.start()  # the board now holds crib/cards.py: reboot so the VM sees it
    with open(fw / "crib" / "rng.py", "a") as f:
        f.write("\n_CHANGED = 1\n")  # a comment alone would compile to the same .mpy
    res = flash.flash(vb.port, progress=False, out=lambda s: None)
    assert res.copied == 1 and res.removed == 1
    assert res.bytes_sent == len(flash.build(fw, 774)["/crib/rng.mpy"])  # the file alone: not the stamp
    assert not (vb.flash / "crib" / "cards.py").exists()


def test_two_boards_stay_apart(make_board, cli, tmp_path):
    """Both boards number their games from 1; pulled into one database they stay two histories."""
    uids = ("aaaa000000000001", "bbbb000000000002")
    script = tmp_path / "play.py"
    script.write_text(f"GAMES = {GAMES[:2]!r}\n{PLAY}")
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
