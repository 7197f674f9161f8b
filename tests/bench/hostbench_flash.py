"""pocketcrib against the virtual board: flash the firmware (first time, unchanged, one module
changed, three modules changed) and pull 500 games of history. Bytes are the file contents sent; seconds are wall time here.

The virtual board is not a Pico on USB (no 12 Mbit/s line, no flash erase), so
compare runs with each other, not with a real board.
"""

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import records  # the firmware's writer, for a realistic history file


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
        from pocketcrib import device, flash, store
        from pocketcrib.vboard import VirtualBoard

        vb = VirtualBoard(tmp / "flash").start()
        try:
            first = flash.flash(vb.port, progress=False, out=lambda s: None)
            print(f"flash, first time:     {first.bytes_sent:7d} bytes, {first.copied:2d} files, "
                  f"{first.seconds:5.2f} s ({first.bytes_sent / first.seconds / 1024:.1f} KB/s)")
            again = flash.flash(vb.port, progress=False, out=lambda s: None)
            print(f"flash, nothing changed: {again.bytes_sent:6d} bytes, {again.copied:2d} files, "
                  f"{again.seconds:5.2f} s")
            fw = changeable_firmware(tmp)
            for label, modules in (("one module changed", ["crib/rng.py"]),
                                   ("three modules changed", ["crib/score.py", "crib/games.py", "ui/menus.py"])):
                for m in modules:
                    with open(fw / m, "a") as f:
                        f.write("\n_BENCH_%s = 1\n" % label.split()[0].upper())  # a comment would compile the same
                res = flash.flash(vb.port, progress=False, out=lambda s: None)
                print(f"flash, {label + ':':24s} {res.bytes_sent:6d} bytes, {res.copied:2d} files, "
                      f"{res.seconds:5.2f} s")
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
