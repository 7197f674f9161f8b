"""Whole games played by key presses in the simulator, for each variant and for
two-player Solitaire Cribbage, checked against the rules core and the saves."""
import pytest
from helpers.drive import GO_ON, INITIALS, expected, game_keys, multi_keys, to_menu_row

from rules.match import Match
from pocketcrib.twins.sim import Sim

pytestmark = pytest.mark.slow


def screen(sim):
    return type(sim.app.screen).__name__


@pytest.mark.parametrize("variant", ["solitaire", "patience", "patience2"])
def test_whole_game_by_keys(tmp_path, variant):
    seed = 1234
    sim = Sim(tmp_path, seed=seed)
    assert screen(sim) == "Title"
    rows = {"solitaire": 0, "patience": 1, "patience2": 2}
    sim.run_script(to_menu_row(rows[variant]))
    assert screen(sim) == "Table"
    sim.run_script(game_keys(variant))
    want = expected(variant, seed)
    assert screen(sim) == "Over"
    g = sim.app.play.match.games[0]
    assert (g.variant, g.seed, g.score, g.log) == (variant, seed, want.score, want.log)
    sim.run_script(GO_ON)  # the first score on a new device is always a high score
    assert screen(sim) == "Initials"
    sim.run_script("UP A UP UP A DOWN DOWN A")
    assert screen(sim) == "Scores"
    history = list(sim.saves.history())
    assert [(r["variant"], r["seed"], r["score"], r["won"], r["rounds"]) for r in history] == [
        (variant, seed, want.score, want.won, want.round_points())]
    assert [(r["initials"], r["score"]) for r in sim.saves.high_scores(variant)] == [
        ("BC9", want.score)]
    assert not sim.saves.has_current()
    sim.press("A")
    assert screen(sim) == "Menu"


def test_two_players_by_keys(tmp_path):
    sim = Sim(tmp_path, seed=40)
    setup, keys = multi_keys(2)
    sim.run_script(setup)
    assert screen(sim) == "Pass"  # "pass to player 1"
    sim.run_script(keys)
    assert screen(sim) == "Standings"
    m = sim.app.play.match
    one, two = expected("solitaire", 40), expected("solitaire", 41)
    assert [g.score for g in m.games] == [one.score, two.score]
    assert [g.log for g in m.games] == [one.log, two.log]
    # The same match on the rules core, deal by deal, gives the same verdict.
    ref = Match((40, 41))
    while not ref.over:
        low = sorted(ref.game().pending)
        ref.discard(low[0], low[1])
    assert (m.standings(), m.double) == (ref.standings(), ref.double)
    sim.run_script(GO_ON)
    for player in (1, 2):
        assert screen(sim) == "Initials"
        assert sim.app.screen.prompt == "Player %d" % player
        sim.run_script(INITIALS)
    assert screen(sim) == "Scores"
    history = list(sim.saves.history())
    assert [(r["seed"], r["score"], r["players"]) for r in history] == [
        (40, one.score, 2), (41, two.score, 2)]
    assert [r["n"] for r in history] == [1, 2]


def test_four_players_in_partnerships(tmp_path):
    sim = Sim(tmp_path, seed=100)
    setup, keys = multi_keys(4, partners=True)
    sim.run_script(setup + keys)
    assert screen(sim) == "Standings"
    m = sim.app.play.match
    assert m.partners and m.sides == ((0, 2), (1, 3))
    scores = [expected("solitaire", s).score for s in (100, 101, 102, 103)]
    assert sorted(p for _, p in m.standings()) == sorted(
        [scores[0] + scores[2], scores[1] + scores[3]])
