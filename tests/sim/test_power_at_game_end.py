"""A power cut at every byte of every write at the end of a game, for every kind of
game: the game reaches the history exactly once.

Each game is played to its end on the rules core and saved as the UI saves it, over
a history of older games. Its end is then run as the device runs it (a fresh
Saves and App, the game resumed by ui.resume.resume, the end screen's finish(),
initials for any high score) with the power cut after k file ticks (records.py's
bytes written, renames and removes: tests/helpers/powercut.py), for every k from 0 to
the whole end. The next boot resumes the game and finishes it again; then the
history must hold each player's game exactly once, the old games as they were,
no game number twice, and no saved game left.
"""

import os
import shutil
import tempfile

import pytest
from helpers.powercut import PowerCut, install

from players import cpu
from rules.cribbage import Cribbage
from rules.grid_games import GAMES
from rules.match import Match
from rules.rng import Rng
from pocketcrib.twins.sim import Clock, SimBoard
from storage.saves import Saves
from ui.app import App
from ui.resume import resume

pytestmark = pytest.mark.slow

DEVICE = "d00dfeed"
OLD = 1  # games in the history before the one that ends


def _app(root):
    board = SimBoard(Clock(manual=True), date="2026-12-02")
    return App(board, Saves(root, device_id=DEVICE), seed=1)


def _solitaire(variant, players=1):
    def make(app):
        from ui.solitaire.game import Play

        m = Match([4000 + i for i in range(players)], False, variant)
        while not m.over:
            low = sorted(m.game().pending)
            m.discard(low[0], low[1])
        return Play(app, m)

    return make


def _cribbage(players, people=None, levels=None):
    def make(app):
        from ui.cribbage.game import Crib

        g = Cribbage(77 + players, players, 121)
        while not g.over:
            cpu.move(g, "easy")
        crib = Crib(app, g, 0, people, levels)
        crib.started = True
        crib.seen = len(g.records)
        return crib

    return make


def _board(players):
    def make(app):
        from helpers.boardgames import played
        from ui.board.game import BoardPlay

        return BoardPlay(app, played(90 + players, players), ["ANN", "BOB", "CY", "DI"][:players])

    return make


def _grid(kind, players=1):
    def make(app):
        from rules import grids
        from ui.grid.game import GridPlay

        variant, table, foster = GAMES[kind]
        games = [grids.new(variant, 900 + kind, table, foster) for _ in range(players)]
        rng = Rng(5)
        for g in games:
            while not g.over:
                free = g.squares()
                g.place(free[rng.below(len(free))])
        return GridPlay(app, games)

    return make


# Each kind of game: how it is made, and how many records its end adds (one a
# player on the device; the computer keeps none).
KINDS = {
    "solitaire": (_solitaire("solitaire"), 1),
    "patience": (_solitaire("patience"), 1),
    "patience2": (_solitaire("patience2"), 1),
    "solitaire-2-players": (_solitaire("solitaire", 2), 2),
    "cribbage-2": (_cribbage(2), 1),
    "cribbage-3": (_cribbage(3), 1),
    "cribbage-4": (_cribbage(4), 1),
    # Between people (issue 25), the computer's two seats at two levels: a cut anywhere keeps them.
    "cribbage-people-4": (_cribbage(4, ["ANN", None, "BEE", None], [None, 0, None, 2]), 1),
    **{"grid-%d" % k: (_grid(k), 1) for k in range(len(GAMES))},
    "grid-0-2-players": (_grid(0, 2), 2),
    "board-2": (_board(2), 1),  # the board for a real deck: one record a game
    "board-4": (_board(4), 1),
}


def _old_game(i):
    return {"variant": "patience", "seed": i, "score": 30 + i, "won": False, "target": 80,
            "rounds": [10, 10, 10 + i], "date": None, "players": 1, "code": None}


