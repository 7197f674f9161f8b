"""The same deal, raced (issue 28), by key presses on two simulators joined by a socket
pair standing in for the cable: a whole Foster's Solitaire Cribbage and a whole Poker
Patience, each device playing its own game of one deal at its own pace. Checked from the
frames: each device draws the other's running score ("BOB 23", the score its own copy of
the other's game holds at that frame), and both end on the same result; both records carry
the other's name and id. Then the cable pulled mid-game, a device switched off and
resumed, and an impossible move refused."""
import pytest
from helpers.drive import GRID_KEYS, SOLO_KEYS, linked_sims, race_step as act, reset_while_shuffling
from helpers.naps import Asleep, running

from pocketcrib.twins.sim import Sim
from ui import gfx

pytestmark = pytest.mark.slow


def screen(sim):
    return type(sim.app.screen).__name__


class Said:
    """Every text each device draws, frame by frame, with the other's score at that frame."""

    def __init__(self, sims, monkeypatch):
        self.lines = ([], [])
        self.current = [0]
        text = gfx.text

        def a_text(fb, s, *a, **k):
            self.lines[self.current[0]].append(s)
            return text(fb, s, *a, **k)

        monkeypatch.setattr(gfx, "text", a_text)
        self.shown = ([], [])  # per device: the other's scores its frames drew as "BOB 23"
        for i, sim in enumerate(sims):
            self.wrap(i, sim)

    def wrap(self, i, sim):
        draw = sim.app.draw

        def drawn():
            self.current[0] = i
            del self.lines[i][:]
            draw()
            play = sim.app.play
            if play is not None and getattr(play, "racing", False):
                want = "%s %d" % (play.people[1], play.theirs.score)
                if any(want in s for s in self.lines[i]):
                    self.shown[i].append(play.theirs.score)

        sim.app.draw = drawn


def race(sims, until, limit=5000, slow=(1, 1)):
    """Each device in turn (device i acts one step in slow[i]); until(sims) ends it."""
    for step in range(limit):
        if until(sims):
            return
        for i, sim in enumerate(sims):
            act(sim, step % slow[i] != 0, i == 1)
    raise AssertionError("no end: %s / %s" % (screen(sims[0]), screen(sims[1])))


def over(sims):
    return all(screen(s) == "Race" and s.app.screen.end and s.app.screen.ready() for s in sims)


def finish_both(sims):
    for sim in sims:
        sim.board.clock.advance(1200)
        sim.app.step()
        sim.press("A")
        for _ in range(3):
            if screen(sim) == "Initials":
                sim.wait(1.2)
                sim.press("A")  # the initials kept in the settings
        sim.settle()
    race(sims, lambda s: all(x.app.net is None for x in s), limit=500)


def whole(tmp_path, monkeypatch, keys, slow=(1, 3)):
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.run_script(keys)
        assert screen(sim) == "Race" and sim.board.links_opened == 1
    said = Said(sims, monkeypatch)
    race(sims, over, slow=slow)
    x, y = (s.app.play for s in sims)
    assert x.mine.save() != y.mine.save()  # each played its own game ...
    assert x.mine.seed == y.mine.seed  # ... of the one deal
    assert x.theirs.save() == y.mine.save() and y.theirs.save() == x.mine.save()  # replayed move for move
    for i, sim in enumerate(sims):
        play = sim.app.play
        # The other's running score seen as it grew, from 0 to the end.
        assert said.shown[i][0] == 0 and said.shown[i][-1] == play.theirs.score
        assert len(set(said.shown[i])) > 3
    me, you = x.mine.score, y.mine.score
    word = ("ANN wins", "you win") if me > you else ("you win", "BOB wins") if you > me else ("a tie", "a tie")
    assert said.lines[0][1:2] == ["You %d, BOB %d: %s" % (me, you, word[1])] or \
        "You %d, BOB %d: %s" % (me, you, word[1]) in said.lines[0]
    assert "You %d, ANN %d: %s" % (you, me, word[0]) in said.lines[1]
    finish_both(sims)
    for i, sim in enumerate(sims):
        rec = list(sim.saves.history())[-1]
        other = ("BOB", "ANN")[i]
        assert rec["people"] == [("ANN", "BOB")[i], other] and rec["link"] == "d%07d" % (1 - i)
        assert rec["scores"] == ([me, you] if i == 0 else [you, me]) and rec["players"] == 2
        assert sim.app.play is None and not sim.saves.has_current()
    return sims, said


