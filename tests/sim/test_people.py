"""Cribbage between people at one device (issue 25), by key presses in the simulator:
two people to 121, three people, four hands with two people and two computer partners,
count it yourself and muggins between people, names kept between games, a people game
resumed after a power cut.

Every frame drawn is checked for hidden cards: the cards each frame draws (ui.gfx.card and
ui.gfx.mini, recorded with their values) must hold no card of a hand still held, nor of the
crib, except the hand of the person who last took the device on the hand-over screen, and
that only on his own turn. So between a person's move and the next person's confirmation
no hand is on the glass, while the computer moves too."""
import pytest
from helpers.drive import MENU_ROW, crib_key, crib_on, people_keys, people_on, record_cards, to_menu_row

from pocketcrib.twins.sim import Sim
from rules.cribbage import DISCARD, PLAY


def screen(sim):
    return type(sim.app.screen).__name__


class Watch:
    """Checks every frame the app draws (see the module's docstring)."""

    def __init__(self, sim, monkeypatch):
        self.sim = sim
        self.drawn = []
        self.holder = None  # the person who took the device last (on the hand-over screen)
        self.frames = 0
        self.passes = 0
        self.hidden_frames = 0  # frames drawn while a person's hand was held hidden
        record_cards(monkeypatch, self.drawn)
        draw = sim.app.draw

        def drawn():
            del self.drawn[:]
            draw()
            self.check()

        sim.app.draw = drawn

    def check(self):
        app = self.sim.app
        crib = app.play
        if crib is None:
            return
        g = crib.g
        name = type(app.screen).__name__
        self.frames += 1
        if g.phase not in (DISCARD, PLAY) or g.over:
            return  # the show: every hand is on the table
        hidden = set(g.crib)
        for s in range(g.players):
            if not (s == self.holder and g.turn == s and name in ("CribLay", "CribPlay")):
                hidden.update(g.hands[s])
        if name == "CribCut":  # the cut's cards are not hands
            hidden -= {c for r in g.cut for c in r}
        if any(g.hands[s] for s in range(g.players) if crib.people[s]):
            self.hidden_frames += 1
        shown = hidden & set(self.drawn)
        assert not shown, "%s drew hidden cards %s (holder %s, turn %s)" % (name, sorted(shown), self.holder,
                                                                               g.turn)
        if name in ("CribLay", "CribPlay") and crib.people[g.turn]:
            # No person acts but the one who took the device.
            assert g.turn == self.holder, "%s: %s acts without the hand-over" % (name, crib.name(g.turn))

    def on(self):
        """The key that moves the game on; the hand-over confirmed after a pause."""
        sim = self.sim
        if screen(sim) == "CribPass":
            self.passes += 1
            sim.wait(1.1)
            self.holder = sim.app.play.g.turn
        people_on(sim)

    def to_the_end(self, limit=6000):
        seen = []
        for _ in range(limit):
            name = screen(self.sim)
            if not seen or seen[-1] != name:
                seen.append(name)
            if name == "CribOver":
                return seen
            self.on()
        raise AssertionError("no end: %s" % seen[-8:])


def _sim(path, seed, **settings):
    sim = Sim(path, seed=seed)
    sim.saves.set("hints", False)
    for k, v in settings.items():
        sim.saves.set(k, v)
    return sim


def _game(tmp_path, monkeypatch, seats, seed, target=121, **settings):
    sim = _sim(tmp_path, seed, **settings)
    sim.run_script(people_keys(seats, target=target))
    assert screen(sim) == "CribCut"
    crib = sim.app.play
    assert crib.people == ["P%d" % (s + 1) if seats[s] == "P" else None for s in range(len(seats))]
    w = Watch(sim, monkeypatch)
    seen = w.to_the_end()
    return sim, w, seen


@pytest.mark.slow
def test_two_people_to_121_no_hidden_card_between_them(tmp_path, monkeypatch):
    sim, w, seen = _game(tmp_path, monkeypatch, "PP", 5)
    g = sim.app.play.g
    assert g.over and max(g.scores) >= 121
    assert "CribPass" in seen and w.passes >= 2 * len(g.records) and w.hidden_frames > 100
    assert sim.app.play.level == 1
    # The record says which seats were people.
    sim.press("A")
    rec = list(sim.saves.history())[-1]
    assert rec["people"] == ["P1", "P2"] and rec["scores"] == g.scores


