"""Every screen's text fits the 128x64 glass with its numbers at their widest
(issue 14, "Last four2"; issue 30, the cribbage table read at a glance): three-digit
scores, two-digit points, the longest names and labels. Each text the firmware draws
(ui.gfx.text, which centre, right and the title bar go through) is a box, and so is
each card (big, small, face down) and the cursor's triangle. A screen fails when

- a text runs off the glass, or into another text (they must stay a space apart);
- a text lies over a card, or the cursor touches a text (a blank row between);
- a text the firmware wrapped to a width (ui.gfx.wrap) is drawn in part: a line
  dropped is a message cut short (a running list may scroll whole lines away);
- a card is named in letters ("QC", "TS") where the glass draws suits (ui.gfx.card_text).
"""
import pytest
from helpers.drive import MENU_ROW, crib_keys, crib_on, multi_keys, people_keys, to_menu_row
from helpers import texts
from helpers.scenes import SCENES, render
from helpers.texts import problems

from rules.cribbage import NOT_CUT
from pocketcrib.twins.sim import Sim
from ui import gfx

WIDE = 188  # a three-digit score
SUITS = (1, 2, 3, 4)


@pytest.fixture
def boxes(monkeypatch):
    return texts.record(monkeypatch)


def shown(sim, drawn):
    """The screen drawn whole, as it stands; its text problems."""
    drawn.clear()
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


@pytest.mark.slow
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


@pytest.mark.slow
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


def _at_widest(sim, drawn):
    """The problems of the cribbage screen as it stands, drawn with three-digit scores."""
    g = sim.app.play.g
    scores, back = g.scores, g.back
    g.scores, g.back = [WIDE] * g.sides, [WIDE - 11] * g.sides
    try:
        return shown(sim, drawn)
    finally:
        g.scores, g.back = scores, back
        sim.app.redraw()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_screen_of_a_cribbage_game_fits(tmp_path, boxes, players):
    """A whole game against the expert, to 61, with the coach asked at every turn of
    the player's: each screen (the lay-away, the play with four cards in hand and
    fewer, the go and the 31, the show, the coach's review, the end) drawn with
    three-digit scores. Problems are gathered over the game, each said once."""
    sim = Sim(tmp_path, seed=5 + players)
    sim.run_script(crib_keys(2, 61, players))
    found = {}
    seen = set()
    for _ in range(3000):
        name = type(sim.app.screen).__name__
        seen.add(name)
        if name == "CribOver":
            break
        if sim.app.play is not None and hasattr(sim.app.play, "g"):
            for p in _at_widest(sim, boxes):
                found.setdefault(p, name)
            screen = sim.app.screen
            mine = ((name == "CribLay" and not screen.marks)
                    or (name == "CribPlay" and screen.prompt() in ("A: play", "A: go")))
            if mine:
                sim.press("UP")  # the coach's advice
                for p in _at_widest(sim, boxes):
                    found.setdefault(p, name + ", the coach's advice")
                sim.press("B")
        crib_on(sim)
    assert "CribOver" in seen, "the game did not end"
    assert {"CribLay", "CribPlay", "CribShow"} <= seen
    assert not found, "\n".join("%s: %s" % (where, p) for p, where in found.items())


def _people_at_widest(sim, drawn):
    """The problems of the screen as it stands, drawn with three-digit scores and every
    person named WWW (the widest name; the game itself keeps its own names, which must differ)."""
    crib = sim.app.play
    people = crib.people
    crib.people = [p and "WWW" for p in people]
    try:
        return _at_widest(sim, drawn)
    finally:
        crib.people = people


@pytest.mark.slow
@pytest.mark.parametrize("seats, seed", [("PPP", 31), ("PPPP", 32), ("PCPC", 33), ("PPCC", 34)])
def test_every_screen_of_a_game_between_people_fits(tmp_path, boxes, seats, seed):
    """Three and four hands between people (issue 25), to 61, each counting his own hand with
    muggins: the hand-over screen (before and after its pause), the lay-away, the play, the
    show, a muggins call, the deal and the end, drawn with names WWW and three-digit scores
    (the score bar of three hands once ran to 129 px)."""
    sim = Sim(tmp_path, seed=seed)
    for k, v in (("count_self", True), ("muggins", True), ("hints", False)):
        sim.saves.set(k, v)
    sim.run_script(people_keys(seats, target=61))
    found = {}
    seen = set()
    for _ in range(3000):
        name = type(sim.app.screen).__name__
        if name == "CribOver":
            break
        g = sim.app.play.g
        seen.add(name + (" (muggins)" if g.missed else ""))
        for p in _people_at_widest(sim, boxes):
            found.setdefault(p, name)
        s = sim.app.screen
        if name == "CribPass":
            sim.wait(1.1)  # "A when only WWW is looking"
            for p in _people_at_widest(sim, boxes):
                found.setdefault(p, name + ", after the pause")
        elif name == "CribShow" and s.asking:
            s.claim = max(0, s.points - 28)  # short (a muggins call follows), the widest figures
            sim.press("UP")
            for p in _people_at_widest(sim, boxes):
                found.setdefault(p, name + ", a count asked")
            s.claim = max(0, s.points - 28)
        crib_on(sim)
    assert type(sim.app.screen).__name__ == "CribOver"
    for p in _people_at_widest(sim, boxes):
        found.setdefault(p, "CribOver")
    assert {"CribPass", "CribLay", "CribPlay", "CribShow", "CribDeal"} <= seen, seen
    # A muggins call where a person follows a person (with PCPC each person's next is the computer).
    assert ("CribShow (muggins)" in seen) == ("PP" in seats), seen
    assert not found, "\n".join("%s: %s" % (where, p) for p, where in found.items())
