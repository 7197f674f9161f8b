"""Shared deals by key presses: a code keyed in deals that variant and seed, the
game's code is shown and stored with its score, the deal of the day comes from
the board's date (and says so when the clock is not set); and the demo."""
import pytest

from helpers.drive import GO_ON, INITIALS, code_keys, game_keys

from rules.dealcode import ALPHABET, deal_of_the_day, encode, pretty
from pocketcrib.twins.sim import Sim

CODE_ROW, DAY_ROW, DEMO_ROW = 5, 6, 8


def screen(sim):
    return type(sim.app.screen).__name__


@pytest.mark.slow
def test_a_code_keyed_in_deals_its_game(tmp_path):
    code = encode("patience", 123456789)
    sim = Sim(tmp_path, seed=1)
    sim.run_script(["A"] + ["DOWN"] * CODE_ROW + ["A"])
    assert screen(sim) == "CodeEntry"
    sim.run_script(code_keys(code))
    assert screen(sim) == "Table"
    g = sim.app.play.match.games[0]
    assert (g.variant, g.seed) == ("patience", 123456789)
    sim.press("B_LONG")
    assert sim.app.screen.code == "Code " + pretty(code)
    sim.run_script("A")
    sim.run_script(game_keys("patience"))
    assert screen(sim) == "Over" and sim.app.screen.code == "Code " + pretty(code)
    sim.run_script(GO_ON + INITIALS)
    assert [r["code"] for r in sim.saves.history()] == [code]
    assert [r["code"] for r in sim.saves.high_scores("patience")] == [code]


def test_a_wrong_letter_is_caught(tmp_path):
    code = encode("solitaire", 42)
    bad = code[:4] + ALPHABET[(ALPHABET.index(code[4]) + 1) % len(ALPHABET)] + code[5:]
    sim = Sim(tmp_path, seed=1)
    sim.run_script(["A"] + ["DOWN"] * CODE_ROW + ["A"] + code_keys(bad))
    assert screen(sim) == "CodeEntry" and sim.app.screen.error
    assert sim.app.play is None


def test_deal_of_the_day(tmp_path):
    sim = Sim(tmp_path, seed=1, date="2026-11-29")
    sim.run_script(["A"] + ["DOWN"] * DAY_ROW + ["A", "DOWN", "DOWN", "A"])
    g = sim.app.play.match.games[0]
    assert (g.variant, g.seed) == ("patience2", deal_of_the_day((2026, 11, 29), "patience2"))
    other = Sim(tmp_path / "friend", seed=999, date="2026-11-29")
    other.run_script(["A"] + ["DOWN"] * DAY_ROW + ["A", "DOWN", "DOWN", "A"])
    assert other.app.play.match.games[0].pending == g.pending


def test_deal_of_the_day_without_a_clock(tmp_path):
    sim = Sim(tmp_path, seed=1, date=None)
    sim.run_script(["A"] + ["DOWN"] * DAY_ROW + ["A"])
    assert screen(sim) == "DayDeals" and "clock is not set" in " ".join(sim.app.screen.lines)
    sim.press("A")
    assert screen(sim) == "Menu" and sim.app.play is None


def test_demo_plays_a_whole_game_and_any_key_leaves(tmp_path):
    sim = Sim(tmp_path, seed=5)
    sim.run_script(["A"] + ["DOWN"] * DEMO_ROW + ["A"])
    demo = sim.app.screen
    assert type(demo).__name__ == "Demo"
    from players import autoplay

    want = autoplay.play("solitaire", 5, "advisor")
    for _ in range(2000):  # up to 200 s of clock: a game takes about two minutes
        sim.wait(0.1)
        if demo.over:
            break
    assert demo.over and demo.g.log == want.log and demo.g.score == want.score
    assert not sim.app.dimmed  # it kept the screen awake while playing
    assert not sim.saves.has_current() and not list(sim.saves.history())
    sim.press("DOWN")
    assert screen(sim) == "Menu"
