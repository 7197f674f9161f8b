"""Two devices, one game (issue 28), by key presses on two simulators joined by a
socket pair standing in for the cable: a whole game to 121 in which each device's
frames never show the other's hand, both games the same move for move, each saved
after every move and recorded with the other device's id and name.

Every frame each device draws is checked for hidden cards (as tests/sim/test_people.py
does): the cards drawn (ui.gfx.card and ui.gfx.mini, recorded with their values) must
hold none of the other seat's cards still in its hand, nor the other's discards in the
crib, until the show, where every hand is on the table."""
import pytest
from helpers.drive import LINK_KEYS, crib_key, linked_sims, record_cards, reset_while_shuffling
from helpers.naps import Asleep, TooLong, running

from ui import gfx
from pocketcrib.twins.sim import Sim
from rules.cribbage import DISCARD, PLAY, load



def screen(sim):
    return type(sim.app.screen).__name__


class Watch:
    """Each frame of each device checked for the other's cards (see the docstring)."""

    def __init__(self, sims, monkeypatch):
        self.drawn = []
        self.frames = [0, 0]
        self.hidden_frames = [0, 0]
        record_cards(monkeypatch, self.drawn)
        for i, sim in enumerate(sims):
            self.wrap(i, sim)

    def wrap(self, i, sim):
        draw = sim.app.draw

        def drawn():
            del self.drawn[:]
            draw()
            self.check(i, sim)

        sim.app.draw = drawn

    def check(self, i, sim):
        app = sim.app
        crib = app.play
        if crib is None or not crib.linked:
            return
        g = crib.g
        name = type(app.screen).__name__
        self.frames[i] += 1
        if g.phase not in (DISCARD, PLAY) or g.over:
            return  # the show: every hand is on the table
        me = crib.seat
        other = 1 - me
        hidden = set(g.hands[other]) | (set(g.crib) - set(g.record.dealt[me]))
        if name == "CribCut":
            hidden -= {c for r in g.cut for c in r}
        if g.hands[other]:
            self.hidden_frames[i] += 1
        shown = hidden & set(self.drawn)
        assert not shown, "device %d, %s: drew the other's cards %s" % (i, name, sorted(shown))


def waiting(sim):
    name = screen(sim)
    if name in ("CribLink", "CribWait"):
        return True
    return name == "CribPlay" and sim.app.screen.waiting()


def both(sims, watch=None, limit=20000, until=lambda sims: all(screen(s) == "CribOver" for s in sims)):
    """Each device in turn: a key if its player has something to do, else time passes
    (20 ms a step, the cable served). Returns the screens each saw."""
    seen = ([], [])
    for _ in range(limit):
        if until(sims):
            return seen
        for i, sim in enumerate(sims):
            name = screen(sim)
            if not seen[i] or seen[i][-1] != name:
                seen[i].append(name)
            if name == "CribOver":
                sim.board.clock.advance(20)
                sim.app.step()
            elif waiting(sim):
                sim.board.clock.advance(20)
                sim.app.step()
                sim.settle()
            else:
                sim.press(crib_key(sim.app.screen))
    raise AssertionError("no end: %s / %s" % (seen[0][-6:], seen[1][-6:]))


def idle(sims, until, limit=2000):
    """Time passing on both devices, no key pressed, until until(sims)."""
    for _ in range(limit):
        if until(sims):
            return
        for sim in sims:
            sim.board.clock.advance(20)
            sim.app.step()
    raise AssertionError("not reached: %s / %s" % (screen(sims[0]), screen(sims[1])))


@pytest.mark.slow
def test_a_whole_game_on_two_linked_devices_no_hand_seen_by_the_other(tmp_path, monkeypatch):
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.run_script(LINK_KEYS)
        assert screen(sim) == "CribLink" and sim.board.links_opened == 1
    watch = Watch(sims, monkeypatch)
    seen = both(sims, watch)
    x, y = (s.app.play for s in sims)
    assert x.g.over and max(x.g.scores) >= 121
    assert x.g.save() == y.g.save()  # one game, move for move
    assert {x.seat, y.seat} == {0, 1} and x.people == y.people == [x.people[0], x.people[1]]
    assert sorted(x.people) == ["ANN", "BOB"]
    for i in (0, 1):
        assert "CribWait" in seen[i] and "CribPlay" in seen[i] and "CribShow" in seen[i]
        assert watch.hidden_frames[i] > 100
    # Saved after every move: the save on each device is the game as it ended.
    for sim in sims:
        d = sim.saves.load_current()
        assert load(bytes.fromhex(d["save"])).save() == x.g.save()
    # Recorded with the other device's id and name.
    for sim in sims:
        sim.run_script(["wait:1.2", "A"])
    idle(sims, lambda sims: all(s.app.net is None for s in sims))
    assert not any(s.saves.has_current() for s in sims)  # each has the other's word: both saves go
    for i, sim in enumerate(sims):
        rec = list(sim.saves.history())[-1]
        me = sim.app  # noqa: F841
        assert rec["link"] == "d%07d" % (1 - i)
        assert rec["people"] == x.people and rec["scores"] == x.g.scores
        seat = (x if i == 0 else y).seat
        assert rec["won"] == (x.g.winner == seat)


