"""The table by key presses (issue 14): a key redraws only what it changed, and
what is on the glass is then exactly the whole frame; while a hint is shown, B
takes back a mark as it always does and the keys stay on the screen."""
import random

import framebuf
import pytest
from helpers.drive import to_menu_row

from pocketcrib.twins.sim import Sim
from ui import gfx


def screen(sim):
    return type(sim.app.screen).__name__


def shows(sim, s, x, y):
    """Whether the glass shows s drawn at (x, y), pixel for pixel, in its box."""
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    gfx.text(fb, s, x, y)
    glass = sim.glass()
    return all(bool(glass[yy][xx]) == bool(fb.pixel(xx, yy))
               for yy in range(y, min(64, y + 8)) for xx in range(x, x + gfx.width(s)))


def _table(tmp_path, hints=True, seed=7):
    sim = Sim(tmp_path, seed=seed)
    if hints:
        sim.saves.set("hints", True)
    sim.run_script(to_menu_row(0))
    assert screen(sim) == "Table"
    return sim


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_key_draws_what_a_whole_redraw_would(tmp_path, seed):
    sim = _table(tmp_path, hints=seed != 3, seed=seed)
    rng = random.Random(seed)
    frames = sim.app.frames
    for _ in range(120):
        table = sim.app.screen
        k = rng.choice(["LEFT", "RIGHT", "RIGHT", "A", "B", "UP", "DOWN"])
        if k == "A" and len(table.marks) == 2:
            k = "B"  # stay on this table
        sim.press(k)
        assert sim.app.screen is table
        assert sim.app.frames == frames + 1  # every key is shown
        frames = sim.app.frames
        patched = sim.frame()
        sim.app.redraw()
        sim.app.step()
        frames = sim.app.frames
        assert sim.frame() == patched, k


def test_a_cursor_move_sends_one_page(tmp_path):
    sim = _table(tmp_path)
    panel = sim.panel
    before = sim.board.display.bytes_sent
    sim.press("RIGHT")
    assert sim.board.display.bytes_sent - before == 138  # one page of 128 and the framing
    assert panel.frame() == sim.frame()


def test_b_takes_back_a_mark_while_the_hint_is_shown(tmp_path):
    sim = _table(tmp_path)
    sim.run_script("A RIGHT A UP")  # two marked, then the hint
    table = sim.app.screen
    assert len(table.tip) == 2 and table.tip[1].startswith("Yours")
    assert shows(sim, "A: to the crib   B: undo", 1, 57)
    sim.press("B")
    assert table.marks == [0]  # the mark is taken back ...
    assert len(table.tip) == 1 and table.tip[0].startswith("Best")  # ... the hint stays
    assert shows(sim, table.tip[0], 1, 41)
    assert shows(sim, "A: choose", 1, 57)
    sim.press("B")
    assert table.marks == [] and table.tip
    sim.press("B")  # nothing left to take back: B hides the hint
    assert table.tip is None
    assert shows(sim, "A: choose", 127 - gfx.width("A: choose"), 43)


def test_down_hides_the_hint(tmp_path):
    sim = _table(tmp_path)
    sim.run_script("A UP")
    assert sim.app.screen.tip
    assert shows(sim, "down: hide", 127 - gfx.width("down: hide"), 57)
    sim.press("DOWN")
    assert sim.app.screen.tip is None and sim.app.screen.marks == [0]


def test_hints_off_says_so_with_the_keys_shown(tmp_path):
    sim = _table(tmp_path, hints=False)
    sim.saves.set("hints", False)
    sim.press("UP")
    assert sim.app.screen.tip == ["Hints are off: Settings"]
    assert shows(sim, "Hints are off: Settings", 1, 41)
    assert shows(sim, "A: choose", 1, 57)
