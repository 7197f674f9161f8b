"""The board for a real deck (issue 25), by key presses in the simulator: a
four-player partnership game to 121 with undo in the middle of a deal and
across a deal, a game to 61, skunks and match points, the hand counter with
muggins, a power cut at every fifth key, the record in the history.

The games are played by tests/helpers/boardgames.py, which keeps the table's
score by plain sums; the board must show the same."""
import shutil

import pytest
from helpers.boardgames import NAMES, Table, setup_keys
from helpers.drive import RESUME

from rules.cards import parse_cards
from pocketcrib.twins.sim import Sim


def screen(sim):
    return type(sim.app.screen).__name__


def said(sim):
    """The texts the screen draws, as one string."""
    import framebuf

    from ui import gfx

    out = []
    real = gfx.text

    def text(fb, s, x, y, c=1):
        out.append(s)
        return real(fb, s, x, y, c)

    gfx.text = text
    try:
        sim.app.screen.draw(framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))
    finally:
        gfx.text = real
    return " | ".join(out)


def same_board(t):
    """The board shows what the table scored: the pegs, the dealer, each deal's points."""
    g = t.sim.app.play.g
    assert g.scores == t.scores and g.back == t.backs
    assert g.dealer == t.dealer
    got = [[d[0], d[1], d[2], [list(d[3 + 3 * s:6 + 3 * s]) for s in range(t.sides)]] for d in g.deals]
    assert got == t.deals


def finish(t):
    """A on the end records the game; its history record."""
    sim = t.sim
    assert screen(sim) == "BoardOver"
    sim.press("A")
    assert screen(sim) == "Menu" and sim.app.play is None and not sim.saves.has_current()
    rec = list(sim.saves.history())[-1]
    assert rec["variant"] == "board" and rec["players"] == t.players and rec["target"] == t.target
    assert rec["scores"] == t.scores
    raw = bytes.fromhex(rec["deals"])
    width = 3 + 3 * t.sides
    deals = [[raw[i], raw[i + 1], raw[i + 2], [list(raw[i + 3 + 3 * s:i + 6 + 3 * s]) for s in range(t.sides)]]
             for i in range(0, len(raw), width)]
    assert deals == t.deals
    return rec


@pytest.mark.slow
def test_a_four_player_partnership_game_to_121_with_undo(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=4, target=121, dealer=1)
    deals = 0
    while not t.over:
        t.deal(undo_in_play=deals == 1)  # a slip pegged and taken back in the middle of a deal
        deals += 1
        same_board(t)
        if deals == 2 and not t.over:
            # Across a deal: the crib's peg taken back (the dealer goes back), then
            # the peg before it, then both counted again.
            dealer, scores = t.dealer, list(t.scores)
            t.undo()
            assert t.sim.app.play.g.dealer == t.dealer == (dealer - 1) % 4
            t.undo()
            same_board(t)
            assert t.scores != scores
            last = (t.dealer + 4 - 1) % 4  # the dealer's hand, counted last before the crib
            t.starter = None
            t.count(last, parse_cards("5H 5D 5C JS"), parse_cards("5S")[0])
            if not t.over:
                t.count(t.dealer, parse_cards("2C 3D 4H 9S"), parse_cards("5S")[0], crib=True)
            same_board(t)
    assert deals >= 3 and screen(sim) == "BoardOver"
    same_board(t)
    g = sim.app.play.g
    assert g.winner == max(range(2), key=lambda s: t.scores[s]) and t.scores[g.winner] >= 121
    rec = finish(t)
    assert rec["names"] == ["P1", "P2", "P3", "P4"]
    assert rec["skunk"] == (1 if min(t.scores) < 91 else 0) + (1 if min(t.scores) < 61 else 0)


def test_a_game_to_61(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=2, target=61)
    while not t.over:
        t.deal()
        same_board(t)
    rec = finish(t)
    assert rec["target"] == 61 and max(rec["scores"]) >= 61
    assert rec["skunk"] == (1 if min(t.scores) < 31 else 0)  # to 61 no double skunk