def test_no_jack_one_line_and_back(tmp_path):
    sim = Sim(tmp_path, seed=3)
    sim.run_script(LINK_KEYS)
    assert screen(sim) == "CribLink"
    assert "no link jack" in sim.app.screen.problem
    sim.press("B")
    assert screen(sim) != "CribLink"


@pytest.mark.slow
def test_a_device_switched_off_mid_game_and_the_cable_pulled_both_go_on(tmp_path, monkeypatch):
    """Device 1 is switched off three times (a new Sim on the same flash, resumed from the
    title), the cable pulled once: each time both go on from the same move to the end."""
    sims = linked_sims(tmp_path, seeds=(21, 33))
    for sim in sims:
        sim.run_script(LINK_KEYS)
    watch = Watch(sims, monkeypatch)
    port = sims[1].board.link
    for cut in range(4):
        moves = len(sims[0].app.play.g.moves) if sims[0].app.play else 0
        both(sims, limit=20000, until=lambda s, m=moves: s[0].app.play is not None
             and len(s[0].app.play.g.moves) > m + 40 or all(screen(x) == "CribOver" for x in s))
        if all(screen(x) == "CribOver" for x in sims):
            break
        if cut == 2:
            # The cable pulled for 5 s: device 0 waits, says so, and both go on.
            port.gone = True
            said = []
            text = gfx.text

            def a_text(fb, s, *a, text=text, said=said, **k):
                said.append(s)
                return text(fb, s, *a, **k)

            monkeypatch.setattr(gfx, "text", a_text)
            for _ in range(200):  # device 0 plays on until it waits for device 1
                if waiting(sims[0]):
                    break
                sims[0].press(crib_key(sims[0].app.screen))
            sims[0].wait(5)
            assert screen(sims[0]) == "CribWait"
            monkeypatch.setattr(gfx, "text", text)
            assert "waiting for BOB" in said and "(no answer on the cable)" in said
            port.gone = False
            continue
        # Switched off: what the UART held is lost; a new device on the same flash and cable.
        while port.readinto(bytearray(256)):
            pass
        sim = Sim(tmp_path / "dev1", seed=90 + cut, link=port, device_id="d0000001")
        sim.run_script(["A", "A"])  # the title offers the saved game; A resumes it
        assert sim.app.play is not None and sim.app.play.linked, screen(sim)
        sims[1] = sim
        watch.wrap(1, sim)
    both(sims, watch)
    x, y = (s.app.play for s in sims)
    assert x.g.over and x.g.save() == y.g.save()



@pytest.mark.slow
def test_two_simulators_through_a_unix_socket_link_and_deal(tmp_path):
    """`pocketcrib sim --link PATH`: the first listens, the second connects; they link and
    agree on the pack as over a socket pair."""
    from pocketcrib.twins.linkport import ListeningPort, unix_port

    path = tmp_path / "cable.sock"
    first = unix_port(path)
    second = unix_port(path)
    assert isinstance(first, ListeningPort) and not isinstance(second, ListeningPort)
    sims = [Sim(tmp_path / ("u%d" % i), seed=50 + i, link=port, device_id="u%d" % i)
            for i, port in enumerate((first, second))]
    for sim in sims:
        sim.run_script(LINK_KEYS)
    both(sims, until=lambda s: all(x.app.play is not None for x in s), limit=500)
    assert sims[0].app.play.g.seed == sims[1].app.play.g.seed
    first.close()
    second.close()
    assert not path.exists()


@pytest.mark.slow
def test_another_firmware_on_the_other_device_one_line_on_both_screens(tmp_path, monkeypatch):
    sims = linked_sims(tmp_path)
    for sim in sims:
        sim.run_script(LINK_KEYS)
    sims[1].app.screen.link.version = b"crib4.2.1"  # as a device with newer rules would say
    said = ([], [])
    text = gfx.text
    current = [0]

    def a_text(fb, s, *a, **k):
        said[current[0]].append(s)
        return text(fb, s, *a, **k)

    monkeypatch.setattr(gfx, "text", a_text)
    for _ in range(100):
        for i, sim in enumerate(sims):
            current[0] = i
            sim.board.clock.advance(20)
            sim.app.step()
    for i, sim in enumerate(sims):
        assert screen(sim) == "CribLink" and sim.app.play is None  # no game starts
        assert sim.app.screen.link.problem == ("the other device runs another firmware: "
                                               "flash both with the same Pocket Crib")
        assert "the other device runs" in said[i] and "Pocket Crib" in said[i]  # wrapped to the glass


