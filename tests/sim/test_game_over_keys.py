"""A pressed again and again, as when skipping through the counting, stops at
game over and at the initials (issue 14): each takes A only after a pause,
and says so once the pause is over."""
import pytest

from helpers.drive import DEAL, GO_ON, game_keys, multi_keys, to_menu_row

from pocketcrib.twins.sim import Sim
from ui import gfx

BURST = ["A"] * 30  # 4.5 s of A, one every 150 ms


def screen(sim):
    return type(sim.app.screen).__name__


def prompt_shown(sim, y):
    """Whether the glass's row band at y holds "A: go on" at the right edge."""
    x = 127 - gfx.width("A: go on")
    glass = sim.glass()
    return any(glass[yy][xx] for yy in range(y, y + 7) for xx in range(x, 127))


def test_a_burst_of_a_stops_at_game_over_then_a_pause_goes_on(tmp_path):
    sim = Sim(tmp_path, seed=21)
    keys = to_menu_row(0) + game_keys("solitaire")
    sim.run_script(keys[:-1])  # the last deal's summary
    sim.run_script(keys[-1:] + BURST)
    assert screen(sim) == "Over"
    assert not prompt_shown(sim, 48) and not list(sim.saves.history())
    sim.wait(1.2)
    assert prompt_shown(sim, 48)
    sim.press("A")
    assert screen(sim) == "Initials"
    initials = sim.app.screen
    chars = list(initials.chars)
    sim.run_script(BURST)  # no "AAA" from the burst
    assert sim.app.screen is initials and initials.cur == 0 and initials.chars == chars
    sim.run_script(GO_ON)  # a pause, then A: the next letter
    assert initials.cur == 1
    sim.run_script(["UP", "A"])  # once the letters are being keyed, A is quick
    assert initials.cur == 2
    sim.press("A")
    assert screen(sim) == "Scores"
    assert [r["initials"] for r in sim.saves.high_scores("solitaire")] == [
        chars[0] + chr(ord(chars[1]) + 1) + chars[2]]


@pytest.mark.slow
def test_a_burst_of_a_stops_at_the_standings(tmp_path):
    sim = Sim(tmp_path, seed=22)
    setup, keys = multi_keys(2)
    sim.run_script(setup + keys[:-1])
    sim.run_script(keys[-1:] + BURST)
    assert screen(sim) == "Standings" and not list(sim.saves.history())
    assert not prompt_shown(sim, 56)
    sim.wait(1.2)
    assert prompt_shown(sim, 56)
    sim.press("A")
    assert screen(sim) == "Initials" and len(list(sim.saves.history())) == 2


def test_another_key_makes_the_next_a_deliberate(tmp_path):
    sim = Sim(tmp_path, seed=23)
    sim.run_script(to_menu_row(1) + game_keys("patience"))
    assert screen(sim) == "Over"
    sim.run_script(["DOWN", "A"])
    assert screen(sim) == "Initials"


def test_the_counting_is_still_skipped_at_speed(tmp_path):
    # Only the end waits: a deal by keys at 150 ms a press goes through as before.
    sim = Sim(tmp_path, seed=24)
    sim.run_script(to_menu_row(0) + DEAL)
    assert screen(sim) == "Table" and sim.app.play.match.games[0].round == 2
