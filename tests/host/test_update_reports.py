"""Issue 13, items 2-5: a flash removes the leftovers of one cut short, says what it did, and
takes --port (and --db) before the command as well as after it (one virtual board throughout);
games played while the board's clock was unset are dated "after" the last date their board knew."""

import json

import pytest

from pocketcrib.board import device, flash

from pocketcrib.scores import export, store

from pocketcrib import places
from helpers.updates import Cable, firmware_copy

UNDATED = {"n": 7, "variant": "patience", "seed": 9, "score": 66, "won": False, "target": 80,
           "rounds": [12, 14, 13, 15, 12], "date": None, "players": 1, "code": None}


@pytest.mark.slow
def test_flash_removes_its_leftovers_and_says_what_it_did(make_board, cli, failure, tmp_path, monkeypatch):
    vb = make_board()
    first = cli("--port", vb.port, "flash", "-q")  # the port before the command
    assert first.returncode == 0, first.stderr
    built = flash.build(places.firmware_dir(), 774)
    files = sum(len(d) for d in built.values())
    assert f"{len(built)} of {len(built)} files copied ({files} bytes sent)" in first.stdout  # not the stamp
    assert "version stamp written" in first.stdout

    # The stamp lost: the repair writes it and says so, and sends no file.
    with device.connect(vb.port) as board:
        board.remove([device.STAMP])
    repair = cli("flash", "-p", vb.port)
    assert repair.returncode == 0, repair.stderr
    assert f"all {len(built)} files already there, nothing copied, version stamp written" in repair.stdout
    assert "already on" not in repair.stdout and "bytes sent" not in repair.stdout

    # Leftovers of a copy cut short: an empty module, half a stamp, half a main.py.
    half = {"/rules/solitaires.mpy.new": b"", "/pocketcrib.json.new": b'{"vers', "/main.py.new": b"# half"}
    with device.connect(vb.port) as board:
        for path, data in half.items():
            board.stage(path[: -len(device.STAGED)], data)
    cleaned = cli("-p", vb.port, "flash")
    assert cleaned.returncode == 0, cleaned.stderr
    assert "nothing copied, 3 leftovers of a cut-short flash removed;" in cleaned.stdout
    assert "stamp" not in cleaned.stdout  # the stamp was right: left as it is
    assert not [p for p in half if (vb.flash / p[1:]).exists()]

    unchanged = cli("flash", "--port=" + vb.port)
    assert unchanged.returncode == 0, unchanged.stderr
    assert f"is already on {vb.port}: all {len(built)} files match, nothing changed" in unchanged.stdout

    # An update cut short with its marker on: doctor says so, the next flash finishes it.
    with device.connect(vb.port) as board:
        board.write_file(device.UPDATE, json.dumps({"version": "v-next", "before": []}).encode())
    line = failure(cli("--port", vb.port, "doctor"))
    assert "last update was cut short" in line and "pocketcrib flash" in line
    finished = cli("flash", "--port", vb.port)
    assert "finished the update cut short before, all" in finished.stdout and "version stamp written" in finished.stdout
    assert not (vb.flash / "pocketcrib.update").exists()
    assert cli("doctor", "--port", vb.port).returncode == 0

    # A changed module already staged whole by a flash cut short is switched in, not sent again;
    # main.py is switched in first (until then, every module on the board is still the old one).
    fw = firmware_copy(tmp_path / "next", {"rules/rng.py": "\n_NEXT = 1\n", "main.py": "# next\n"})
    monkeypatch.setenv("POCKETCRIB_FIRMWARE", str(fw))
    rng = flash.build(fw, 774)["/rules/rng.mpy"]
    assert rng != built["/rules/rng.mpy"]
    with device.connect(vb.port) as board:
        board.stage("/rules/rng.mpy", rng)
    with pytest.MonkeyPatch.context() as mp:
        ops = Cable(mp, vb).ops
        res = flash.flash(vb.port, progress=False, out=lambda s: None)
    assert (res.copied, res.bytes_sent, res.leftovers) == (2, (fw / "main.py").stat().st_size, 0)
    assert (vb.flash / "rules" / "rng.mpy").read_bytes() == rng
    assert [what for _, what in ops if what.startswith("switching")] == ["switching /main.py in",
                                                                          "switching /rules/rng.mpy in"]