@pytest.mark.slow
def test_three_people(tmp_path, monkeypatch):
    sim, w, seen = _game(tmp_path, monkeypatch, "PPP", 8, target=61)
    g = sim.app.play.g
    assert g.over and g.players == 3 and w.passes > 3 * len(g.records)


@pytest.mark.slow
def test_four_hands_two_people_two_computer_partners(tmp_path, monkeypatch):
    sim, w, seen = _game(tmp_path, monkeypatch, "PPCC", 12, target=61)
    crib = sim.app.play
    g = crib.g
    assert g.over and g.players == 4 and crib.people == ["P1", "P2", None, None]
    assert crib.side_name(0) == "P1+C1" and crib.side_name(1) == "P2+C2"
    # The computer played its seats: cards laid by seats 2 and 3.
    assert any(c >> 6 & 3 >= 2 for c in g.trail) or g.deal_no > 1


@pytest.mark.slow
def test_muggins_between_people_is_the_next_persons_call(tmp_path, monkeypatch):
    """Each person counts his own hand (and the dealer the crib). A short count scores what was
    said; then the device goes to the next person (a hand-over) who calls muggins and takes
    what was missed, or lets it go: the first time taken, after that let go. The call's screen
    draws the counted hand and the starter, no other card; the game's moves hold the calls."""
    sim = _sim(tmp_path, 4, count_self=True, muggins=True)
    sim.run_script(people_keys("PP"))
    w = Watch(sim, monkeypatch)
    asked = []
    calls = []  # (the caller, the points missed, taken)
    for _ in range(600):
        s = sim.app.screen
        g = sim.app.play.g
        if screen(sim) == "CribShow" and s.asking:
            asked.append(s.seat)
            sim.press("A")  # says 0: the next person may take what the hand holds
            assert "to P" not in s.lines[-1]  # (the computer alone takes it at once)
        elif screen(sim) == "CribShow" and g.missed:
            # Only the person who took the device at the hand-over is asked.
            assert w.holder == g.turn == (s.seat + 1) % 2 and w.passes
            counted = set(s.cards) | {g.starter}
            assert set(w.drawn) == counted, "the call's screen drew %s" % sorted(set(w.drawn) - counted)
            take = not calls
            calls.append((g.turn, g.missed, take))
            sim.press("A" if take else "B")
        elif screen(sim) == "CribDeal" or len(calls) >= 3:
            break
        else:
            if screen(sim) == "CribPass" and g.missed:
                assert g.turn != sim.app.play.seat and not w.drawn  # (no card on the hand-over)
            w.on()
    g = sim.app.play.g
    assert len(calls) >= 2 and asked, (calls, asked)
    mug = [(seat, p) for seat, label, p, _ in g.log if label == "muggins"]
    assert mug == [(seat, p) for seat, p, take in calls if take]
    counted = [p for seat, label, p, _ in g.log if label in ("hand", "crib")]
    assert counted and all(p == 0 for p in counted)
    # The calls are moves of the game: a power cut here resumes at the very same point.
    sim2 = Sim(tmp_path, seed=99)
    sim2.run_script(["A", "A"])
    assert sim2.app.play.g.save() == g.save() and sim2.app.play.g.log == g.log


def test_muggins_against_the_computer_alone_goes_at_once(tmp_path):
    """One person against the computer: a short count's rest goes to the computer at once,
    no hand-over and no question, as before people came to the table."""
    sim = _sim(tmp_path, 4, count_self=True, muggins=True)
    sim.run_script(people_keys("PC"))
    for _ in range(400):
        s = sim.app.screen
        assert screen(sim) != "CribPass"
        assert sim.app.play.g.missed == 0
        if screen(sim) == "CribShow" and s.asking:
            sim.press("A")
            assert s.points == 0 or s.lines[-1].endswith(", to CPU")
        elif screen(sim) == "CribDeal":
            break
        else:
            sim.press(crib_key(s))
    g = sim.app.play.g
    assert [e for e in g.log if e[1] == "muggins"]


