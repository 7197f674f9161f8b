"""Make tests/host/data/scores-v2.sqlite3: a score database as pocketcrib wrote it before cribbage
games were taken apart (schema version 2, store.py as of commit de8c82f), holding what such a
pocketcrib pulled: solitaire games, cribbage games kept whole, a damaged cribbage record, high scores.

    .venv/bin/python tests/host/make_v2_db.py   (in a checkout with its git history)
"""

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "host" / "data" / "scores-v2.sqlite3"
OLD = "de8c82f"  # the last commit of store.py's schema version 2

sys.path[:0] = [str(ROOT / p) for p in ("firmware", "host/pocketcrib/mpshim", "host", "tests/host")]

import cribgames  # noqa: E402
from pocketcrib import device  # noqa: E402


def old_store():
    source = subprocess.run(["git", "show", f"{OLD}:host/pocketcrib/store.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("old_store", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"store.py@{OLD}", "exec"), module.__dict__)
    return module


def solitaire(n, seed, score):
    return {"n": n, "variant": "solitaire", "seed": seed, "score": score, "won": score >= 91, "target": 91,
            "rounds": [score // 2, score - score // 2], "date": "2026-11-30", "players": 1, "code": None}


def history():
    """Board one's games, then board two's (with a game that reuses a number)."""
    one = [solitaire(1, 101, 84), cribgames.record(7, 2, date="2026-11-30"),
           cribgames.record(8, 3, players=3, level=1), solitaire(4, 104, 95),
           cribgames.record(9, 5, target=61, level=2), cribgames.record(10, 6, players=4)]
    damaged = dict(cribgames.record(11, 7), deals="00ff")  # its deals cut short: kept whole, not taken apart
    one.append(damaged)
    two = [cribgames.record(12, 1), cribgames.record(13, 2, level=1)]
    return one, two


def main():
    store = old_store()
    assert store._VERSION == 2
    OUT.unlink(missing_ok=True)
    db = store.Store(OUT)
    one, two = history()
    high = [{"variant": "solitaire", "initials": "ABC", "score": 95, "seed": 104, "date": None, "code": None}]
    db.add_pull(device.Pulled("e6614c311b7e5c2f", high, one, []))
    db.add_pull(device.Pulled("e6614c311b7e5c30", [], two[:1], []))
    db.add_pull(device.Pulled("e6614c311b7e5c30", [], two, []))
    db.add_pull(device.Pulled("e6614c311b7e5c30", [], [cribgames.record(14, 1)], []))  # a renumbered board
    db.db.execute("VACUUM")
    db.db.close()
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
