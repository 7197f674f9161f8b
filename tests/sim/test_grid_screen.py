"""The grid solitaires' screens by key presses in the simulator: whole games of
Poker Patience (both tables, Foster's rule off and on) and Cribbage Squares,
the hint and the end review, and pixel snapshots of the grid (every placed
card's rank and suit, the next card, the cursor, the running line scores).

A test starts a game as the grid menu does (ui.grid.game.start). UPDATE_SNAPSHOTS=1 rewrites the pictures of
tests/sim/snapshots/grid/ that changed, and those tests skip (look before committing; see snapshot.py).
"""
from pathlib import Path

import pytest
from helpers import snapshot
from helpers.drive import INITIALS

from rules import grids
from pocketcrib.twins.sim import Sim

SNAPS = Path(__file__).resolve().parent / "snapshots" / "grid"
OPTIONS = [("poker", "american", False), ("poker", "english", False), ("poker", "american", True),
           ("poker", "english", True), ("squares", "american", False)]


# The pictures' pack: generator 1's seed 7, converted (rules.rng.unmix(7)), as in scenes.py.
SEED = 3692840910


def start(tmp_path, variant="poker", seed=SEED, table="american", foster=False, players=1):
    from rules.grid_games import index
    from ui.grid.game import start as begin

    sim = Sim(tmp_path, seed=1)
    begin(sim.app, index(variant, table, foster), seed, players)
    sim.settle()
    return sim


def screen(sim):
    return type(sim.app.screen).__name__


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS)
def test_a_whole_game_by_keys(tmp_path, options):
    variant, table, foster = options
    sim = start(tmp_path, variant, 11, table, foster)
    table_screen = sim.app.screen
    g = table_screen.game
    moves = ["RIGHT", "DOWN", "LEFT", "UP", "DOWN"]
    placed = 0
    while screen(sim) == "GridTable":
        # Walk the cursor about, put the card where it stands if it may go there.
        sim.press(moves[placed % len(moves)])
        if g.legal(table_screen.cur):
            card = g.next
            where = table_screen.cur
            sim.press("A")
            placed += 1
            assert g.cells[where] == card
        else:
            sim.press("A")  # refused: nothing changes
    assert placed == g.cards and g.over
    assert screen(sim) == "GridOver"
    over = sim.app.screen
    play = over.play
    assert over.game is g and 0 <= play.matched[0] <= g.cards and play.lost[0] >= 0
    want = grids.new(variant, 11, table, foster)
    for s in g.moves:
        want.place(s)
    assert want.score == g.score
    sim.press("DOWN")
    assert over.page == 1
    sim.press("A")  # recorded; a first score is a high score
    assert screen(sim) == "Initials"
    sim.run_script(INITIALS)
    assert screen(sim) == "Scores"
    (r,) = sim.saves.history()
    assert (r["variant"], r["table"], r["foster"], r["score"]) == (
        variant, table if variant == "poker" else None, foster, g.score)
    assert sim.app.screen.rows[0]["score"] == g.score and not sim.saves.has_current()


def test_the_hint_shows_the_advisors_square_and_placing_there_matches(tmp_path):
    from players import placement

    sim = start(tmp_path)
    t = sim.app.screen
    for _ in range(6):
        sim.press("A")
    sim.press("B")
    best, expected, mine = t.hint
    ranked = placement.rank_squares(t.game)
    assert best == ranked[0][1] and expected == ranked[0][0]
    assert mine == dict((s, v) for v, s in ranked)[t.cur]
    sim.press("B")
    assert t.hint is None
    before = t.play.matched[0]
    t.cur = best
    sim.press("A")
    assert t.play.matched[0] == before + 1


def test_a_taken_square_is_refused(tmp_path):
    sim = start(tmp_path)
    t = sim.app.screen
    sim.press("A")
    first = t.game.moves[0]
    t.cur = first
    sim.press("A")
    assert t.game.turn == 1 and t.cur == first


def shot_matches(sim, name):
    snapshot.check(sim, SNAPS / (name + ".png"))


