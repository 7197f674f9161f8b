"""Cribbage against the computer, by key presses in the simulator: whole games
at each level, to 61, three and four hands; games that end in the play and in
the show; a power cut at every step resumes the same game; the game is
recorded once, with its deals, and counted in its mode's statistics; count it
yourself with muggins; the coach.

Every game is played the same way: A everywhere (laying away, A and RIGHT mark
the lowest cards for the crib: helpers.drive.crib_key; the cursor's card is the
first that may be laid, A says go when none can, each call of the show is heard)."""
import shutil

import pytest
from helpers.drive import CRIB_LAY, RESUME, crib_keys, crib_on, crib_to_the_end

from players import cpu
from rules.cribbage import OVER, PLAY_LABELS, Cribbage
from pocketcrib.twins.sim import Sim
from storage.saves import Saves
from ui.cribbage.history import mode_of, record, stats


def screen(sim):
    return type(sim.app.screen).__name__


def _sim(path, seed, hints=False, **settings):
    sim = Sim(path, seed=seed)
    sim.saves.set("hints", hints)  # the coach's review costs a look-ahead a card
    for k, v in settings.items():
        sim.saves.set(k, v)
    return sim


def _finish(sim):
    """From the game-over screen: record it; its record as the history holds it."""
    g = sim.app.play.g
    sim.press("A")
    assert screen(sim) == "CribStats" and sim.app.play is None
    assert not sim.saves.has_current()
    rec = list(sim.saves.history())[-1]
    assert rec["variant"] == "cribbage" and rec["seed"] == g.seed
    assert rec["scores"] == g.scores and rec["players"] == g.players
    assert rec["target"] == g.target and rec["won"] == (g.winner == 0)
    per = 3 + 3 * g.players
    assert len(rec["deals"]) == 2 * per * len(g.records)
    return rec


@pytest.mark.slow
@pytest.mark.parametrize("level", [0, 1, 2])
def test_a_whole_game_to_121_at_each_level(tmp_path, level):
    sim = _sim(tmp_path, 11 + level)
    sim.run_script(crib_keys(level))
    assert screen(sim) == "CribCut"
    seen = crib_to_the_end(sim)
    for name in ("CribLay", "CribPlay", "CribShow", "CribDeal", "CribOver"):
        assert name in seen
    g = sim.app.play.g
    assert sim.app.play.level == level and g.players == 2 and g.target == 121
    assert g.over and max(g.scores) >= 121 and g.scores[g.winner] == max(g.scores)
    # Every point on the board is in the log, and each deal's record adds up.
    for side in range(2):
        assert g.scores[side] == sum(p for seat, _, p, _ in g.log if seat == side)
        assert g.scores[side] == sum(d.points(side) for d in g.records)
    rec = _finish(sim)
    assert rec["level"] == level and rec["skunk"] == g.skunk(1 - g.winner)
    s = stats(sim.saves, mode_of(2, 121, level))
    assert s["games"] == 1 and s["wins"] == int(g.winner == 0)
    assert s["dealt"] + s["poned"] == len(g.records)
    assert s["dealer"][0] + s["pone"][0] == sum(d.play[0] for d in g.records)
    assert s["dealer"][1] + s["pone"][1] == sum(d.hand[0] for d in g.records)
    assert s["dealer"][2] == sum(d.crib_points + d.heels for d in g.records if d.dealer == 0)


class _Table:
    """What record() reads of the table: the game, the computer's level, no people."""

    def __init__(self, g, level):
        self.g, self.level, self.people, self.levels = g, level, None, None


def test_three_hands_count_your_skunk_only(tmp_path):
    """With three hands the record's skunk is the worst among the losers; the
    statistics say you were skunked only when your own score fell short."""
    saves = Saves(str(tmp_path / "data"))
    games = []
    for seed in (177, 39):  # you lose both: 177 another loser skunked, 39 you
        g = Cribbage(seed, 3, target=61)
        while g.phase != OVER:
            cpu.move(g, "easy")
        assert g.winner != 0 and max(g.skunk(s) for s in range(3)) == 1
        saves.add_game(record(_Table(g, 0), None))
        games.append(g)
    assert [g.skunk(0) for g in games] == [0, 1]
    s = stats(saves, mode_of(3, 61, 0))
    assert s["games"] == 2 and s["wins"] == 0
    assert s["skunked"] == 1 and s["against"] == 2 + 2  # each game was worth a skunk to its winner