def test_only_our_own_leftovers_are_removed():
    built = {"/main.py": b"", "/rules/solitaires.mpy": b"", "/ui/menus.mpy": b""}
    on_board = ["/rules/solitaires.mpy.new", "/rules/gone.mpy.new", "/main.py.new", "/pocketcrib.update.new",
                "/data/scores.pcr.new",  # a save being written: the game's own (records.py finishes it)
                "/notes.txt.new", "/lib/other.py.new"]  # someone else's files
    assert flash.leftover_files(built, on_board) == ["/main.py.new", "/pocketcrib.update.new", "/rules/gone.mpy.new",
                                                     "/rules/solitaires.mpy.new"]
    assert flash.stale_files(built, on_board, set()) == []  # not stale files either: leftovers
    # What a stamp or marker lists (damaged ones list nothing; older stamps held a dict of hashes).
    assert flash._paths({"files": ["/a.mpy", 3, "b"]}, "files") == {"/a.mpy"}
    assert flash._paths({"files": {"/a.mpy": "00"}}, "files") == {"/a.mpy"}
    assert flash._paths({"files": 5}, "files") == flash._paths(None, "before") == set()


def test_common_options_before_or_after_the_command(cli, tmp_path):
    db = tmp_path / "elsewhere.sqlite3"  # one game in it; the default database has none
    store.Store(db).add_pull(device.Pulled("c0ffee0000000001", [], [UNDATED], []))
    for argv in (["--db", db, "scores", "show"], ["scores", "--db", db, "show"], ["scores", "show", "--db", db]):
        proc = cli(*argv)
        assert proc.returncode == 0 and "c0ffee0000000001   7  patience" in proc.stdout, (argv, proc.stderr)
    assert "No scores yet" in cli("scores", "show").stdout
    nowhere = tmp_path / "ttyACM7"
    for argv in (["--port", nowhere, "doctor"], ["doctor", "--port", nowhere], ["-p", nowhere, "backup"]):
        proc = cli(*argv)
        assert proc.returncode == 1 and f"no board at {nowhere}" in proc.stderr, (argv, proc.stderr)


def test_undated_games_are_dated_after_the_last_date_their_board_knew():
    def game(device, n, date):
        return {"device": device, "n": n, "variant": "solitaire", "seed": n, "score": 80 + n, "won": False,
                "target": 91, "rounds": [], "date": date, "players": 1, "code": None}

    games = [game("b", 2, "2026-12-01"), game("a", 2, None), game("a", 1, "2026-11-30"), game("b", 1, None),
             game("a", 4, None), game("a", 3, "2026-12-02")]
    assert export.known_dates(games) == ["2026-12-01", "after 2026-11-30", "2026-11-30", "", "after 2026-12-02",
                                         "2026-12-02"]
    shown = export.table(games)
    assert "a                  2  solitaire           82  no   after 2026-11-30" in shown
    assert "b                  1  solitaire           81  no\n" in shown + "\n"  # nothing before it had a date
    assert json.loads(export.to_json(games))[1]["date"] is None  # the exports keep the record as it is


@pytest.mark.slow
def test_an_update_that_moves_modules_leaves_no_old_file_or_folder(make_board, cli, tmp_path, monkeypatch):
    # Issue 24 moved firmware/crib/ into rules/, players/ and tables/, and the storage modules into
    # storage/: a board flashed before keeps none of the old files, nor their emptied folders.
    old = firmware_copy(tmp_path / "old")
    moved = {"crib/__init__.py": "", "crib/cards.py": "PIPS = 1\n", "crib/replies/__init__.py": "",
             "crib/replies/r6.py": "PICK = b''\n", "shapes.py": "TOP = 10\n"}
    for name, text in moved.items():
        (old / name).parent.mkdir(parents=True, exist_ok=True)
        (old / name).write_text(text)
    vb = make_board()
    monkeypatch.setenv("POCKETCRIB_FIRMWARE", str(old))
    assert cli("flash", "-q", "--port", vb.port).returncode == 0
    assert (vb.flash / "crib" / "replies" / "r6.mpy").exists() and (vb.flash / "shapes.mpy").exists()
    (vb.flash / "data" / "keep").mkdir(parents=True)  # an empty folder of the saves' is not ours to take

    monkeypatch.delenv("POCKETCRIB_FIRMWARE")
    new = cli("flash", "--port", vb.port)
    assert new.returncode == 0, new.stderr
    assert f"{len(moved)} stale files removed" in new.stdout
    assert not (vb.flash / "crib").exists() and not (vb.flash / "shapes.mpy").exists()
    assert (vb.flash / "data" / "keep").is_dir() and (vb.flash / "rules" / "cards.mpy").exists()
    assert cli("doctor", "--port", vb.port).returncode == 0