SHOTS = {
    "poker_midgame": (("poker", SEED, "american", False), "A " * 13 + "RIGHT DOWN"),
    "poker_hint": (("poker", SEED, "english", False), "A " * 9 + "LEFT B"),
    "poker_foster": (("poker", SEED, "american", True), "A " * 11 + "LEFT"),
    "squares_midgame": (("squares", SEED, "american", False), "A " * 10 + "DOWN"),
    "poker_review": (("poker", SEED, "american", False), "A " * 25),
    "squares_review": (("squares", SEED, "american", False), "A " * 16 + "DOWN"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SHOTS))
def test_grid_snapshots(tmp_path, name):
    options, keys = SHOTS[name]
    sim = start(tmp_path, *options)
    sim.run_script(keys)
    shot_matches(sim, name)


VM_SCRIPT = """
import framebuf
from rules import grids
from ui.grid import screens as grid
from ui.grid.game import GridPlay
from drivers.buttons import A, B


class Saves:
    def save_current(self, state):
        self.state = state


class Board:
    def ticks_ms(self):
        return 0


class App:
    saves = Saves()
    board = Board()

    def beep(self):
        pass

    def redraw(self):
        pass

    def go(self, name, *args):
        self.went = name


buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
for opts in (("poker", 3, "american", False), ("poker", 3, "english", True), ("squares", 3, "american", False)):
    app = App()
    app.play = play = GridPlay(app, [grids.new(*opts)])
    t = grid.GridTable(app)
    while not t.game.over:
        t.key(B)  # the hint, then onto its square, and place the card there
        t.draw(fb)
        t.cur = t.hint[0]
        t.key(B)
        t.key(A)
    grid.GridOver(app).draw(fb)
    print(opts[0], opts[1], opts[2], t.game.score, play.matched[0], app.went, bytes(buf).hex())
"""


@pytest.mark.slow
def test_the_screens_draw_the_same_frames_in_the_micropython_vm(tmp_path):
    """The advisor's whole games through the screen, from .mpy in the VM, end on CPython's frames."""
    import subprocess
    import sys

    from mpvm import FIRMWARE, run_micropython

    script = tmp_path / "grid_vm.py"
    script.write_text(VM_SCRIPT)
    root = FIRMWARE.parent
    env = {"PYTHONPATH": ":".join(str(p) for p in (FIRMWARE, root / "host" / "pocketcrib" / "twins" / "mpshim", root / "host"))}
    cp = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True, env=env)
    rc, out = run_micropython(script, paths=(FIRMWARE,), use_mpy=True)
    assert rc == 0, out
    assert out.splitlines() == cp.stdout.splitlines() and len(cp.stdout.splitlines()) == 3
    for line in cp.stdout.splitlines():
        variant, table, foster, score, matched, went, frame = line.split()
        assert went == "GridOver" and int(matched) == (25 if variant == "poker" else 16)


@pytest.mark.slow
def test_from_the_menu_to_each_grid_game(tmp_path):
    from rules.grid_games import GAMES

    for i, (variant, table, foster) in enumerate(GAMES):
        sim = Sim(tmp_path / str(i), seed=40)
        sim.run_script(["A"] + ["DOWN"] * GRID_ROW + ["A"])
        assert screen(sim) == "GridMenu"
        sim.run_script(["DOWN"] * i + ["A"])
        g = sim.app.screen.game
        assert screen(sim) == "GridTable" and (g.variant, g.table, g.foster, g.seed) == (variant, table, foster, 40)
        sim.press("B_LONG")
        assert screen(sim) == "Pause"
        sim.press("DOWN", "A")
        assert screen(sim) == "Menu" and sim.saves.has_current()
    sim = Sim(tmp_path / "back", seed=40)
    sim.run_script(["A"] + ["DOWN"] * GRID_ROW + ["A", "B"])
    assert screen(sim) == "Menu" and sim.app.screen.cur == GRID_ROW


from helpers.drive import GRID_ROW  # noqa: E402
