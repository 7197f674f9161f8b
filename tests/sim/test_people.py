"""Cribbage between people at one device (issue 25), by key presses in the simulator:
two people to 121, three people, four hands with two people and two computer partners,
count it yourself and muggins between people, names kept between games, a people game
resumed after a power cut.

Every frame drawn is checked for hidden cards: the cards each frame draws (ui.gfx.card and
ui.gfx.mini, recorded with their values) must hold no card of a hand still held, nor of the
crib, except the hand of the person who last took the device on the hand-over screen, and
that only on his own turn. So between a person's move and the next person's confirmation
no hand is on the glass, while the computer moves too."""
from helpers.drive import record_cards, MENU_ROW, crib_key, people_keys, people_on, to_menu_row

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


def test_three_people(tmp_path, monkeypatch):
    sim, w, seen = _game(tmp_path, monkeypatch, "PPP", 8, target=61)
    g = sim.app.play.g
    assert g.over and g.players == 3 and w.passes > 3 * len(g.records)


def test_four_hands_two_people_two_computer_partners(tmp_path, monkeypatch):
    sim, w, seen = _game(tmp_path, monkeypatch, "PPCC", 12, target=61)
    crib = sim.app.play
    g = crib.g
    assert g.over and g.players == 4 and crib.people == ["P1", "P2", None, None]
    assert crib.side_name(0) == "P1+C1" and crib.side_name(1) == "P2+C2"
    # The computer played its seats: cards laid by seats 2 and 3.
    assert any(c >> 6 & 3 >= 2 for c in g.trail) or g.deal_no > 1


def test_muggins_between_people(tmp_path, monkeypatch):
    """Each person counts his own hand (and the dealer the crib); a short count scores what
    was said and the next person takes the rest."""
    sim = _sim(tmp_path, 4, count_self=True, muggins=True)
    sim.run_script(people_keys("PP"))
    w = Watch(sim, monkeypatch)
    asked = []
    for _ in range(400):
        s = sim.app.screen
        if screen(sim) == "CribShow" and s.asking:
            asked.append(s.seat)
            sim.press("A")  # says 0: what the hand holds goes to the other
            assert "to P%d" % (2 - s.seat) in s.lines[-1] or s.points == 0
        elif screen(sim) == "CribDeal":
            break
        else:
            w.on()
    g = sim.app.play.g
    assert sorted(set(asked)) == [0, 1] and len(asked) == 3  # both hands and the crib
    mug = [(seat, p) for seat, label, p, _ in g.log if label == "muggins"]
    counted = [(seat, p) for seat, label, p, _ in g.log if label in ("hand", "crib")]
    assert all(p == 0 for _, p in counted) and mug
    d = g.records[0]
    assert d.muggins == [d.hand[1] * 0 + sum(p for s, p in mug if s == 0), sum(p for s, p in mug if s == 1)]


def test_a_lone_person_sees_no_hand_over(tmp_path):
    sim = _sim(tmp_path, 3)
    sim.run_script(people_keys("PC"))
    assert sim.app.play.people is None
    for _ in range(300):
        assert screen(sim) != "CribPass"
        sim.press(crib_key(sim.app.screen))


def test_names_are_kept_and_a_resumed_game_is_handed_over(tmp_path, monkeypatch):
    sim = _sim(tmp_path, 6)
    # Seat 2 a person, named BEE on the Initials screen (it starts from P2).
    keys = to_menu_row(MENU_ROW["cribbage"]) + ["UP", "RIGHT", "A"]
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
    sim.run_script(["UP", "RIGHT", "DOWN", "A", "A"])  # a person again; Start; past the cut
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
    from pocketcrib.scores import cribrec

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
    assert cribrec.refused(dict(r, n=7)) is None and cribrec.game(r).scores == g.scores
    saves.add_game(old)
    saves.add_game(r)
    saves.add_game(record(_Table(g, 1, ["BEE", "ANN"]), None))
    assert modes(saves) == [mode_of(2, 121, 1), "@ANN", "@BEE"]
    assert stats(saves, mode_of(2, 121, 1))["games"] == 1
    ann, bee = stats(saves, "@ANN"), stats(saves, "@BEE")
    assert ann["games"] == bee["games"] == 2
    assert ann["wins"] + bee["wins"] == 2 and ann["wins"] == 1  # one game from each seat
    assert ann["dealt"] + ann["poned"] == 2 * len(g.records)