@pytest.mark.slow
def test_three_players_and_the_deal_passes_left(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=3, target=61, dealer=2)
    dealers = []
    while not t.over:
        dealers.append(t.dealer)
        t.deal()
        same_board(t)
    assert dealers[:4] == [2, 0, 1, 2][:len(dealers)]
    finish(t)


def _run(sim, pegs):
    """Pegs (side, points) by hand, from the board: each leaves the cursor on its side."""
    t = Table(sim, players=2, target=121)
    for side, points in pegs:
        t.peg(side, points)
    return t


def test_skunks_and_match_points(tmp_path):
    sim = Sim(tmp_path, seed=1)
    # P1 29 four times and 6: 122; P2 12 four times, 48: short of 61, a double skunk.
    t = _run(sim, [(0, 29), (1, 12)] * 4 + [(0, 6)])
    assert t.over and screen(sim) == "BoardOver"
    assert sim.app.screen.match == [3, 0]
    assert "Double skunk: worth 3" in said(sim)
    rec = finish(t)
    assert rec["skunk"] == 2 and rec["score"] == 122
    # Again, P2 reaching 70: a skunk, worth 2; the match is now 5 to 0.
    t = _run(sim, [(0, 29), (1, 12)] * 4 + [(1, 22), (0, 6)])
    assert t.scores == [122, 70]
    assert sim.app.screen.match == [5, 0]
    assert "Skunk: worth 2" in said(sim)
    finish(t)
    # And P2 winning a single game, P1 past the skunk line.
    t = _run(sim, [(0, 29)] * 3 + [(0, 8)] + [(1, 29)] * 4 + [(1, 8)])
    assert t.scores == [95, 124] and sim.app.screen.match == [5, 1]
    assert "A game, worth 1" in said(sim)
    assert finish(t)["skunk"] == 0


def test_the_winning_peg_taken_back_goes_on(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = _run(sim, [(0, 29)] * 4 + [(0, 6)])
    assert screen(sim) == "BoardOver"
    t.undo()
    assert screen(sim) == "BoardPegs" and sim.app.play.g.scores == [116, 0] == t.scores
    assert sim.app.play.g.back == [87, 0] == t.backs
    t.peg(0, 5)
    assert screen(sim) == "BoardOver" and t.scores == [121, 0]


def test_undo_back_to_the_start_and_his_heels(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=2, target=121)
    t.heels()  # the first press of a deal: LEFT, two for the dealer
    assert sim.app.play.g.scores == [2, 0] == t.scores
    t.peg(1, 3)
    t.deal_over()
    assert sim.app.play.g.dealer == 1
    t.heels()
    assert t.scores == [2, 5] == sim.app.play.g.scores
    for _ in range(3):
        t.undo()
        same_board(t)
    assert t.scores == [0, 0] and sim.app.play.g.dealer == 0
    t.press("B")  # nothing left: it says so
    assert "nothing to take back" in said(sim)


def _the_deal_is_over_is_asked(sim):
    """LEFT in the middle of a deal asks whether it is over (and pegs nothing); B leaves it."""
    scores = list(sim.app.play.g.scores)
    sim.press("LEFT")
    assert screen(sim) == "Confirm" and sim.app.screen.title == "The deal is over?"
    assert sim.app.play.g.scores == scores
    sim.press("B")
    assert screen(sim) == "BoardPegs" and sim.app.play.g.scores == scores


def test_mid_deal_after_an_undo_left_asks_the_deal_over_not_his_heels(tmp_path):
    """Issue 37 item 7: once a deal had ended, an undo played the moves again and the
    deal on looked unpegged: LEFT pegged his heels (2 to the dealer) mid-deal."""
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=2, target=121)
    t.peg(1, 4)
    t.deal_over()
    t.peg(0, 3)
    t.peg(1, 9)  # a slip
    t.undo()
    same_board(t)
    _the_deal_is_over_is_asked(sim)


def test_mid_deal_on_a_resumed_game_left_asks_the_deal_over_not_his_heels(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=3, target=61)
    t.peg(2, 4)
    t.deal_over()
    t.peg(0, 3)
    again = Sim(tmp_path, seed=2)  # switched off and on: the saved game resumed
    again.run_script(RESUME)
    assert screen(again) == "BoardPegs" and again.app.play.g.scores == [3, 0, 4]
    _the_deal_is_over_is_asked(again)