def test_a_raced_solitaire_on_two_linked_devices(tmp_path, monkeypatch):
    sims, said = whole(tmp_path, monkeypatch, SOLO_KEYS)
    rec = list(sims[0].saves.history())[-1]
    assert rec["variant"] == "solitaire"


def test_a_raced_poker_patience_on_two_linked_devices(tmp_path, monkeypatch):
    sims, said = whole(tmp_path, monkeypatch, GRID_KEYS, slow=(3, 1))
    rec = list(sims[1].saves.history())[-1]
    assert rec["variant"] == "poker" and rec["place"] in (1, 2)


def test_the_cable_pulled_each_plays_on_and_the_score_catches_up(tmp_path, monkeypatch):
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.run_script(GRID_KEYS)
    race(sims, lambda s: s[0].app.play is not None and len(s[0].app.play.mine.moves) >= 5)
    said = Said(sims, monkeypatch)
    port = sims[1].board.link
    port.gone = True  # pulled
    x, y = (s.app.play for s in sims)
    held = len(x.theirs.moves)
    for _ in range(8):  # both play on, each its own grid
        for sim in sims:
            sim.press("A")
    sims[0].wait(3)
    assert len(y.mine.moves) >= held + 8 and len(x.theirs.moves) == held  # nothing came meanwhile
    assert x.unheard
    port.gone = False  # plugged in again: the link repeats what was not acknowledged
    race(sims, lambda s: len(x.theirs.moves) == len(y.mine.moves), limit=300, slow=(1000, 1000))
    race(sims, over)
    assert x.theirs.save() == y.mine.save() and y.theirs.save() == x.mine.save()
    assert said.shown[0][-1] == y.mine.score


@pytest.mark.parametrize("keys", [SOLO_KEYS, GRID_KEYS], ids=["solitaire", "grid"])
def test_a_device_switched_off_resumes_and_sends_again(tmp_path, keys):
    sims = linked_sims(tmp_path, seeds=(11, 12))
    for sim in sims:
        sim.run_script(keys)
    race(sims, lambda s: s[1].app.play is not None and len(s[1].app.play.mine.moves) >= 2)
    port = sims[1].board.link
    while port.readinto(bytearray(256)):
        pass
    sim = Sim(tmp_path / "dev1", seed=77, link=port, device_id="d0000001")
    sim.run_script(["A", "A"])  # the title offers the saved game; A resumes it
    assert sim.app.play is not None and sim.app.play.racing, screen(sim)
    sims[1] = sim
    race(sims, over)
    x, y = (s.app.play for s in sims)
    assert x.theirs.save() == y.mine.save() and y.theirs.save() == x.mine.save()


def test_an_impossible_move_is_refused_with_a_message(tmp_path, monkeypatch):
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.run_script(GRID_KEYS)
    race(sims, lambda s: None not in (s[0].app.play, s[1].app.play) and len(s[0].app.play.theirs.moves) >= 1)
    y = sims[1].app.play
    race(sims, lambda s: len(s[0].app.play.theirs.moves) == len(y.mine.moves), slow=(1, 1000))
    held = len(y.mine.moves)
    y.mine.moves.append(y.mine.moves[0])  # a tampered device: a card on a square taken
    said = Said(sims, monkeypatch)
    for _ in range(50):
        for sim in sims:
            sim.board.clock.advance(20)
            sim.app.step()
    x = sims[0].app.play
    assert x.race.problem == "refused BOB's move: square %d is taken" % y.mine.moves[0]
    assert len(x.theirs.moves) == held  # never applied
    assert y.race.problem.startswith("ANN refused this device's move: square")
    for i in (0, 1):  # said on both screens, over the table
        assert screen(sims[i]) == "Notice" and sims[i].app.screen.lines[0] in said.lines[i]
        sims[i].press("A")
        assert screen(sims[i]) == "GridTable"
    n = len(x.mine.moves)
    sims[0].press("A")  # each goes on with its own game
    assert len(x.mine.moves) == n + 1