# The power policy on the cable: a device in a game on the cable serves the cable with its
# display off, but once the other device has not been heard for the idle time before sleep
# (the cable pulled, the other device switched off) it sleeps until a key as it would without
# a cable, and after the key the link goes on. Driven through App.run() on the simulator's
# clock: the board's naps advance it, and its sleep until a key is recorded.

def in_game(tmp_path):
    sims = linked_sims(tmp_path, seeds=(41, 43))
    for sim in sims:
        sim.run_script(LINK_KEYS)
    both(sims, until=lambda s: all(x.app.play is not None and screen(x) != "CribCut" for x in s), limit=2000)
    for sim in sims:
        assert sim.app.net is not None and sim.app.play.duel.link.linked
    return sims


@pytest.mark.slow
def test_a_device_whose_partner_is_gone_sleeps_after_its_idle_time_and_goes_on_after_a_key(tmp_path):
    sims = in_game(tmp_path)
    me, other = sims
    off = me.saves.get("sleep") * 1000
    assert off > 0
    # The other device switched off: nothing more comes over the cable.
    gone_at = me.board.clock.t
    with pytest.raises(Asleep) as slept:
        running(me)
    at = slept.value.args[0]
    link = me.app.play.duel.link
    heard = link.heard
    assert me.app.asleep and not me.panel.on
    # Asleep once both the keys and the other device have been quiet for the idle time.
    assert at - heard >= off and at - gone_at < off + 2000, (at, heard, gone_at, off)
    # A key wakes it; the other device comes back and both go on from the same move.
    me.board.clock.advance(60 * 60 * 1000)  # asleep for an hour
    me.app.wake()
    assert me.panel.on and not me.app.asleep
    moves = len(me.app.play.g.moves)
    both(sims, limit=4000, until=lambda s: len(s[0].app.play.g.moves) > moves + 6)
    assert me.app.play.g.moves == other.app.play.g.moves[:len(me.app.play.g.moves)] \
        or other.app.play.g.moves == me.app.play.g.moves[:len(other.app.play.g.moves)]


@pytest.mark.slow
def test_a_device_whose_partner_is_heard_keeps_serving_the_cable_with_its_display_off(tmp_path):
    sims = in_game(tmp_path)
    me, other = sims
    off = me.saves.get("sleep") * 1000
    # The other player thinks for half an hour: its device is on and says so every second.
    with pytest.raises(TooLong):
        running(me, other=other)
    assert me.app.asleep and not me.panel.on  # the display went off after the idle time...
    assert me.app.play.duel.link.quiet(me.board.clock.t) < off  # ... but the cable was served all along


@pytest.mark.slow
def test_a_game_left_while_the_other_device_is_gone_lets_the_device_sleep(tmp_path):
    """The game left for the menu with moves the other device never took: the app keeps
    offering them, and sleeps all the same once the other has been quiet that long."""
    sims = in_game(tmp_path)
    me = sims[0]
    me.board.link.gone = True  # the cable pulled
    moves = len(me.app.play.g.moves)
    for _ in range(200):  # a move of this device's, which the other never takes
        if len(me.app.play.g.moves) > moves and me.app.play.duel.link.pending():
            break
        if waiting(me):
            me.board.clock.advance(20)
            me.app.step()
        else:
            me.press(crib_key(me.app.screen))
    me.press("B_LONG", "DOWN", "A")  # the pause; quit to the menu
    assert me.app.play is None and screen(me) == "Menu"
    assert me.app.net is not None  # the last moves still offered on the cable
    with pytest.raises(Asleep):
        running(me)


@pytest.mark.slow
def test_a_saved_game_on_the_cable_opens_the_cable_only_once_resumed_and_whole(tmp_path):
    """Booted with a game on the cable saved: the title and its question leave the cable
    closed; a save that fails a check after its link (here the coach's review) is set aside
    with a note and leaves no cable open nor served; a good one opens it on resuming."""
    sims = in_game(tmp_path)
    good = sims[1].saves.load_current()
    assert good["link"][1] == "d0000000"
    port = sims[1].board.link
    for review, resumes in (([None, 0, 0, 0, None, "extra"], False), (None, True)):
        sims[1].saves.save_current(dict(good, review=review))
        sim = Sim(tmp_path / "dev1", seed=77, link=port, device_id="d0000001")
        assert screen(sim) == "Title" and sim.app.screen.saved
        sim.press("A")  # "Resume the game?"
        assert screen(sim) == "Confirm" and sim.board.links_opened == 0 and sim.app.net is None
        sim.press("A")
        if resumes:
            assert sim.app.play is not None and sim.app.play.linked
            assert sim.board.links_opened == 1 and sim.app.net is not None
        else:
            assert screen(sim) == "Notice" and "cannot be resumed" in " ".join(sim.app.screen.lines)
            assert sim.app.play is None
            assert sim.board.links_opened == 0 and sim.app.net is None


