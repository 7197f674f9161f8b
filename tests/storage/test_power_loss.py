"""Power cuts at every save point of a game, and saves torn at every byte.

The filesystem is real (a tmp folder); the cut is injected at the one place
records.py touches it: its `open` (a write stops after the allowed number of
bytes, leaving exactly those on disk) and its `os.rename`/`os.remove`. After a
cut a fresh Saves is made, as at the next boot, and the game is resumed the
way the UI does it.
"""

import atexit
import os
import shutil
import tempfile

import pytest
from helpers.powercut import Os, PowerCut, install

from storage import records
from storage import saves
from rules import solitaires as games

SEED = 4242
VARIANT = "solitaire"


@pytest.fixture
def power(monkeypatch):
    return install(monkeypatch)


def choose(g):
    """The player's discard: a fixed rule, so every run makes the same game."""
    hand = g.pending
    best = None
    for i in range(6):
        for j in range(i + 1, 6):
            key = (hand[i] * 7 + hand[j] * 13) % 31
            if best is None or key > best[0]:
                best = (key, hand[i], hand[j])
    return best[1], best[2]


def current(g):
    return {"variant": g.variant, "games": [g.save().hex()], "screen": "table"}


def record(g):
    return {"variant": g.variant, "seed": g.seed, "score": g.score, "won": g.won,
            "target": g.target, "rounds": g.round_points(), "date": None, "players": 1,
            "code": None}


def play(root, log):
    """The UI's part: resume or start, save after every move, record the end.

    `log` gets ("move", moves saved) after each completed save and ("done",)
    once the game is recorded and cleared."""
    s = saves.Saves(root, device_id="d00d")
    obj = s.load_current()
    if obj is None:
        g = games.new(VARIANT, SEED)
        obj = current(g)
        s.save_current(obj)
        log.append(("move", 0))
    else:
        g = games.load(bytes.fromhex(obj["games"][0]))
    while g.pending is not None:
        g.discard(*choose(g))
        obj["games"] = [g.save().hex()]
        s.save_current(obj)
        log.append(("move", len(g.moves)))
    s.add_game(record(g), current=obj)
    if s.is_high_score(VARIANT, g.score) or obj.get("scored"):
        s.add_high_score(VARIANT, "JOE", g.score, g.seed, current=obj)
    s.clear_current()
    log.append(("done",))
    return g


def seed_old_results(root):
    """Games and scores from before: these must survive every cut."""
    s = saves.Saves(root, device_id="d00d")
    for i in range(3):
        s.add_game({"variant": VARIANT, "seed": i, "score": 50 + i, "won": False, "target": 91,
                    "rounds": [8, 9], "date": None, "players": 1, "code": None})
        s.add_high_score(VARIANT, "OLD", 50 + i, i)
    return s.device["n"]


def check_after(root, before_n, final):
    s = saves.Saves(root, device_id="d00d")
    hist = list(s.history())
    assert [r["n"] for r in hist[:before_n]] == list(range(1, before_n + 1))
    assert [r["n"] for r in hist] == list(range(1, len(hist) + 1)), "game numbers unique, no gaps"
    assert len(hist) == before_n + 1, "the cut game is recorded exactly once"
    assert hist[-1]["score"] == final.score and hist[-1]["seed"] == SEED
    table = s.high_scores(VARIANT)
    assert sum(1 for r in table if r["initials"] == "OLD") == 3
    assert sum(1 for r in table if r["initials"] == "JOE") == 1
    assert s.device["n"] == before_n + 1
    assert s.load_current() is None
    assert not os.path.exists(os.path.join(root, "game.pcr.new"))


_SEEDED = {}


def seeded(root):
    """seed_old_results(root), made once and copied after."""
    if "dir" not in _SEEDED:
        d = tempfile.mkdtemp(prefix="pcrib-seeded-")
        atexit.register(shutil.rmtree, d, True)
        _SEEDED["n"] = seed_old_results(d + "/data")
        _SEEDED["dir"] = d + "/data"
    shutil.copytree(_SEEDED["dir"], root)
    return _SEEDED["n"]


def run_with_cut(tmp_path, power, limit):
    root = str(tmp_path / "data")
    before_n = seeded(root)
    power.ticks = 0
    power.limit = limit
    log = []
    cut = False
    final = None
    try:
        final = play(root, log)
    except PowerCut:
        cut = True
    power.limit = None
    # Next boot: the game offered for resume is the last completed move.
    s = saves.Saves(root, device_id="d00d")
    obj = s.load_current()
    moves_done = [e[1] for e in log if e[0] == "move"]
    if obj is not None:
        g = games.load(bytes.fromhex(obj["games"][0]))
        # The last completed save; or, when the old file was already gone and
        # the new one was whole (cut just before its rename), the save in flight.
        allowed = {moves_done[-1]} if moves_done else set()
        allowed.add(moves_done[-1] + 1 if moves_done else 0)
        assert len(g.moves) in allowed, (limit, len(g.moves), moves_done)
        if len(g.moves) != (moves_done[-1] if moves_done else -1):
            assert not moves_done or moves_done[-1] < 6
    elif cut and moves_done:
        # Nothing to resume: only once the game was finished and recorded.
        assert g_over_recorded(root, before_n)
    if cut:
        final = play(root, [])
    check_after(root, before_n, final)
    return cut