@pytest.mark.slow
def test_a_lone_person_sees_no_hand_over(tmp_path):
    sim = _sim(tmp_path, 3)
    sim.run_script(people_keys("PC"))
    assert sim.app.play.people is None
    for _ in range(300):
        assert screen(sim) != "CribPass"
        sim.press(crib_key(sim.app.screen))


@pytest.mark.slow
def test_names_are_kept_and_a_resumed_game_is_handed_over(tmp_path, monkeypatch):
    sim = _sim(tmp_path, 6)
    # Seat 2 a person, named BEE on the Initials screen (it starts from P2).
    keys = to_menu_row(MENU_ROW["cribbage"]) + ["UP", "LEFT", "LEFT", "A"]
    sim.run_script(keys)
    assert screen(sim) == "Initials"
    sim.run_script(["DOWN"] * 14 + ["RIGHT"] + ["UP"] * 13 + ["RIGHT"] + ["UP"] * 4 + ["A"])  # P2(A) -> BEE
    assert screen(sim) == "CribSetup"
    name = "BEE"
    assert sim.app.screen.names[1] == name and sim.saves.get("names") == "P1 BEEP3 P4 "
    # A new setup remembers it.
    sim.press("B")
    assert screen(sim) == "Menu"
    sim.press("A")  # the menu is back on its cribbage row
    assert sim.app.screen.names[1] == name
    sim.run_script(["UP", "LEFT", "LEFT", "DOWN", "A", "A"])  # a person again; Start; past the cut
    crib = sim.app.play
    assert crib.people == ["P1", name]
    w = Watch(sim, monkeypatch)
    for _ in range(30):
        w.on()
    # A power cut: the game comes back behind the hand-over screen.
    sim2 = Sim(tmp_path, seed=99)
    sim2.run_script(["A", "A"])
    assert sim2.app.play.people == ["P1", name]
    assert screen(sim2) in ("CribPass", "CribShow", "CribDeal", "CribPlay")
    if screen(sim2) == "CribPlay":
        assert sim2.app.play.computer(sim2.app.play.g.turn) or not sim2.app.screen.hand


def test_a_people_record_is_kept_and_counted_per_person(tmp_path):
    """The board's rules take a record with people (and old ones without); each person's
    statistics come from the games he sat in, and games between people stay out of the modes
    against the computer. The host takes the record as the board does."""
    from helpers.cribgames import _Table, play
    from pocketcrib.scores import cribrec, pcr

    from storage import fields
    from storage.saves import Saves
    from ui.cribbage.history import mode_of, modes, record, stats

    saves = Saves(str(tmp_path), device_id="p25")
    g = play(21)
    old = record(_Table(g, 1), None)
    assert "people" not in old and fields.crib_record(old) is None
    r = record(_Table(g, 1, ["ANN", "BEE"]), "2026-01-02")
    assert r["people"] == ["ANN", "BEE"] and fields.crib_record(r) is None
    for bad in (["ANN"], ["ANN", "ANN"], [None, "BEE"], ["ANN", None], ["ANN", "TOOLONG"], "ANN,BEE"):
        assert fields.crib_record(dict(r, people=bad)) == "people", bad
    assert pcr.refused(dict(r, n=7)) is None and cribrec.game(r).scores == g.scores
    saves.add_game(old)
    saves.add_game(r)
    saves.add_game(record(_Table(g, 1, ["BEE", "ANN"]), None))
    assert modes(saves) == [mode_of(2, 121, 1), "@ANN", "@BEE"]
    assert stats(saves, mode_of(2, 121, 1))["games"] == 1
    ann, bee = stats(saves, "@ANN"), stats(saves, "@BEE")
    assert ann["games"] == bee["games"] == 2
    assert ann["wins"] + bee["wins"] == 2 and ann["wins"] == 1  # one game from each seat
    assert ann["dealt"] + ann["poned"] == 2 * len(g.records)