def _start(root, make):
    """The folder as the board leaves it when the game's last move is saved; the
    game's players' records as they will be recorded (to find them after)."""
    app = _app(root)
    for i in range(OLD):
        app.saves.add_game(_old_game(i))
    play = make(app)
    app.play = play
    play.save()
    return play


def _finish(root, app=None):
    """A boot (or `app`, just booted): the saved game resumed and its end run to the menu."""
    app = app or _app(root)
    if app.saves.load_current() is None:
        return
    assert resume(app)
    app.play.finish()
    while app.play is not None:
        assert type(app.screen).__name__ == "Initials"
        app.screen.done("JOE")


def _files(root):
    import os

    return {name: open(os.path.join(root, name), "rb").read() for name in os.listdir(root)}


def _lay(root, files):
    """The folder back as `files` has it (only what differs is written)."""
    import os

    for name in os.listdir(root):
        if name not in files:
            os.remove(os.path.join(root, name))
    for name, data in files.items():
        path = os.path.join(root, name)
        try:
            with open(path, "rb") as f:
                if f.read() == data:
                    continue
        except OSError:
            pass
        with open(path, "wb") as f:
            f.write(data)


def _check(root, want):
    s = Saves(root, device_id=DEVICE)
    hist = list(s.history())
    assert [r["n"] for r in hist] == list(range(1, len(hist) + 1)), "no game number twice, none lost"
    assert [r["seed"] for r in hist[:OLD]] == list(range(OLD)), "the old games as they were"
    assert [(r["variant"], r.get("seed"), r["score"], r.get("people"), r.get("levels"))
            for r in hist[OLD:]] == want, \
        "each player's game exactly once"
    assert s.load_current() is None
    assert s.device["n"] == len(hist)
    assert not s.problems


@pytest.fixture
def folder(tmp_path):
    """A scratch folder for thousands of small writes: in memory where the machine
    has a tmpfs."""
    shm = "/dev/shm"
    if not os.path.isdir(shm) or not os.access(shm, os.W_OK):
        yield str(tmp_path)
        return
    path = tempfile.mkdtemp(prefix="pcrib-", dir=shm)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def quick(monkeypatch):
    """The app's heap keeping (a gc.collect() at every screen, screen modules let go
    and loaded again) touches no file and costs CPython a hundred times what the
    rest of an end costs: left out here, where thousands of ends are run."""
    import gc

    import rules
    from storage import saves

    monkeypatch.setattr(gc, "collect", lambda *a: 0)
    monkeypatch.setattr(rules, "forget", lambda name: None)
    monkeypatch.setattr(saves, "forget", lambda name: None)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_cut_at_every_byte_of_the_end_records_the_game_once(folder, monkeypatch, quick, kind):
    root = folder + "/data"
    make, players = KINDS[kind]
    _start(root, make)
    start = _files(root)
    power = install(monkeypatch)
    # The whole end uncut: how many ticks it takes, and the records it makes.
    _finish(root)
    total = power.ticks
    want = [(r["variant"], r.get("seed"), r["score"], r.get("people"), r.get("levels"))
            for r in list(Saves(root, DEVICE).history())[OLD:]]
    assert len(want) == players
    _check(root, want)
    cuts = 0
    booted = set()  # the folders the next boot has left, each recovered and checked once
    for limit in range(total + 1):
        _lay(root, start)
        power.ticks = 0
        power.limit = limit
        try:
            _finish(root)
        except PowerCut:
            cuts += 1
        power.limit = None
        app = _app(root)  # the next boot: it settles what the cut left
        # From the same folder the rest goes the same way (fixed date and seeds): a
        # cut anywhere inside one write's bytes mostly leaves a torn .new the boot
        # removes, so many cut points share what the boot leaves.
        after = tuple(sorted(_files(root).items()))
        if after in booted:
            continue
        booted.add(after)
        _finish(root, app)
        _check(root, want)
    assert cuts == total  # every cut point but the last was a cut
    assert len(booted) >= 4  # at least: as it was, stamped, in the history, cleared
