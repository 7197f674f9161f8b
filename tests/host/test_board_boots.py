"""Issue 8, done-means 3: the virtual board, running the real main.py, boots with
the worst save files of issue 8 in /data: it shows the note saying what was set
aside (the very frame the simulator draws from the same files), and every good
record is still there afterwards."""

import json
import shutil

from storage import records
from pocketcrib import places
from pocketcrib.twins.sim import Sim

GOOD = [{"n": n, "variant": "solitaire", "seed": n, "score": 50 + n, "won": False, "target": 91,
         "rounds": [50 + n], "date": None, "players": 1, "code": None} for n in (1, 2, 3)]
ENTRY = {"variant": "solitaire", "initials": "ABC", "score": 80, "seed": 1, "date": None, "code": None}


def signed(text):
    return b"%08x " % records.crc(text) + text + b"\n"


def pcr(kind, lines):
    return b"PCRIB %s 1\n" % kind.encode() + b"".join(lines) + b"END %d\n" % len(lines)


def good(record):
    return records.line(record).encode()


def worst_data(data):
    """Every kind of file issue 8 found: each passes its checksum, none is what the game writes."""
    data.mkdir(parents=True)
    deep = b"[" * 500 + b"]" * 500  # deep, yet within what CPython's json reads: the same note on both
    (data / "history.pcr").write_bytes(pcr("history", [
        good(GOOD[0]), signed(b'{"n": 9, "variant": "\xff\xfe"}'), b"0badc0de {}\n", signed(b"null"),
        good(GOOD[1]), b"END 2\n", good(GOOD[2]), signed(json.dumps(dict(GOOD[2], score=10**9)).encode())]))
    (data / "scores.pcr").write_bytes(pcr("scores", [
        good(ENTRY), signed(json.dumps(dict(ENTRY, score="70")).encode()),
        signed(b'{"variant": "solitaire", "initials": "ABC", "seed": 1}'),
        signed(json.dumps(dict(ENTRY, initials="N" * 10000)).encode()),
        signed(b'{"variant": "solitaire", "x": ' + deep + b"}")]))
    (data / "settings.pcr").write_bytes(pcr("settings", [signed(b"[1, 2, 3]")]))
    (data / "device.pcr").write_bytes(pcr("device", [good({"id": "e6614c311b7e5c2f", "n": 1})]))  # behind
    (data / "game.pcr").write_bytes(pcr("game", [good({"v": 1, "games": ["00"], "count": [0, 99],
                                                        "bonus": [10**9], "done": -1})]))


def test_the_board_boots_to_the_note_and_keeps_the_good_records(make_board, glass, tmp_path):
    flash = tmp_path / "board" / "flash"
    shutil.copytree(places.firmware_dir(), flash, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(places.pin_map(), flash / "pins.py")
    worst_data(flash / "data")
    shutil.copytree(flash / "data", tmp_path / "sim")
    sim = Sim(tmp_path / "sim")
    want = sim.frame()  # the note, as the firmware draws it on CPython
    assert type(sim.app.screen).__name__ == "Notice"
    sim.press("A")
    assert type(sim.app.screen).__name__ == "Title"

    vb = make_board(uid="e6614c311b7e5c2f", screen=glass.path)
    glass.wait_for(want, "the note")  # however long the VM takes to compile the .py files
    vb.stop()  # switched off at the note: the files as the boot left them
    log = vb.log.read_text(errors="replace") if vb.log and vb.log.exists() else ""
    assert "Traceback" not in log and "stopped" not in log, log[-2000:]

    data = flash / "data"
    assert records.read(str(data / "history.pcr"), "history")[0] == GOOD
    assert records.read(str(data / "scores.pcr"), "scores")[0] == [ENTRY]
    assert records.read(str(data / "device.pcr"), "device")[0] == [{"id": "e6614c311b7e5c2f", "n": 3}]
    assert (data / "history.pcr.bad").exists() and (data / "scores.pcr.bad").exists()
    assert (data / "settings.pcr.bad").exists()