def _offered(sim):
    """The seat (and crib or not) the hand counter offers first, and back to the board."""
    from ui.board.entry import keys

    keys_ = ["RIGHT"]
    for c in parse_cards("2C 3D 4H 9S"):
        keys_ += [NAMES[k] for k in keys(c)]
    cards = 4
    if sim.app.play.starter is None:
        keys_ += [NAMES[k] for k in keys(parse_cards("5S")[0])]
        cards = 5
    sim.run_script(keys_ + ["A"])
    s = sim.app.screen
    assert screen(sim) == "BoardCount"
    offered = (s.seat, s.crib)
    sim.run_script(["B"] * (1 + cards + 1))  # to the cards, each taken back (a B each), the board
    assert screen(sim) == "BoardPegs"
    return offered


def test_an_undo_keeps_the_hands_counted_unless_it_takes_one_back(tmp_path):
    """Issue 37 item 8: any undo, even of a peg in the play, made the counter
    forget the hands counted: the next count was offered for the pone again."""
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=3, target=121)  # P1 deals: P2, P3, P1 count, then the crib
    starter = parse_cards("5S")[0]
    t.count(1, parse_cards("5H 5D 5C JS"), starter, claim=20)  # and 9 muggins to P3
    t.peg(0, 2)
    t.undo()  # a peg by hand taken back: P2's hand stays counted
    assert _offered(sim) == (2, False)
    t.undo()  # the muggins: still counted
    assert _offered(sim) == (2, False)
    t.undo()  # the count itself: P2's again
    assert _offered(sim) == (1, False)
    same_board(t)
    for seat in (1, 2, 0):
        t.count(seat, parse_cards("2C 3D 4H 9S"), starter)
    t.count(0, parse_cards("AC AD 7H 7S"), starter, crib=True)
    assert sim.app.play.counted == 0 and _offered(sim) == (2, False)  # the next deal: P2 deals, P3 first
    t.undo()  # the crib, and the deal's end: the three hands stay counted
    assert _offered(sim) == (0, True)
    same_board(t)


def test_the_hand_counter_counts_and_refuses_a_card_twice(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=2, target=121)
    # 5H twice: the second refused, its suit asked again; then 5D.
    from ui.board.entry import keys

    hand = parse_cards("5H 5D 5C JS")
    t.press("RIGHT", *keys(hand[0]), *keys(hand[0]))
    assert "is in already" in said(sim) and len(sim.app.screen.entry.cards) == 1
    t.press("B", "B", "B")  # the refused card's steps, and the first card, taken back
    assert sim.app.screen.entry.cards == []
    t.press("B")  # back to the board
    assert screen(sim) == "BoardPegs"
    assert t.count(1, hand, parse_cards("5S")[0]) == 29  # the pone's hand first
    same_board(t)
    # The dealer's hand: the starter is known, four cards only.
    t.press("RIGHT", *keys(parse_cards("AC")[0]))
    assert len(sim.app.screen.entry.cards) == 1 and sim.app.screen.entry.starter == parse_cards("5S")[0]
    t.press("B", "B")
    t.count(0, parse_cards("2C 3C 4C 6C"), parse_cards("5S")[0])
    same_board(t)
    assert t.scores == [13, 29]  # fifteen 4, a run of five and a flush of four


def test_muggins_pegs_what_was_missed_to_the_next_player(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=3, target=121)
    starter = parse_cards("5S")[0]
    t.count(1, parse_cards("5H 5D 5C JS"), starter, claim=20)  # 29, claimed 20: 9 to seat 2
    same_board(t)
    assert t.scores == [0, 20, 9]
    t.count(2, parse_cards("2C 3D 4H 9S"), starter, claim=10)  # 6, said 10: put right, no muggins
    same_board(t)
    assert t.scores == [0, 20, 15]
    t.undo()
    t.undo()  # the muggins peg, then the claim
    same_board(t)
    assert t.scores == [0, 20, 0]


