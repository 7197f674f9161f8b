"""Make tests/host/data/scores-v2.sqlite3 and scores-v3.sqlite3: score databases as earlier
pocketcribs wrote them, from their own store.py (git history), holding what they pulled:
solitaire games, games of cribbage and grid games (kept whole, as those versions did: v2 took
no game apart, v3 only cribbage), a damaged cribbage and a damaged grid record, high scores.

    .venv/bin/python tests/host/make_old_dbs.py   (in a checkout with its git history)
"""

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "host" / "data"
# The last commit of each schema version's store.py.
OLD = {2: "de8c82f", 3: "fe5b491"}

sys.path[:0] = [str(ROOT / p) for p in ("firmware", "host/pocketcrib/twins/mpshim", "host", "tests/host")]

from helpers import cribgames  # noqa: E402
from helpers import gridgames  # noqa: E402
from pocketcrib.board import device  # noqa: E402


def old_store(commit):
    source = subprocess.run(["git", "show", f"{commit}:host/pocketcrib/scores/store.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader(f"store_{commit}", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"store.py@{commit}", "exec"), module.__dict__)
    return module


def solitaire(n, seed, score):
    return {"n": n, "variant": "solitaire", "seed": seed, "score": score, "won": score >= 91, "target": 91,
            "rounds": [score // 2, score - score // 2], "date": "2026-11-30", "players": 1, "code": None, "gen": 2}


def history():
    """Board one's games, then board two's (with a game that reuses a number)."""
    one = [solitaire(1, 101, 84), cribgames.record(7, 2, date="2026-11-30"),
           cribgames.record(8, 3, players=3, level=1), solitaire(4, 104, 95),
           cribgames.record(9, 5, target=61, level=2), cribgames.record(10, 6, players=4),
           dict(cribgames.record(11, 7), deals="00ff"),  # its deals cut short: kept whole, not taken apart
           gridgames.record(21, 8), gridgames.record(22, 9, table="english", foster=True),
           gridgames.record(23, 10, "squares", players=2, place=1), gridgames.record(23, 11, "squares", players=2,
                                                                                     place=2, matched=3),
           dict(gridgames.record(24, 12), lines=[1, 2, 3])]  # damaged too
    two = [cribgames.record(12, 1), cribgames.record(13, 2, level=1), gridgames.record(25, 3, foster=True)]
    return one, two


def make(version, commit):
    store = old_store(commit)
    assert version == store._VERSION, (commit, store._VERSION)
    out = DATA / f"scores-v{version}.sqlite3"
    out.unlink(missing_ok=True)
    db = store.Store(out)
    one, two = history()
    high = [{"variant": "solitaire", "initials": "ABC", "score": 95, "seed": 104, "date": None, "code": None},
            {"variant": "poker", "initials": "GRD", "score": 40, "seed": 22, "date": None, "code": None,
             "table": "english", "foster": True}]
    db.add_pull(device.Pulled("e6614c311b7e5c2f", high, one, []))
    db.add_pull(device.Pulled("e6614c311b7e5c30", [], two[:1], []))
    db.add_pull(device.Pulled("e6614c311b7e5c30", [], two, []))
    db.add_pull(device.Pulled("e6614c311b7e5c30", [], [cribgames.record(14, 1)], []))  # a renumbered board
    db.db.execute("VACUUM")
    db.db.close()
    print(f"wrote {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    for version, commit in OLD.items():
        make(version, commit)
