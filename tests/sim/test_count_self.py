"""Count it yourself, by key presses in the simulator: the player enters each
count, the device calls the true one and what was missed; alone the true count
stands, with muggins in a game of two the missed points go to the other player.
Checked against the rules core."""
import pytest

from helpers.drive import GO_ON, INITIALS, MENU_ROW, RESUME, expected, to_menu_row

from rules.solitaires import new
from rules.match import Match
from pocketcrib.twins.sim import Sim

# Settings rows: ..., Sound (5), Count it yourself (6), Muggins (7).
COUNT_SELF = "A UP UP A" + " DOWN" * 6 + " RIGHT B B"
COUNT_SELF_MUGGINS = "A UP UP A" + " DOWN" * 6 + " RIGHT DOWN RIGHT B B"


def screen(sim):
    return type(sim.app.screen).__name__


def claim_for(points, rule):
    return {"low": max(0, points - 1), "high": points + 2, "right": points}[rule]


def count_deal(sim, items, rule):
    """Keys for counting one deal's items (as the core logged them) with claims by rule."""
    for label, _cards, _starter, points in items:
        assert screen(sim) == "Count"
        count = sim.app.screen
        assert count.items[count.page][3] == points
        if label == "heels":
            assert not count.asking  # his heels scores by itself
        else:
            assert count.asking
            c = claim_for(points, rule)
            sim.run_script(["UP"] * c + ["A"])
            said = count.lines[-1]
            if c == points:
                assert said == "you said %d: right!" % c
            elif c > points:
                assert said == "you said %d: it is %d" % (c, points)
            else:
                assert said.startswith("you said %d: missed %d" % (c, points - c))
        sim.press("B")  # on to the next item (the calls may be skipped)
    assert screen(sim) == "Summary"


def deal_items(g, a, b):
    start = len(g.log)
    g.discard(a, b)
    return g.log[start:]


def test_count_it_yourself_alone(tmp_path):
    seed = 77
    sim = Sim(tmp_path, seed=seed)
    sim.run_script(COUNT_SELF)
    assert sim.saves.get("count_self") and not sim.saves.get("muggins")
    sim.run_script(to_menu_row(MENU_ROW["patience"]))
    ref = new("patience", seed)
    missed = 0
    rules = ("low", "high", "right")
    while ref.pending is not None:
        low = sorted(ref.pending)
        sim.run_script("A RIGHT A A")
        items = deal_items(ref, low[0], low[1])
        rule = rules[ref.round % 3]
        count_deal(sim, items, rule)
        want = sum(p - claim_for(p, rule) for lab, _, _, p in items
                   if lab != "heels" and claim_for(p, rule) < p)
        assert sim.app.screen.missed == want
        missed += want
        sim.press("A")
    assert screen(sim) == "Over"
    # Alone, counting is practice: the true count is scored whatever was said.
    assert sim.app.play.match.games[0].score == expected("patience", seed).score == ref.score
    assert missed > 0


@pytest.mark.slow
def test_muggins_in_a_game_of_two(tmp_path):
    sim = Sim(tmp_path, seed=500)
    sim.run_script(COUNT_SELF_MUGGINS)
    assert sim.saves.get("count_self") and sim.saves.get("muggins")
    sim.run_script(to_menu_row(MENU_ROW["players"]) + ["DOWN", "DOWN", "A"])
    ref = Match((500, 501))
    raw = [0, 0]
    moved = [0, 0]  # points taken by muggins from each player
    for _deal in range(6):
        for player, rule in ((0, "low"), (1, "right")):
            assert screen(sim) == "Pass"
            sim.press("A")
            g = ref.game()
            low = sorted(g.pending)
            start = len(g.log)
            ref.discard(low[0], low[1])
            items = g.log[start:]
            sim.run_script("A RIGHT A A")
            count_deal(sim, items, rule)
            for label, _, _, p in items:
                raw[player] += p
                if label != "heels":
                    moved[player] += p - claim_for(p, rule)
            sim.press("A")
    assert screen(sim) == "Standings"
    m = sim.app.play.match
    assert moved[0] > 0 and moved[1] == 0
    # Player 1 scores only what they said; player 2 takes the rest.
    assert [g.score for g in m.games] == [raw[0] - moved[0], raw[1] + moved[0]]
    assert raw == [expected("solitaire", 500).score, expected("solitaire", 501).score]
    assert m.bonus == [-moved[0], moved[0]]
    # The rules core, with the same points moved, gives the same verdict.
    ref.adjust(0, -moved[0])
    ref.adjust(1, moved[0])
    assert m.standings() == ref.standings()
    sim.run_script(GO_ON)
    for _player in (1, 2):
        if screen(sim) == "Initials":
            sim.run_script(INITIALS)
    scores = [r["score"] for r in sim.saves.history()]
    assert scores == [raw[0] - moved[0], raw[1] + moved[0]]


def test_claims_and_muggins_survive_a_power_cut(tmp_path):
    sim = Sim(tmp_path, seed=500)
    sim.run_script(COUNT_SELF_MUGGINS)
    sim.run_script(to_menu_row(MENU_ROW["players"]) + ["DOWN", "DOWN", "A", "A"])
    g = new("solitaire", 500)
    low = sorted(g.pending)
    items = deal_items(g, low[0], low[1])
    sim.run_script("A RIGHT A A")
    first = 1 if items[0][0] == "heels" else 0
    if first:
        sim.press("B")
    points = items[first][3]
    assert points > 0
    sim.run_script("A")  # says 0 for the hand
    m = sim.app.play.match
    assert m.games[0].score == g.score - points and m.games[1].score == points
    again = Sim(tmp_path, seed=1)
    again.run_script(RESUME)  # resume: on the same item, the claim kept, not applied twice
    c = again.app.screen
    assert screen(again) == "Count" and c.page == first and not c.asking
    m = again.app.play.match
    assert m.games[0].score == g.score - points and m.games[1].score == points
