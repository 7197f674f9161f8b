"""pocketcrib against the virtual board: flash the firmware (first time, unchanged, one module
changed, three modules changed) and pull 500 games of history. Bytes are the firmware files sent,
then all file contents written (with the version stamp and the update marker); seconds are wall
time here.

The virtual board is not a Pico on USB (no 12 Mbit/s line, no flash erase), so
compare runs with each other, not with a real board.
"""

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from storage import records  # the firmware's writer, for a realistic history file


def watch_writes():
    """A list that gets the size of every file the host tool writes on a board."""
    from mpremote.transport import Transport

    sizes = []
    real = Transport.fs_writefile

    def fs_writefile(self, dest, data, *args, **kw):
        sizes.append(len(data))
        return real(self, dest, data, *args, **kw)

    Transport.fs_writefile = fs_writefile
    return sizes


def changeable_firmware(tmp):
    """A copy of the checkout's firmware (and pin map) for `flash` to use, so modules can change."""
    from pocketcrib import places

    fw = tmp / "checkout" / "firmware"
    shutil.copytree(places.firmware_dir(), fw, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(places.firmware_dir().parent / "hardware", fw.parent / "hardware")
    os.environ["POCKETCRIB_FIRMWARE"] = str(fw)
    return fw


def main():
    with tempfile.TemporaryDirectory(prefix="hostbench-") as tmp:
        tmp = Path(tmp)
        os.environ["POCKETCRIB_DATA"] = str(tmp / "data")
        os.environ["POCKETCRIB_RUNTIME"] = str(tmp / "run")
        from pocketcrib.board import device, flash
        from pocketcrib.scores import store
        from pocketcrib.twins.vboard import VirtualBoard

        vb = VirtualBoard(tmp / "flash").start()
        written = watch_writes()
        try:
            fw = None
            for label, modules in (("first time", []), ("nothing changed", []), ("one module changed", ["rules/rng.py"]),
                                   ("three modules changed", ["rules/score.py", "rules/solitaires.py", "ui/menus.py"])):
                if modules:
                    fw = fw or changeable_firmware(tmp)
                for m in modules:
                    with open(fw / m, "a") as f:
                        f.write("\n_BENCH_%s = 1\n" % label.split()[0].upper())  # a comment would compile the same
                written.clear()
                res = flash.flash(vb.port, progress=False, out=lambda s: None)
                print(f"flash, {label + ':':22s} {res.copied:2d} files, {res.bytes_sent:6d} bytes of them, "
                      f"{sum(written):6d} bytes written, {res.seconds:5.2f} s")
            del os.environ["POCKETCRIB_FIRMWARE"]

            games = [{"n": n, "variant": ("solitaire", "patience", "patience2")[n % 3], "seed": 1000 + n,
                      "score": 40 + n % 70, "won": n % 7 == 0, "target": 91, "rounds": [12, 9, 14, 20, 7, 11],
                      "date": "2026-11-%02d" % (1 + n % 28), "players": 1, "code": None} for n in range(1, 501)]
            vb.stop()
            (vb.flash / "data").mkdir(exist_ok=True)
            records.write(str(vb.flash / "data" / "history.pcr"), "history", games)
            records.write(str(vb.flash / "data" / "device.pcr"), "device", [{"id": "e6614c311b7e5c2f", "n": 500}])
            size = (vb.flash / "data" / "history.pcr").stat().st_size
            vb.start()
            t0 = time.monotonic()
            with device.connect(vb.port) as board:
                pulled = device.pull_scores(board)
            report = store.Store(tmp / "scores.sqlite3").add_pull(pulled)
            secs = time.monotonic() - t0
            assert report.games_added == 500, report
            print(f"pull 500 games:        {size:7d} bytes of history, {secs:5.2f} s")
        finally:
            vb.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
