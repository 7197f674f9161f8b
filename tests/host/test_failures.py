"""Issue 4, done-means 2: every failure is one line `pocketcrib: ...` and a non-zero exit, no
traceback, and nothing already pulled is lost.

Boards are virtual; where a board must hold particular files, they are put in
its flash folder before it boots, as if an older firmware had written them.
"""

import json
import subprocess
import sys
import zipfile

import pytest

from helpers import cribgames
from storage import records  # the firmware's own writer of save files
import serial
from helpers.watch import WAIT, until

GOOD = [{"n": i, "variant": "solitaire", "seed": 100 + i, "score": 60 + i, "won": False, "target": 91,
         "rounds": [10, 10, 10, 10, 10, 10 + i], "date": None, "players": 1, "code": None} for i in (1, 2, 3)]


def pcr_file(kind, recs):
    return "PCRIB %s 1\n%sEND %d\n" % (kind, "".join(records.line(r) for r in recs), len(recs))


def board_with_saves(make_board, tmp_path, name="board", history=GOOD, extra=None, **kw):
    data = tmp_path / name / "flash" / "data"
    data.mkdir(parents=True)
    (data / "device.pcr").write_text(pcr_file("device", [{"id": "b0a4d0000000cafe", "n": len(history)}]))
    (data / "history.pcr").write_text(pcr_file("history", history))
    for fname, text in (extra or {}).items():
        (data.parent / fname).write_text(text)
    return make_board(name, **kw)