@pytest.mark.slow
def test_a_level_per_computer_seat(tmp_path, monkeypatch):
    """Each computer seat plays at its own level (the setup's seat rows go round person, Easy,
    Normal, Expert); the record keeps the level per seat, and "level" the first computer
    seat's, as records had it. A power cut brings the levels back."""
    from storage import fields

    sim = _sim(tmp_path, 21)
    sim.run_script(people_keys("P02", target=61))  # three hands: seat 2 Easy, seat 3 Expert
    crib = sim.app.play
    assert crib.people is None and crib.levels == [None, 0, 2] and crib.level == 0
    asked = {}
    level_of = crib.level_of

    def recorded(seat):
        asked.setdefault(seat, set()).add(level_of(seat))
        return level_of(seat)

    monkeypatch.setattr(crib, "level_of", recorded)
    for _ in range(40):
        crib_on(sim)
    sim2 = Sim(tmp_path, seed=99)  # a power cut
    sim2.run_script(["A", "A"])
    assert sim2.app.play.levels == [None, 0, 2] and sim2.app.play.level == 0
    seen = []
    for _ in range(3000):
        if screen(sim) == "CribOver":
            break
        seen.append(screen(sim))
        crib_on(sim)
    assert screen(sim) == "CribOver" and "CribPass" not in seen
    assert asked == {1: {"easy"}, 2: {"expert"}}
    sim.press("A")
    rec = list(sim.saves.history())[-1]
    assert rec["levels"] == [None, 0, 2] and rec["level"] == 0 and "people" not in rec
    assert fields.game_record(rec) is None


def test_the_setup_goes_round_person_and_levels(tmp_path, monkeypatch):
    from ui import gfx

    listed = []
    listing = gfx.listing

    def listed_rows(fb, rows, *args):
        listed[:] = rows
        return listing(fb, rows, *args)

    monkeypatch.setattr(gfx, "listing", listed_rows)
    sim = _sim(tmp_path, 22)
    sim.run_script(to_menu_row(MENU_ROW["cribbage"]) + ["UP"])  # seat 2's row
    s = sim.app.screen

    def seat2():
        return "cable" if s.cable and s.players == 2 else s.levels[1]

    # Two hands: seat 2 goes round person, the levels and the cable (issue 28).
    got = []
    for _ in range(5):
        got.append(seat2())
        sim.press("RIGHT")
    assert got == [1, 2, "cable", None, 0] and seat2() == 1
    sim.press("LEFT")
    assert seat2() == 0
    sim.run_script(["RIGHT", "RIGHT", "RIGHT"])
    assert seat2() == "cable" and "Seat 2: cable" in listed
    sim.run_script(["LEFT", "UP", "UP", "RIGHT", "DOWN", "DOWN"])  # Expert; three hands: no cable
    got = []
    for _ in range(4):
        got.append(seat2())
        sim.press("RIGHT")
    assert got == [2, None, 0, 1] and seat2() == 2
    sim.run_script(["UP", "UP", "LEFT", "DOWN", "DOWN", "LEFT", "LEFT"])  # two hands again; Easy
    assert seat2() == 0
    # Every seat at one level: no "levels" anywhere (as before levels were per seat).
    sim.run_script(["RIGHT", "DOWN", "A"])
    assert sim.app.play.levels is None and sim.app.play.level == 1


def test_levels_in_a_record_are_checked():
    """"levels" (optional): a level 0-2 per computer seat, None per person's seat; "level" is
    the first computer seat's. The board's rules (and so the host's pull) refuse anything else."""
    from helpers.cribgames import _Table, play

    from storage import fields
    from ui.cribbage.history import record

    two = record(_Table(play(21), 2, None, [None, 2]), None)
    assert two["levels"] == [None, 2] and two["level"] == 2 and fields.crib_record(two) is None
    assert "levels" not in record(_Table(play(21), 2), None)
    for bad in ([None, 1], [0, 2], [None], [None, 2, 2], [None, 3], [None, True], [None, "2"], "x", [None, None]):
        assert fields.crib_record(dict(two, levels=bad)) == "levels", bad
    three = record(_Table(play(23, 3), 0, ["ANN", None, "BEE"], [None, 0, None]), None)
    assert fields.crib_record(three) is None
    for bad in ([None, 0, 0], [None, None, None], [0, 0, None], [None, 1, None]):
        assert fields.crib_record(dict(three, levels=bad)) == "levels", bad
    four = record(_Table(play(24, 4), 2, ["ANN", "BEE", None, None], [None, None, 2, 0]), None)
    assert fields.crib_record(four) is None
    assert fields.crib_record(dict(four, levels=[None, None, 0, 2])) == "levels"  # level is seat 3's


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "  # the Initials screen's, in its order