def g_over_recorded(root, before_n):
    s = saves.Saves(root, device_id="d00d")
    return len(list(s.history())) == before_n + 1


def total_ticks(tmp_path, power):
    root = str(tmp_path / "dry")
    seed_old_results(root)
    power.ticks = 0
    play(root, [])
    return power.ticks


def save_points(tmp_path, power):
    """Every tick that is a rename/remove, and the middle and edges of every write."""
    root = str(tmp_path / "probe")
    seed_old_results(root)
    power.ticks = 0
    marks = set()
    renames = []
    real_rename = Os.rename

    def rename(self, a, b):
        renames.append(b)
        marks.add(self.power.ticks)
        marks.add(self.power.ticks + 1)
        return real_rename(self, a, b)

    Os.rename = rename
    try:
        play(root, [])
    finally:
        Os.rename = real_rename
    # One save per move (first deal + six discards), then history, device and
    # the game stamped as recorded; then the high score and the game marked.
    assert len(renames) >= 7 + 3
    for m in sorted(marks):
        marks.add(m - 1)
        marks.add(max(m - 40, 0))
    return sorted(marks)


def test_a_game_cut_at_every_save_point_resumes(tmp_path, power):
    points = save_points(tmp_path, power)
    cuts = 0
    for i, limit in enumerate(points):
        cuts += run_with_cut(tmp_path / str(i), power, limit)
    assert cuts >= len(points) - 2


@pytest.mark.slow
def test_a_cut_anywhere_in_recording_the_end_of_a_game(tmp_path, power):
    # From the save stamped "recorded" to the end: history, device, high
    # score, clear. Every tick near each rename/remove, every 7th in between
    # (cuts inside a write's middle all leave the same kind of torn .new).
    total = total_ticks(tmp_path, power)
    points = save_points(tmp_path, power)
    root = str(tmp_path / "probe2")
    seed_old_results(root)
    power.ticks = 0
    start = []
    real_append = records.append

    def append(*a, **k):
        start.append(power.ticks)
        return real_append(*a, **k)

    records.append = append
    try:
        play(root, [])
    finally:
        records.append = real_append
    first = max(p for p in points if p < start[-1] - 1) - 200
    near = {t for p in points for t in range(p - 24, p + 25)} | {total - i for i in range(30)}
    limits = [t for t in range(first, total + 1) if t in near or t % 7 == 0]
    assert len(limits) > 300
    for limit in limits:
        run_with_cut(tmp_path / ("c%d" % limit), power, limit)


def test_game_save_torn_at_every_byte_gives_previous_state(tmp_path, power):
    root = str(tmp_path / "data")
    s = saves.Saves(root)
    g = games.new(VARIANT, SEED)
    g.discard(*choose(g))
    old = current(g)
    s.save_current(old)
    g.discard(*choose(g))
    new = current(g)
    path = os.path.join(root, "game.pcr")
    size = len(records.line(new)) + len("PCRIB game 1\nEND 1\n")
    for limit in range(size + 2):
        power.ticks = 0
        power.limit = limit
        try:
            s.save_current(new)
            done = True
        except PowerCut:
            done = False
        power.limit = None
        got = saves.Saves(root).load_current()
        assert got == (new if done else old), limit
        s.save_current(old)
    assert done
    assert os.path.exists(path)


@pytest.mark.slow
def test_target_file_cut_at_every_byte_never_crashes(tmp_path):
    # Not something atomic writes produce, but flash can fail: a cut file
    # keeps its whole records and says it was truncated.
    root = tmp_path / "src"
    s = saves.Saves(str(root))
    for i in range(4):
        s.add_game({"variant": VARIANT, "seed": i, "score": i, "won": False, "target": 91,
                    "rounds": [i], "date": None, "players": 1, "code": None})
    whole = (root / "history.pcr").read_bytes()
    for cut in range(len(whole)):
        d = tmp_path / ("t%d" % cut)
        d.mkdir()
        (d / "history.pcr").write_bytes(whole[:cut])
        (d / "device.pcr").write_bytes((root / "device.pcr").read_bytes())
        got, problems = records.read(str(d / "history.pcr"), "history")
        kept = [r["n"] for r in got]
        assert kept == list(range(1, len(kept) + 1))
        complete = whole[:cut].count(b"\n") - 1  # whole record lines present
        assert len(kept) >= min(complete, 4)
        if cut < len(whole) - 1:  # only the END line's newline gone: nothing is missing
            assert problems, cut
        s2 = saves.Saves(str(d))
        assert s2.stats(VARIANT)["games"] == len(kept)
        # Recording goes on; a number is never given twice.
        n = s2.add_game({"variant": VARIANT, "seed": 9, "score": 1, "won": False,
                         "target": 91, "rounds": [1], "date": None, "players": 1, "code": None})
        assert n == 5
        assert [r["n"] for r in s2.history()] == kept + [5]
