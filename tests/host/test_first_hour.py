"""Issue 14, the host tool as a newcomer meets it: versions, no board, plurals, a database
not made by looking, the plot's axis and target, sizes in `mpremote fs ls`, the doctor's heap."""

import subprocess
import sys
from pathlib import Path

import pytest

from pocketcrib.scores import export
from pocketcrib.scores.store import PullReport
from pocketcrib.words import counted


def test_version(cli):
    proc = cli("--version")
    assert proc.returncode == 0, proc.stderr
    line, = proc.stdout.splitlines()
    assert line.startswith("pocketcrib ") and ", firmware " in line


def test_restore_checks_the_file_before_looking_for_a_board(cli, failure, tmp_path):
    assert "no backup at" in failure(cli("restore", tmp_path / "missing.zip"))
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    assert "is not a usable Pocket Crib backup" in failure(cli("restore", junk))


def test_no_board_points_to_the_virtual_one(cli, failure):
    for command in ("flash", "doctor"):
        assert "`pocketcrib vboard` runs a virtual one" in failure(cli(command)), command
    listed = cli("devices")
    assert listed.returncode == 0 and "`pocketcrib vboard` runs a virtual one" in listed.stdout


def test_plurals():
    assert [counted(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    one = PullReport("e661", 1, 1, 1, 0, [], 1, 1, 0).summary()
    assert one == ("Pulled board e661: 1 game (1 new), 1 high score (0 new). "
                   "The database holds 1 game from 1 board.")


def test_looking_at_scores_creates_no_database(cli, failure, home, tmp_path):
    assert "No scores yet" in cli("scores", "show").stdout
    assert cli("scores", "export").returncode == 0
    failure(cli("scores", "plot", "-o", tmp_path / "p.png"))
    assert not (home / "scores.sqlite3").exists() and not home.exists()


def _game(n, score, variant="solitaire", target=91):
    return {"device": "e661", "n": n, "variant": variant, "seed": n, "score": score, "won": score >= target,
            "target": target, "rounds": [], "date": None, "players": 1, "code": None}


@pytest.mark.slow
def test_plot_axis_has_whole_game_numbers_and_the_target():
    for games in ([_game(1, 84)], [_game(1, 84), _game(2, 95)],
                  [_game(n, 70 + n, "patience", 80) for n in range(1, 8)]):
        fig = export.figure(games)
        over = fig.axes[0]
        lo, hi = over.get_xlim()
        ticks = [t for t in over.get_xticks() if lo <= t <= hi]
        assert ticks and all(t == int(t) for t in ticks), ticks
        target = games[0]["target"]
        flat = [ln for ln in over.get_lines() if set(ln.get_ydata()) == {target}]
        assert len(flat) == 1 and str(target) in flat[0].get_label()


def test_mpremote_ls_shows_sizes_on_the_virtual_board(make_board, tmp_path):
    vb = make_board()
    f = tmp_path / "seven.txt"
    f.write_bytes(b"x" * 777)
    mpremote = Path(sys.executable).parent / "mpremote"
    proc = subprocess.run([str(mpremote), "connect", vb.port, "mkdir", ":d", "+", "cp", str(f), ":d/seven.txt",
                           "+", "fs", "ls", ":d"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert any(line.split() == ["777", "seven.txt"] for line in proc.stdout.splitlines()), proc.stdout


def test_doctor_says_a_virtual_heap_is_not_a_picos(make_board, cli):
    vb = make_board()
    heap = next(x for x in cli("doctor", "--port", vb.port).stdout.splitlines() if x.startswith("free heap"))
    assert "a virtual board" in heap and "not a Pico's" in heap
