"""Issue 30: the coach read at a glance. Its reasons whole on the glass (item 3),
the review judging by what the coach advised (item 5), the lay-away's figure
explained (item 6), the review in suits and clear of "A: go on" (item 7). Each test
plays by key presses in the simulator and reads what is drawn."""
import re
import sys
from types import SimpleNamespace

import pytest
from helpers import texts
from helpers.drive import CRIB_LAY, crib_keys, crib_on

from players import coach, laying
from rules.cards import parse_card
from rules.cribbage import Cribbage
from rules.pegging import items
from rules.rng import Rng
from pocketcrib.twins.sim import Sim
from ui import gfx

LETTERS = re.compile(r"\b[A2-9TJQK][CDHS]\b")  # "TS", "4C": a card named in letters


@pytest.fixture
def drawn(monkeypatch):
    return texts.record(monkeypatch)


def redrawn(sim, drawn):
    """The screen drawn whole again; its texts, each below the title bar checked to be
    on the glass and clear of the others (the bar's are tests/sim/test_text_fits.py's)."""
    del drawn[:]
    sim.app.redraw()
    sim.app.step()
    below = [d for d in drawn if d[2] > 8]
    for i, (s, x0, y0, x1, y1) in enumerate(below):
        assert x0 >= 0 and x1 <= gfx.W and y0 >= 0 and y1 < gfx.H, "%r off the glass" % s
        for t, a0, b0, a1, b1 in below[i + 1:]:
            assert not (y0 <= b1 and b0 <= y1 and x0 < a1 + 3 and a0 < x1 + 3), (s, t)
    return [d[0] for d in drawn]


def _table(tmp_path, seed, players=2, level=1):
    sim = Sim(tmp_path, seed=seed)
    sim.saves.set("hints", True)
    sim.run_script(crib_keys(level, 121, players) + ["A"])  # past the cut
    assert type(sim.app.screen).__name__ == "CribLay"
    return sim


def _name(sim):
    return type(sim.app.screen).__name__


def _to_my_turn(sim, limit=400):
    """A through the play until it is my turn to lay a card (or say go)."""
    for _ in range(limit):
        g = sim.app.play.g
        if _name(sim) == "CribPlay" and g.phase == "play" and g.turn == 0 and not sim.app.screen.waiting():
            return g
        crib_on(sim)
    raise AssertionError("never my turn")


def _review_of_the_deal(sim, drawn):
    """A through the deal to the coach's review; its texts."""
    for _ in range(400):
        if _name(sim) == "CribDeal":
            sim.press("A")
            assert sim.app.screen.page == 1
            return redrawn(sim, drawn)
        assert _name(sim) != "CribOver"
        sim.press("A")
    raise AssertionError("no review")


# Item 3: the coach's reason, whole.

def _reasons():
    """Every kind of reason the coach gives: each card that may be laid, in the play of
    many dealt hands, and the scoring calls at their longest (a fifteen or a 31 with a
    double pair royal or a long run)."""
    out = set()
    for seed in range(1, 120):
        g = Cribbage(seed, 2)
        rng = Rng(seed)
        while g.phase == "discard":
            h = g.hands[g.turn]
            g.discard(g.turn, h[0], h[1])
        while g.phase == "play":
            cards = g.playable()
            for c in cards:
                out.add(coach.reason(g, g.turn, c, cards))
            if not cards:
                out.add(coach.best_play(g, g.turn)[1])
                g.go()
            else:
                g.play(cards[rng.below(len(cards))])
    # The scoring calls: a count of 15 or 31 (or neither) ending on pairs or a run.
    tails = [[r] * n for r in range(13) for n in (2, 3, 4)]
    tails += [list(range(lo, lo + n))[::-1] for n in range(3, 8) for lo in range(14 - n)]
    pips = lambda r: min(r + 1, 10)  # noqa: E731
    for tail in tails:
        cards = [r * 4 + i % 4 for i, r in enumerate(tail)]
        total = sum(pips(r) for r in tail)
        for aim in (15, 31, None):
            lead = []
            need = (aim or total) - total
            for r in (12, 12, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0):  # far from the tail's ranks first
                if need >= pips(r) and abs(r - tail[0]) > 1 and r not in tail:
                    lead.append(r * 4 + len(lead) % 4)
                    need -= pips(r)
            if need == 0 and total + sum(pips(c >> 2) for c in lead) <= 31:
                seq = lead + cards
                if items(seq):
                    g = SimpleNamespace(seq=seq[:-1])
                    out.add(coach.reason(g, 0, seq[-1], [seq[-1]]))
    return sorted(out)