# Issue 37: the other device's bytes are never trusted to be text. A name and an id in
# its hello that are not UTF-8 (nor printable) are shown and kept as "?"s, at most what a
# record keeps; the game starts, is saved, and resumes.

BAD_ME = b"\xffB\xc3" + b"\xfe\xe9id" + b"x" * 30  # an id of 34 bytes: 32 kept


def test_a_name_and_id_not_text_are_shown_and_kept_not_raised(tmp_path, monkeypatch):
    from helpers.hostile import CRIB, alone, elsewhere, served

    sim, peer = alone(tmp_path / "dev0", CRIB, LINK_KEYS, BAD_ME)
    said = []
    text = gfx.text
    monkeypatch.setattr(gfx, "text", lambda fb, s, *rest, **k: said.append(s) or text(fb, s, *rest, **k))
    peer.hold = True  # the pack held back: the linking screen shows the name
    served(sim, peer, 20)
    assert screen(sim) == "CribLink" and "Linked with ?B?" in said
    peer.hold = False
    assert served(sim, peer, 100, lambda: sim.app.play is not None)
    crib = sim.app.play
    assert crib.people[1 - crib.seat] == "?B?" and crib.peer == "??id" + "x" * 28
    served(sim, peer, 50)  # the game on the cable
    # Saved as it is and resumed, with another device on the cable, whose name is no text either.
    again = elsewhere(tmp_path / "dev0", CRIB, sim, peer).app.play
    assert again.linked and again.peer == crib.peer
    assert again.duel.problem == "The cable leads to C?L's device: this game is with ?B?."


# Issue 37, item 5: an honest device reset while the pack is being agreed. Its player
# chooses the game again; the other device hears a new session and the exchange starts
# again on both, with a half of its own that it has never shown: both reach one deal.

def test_a_device_reset_while_the_pack_is_agreed_both_start_again_to_one_deal(tmp_path):
    sims = reset_while_shuffling(tmp_path, LINK_KEYS, lambda s: s.app.play is not None)
    x, y = (s.app.play for s in sims)
    assert x.g.seed == y.g.seed and {x.seat, y.seat} == {0, 1}
    assert x.duel.problem is None and y.duel.problem is None


def test_a_cheat_is_refused_though_it_says_it_was_reset(tmp_path):
    """A device that has seen this one's half cannot use a reset to choose its own after:
    once its new session is heard, this device shows only a new half, and only after the
    new promise; a half before its promise or not matching it is refused, and a refusal
    stays, reset or not."""
    from hashlib import sha256

    from helpers.hostile import CRIB, Peer, alone, served

    def session(sim, port, nonce):
        peer = Peer(port, CRIB, nonce=bytes((nonce,)) * 4)
        peer.hold = True  # the test reads and says everything itself
        served(sim, peer, 20)
        return peer

    def said(sim, peer, message):
        peer.message(message)
        served(sim, peer, 20)
        return peer.link.recv()

    for cheat in ("before", "unlike"):
        sim, peer = alone(tmp_path / cheat, CRIB, LINK_KEYS)
        b = peer.port
        peer = session(sim, b, 1)
        promise = peer.link.recv()
        shown = said(sim, peer, b"C" + sha256(b"x" * 16).digest())
        assert promise[:1] == b"C" and shown[:1] == b"R" and sha256(shown[1:]).digest() == promise[1:]
        peer = session(sim, b, 2)  # "reset"
        # It had this device's half: kept as left unfinished by it (item 6), noted, and on.
        assert screen(sim) == "Notice" and [r["variant"] for r in sim.saves.history()] == ["abandoned"]
        sim.press("A")
        served(sim, peer, 20)
        again = peer.link.recv()
        assert again[:1] == b"C" and again != promise and peer.link.recv() is None  # a new half, not shown
        if cheat == "before":
            assert said(sim, peer, b"R" + b"y" * 16) is None
            why = "the other device showed its half before promising it: game refused"
        else:
            new = said(sim, peer, b"C" + sha256(b"y" * 16).digest())
            assert new[:1] == b"R" and new != shown
            said(sim, peer, b"R" + b"z" * 16)
            why = "the other device's half does not match its promise: game refused"
        assert sim.app.screen.pack.problem == why
        peer = session(sim, b, 3)  # reset again: still refused, nothing sent
        assert sim.app.screen.pack.problem == why and peer.link.recv() is None and sim.app.play is None
