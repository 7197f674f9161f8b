"""The title and the menu by key presses (issue 14): a saved game is offered,
not jumped into, and the menu keeps its row after a page opened from it."""
import pytest
from helpers.drive import RESUME

from pocketcrib.twins.sim import Sim

# Menu rows (no game saved) and the keys that leave the page each one opens.
PAGES = {
    "Players": (3, ["B"]),
    "Opponent": (4, ["B"]),
    "CodeEntry": (5, ["B"]),
    "DayDeals": (6, ["B"]),
    "GridMenu": (7, ["B"]),
    "Demo": (8, ["B"]),
    "CribSetup": (9, ["DOWN", "B"]),
    "BoardSetup": (10, ["B"]),
    "Scores": (11, ["RIGHT", "A"]),
    "Stats": (12, ["LEFT", "B"]),
    "Settings": (13, ["DOWN", "B"]),
    "About": (14, ["A"]),
}


def screen(sim):
    return type(sim.app.screen).__name__


@pytest.mark.slow
@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_menu_keeps_its_row_after_a_page(tmp_path, page):
    row, leave = PAGES[page]
    sim = Sim(tmp_path, seed=5)
    sim.press("A")
    menu = sim.app.screen
    sim.run_script(["DOWN"] * row + ["A"])
    assert screen(sim) == page
    sim.run_script(leave)
    assert sim.app.screen is menu and menu.cur == row
    sim.press("A")  # the same row again
    assert screen(sim) == page


def _saved(tmp_path):
    sim = Sim(tmp_path, seed=5)
    sim.run_script("A A  A RIGHT A A B A")  # a Solitaire Cribbage deal played
    state = sim.app.play.state()
    return Sim(tmp_path, seed=99), state  # the power comes back


def test_the_title_offers_a_saved_game_before_resuming_it(tmp_path):
    sim, state = _saved(tmp_path)
    assert screen(sim) == "Title" and sim.app.screen.saved
    sim.press("A")
    assert screen(sim) == "Confirm" and sim.app.play is None  # offered, not resumed
    assert sim.app.screen.title == "Resume the game?"
    assert " ".join(sim.app.screen.lines) == "Your Solitaire game at deal 2 of 6 is saved."
    sim.press("B")
    assert screen(sim) == "Title"
    sim.run_script(RESUME)
    assert screen(sim) == "Table"
    assert sim.app.play.state() == state


def test_b_on_the_title_goes_to_the_menu_with_resume_on_top(tmp_path):
    sim, state = _saved(tmp_path)
    sim.press("B")
    assert screen(sim) == "Menu" and sim.app.screen.items[0][0] == "Resume the game"
    sim.press("A")
    assert screen(sim) == "Table" and sim.app.play.state() == state


@pytest.mark.parametrize("saved", [False, True])
def test_a_menu_move_draws_what_a_whole_redraw_would(tmp_path, saved):
    # A move redraws two rows (issue 14, item 19), or all of them when they scroll.
    sim = _saved(tmp_path)[0] if saved else Sim(tmp_path, seed=5)
    sim.press("B")
    assert screen(sim) == "Menu"
    for k in ["DOWN"] * 16 + ["UP"] * 5 + ["DOWN", "UP"] * 3 + ["UP"] * 14:
        sim.press(k)
        moved = sim.frame()
        sim.app.redraw()
        sim.app.step()
        assert sim.frame() == moved, (k, sim.app.screen.cur)