@pytest.mark.slow
def test_every_reason_the_coach_gives_is_whole_on_the_glass(tmp_path, drawn, monkeypatch):
    reasons = _reasons()
    assert len(reasons) > 25 and any("double pair royal" in r and "31" in r for r in reasons), reasons
    sim = _table(tmp_path, 3)
    sim.run_script(CRIB_LAY)  # lay away
    _to_my_turn(sim)
    screen = sim.app.screen
    for why in reasons:
        for card in [None] if why.startswith("go") else [parse_card(r + "S") for r in "A5TQK"]:
            monkeypatch.setattr(coach, "best_play", lambda g, seat, c=card, w=why: (c, w))
            # The screen imports the coach at each UP and lets it go after: this one, patched.
            monkeypatch.setitem(sys.modules, "players.coach", coach)
            screen.tip = None
            sim.press("UP")
            texts = redrawn(sim, drawn)
            said = " ".join(s for s, x0, y0, x1, y1 in drawn if 21 <= y0 < 38)
            assert said.endswith(why), (said, why)  # the reason whole, on the lines above the hand
            if card is not None:
                assert gfx.card_text(card) in said
            assert not any(LETTERS.search(t) for t in texts), texts


def test_the_coachs_tip_in_the_play_of_a_game_is_whole(tmp_path, drawn):
    sim = _table(tmp_path, 11, level=2)
    sim.run_script(CRIB_LAY)
    asked = 0
    while asked < 8 and _name(sim) != "CribOver":
        g = _to_my_turn(sim, 2000)
        card, why = coach.best_play(g, 0)
        sim.press("UP")
        redrawn(sim, drawn)
        said = " ".join(s for s, x0, y0, x1, y1 in drawn if 21 <= y0 < 38)
        assert said.endswith(why), (said, why)
        asked += 1
        sim.press("B", "A")  # the tip put away; the card laid (or go said)
    assert asked == 8


# Item 6: the lay-away's figure explained.

@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lay_away_hint_says_what_its_figure_adds_up(tmp_path, drawn, players):
    sim = _table(tmp_path, 5, players)
    seen = set()
    for _ in range(4):
        for _ in range(400):
            if _name(sim) == "CribLay":
                break
            crib_on(sim)
        g = sim.app.play.g
        sim.press("UP")
        texts = redrawn(sim, drawn)
        tip = sim.app.screen.tip
        assert tip[0] in texts and tip[1] in texts  # both lines, whole
        ours = g.side_of(g.dealer) == g.side_of(0)
        if "chance" in tip[1]:  # near the end: for the game
            assert re.search(r" for a \d+%$", tip[0]) and tip[1] == "chance to win the game", tip
        else:
            assert re.search(r" for -?\d+\.\d$", tip[0]), tip
            # Hand plus crib when the crib is ours, hand less crib when not; the play too at two hands.
            assert tip[1].startswith("= hand " + ("+ play " if players == 2 else "")), tip
            assert tip[1].endswith(" + crib" if ours else " - half the crib" if players == 3 else " - crib"), tip
            seen.add(ours)
        sim.press("B")
        sim.run_script(["A", "RIGHT", "A"] if players == 2 else ["A"])  # marked (A marks and stays)
        sim.press("A")  # laid away
    assert seen == {True, False}


# Item 5: near the end the review judges by what the coach advised.

def _racing_seed():
    """A seed whose first deal, with both sides 40 from home, the coach lays away for
    the game other cards than the most points would."""
    for seed in range(1, 200):
        g = Cribbage(seed, 2)
        g.scores = [81, 81]
        cards, values = laying.choose_discard(g, 0, "expert")
        most = max(values, key=lambda t: t[0])[1]
        if sorted(cards) != sorted(most):
            return seed, sorted(most)
    raise AssertionError("no such deal")


