"""Solitaire Cribbage against the computer, by key presses in the simulator:
the computer plays its own pack at its level, visibly and at a pace, keeping
level with the player; checked against the rules core (players.autoplay, Match)."""
import pytest
from helpers.drive import DEAL, GO_ON, INITIALS, RESUME, expected, to_menu_row

from players import autoplay
from rules.dealcode import encode
from rules.match import Match
from pocketcrib.twins.sim import Sim

VERSUS = 4  # the menu row of "Versus the computer"
POLICY = {0: "hand", 1: "table", 2: "advisor"}


def screen(sim):
    return type(sim.app.screen).__name__


def start(sim, level):
    # The level screen opens on Normal: UP for Easy, DOWN for Expert.
    sim.run_script(to_menu_row(VERSUS)[:-1] + ["A"] + {0: ["UP"], 1: [], 2: ["DOWN"]}[level]
                   + ["A"])


@pytest.mark.slow
@pytest.mark.parametrize("level", [0, 1, 2])
def test_whole_game_against_the_computer(tmp_path, level):
    seed = 300 + level
    sim = Sim(tmp_path, seed=seed)
    start(sim, level)
    assert screen(sim) == "Table"
    play = sim.app.play
    assert play.cpu == level and play.match.players == 2
    for _deal in range(6):
        assert screen(sim) == "Table" and play.match.turn == 0
        sim.run_script(DEAL)  # the player's deal, counted, summary left
        assert screen(sim) == "CpuTurn" and play.match.turn == 1
        sim.run_script("A")  # run the computer's deal on to its total...
        assert sim.app.screen.deal.phase == 4
        sim.run_script("A")  # ... and back to the player
    assert screen(sim) == "Standings"
    m = sim.app.play.match
    mine, its = expected("solitaire", seed), autoplay.play("solitaire", seed + 1, POLICY[level])
    assert (m.games[0].log, m.games[1].log) == (mine.log, its.log)
    # The same match on the rules core gives the same verdict.
    ref = Match((seed, seed + 1))
    pick = autoplay.chooser(POLICY[level], seed + 1)
    while not ref.over:
        low = sorted(ref.game().pending)
        ref.discard(*(low[:2] if ref.turn == 0 else pick(ref.game())))
    assert (m.standings(), m.double) == (ref.standings(), ref.double)
    sim.run_script(GO_ON)
    assert screen(sim) == "Initials" and sim.app.screen.prompt == "New high score!"
    sim.run_script(INITIALS)
    assert screen(sim) == "Scores"
    # Only the player's game is recorded, with its deal code.
    code = encode("solitaire", seed)
    assert [(r["seed"], r["score"], r["players"], r["code"]) for r in sim.saves.history()] == [
        (seed, mine.score, 2, code)]
    assert [(r["score"], r["code"]) for r in sim.saves.high_scores("solitaire")] == [
        (mine.score, code)]


def test_the_computer_plays_visibly_at_a_pace(tmp_path):
    sim = Sim(tmp_path, seed=21)
    start(sim, 2)
    sim.run_script(DEAL)
    assert screen(sim) == "CpuTurn"
    deal = sim.app.screen.deal
    g = sim.app.play.match.games[1]
    want = autoplay.chooser("advisor", 22)(g)
    seen = []
    frames = sim.app.frames
    for _ in range(120):  # 12 seconds, a step every 100 ms, no key
        sim.wait(0.1)
        if not seen or seen[-1][0] != deal.phase:
            seen.append((deal.phase, tuple(deal.marks) if deal.phase < 3 else None))
            # Busy, not idle: each step counts as activity for the dimming.
            assert (sim.board.ticks_ms() - sim.app.last) <= 100
    phases = [p for p, _ in seen]
    # six, one marked, both marked, each counted item, the total: in that order
    assert phases[:3] == [0, 1, 2] and phases[-1] == 4 and set(phases[3:-1]) == {3}
    assert seen[1][1] == want[:1] and seen[2][1] == want
    assert sim.app.frames - frames >= len(phases) - 1  # each step was drawn
    assert g.log and sim.app.play.count == (1, 0)
    sim.press("A")
    assert screen(sim) == "Table" and sim.app.play.match.turn == 0


def test_a_power_cut_in_the_computers_turn_resumes_it(tmp_path):
    sim = Sim(tmp_path, seed=50)
    start(sim, 1)
    sim.run_script(DEAL + ["A"])  # the computer has laid away and counted
    assert sim.app.screen.deal.phase == 4
    g = sim.app.play.match.games[1]
    log = list(g.log)
    again = Sim(tmp_path, seed=999)  # the power comes back
    again.run_script(RESUME)
    assert screen(again) == "CpuTurn"
    assert again.app.screen.deal.phase == 4
    assert again.app.play.match.games[1].log == log and again.app.play.cpu == 1
    again.press("A")
    assert screen(again) == "Table"
    # Cut before the computer's discard: its turn starts again, same choice.
    sim = Sim(tmp_path / "two", seed=60)
    start(sim, 0)
    sim.run_script(DEAL)
    assert not sim.app.play.match.games[1].log
    again = Sim(tmp_path / "two", seed=999)
    again.run_script(RESUME)
    assert screen(again) == "CpuTurn" and again.app.screen.deal.phase == 0
    again.run_script("A A")
    g = again.app.play.match.games[1]
    ref = autoplay.play("solitaire", 61, "hand")
    assert g.log == ref.log[:len(g.log)] and len(g.round_points()) == 1
    assert screen(again) == "Table" and again.app.play.match.turn == 0