def test_a_61_point_game(tmp_path):
    sim = _sim(tmp_path, 5)
    sim.run_script(crib_keys(1, 61))
    crib_to_the_end(sim)
    g = sim.app.play.g
    assert g.target == 61 and max(g.scores) >= 61 and len(g.records) < 10
    assert _finish(sim)["target"] == 61


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_hands(tmp_path, players):
    sim = _sim(tmp_path, 21)
    sim.run_script(crib_keys(2, 61, players))
    sim.press("A")  # the cut
    assert screen(sim) == "CribLay" and len(sim.app.screen.cards) == 5
    assert sim.app.screen.need == 1
    crib_to_the_end(sim)
    g = sim.app.play.g
    assert g.players == players and g.sides == (3 if players == 3 else 2)
    if players == 4:  # partners: seats 0 and 2 score together
        assert g.scores[0] == sum(p for seat, _, p, _ in g.log if seat in (0, 2))
    assert _finish(sim)["players"] == players


@pytest.mark.slow
def test_games_that_end_in_the_play_and_in_the_show(tmp_path):
    """The game stops the moment a side reaches the target: in the play (the
    show never comes) or in the show (the rest is not counted)."""
    found = {}
    for seed in (3, 5):  # (seed 3 ends in the play; 5 on a hand, before the crib)
        sim = _sim(tmp_path / str(seed), seed)
        sim.run_script(crib_keys(0, 61))
        seen = crib_to_the_end(sim)
        g = sim.app.play.g
        label = g.log[-1][1]
        where = "play" if label in PLAY_LABELS or label == "heels" else "show"
        if where in found:
            continue
        found[where] = seed
        last = seen[-2]
        counted = [lb for _, lb, _, _ in g.log[g.deal_start:] if lb in ("hand", "crib")]
        if where == "play":
            assert last == "CribPlay" and not counted  # straight from the play to the end
        else:
            assert last == "CribShow" and counted and "crib" not in counted  # never counted
        assert max(g.scores) >= 61
        if len(found) == 2:
            return
    raise AssertionError("the games did not end in both ways: %s" % found)


def _state(sim):
    crib = sim.app.play
    return None if crib is None else crib.state()


@pytest.mark.slow
def test_a_power_cut_at_any_step_resumes_the_same_game(tmp_path):
    """Every few presses the flash is copied and booted again; resuming must
    come back to the same game, on the same screen, and play on the same."""
    data = tmp_path / "run"
    sim = _sim(data, 8, hints=True)
    sim.run_script(crib_keys(2, 61))
    cuts = 0
    for i in range(3000):
        name = screen(sim)
        if name == "CribOver":
            break
        if i % 5 == 0:
            cut = tmp_path / ("cut%d" % i)
            shutil.copytree(data, cut)
            again = Sim(cut, seed=999)
            assert again.app.screen.saved
            again.run_script(RESUME)
            assert _state(again) == _state(sim), (i, name)
            resumed = screen(again)
            # The same screen; or, once the play is over, the show it leads to.
            over = name == "CribPlay" and sim.app.play.g.phase != "play"
            assert resumed == name or (over and resumed == again.app.play.where()), (
                i, name, resumed)
            if resumed == name == "CribPlay":
                assert again.app.screen.hand == sim.app.screen.hand
            if resumed == name == "CribShow":
                assert (again.app.screen.seat, again.app.screen.label) == (
                    sim.app.screen.seat, sim.app.screen.label)
            cuts += 1
        crib_on(sim)
    assert screen(sim) == "CribOver" and cuts > 10


@pytest.mark.slow
def test_a_finished_game_is_recorded_once_across_a_power_cut(tmp_path):
    """A cut after the record is written but before the saved game is cleared:
    booting again resumes the game over, and A does not record it twice."""
    data = tmp_path / "run"
    sim = _sim(data, 3)
    sim.run_script(crib_keys(0, 61))
    crib_to_the_end(sim)

    def cut():
        raise OSError("power cut")

    sim.saves.clear_current = cut
    with pytest.raises(OSError):
        sim.press("A")
    assert len(list(sim.saves.history())) == 1
    again = Sim(data, seed=1)
    again.run_script(RESUME)  # the game is over
    assert screen(again) == "CribOver" and again.app.play.in_history()
    again.press("A")
    assert screen(again) == "CribStats" and not again.saves.has_current()
    assert len(list(again.saves.history())) == 1
    assert not again.saves.problems  # the record passes the history's checks