def _lay_away(sim, cards):
    """Mark the cards (by moving the cursor onto each) and lay them away."""
    screen = sim.app.screen
    for c in cards:
        i = screen.cards.index(c)
        while screen.cur != i:
            sim.press("RIGHT")
        if i not in screen.marks:
            sim.press("A")
    assert sorted(screen.cards[i] for i in screen.marks) == sorted(cards)
    sim.press("A")


@pytest.mark.slow
@pytest.mark.parametrize("follow", [True, False])
def test_near_the_end_the_review_judges_by_the_coachs_chance_of_winning(tmp_path, drawn, follow):
    seed, most = _racing_seed()
    sim = _table(tmp_path, seed)
    g = sim.app.play.g
    g.scores = [81, 81]
    sim.press("UP")
    tip = sim.app.screen.tip
    hand = sim.app.screen.cards
    advised = sorted(c for c in hand if gfx.card_text(c) in tip[0].split())
    assert len(advised) == 2 and advised != most
    sim.press("B")
    _lay_away(sim, advised if follow else most)
    texts = _review_of_the_deal(sim, drawn)
    said = " ".join(texts)
    if follow:  # following the coach is never called a mistake
        assert "Lay away: yours was best" in said, texts
    else:  # the most points were not the coach's advice: it names its own cards
        best = said[said.index("best ") + 5:].split()[:2]
        assert sorted(best) == sorted(gfx.card_text(c) for c in advised), texts
    # And both say what they went by: the chance of winning.
    assert "% to win" in said, texts
    assert re.search(r" for a \d+%$", tip[0]) and "to win" in tip[1], tip


# Item 7: the review in suits, each line clear of "A: go on".

@pytest.mark.slow
def test_the_review_draws_suits_and_leaves_the_bottom_line_to_a_go_on(tmp_path, drawn):
    sim = _table(tmp_path, 9)
    reviews = 0
    long_ones = 0
    while reviews < 5:
        sim.run_script(CRIB_LAY)
        texts = _review_of_the_deal(sim, drawn)
        lines = sim.app.screen.review
        assert "A: go on" in texts
        said = " ".join(t for t in texts if t != "A: go on" and not t.startswith("Deal "))
        assert said == " ".join(lines), (texts, lines)  # every line, whole
        assert not any(LETTERS.search(t) for t in texts), texts
        long_ones += "best " in said and " not " in said
        reviews += 1
        sim.press("A")
        while _name(sim) != "CribLay":
            sim.press("A")
    assert long_ones, "no review named a better lay-away and a better card"


def test_a_review_by_the_chance_of_winning_is_kept_over_a_power_cut(tmp_path, drawn):
    from storage import records

    seed, most = _racing_seed()
    sim = _table(tmp_path / "flash", seed)
    sim.app.play.g.scores = [81, 81]
    _lay_away(sim, most)
    lay = records.read(str(tmp_path / "flash" / "game.pcr"), "game")[0][0]["review"][0]
    assert lay[-1] is True  # its figures are chances of winning
    said = _review_of_the_deal(sim, drawn)
    # The power cut: a board that starts again from the flash and resumes the game.
    again = Sim(tmp_path / "flash", seed=1)
    again.run_script(["A", "A"])
    assert _review_of_the_deal(again, drawn) == said
    # A save from before the flag (points only) still resumes, read as points.
    state = records.read(str(tmp_path / "flash" / "game.pcr"), "game")[0][0]
    state["review"][0] = lay[:-1]
    records.write(str(tmp_path / "flash" / "game.pcr"), "game", [state])
    old = Sim(tmp_path / "flash", seed=1)
    old.run_script(["A", "A"])
    texts = _review_of_the_deal(old, drawn)
    assert "% to win" not in " ".join(texts) and " points" in " ".join(texts), texts


def test_the_coach_is_let_go_after_each_hint(tmp_path):
    """Asked for now and then, the coach's words are not kept at the table (its review is)."""
    import sys

    sim = _table(tmp_path, 3)
    sim.press("UP")
    assert sim.app.screen.tip and "players.coach" not in sys.modules
    sim.run_script(CRIB_LAY)
    g = _to_my_turn(sim)
    sim.press("UP")
    assert sim.app.screen.tip[0].startswith("Coach: ") and "players.coach" not in sys.modules
    assert g.hands[0] and "players.review" in sys.modules