def _typed(sim, name):
    """On the Initials screen, the keys from the letters it shows to `name`, and A."""
    keys = []
    for i, (a, b) in enumerate(zip(sim.app.screen.chars, (name + "   ")[:3])):
        up = (_LETTERS.index(b) - _LETTERS.index(a)) % len(_LETTERS)
        keys += ["UP"] * up if up <= len(_LETTERS) // 2 else ["DOWN"] * (len(_LETTERS) - up)
        if i < 2:
            keys.append("RIGHT")
    return keys + ["A"]


def _said(sim):
    return " ".join(sim.app.screen.lines)


@pytest.mark.parametrize("seat,name", [(0, "CPU"), (1, "CPU"), (2, "C1"), (1, "C2")])
def test_a_person_is_not_given_the_computers_name(tmp_path, seat, name):
    """Issue 37 item 9: a person named like a computer seat ("CPU" with one computer,
    "C1", "C2" with two) made the table read "CPU 0  P2 0  CPU 0". The naming screen
    refuses the name, saying why, and takes another; the game then tells them apart."""
    sim = _sim(tmp_path, 7)
    seats = "PPCC" if name != "CPU" else "PPC"  # two computers: C1, C2; one: CPU
    keys = people_keys(seats)[:-1]  # the setup, on Start
    keys += ["UP"] * (len(seats) - seat) + (["LEFT", "LEFT"] if seats[seat] == "C" else []) + ["A"]
    sim.run_script(keys)
    assert screen(sim) == "Initials"
    was = "P%d" % (seat + 1)
    sim.run_script(_typed(sim, name))
    assert screen(sim) == "Notice" and _said(sim).startswith("%s is the computer's name" % name)
    sim.press("A")  # back to the name, as it was typed
    assert screen(sim) == "Initials" and "".join(sim.app.screen.chars).strip() == name
    assert sim.saves.get("names")[3 * seat:3 * seat + 3].strip() == was  # nothing kept
    sim.run_script(["LEFT", "LEFT"] + _typed(sim, "ZED"))
    assert screen(sim) == "CribSetup" and sim.app.screen.names[seat] == "ZED"
    sim.run_script(["DOWN"] * (len(seats) - seat) + ["A"])  # Start
    crib = sim.app.play
    assert crib is not None and crib.people[seat] == "ZED"
    names = [crib.name(s) for s in range(crib.g.players)]
    assert len(set(names)) == len(names), names


def test_a_kept_computers_name_is_refused_at_start(tmp_path):
    """A name kept from before (or given on the board for a real deck, which has no
    computer) that the table gives the computer: Start says so and goes to that seat."""
    sim = _sim(tmp_path, 8, names="CPU BO C2 P4 ")
    sim.run_script(people_keys("PPC"))
    assert screen(sim) == "Notice" and _said(sim).startswith("CPU is the computer's name")
    assert sim.app.play is None and not sim.saves.has_current()
    sim.press("A")
    assert screen(sim) == "CribSetup" and sim.app.screen.cur == 2  # seat 1's row
    sim.press("A")
    sim.run_script(_typed(sim, "AL") + ["DOWN", "DOWN", "DOWN", "A"])  # renamed; Start
    assert sim.app.play is not None and sim.app.play.people == ["AL", "BO", None]
    assert [sim.app.play.name(s) for s in range(3)] == ["AL", "BO", "CPU"]