def test_the_verdict_is_said(tmp_path):
    sim = Sim(tmp_path, seed=1)
    t = Table(sim, players=2, target=121)
    from ui.board.entry import keys

    keys_ = ["RIGHT"]
    for c in parse_cards("5H 5D 5C JS 5S"):
        keys_ += keys(c)
    t.press(*keys_, "A", "UP", "DOWN", "DOWN", "A")
    assert "P2 said 27: P1 takes 2" in said(sim)


def _state(sim):
    play = sim.app.play
    return None if play is None else play.state()


@pytest.mark.slow
@pytest.mark.timeout(600)  # 130 s measured with both cores busy
def test_a_power_cut_at_every_fifth_key_loses_nothing(tmp_path):
    """A four-player game's keys played again; every fifth key the flash is copied
    and booted: the resumed game is the same game, on the board (a hand half keyed
    in is not a peg, and is keyed again)."""
    first = Sim(tmp_path / "first", seed=1)
    t = Table(first, players=4, target=121)
    while not t.over:
        t.deal(undo_in_play=True)
    keys = t.keys
    data = tmp_path / "run"
    sim = Sim(data, seed=1)
    cuts = 0
    for i, k in enumerate(keys):
        if i % 5 == 0 and sim.app.play is not None:
            cut = tmp_path / "cut"
            shutil.rmtree(cut, ignore_errors=True)
            shutil.copytree(data, cut)
            again = Sim(cut, seed=999)
            again.run_script(RESUME)
            assert _state(again) == _state(sim), (i, k)
            assert screen(again) == sim.app.play.where()
            cuts += 1
        sim.press(k)
    assert _state(sim) == _state(first) and screen(sim) == "BoardOver"
    assert cuts > 50


def test_a_damaged_save_is_set_aside_and_said(tmp_path):
    sim = Sim(tmp_path, seed=1)
    _run(sim, [(0, 2), (1, 3)])
    state = sim.saves.load_current()
    state["save"] = state["save"][:-4] + "0000"  # the checksum wrong
    sim.saves.save_current(state)
    again = Sim(tmp_path, seed=1)
    again.run_script(RESUME)
    assert screen(again) == "Notice" and "The saved game cannot" in said(again)
    assert not again.saves.has_current()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_names_are_asked_and_kept(tmp_path, players):
    sim = Sim(tmp_path, seed=1)
    keys = setup_keys(players)[:-2]  # to the first deal's row
    keys += ["UP", "A"]  # Names
    for i in range(players):
        keys += ["UP"] * (i + 1) + ["RIGHT", "RIGHT", "A"]  # the first letter moved on
    sim.run_script(keys)
    assert screen(sim) == "BoardSetup"
    names = [chr(ord("P") + i + 1) + str(i + 1) for i in range(players)]
    assert sim.app.screen.names[:players] == names
    sim.run_script(["DOWN", "DOWN", "A"])
    assert screen(sim) == "BoardPegs" and sim.app.play.names == names
    from ui.board.setup import names as kept

    assert kept(sim.saves)[:players] == names


@pytest.mark.slow
def test_the_same_game_in_the_vm_ends_on_the_same_frame(tmp_path):
    """A four-player game with slips taken back, by the same keys in the MicroPython VM
    (firmware as .mpy): the same end, the very frame the simulator draws."""
    from pathlib import Path

    from mpvm import FIRMWARE, run_micropython

    sim = Sim(tmp_path / "cpython", seed=3)
    t = Table(sim, players=4, target=121)
    while not t.over:
        t.deal(undo_in_play=True)
    here = Path(__file__).resolve().parent
    side = tmp_path / "vmside"
    side.mkdir()
    shutil.copy(here.parent / "bench" / "uiboard.py", side)
    shutil.copy(here / "vm_play.py", side)
    rc, out = run_micropython(side / "vm_play.py", paths=(FIRMWARE, side), use_mpy=True,
                              args=["/tmp/pcboard", 3] + t.keys)
    assert rc == 0, out
    lines = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    assert lines["SCREEN"] == "BoardOver"
    assert lines["FRAME"] == sim.frame().hex()