def test_counting_yourself_with_muggins_on_gives_nothing_to_the_other_device(tmp_path):
    # Muggins is between players at one device; in a race each counts his own game.
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.saves.set("count_self", True)
        sim.saves.set("muggins", True)
        sim.run_script(SOLO_KEYS)
    short = 0
    for step in range(5000):
        if over(sims):
            break
        for i, sim in enumerate(sims):
            s = sim.app.screen
            if screen(sim) == "Count" and s.asking:
                short += s.items[s.page][3] > 0
                sim.press("A")  # nothing claimed: every point missed
                said_line = s.lines[-1]  # the verdict, shown after the calls
                assert "you said" in said_line and ", to " not in said_line, said_line
            else:
                act(sim, step % (1, 3)[i] != 0, i == 1)
    else:
        raise AssertionError("no end")
    assert short > 5
    x, y = (s.app.play for s in sims)
    assert x.theirs.save() == y.mine.save() and y.theirs.save() == x.mine.save()


def test_a_device_whose_racing_partner_is_gone_sleeps_and_races_on_after_a_key(tmp_path):
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.run_script(SOLO_KEYS)
    me, other = sims
    def both_moved(s):
        p = s[0].app.play
        return p is not None and len(p.mine.moves) >= 2 and len(p.theirs.moves) >= 2

    race(sims, both_moved)
    off = me.saves.get("sleep") * 1000
    gone_at = me.board.clock.t  # the other device switched off: nothing more comes
    with pytest.raises(Asleep) as slept:
        running(me)
    assert me.app.asleep and not me.panel.on
    assert slept.value.args[0] - gone_at < off + 2000
    # A key wakes it; the other comes back and the race goes on: its moves arrive.
    me.board.clock.advance(60 * 60 * 1000)
    me.app.wake()
    theirs = len(me.app.play.theirs.moves)
    race(sims, lambda s: len(s[0].app.play.theirs.moves) > theirs + 1)
    got = list(me.app.play.theirs.moves)
    assert got == list(other.app.play.mine.moves)[:len(got)]  # in order, none lost or doubled


def test_a_name_and_id_not_text_are_shown_and_kept_not_raised(tmp_path):
    # Issue 37: as tests/sim/test_link.py's, for a race; then resumed with another device
    # on the cable, whose name is no text either.
    from helpers.hostile import RACE, alone, elsewhere, served

    sim, peer = alone(tmp_path / "dev0", RACE, SOLO_KEYS, b"\xffB\xc3" + b"\xfe\xe9id" + b"x" * 30)
    assert served(sim, peer, 100, lambda: sim.app.play is not None)
    play = sim.app.play
    assert play.people == ["ANN", "?B?"] and play.peer == "??id" + "x" * 28
    sim.press("A", "RIGHT", "A", "A")  # a move, sent
    assert served(sim, peer, 20, lambda: peer.got)
    assert peer.got and peer.got[-1][0] == 0x4D
    again = elsewhere(tmp_path / "dev0", RACE, sim, peer).app.play
    assert again.racing and again.peer == play.peer
    assert again.race.problem == "The cable leads to C?L's device: this race is with ?B?."


def test_a_device_reset_while_the_pack_is_agreed_both_start_again_to_one_deal(tmp_path):
    # Issue 37, item 5, as tests/sim/test_link.py's for the cable's cribbage.
    sims = reset_while_shuffling(tmp_path, SOLO_KEYS, lambda s: s.app.play is not None)
    x, y = (s.app.play for s in sims)
    assert x.mine.seed == y.mine.seed and x.race.problem is None and y.race.problem is None