def exported(cli):
    proc = cli("scores", "export", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_no_board(cli, failure, tmp_path):
    line = failure(cli("scores", "pull"))
    assert "no Pocket Crib board found" in line
    line = failure(cli("flash", "--port", tmp_path / "ttyACM9"))
    assert f"no board at {tmp_path / 'ttyACM9'}" in line


def test_port_busy(make_board, cli, failure):
    vb = make_board()
    with serial.Serial(vb.port, exclusive=True):  # another program has the port
        line = failure(cli("doctor", "--port", vb.port))
    assert f"{vb.port} is busy" in line
    assert cli("doctor", "--port", vb.port).returncode in (0, 1)  # free again: it answers


@pytest.mark.slow
def test_unplugged_mid_copy(make_board, cli, failure, home, tmp_path):
    vb = board_with_saves(make_board, tmp_path)
    assert cli("scores", "pull", "--port", vb.port).returncode == 0
    before = exported(cli)
    assert len(before) == 3

    env_cmd = [sys.executable, "-m", "pocketcrib", "flash", "--port", vb.port]
    proc = subprocess.Popen(env_cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    until(lambda: len(list(vb.flash.rglob("*.mpy.new"))) >= 3, "the flash to stage three files", every=0.05)
    vb.unplug()  # the cable comes out in the middle of the copy
    out, err = proc.communicate(timeout=WAIT)
    line = failure(subprocess.CompletedProcess(env_cmd, proc.returncode, out, err))
    assert "lost the board" in line and "while copying" in line

    assert exported(cli) == before  # the scores pulled before are all still here
    backups = list((home / "backups").glob("*.zip"))  # and the saves were backed up before copying
    assert len(backups) == 1
    with zipfile.ZipFile(backups[0]) as z:
        assert z.read("data/history.pcr").decode() == pcr_file("history", GOOD)
    assert not (vb.flash / "pocketcrib.json").exists()  # cut while copying: nothing switched in, no stamp
    assert not (vb.flash / "pocketcrib.update").exists() and not (vb.flash / "main.py").exists()


def test_corrupt_history_imports_the_good_records(make_board, cli, failure, tmp_path):
    vb = board_with_saves(make_board, tmp_path)
    history = vb.flash / "data" / "history.pcr"
    lines = history.read_text().splitlines(keepends=True)
    lines[2] = lines[2].replace('"score": 62', '"score": 99')  # the checksum no longer matches
    history.write_text("".join(lines))
    line = failure(cli("scores", "pull", "--port", vb.port))
    assert "history.pcr: line 3: damaged record skipped" in line
    assert [g["n"] for g in exported(cli)] == [1, 3]


@pytest.mark.slow
def test_a_pull_with_problems_saves_the_good_records_and_exits_1(make_board, cli, tmp_path):
    """Issue 23, item 4: cribbage records the board's own rules refuse, among good ones, and a damaged
    line: a line each, exit status 1, and every good record of the pull saved (the next pull too)."""
    crib = [cribgames.record(41, 4), cribgames.record(42, 6)]
    refused = [dict(cribgames.record(43, 5), gen=9), dict(cribgames.record(44, 7), colour="red")]
    vb = board_with_saves(make_board, tmp_path, history=[*GOOD, crib[0], refused[0], crib[1], refused[1]])
    history = vb.flash / "data" / "history.pcr"
    lines = history.read_text().splitlines(keepends=True)
    lines[2] = lines[2].replace('"score": 62', '"score": 99')  # game 2's checksum no longer matches
    history.write_text("".join(lines))
    for _ in range(2):  # pulled again: the same lines, the same exit status, nothing lost or added
        proc = cli("scores", "pull", "--port", vb.port)
        assert proc.returncode == 1 and "Traceback" not in proc.stdout + proc.stderr, proc.stderr
        said = proc.stderr.splitlines()
        assert len(said) == 3 and all(x.startswith("pocketcrib: ") for x in said), said
        assert "history.pcr: line 3: damaged record skipped" in said[0]
        assert said[1].startswith("pocketcrib: cribbage game 5 was not saved: the board's rules refuse its 'gen': 9")
        assert said[2] == "pocketcrib: cribbage game 7 was not saved: the board's rules refuse its 'colour': \"red\""
        assert "3 problems with the board's records, below: the rest was saved." in proc.stdout
        assert [(g["n"], g["variant"]) for g in exported(cli)] == [
            (1, "solitaire"), (3, "solitaire"), (4, "cribbage"), (6, "cribbage")]


def test_foreign_score_file_is_reported(make_board, cli, failure, tmp_path):
    vb = board_with_saves(make_board, tmp_path)
    (vb.flash / "data" / "scores.pcr").write_text("my shopping list\neggs\n")
    line = failure(cli("scores", "pull", "--port", vb.port))
    assert "scores.pcr: not a Pocket Crib file" in line
    assert len(exported(cli)) == 3  # the history still came in


def test_old_firmware_version(make_board, cli, failure, tmp_path):
    stamp = {"version": "v0.1", "format": 1, "tree": "0" * 64, "files": {}}
    vb = board_with_saves(make_board, tmp_path, extra={"pocketcrib.json": json.dumps(stamp)})
    line = failure(cli("doctor", "--port", vb.port))
    assert "the board runs Pocket Crib v0.1, this checkout has" in line and "pocketcrib flash" in line


@pytest.mark.slow
def test_old_save_format_is_refused_and_nothing_lost(make_board, cli, failure, tmp_path):
    first = board_with_saves(make_board, tmp_path, "first")
    assert cli("scores", "pull", "--port", first.port).returncode == 0
    first.stop()
    stamp = {"version": "v0.0.9", "format": 0, "tree": "0" * 64, "files": {}}
    old = board_with_saves(make_board, tmp_path, "old", history=GOOD[:1],
                           extra={"pocketcrib.json": json.dumps(stamp)}, uid="0123456789abcdef")
    line = failure(cli("scores", "pull", "--port", old.port))
    assert "keeps saves in format 0" in line and "pocketcrib flash" in line
    assert len(exported(cli)) == 3


def test_mpy_version_mismatch(make_board, cli, failure):
    vb = make_board(micropython="1.18.0:5")  # a board still on MicroPython 1.18 (.mpy version 5)
    line = failure(cli("flash", "--port", vb.port))
    assert "loads .mpy version 5, mpy-cross makes version 6" in line and "--micropython" in line
    assert not list(vb.flash.rglob("*.mpy"))  # nothing was copied


@pytest.mark.slow
def test_a_device_id_that_is_not_text_is_pulled_under_a_readable_one(make_board, cli, tmp_path):
    """A device.pcr whose id json reads as a lone surrogate (no UTF-8 can hold it, nor SQLite):
    the games are pulled all the same, under the id written with its odd character escaped, and
    a second pull finds them already there."""
    data = tmp_path / "odd" / "flash" / "data"
    data.mkdir(parents=True)
    (data / "device.pcr").write_text(pcr_file("device", [{"id": "cafe\ud800", "n": len(GOOD)}]))
    (data / "history.pcr").write_text(pcr_file("history", GOOD))
    vb = make_board("odd")
    first = cli("scores", "pull", "--port", vb.port)
    assert first.returncode == 0, first.stderr
    assert "Traceback" not in first.stderr
    assert len(exported(cli)) == len(GOOD)
    again = cli("scores", "pull", "--port", vb.port)
    assert again.returncode == 0, again.stderr
    assert len(exported(cli)) == len(GOOD)
    assert {g["device"] for g in exported(cli)} == {"cafe\\ud800"}
