"""Every screen's text fits the 128x64 glass with its numbers at their widest
(issue 14, "Last four2"): three-digit scores, two-digit points, the longest
names and labels. Each text the firmware draws (ui.gfx.text, which centre and
right go through) is a box; no box may run off the glass, and boxes on the
same rows must stay a space apart."""
import pytest
from helpers.drive import MENU_ROW, crib_keys, multi_keys, to_menu_row
from helpers.scenes import SCENES, render

from rules.cribbage import NOT_CUT
from pocketcrib.twins.sim import Sim
from ui import gfx

WIDE = 188  # a three-digit score
GAP = 3  # the width of a space: less and two texts read as one
SUITS = (1, 2, 3, 4)


@pytest.fixture
def boxes(monkeypatch):
    drawn = []
    text = gfx.text

    def recorded(fb, s, x, y, c=1):
        drawn.append((s, x, y, x + gfx.width(s), y + 7))
        return text(fb, s, x, y, c)

    monkeypatch.setattr(gfx, "text", recorded)
    return drawn


def problems(drawn):
    """What runs off the glass or into another text."""
    out = []
    for i, (s, x0, y0, x1, y1) in enumerate(drawn):
        if x0 < 0 or x1 > gfx.W or y0 < 0 or y1 > gfx.H:
            out.append("%r at (%d, %d) runs off the glass" % (s, x0, y0))
        for t, a0, b0, a1, b1 in drawn[i + 1:]:
            if y0 <= b1 and b0 <= y1 and x0 < a1 + GAP and a0 < x1 + GAP:
                out.append("%r at (%d, %d) runs into %r at (%d, %d)" % (s, x0, y0, t, a0, b0))
    return out


def shown(sim, drawn):
    """The screen drawn whole, as it stands; its text problems."""
    del drawn[:]
    sim.app.redraw()
    sim.app.step()
    assert drawn, "nothing drawn"
    return problems(drawn)


def widest(sim):
    play = sim.app.play
    if hasattr(play, "g"):  # cribbage: a three-digit score on every side
        play.g.scores = [WIDE] * play.g.sides
        play.g.back = [WIDE - 11] * play.g.sides
        return
    if hasattr(play, "games") and not hasattr(play, "match"):
        # A grid game: full lines at a royal flush's 100, lines being filled at four of a
        # kind's 50 (the most a line can hold before its fifth card).
        for g in play.games:
            g._score = (g.turn, WIDE)
            g.line_points = lambda cards, n=g.size: 100 if len(cards) == n else 50
        return
    for g in play.match.games:
        g.score = WIDE


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_fits_with_three_digit_scores(tmp_path, boxes, name):
    sim = render(name, tmp_path)
    if sim.app.play is not None:
        widest(sim)
    assert shown(sim, boxes) == []


@pytest.mark.parametrize("variant", ["solitaire", "patience", "patience2"])
@pytest.mark.parametrize("players", [1, 4])
def test_a_deal_summary_fits_every_label_and_note(tmp_path, boxes, variant, players):
    sim = Sim(tmp_path, seed=3)
    if players == 1:
        sim.run_script(to_menu_row(MENU_ROW[variant]))
    else:
        sim.run_script(to_menu_row(MENU_ROW["players"]) + ["RIGHT", "RIGHT", "DOWN", "A",
                                                           "DOWN", "A", "A"])
    play = sim.app.play
    widest(sim)
    # The most a deal can list: his heels, the hands, the crib, the last four.
    labels = {"solitaire": ("heels", "hand", "crib", "last"), "patience": ("heels", "hand", "crib"),
              "patience2": ("heels", "hand", "hand2", "crib")}[variant]
    items = [(label, (), None, 2 if label == "heels" else 29) for label in labels]
    play.claims = [0] * len(items)  # the player missed them all: "Missed ..."
    play.review = [[40, 41, 245, 125]]  # Best 10C 10D 24.5, you 12.5
    sim.app.go("Summary", players - 1, items)
    assert shown(sim, boxes) == []


def test_high_scores_fit_ten_wide_rows(tmp_path, boxes):
    sim = render("scores", tmp_path)
    sim.app.screen.rows = [{"initials": "WWW", "score": WIDE} for _ in range(10)]
    assert shown(sim, boxes) == []


def test_statistics_fit_their_widest_figures(tmp_path, boxes):
    sim = render("stats", tmp_path)
    sim.app.screen.s = {"games": 999, "wins": 999, "best": WIDE, "average": 188.8,
                        "last": [WIDE] * 10}
    assert shown(sim, boxes) == []


def test_four_players_fit_every_screen_of_a_game(tmp_path, boxes):
    setup, keys = multi_keys(4, partners=True)
    sim = Sim(tmp_path, seed=3)
    sim.run_script(setup)
    widest(sim)
    assert type(sim.app.screen).__name__ == "Pass"
    assert shown(sim, boxes) == []
    done = 0
    for upto, name in ((1, "Table"), (5, "Count"), (6, "Summary")):  # the first deal
        sim.run_script(keys[done:upto])
        done = upto
        assert type(sim.app.screen).__name__ == name
        assert shown(sim, boxes) == []
    sim.run_script(keys[6:])
    assert type(sim.app.screen).__name__ == "Standings"
    widest(sim)
    assert shown(sim, boxes) == []


@pytest.mark.parametrize("seed, players", [(13220, 2), (6335, 3), (0, 4), (22, 4), (1921, 4)])
def test_the_cut_for_the_deal_fits_every_round(tmp_path, boxes, monkeypatch, seed, players):
    """The cut screen: a row a player, a column a round of the cut (seed 1921 at four
    hands ties four times: the first round and the last three are shown)."""
    cards = []
    mini = gfx.mini

    def recorded(fb, c, x, y, lit=False):
        w = mini(fb, c, x, y, lit)
        cards.append((c, lit, x, y, x + w, y + gfx.MINI_H))
        return w

    monkeypatch.setattr(gfx, "mini", recorded)
    sim = Sim(tmp_path, seed=seed)
    sim.run_script(crib_keys(1, 121, players))
    assert type(sim.app.screen).__name__ == "CribCut"
    del cards[:]
    assert shown(sim, boxes) == []
    g = sim.app.play.g
    rounds = g.cut if len(g.cut) <= 4 else g.cut[:1] + g.cut[-3:]
    assert sorted(c for c, *_ in cards) == sorted(c for r in rounds for c in r if c != NOT_CUT)
    assert [c for c, lit, *_ in cards if lit] == [rounds[-1][g.dealer]]
    for i, (_, _, x0, y0, x1, y1) in enumerate(cards):
        assert x0 >= 0 and x1 <= gfx.W and y0 >= 0 and y1 <= gfx.H
        for _, _, a0, b0, a1, b1 in cards[i + 1:]:
            assert not (x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1), "cards overlap"
        for _, t0, s0, t1, s1 in boxes:
            assert not (x0 < t1 and t0 < x1 and y0 < s1 and s0 < y1), "a card over a text"
