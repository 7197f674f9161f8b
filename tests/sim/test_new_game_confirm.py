"""A new game while another is saved replaces it: every way into a new game asks
first (issue 14), B keeps the saved game and goes back where it was, A starts
the new one."""
import pytest
from helpers.drive import MENU_ROW, code_keys

from rules.dealcode import encode
from pocketcrib.twins.sim import Sim

# From the menu (with "Resume the game" on top): keys to where a new game starts.
# The deal of the day needs the board's date.
WAYS = {
    "variant": ["DOWN"] * (MENU_ROW["patience"] + 1) + ["A"],
    "players": ["DOWN"] * (MENU_ROW["players"] + 1) + ["A", "DOWN", "DOWN", "A"],
    "computer": ["DOWN"] * 5 + ["A", "A"],
    "code": ["DOWN"] * 6 + ["A"] + code_keys(encode("patience", 123)),
    "day": ["DOWN"] * 7 + ["A", "A"],
}
ASKED_FROM = {"variant": "Menu", "players": "Players", "computer": "Opponent",
              "code": "CodeEntry", "day": "DayDeals"}


def screen(sim):
    return type(sim.app.screen).__name__


def _saved_game(tmp_path):
    """A Solitaire Cribbage game one deal in, paused and left for the menu."""
    sim = Sim(tmp_path, seed=5, date="2026-11-29")
    sim.run_script("A A  A RIGHT A A B A  A B_LONG DOWN A")  # a deal, a mark, quit
    assert screen(sim) == "Menu" and sim.saves.has_current()
    return sim


@pytest.mark.slow
@pytest.mark.parametrize("way", sorted(WAYS))
def test_every_way_into_a_new_game_asks_first(tmp_path, way):
    sim = _saved_game(tmp_path)
    saved = sim.saves.load_current()
    sim.run_script(WAYS[way])
    assert screen(sim) == "Confirm", way
    text = " ".join(sim.app.screen.lines)
    assert text == "Your Solitaire game at deal 2 of 6 will be lost."
    asked_from = sim.app.under[-1]  # the screen the question was visited over
    sim.press("B")  # keep it: back where the new game was asked for, as it was
    assert screen(sim) == ASKED_FROM[way]
    assert sim.app.screen is asked_from
    assert sim.saves.load_current() == saved
    sim.press("A")
    assert screen(sim) == "Confirm"
    sim.press("A")  # now the new game replaces the saved one
    assert screen(sim) in ("Table", "Pass")
    assert sim.saves.load_current() != saved
    assert sim.app.play.match.games[0].round == 1


def test_kept_game_resumes_where_it_was(tmp_path):
    sim = _saved_game(tmp_path)
    sim.run_script(WAYS["variant"])
    sim.press("B")
    assert sim.app.screen.cur == MENU_ROW["patience"] + 1  # the cursor stays put
    sim.run_script(["UP"] * (MENU_ROW["patience"] + 1) + ["A"])
    assert screen(sim) == "Table"
    g = sim.app.play.match.games[0]
    assert (g.variant, g.seed, g.round) == ("solitaire", 5, 2)


def test_no_question_without_a_saved_game(tmp_path):
    sim = Sim(tmp_path, seed=5)
    sim.run_script(["A"] + ["DOWN"] * MENU_ROW["patience"] + ["A"])
    assert screen(sim) == "Table"