@pytest.mark.slow
def test_count_it_yourself_with_muggins(tmp_path):
    """Saying 0 for every hand of yours: the computer takes what you missed."""
    sim = _sim(tmp_path, 4, count_self=True, muggins=True)
    sim.run_script(crib_keys(1, 61))
    asked = 0
    for _ in range(3000):
        if screen(sim) == "CribOver":
            break
        if screen(sim) == "CribShow" and sim.app.screen.asking:
            asked += 1
            sim.press("A")  # "0"
            assert sim.app.screen.lines[-1].startswith("you said 0")
        crib_on(sim)
    else:
        raise AssertionError("the game did not end in 3000 presses (on %s)" % screen(sim))
    g = sim.app.play.g
    assert asked and g.muggins
    taken = [p for seat, label, p, _ in g.log if label == "muggins"]
    assert taken and all(seat == 1 for seat, label, _, _ in g.log if label == "muggins")


def test_your_count_put_right_without_muggins(tmp_path):
    sim = _sim(tmp_path, 4, count_self=True)
    sim.run_script(crib_keys(1, 61))
    for _ in range(3000):
        if screen(sim) == "CribShow" and sim.app.screen.asking:
            for _ in range(29):
                sim.press("UP")  # 29: more than any hand but the best
            sim.press("A")
            assert "it is" in sim.app.screen.lines[-1] or "right" in sim.app.screen.lines[-1]
            break
        crib_on(sim)
    else:
        raise AssertionError("never asked to count a hand in 3000 presses")
    assert not sim.app.play.g.muggins
    assert not any(label == "muggins" for _, label, _, _ in sim.app.play.g.log)


@pytest.mark.slow
def test_the_coach_on_request_and_after_the_deal(tmp_path):
    sim = _sim(tmp_path, 6, hints=True)
    sim.run_script(crib_keys(1, 61) + ["A"])
    assert screen(sim) == "CribLay"
    sim.press("UP")
    tip = sim.app.screen.tip
    assert tip[0].startswith("Coach: ") and " for " in tip[0] and tip[1].startswith("= hand")
    sim.run_script(CRIB_LAY)
    while screen(sim) == "CribPlay" and sim.app.play.g.turn != 0:
        sim.press("A")  # the computer leads
    assert screen(sim) == "CribPlay"
    sim.press("UP")
    assert sim.app.screen.tip[0].startswith("Coach: ")
    for _ in range(200):
        if screen(sim) == "CribDeal":
            break
        sim.press("A")
    assert sim.app.screen.review and sim.app.screen.review[0].startswith("Lay away: ")
    sim.press("A")
    assert sim.app.screen.page == 1  # the review, then the next deal
    sim.press("A")
    assert screen(sim) in ("CribLay", "CribOver")


def test_hints_off_the_coach_says_so(tmp_path):
    sim = _sim(tmp_path, 6)
    sim.run_script(crib_keys(1, 61) + ["A", "UP"])
    assert sim.app.screen.tip == ["Hints are off: Settings"]


@pytest.mark.slow
def test_a_card_that_would_pass_31_is_refused_and_changes_nothing(tmp_path):
    sim = _sim(tmp_path, 2)
    sim.run_script(crib_keys(0, 121) + ["A"] + CRIB_LAY)
    for _ in range(400):
        s = sim.app.screen
        g = sim.app.play.g
        if screen(sim) == "CribPlay" and g.turn == 0 and g.phase == "play":
            bad = [i for i, c in enumerate(s.hand) if c not in g.playable(0)]
            if bad and g.playable(0):
                before = g.save()
                while s.cur != bad[0]:
                    sim.press("RIGHT")
                sim.press("A")
                assert "past 31" in s.error and g.save() == before
                return
        crib_on(sim)
    raise AssertionError("no turn with a card that would pass 31")


def test_the_board_and_back(tmp_path):
    sim = _sim(tmp_path, 9)
    sim.run_script(crib_keys(1) + ["A"] + CRIB_LAY)
    assert screen(sim) == "CribPlay"
    play = sim.app.screen
    sim.press("DOWN")
    assert screen(sim) == "CribBoard"
    sim.press("A")
    assert sim.app.screen is play
