"""Issue 11: grid games played by keys from the menu, saved after every card, resumed
after a power cut at the very card, recorded in the history and the high scores of
their grid game; several players on one device placing the same called cards in turn,
ranked at the end; a bad saved grid game set aside with a note, never a crash."""
import json

import pytest

from storage import records
from storage import fields
from helpers.drive import INITIALS, RESUME, grid_keys, grid_pass

from rules import grids
from rules.grid_games import GAMES, board
from pocketcrib.twins.sim import Sim


def screen(sim):
    return type(sim.app.screen).__name__


def place_walking(sim, walk=("RIGHT", "DOWN", "DOWN", "LEFT")):
    """Move the cursor one step (the turn's walk) and place the card: different players'
    grids differ. Returns the square placed on. (With several players, the hand-over first.)"""
    grid_pass(sim)
    t = sim.app.screen
    g = t.game
    sim.press(walk[g.turn % len(walk)])
    for step in range(g.side * g.side):
        if g.legal(t.cur):
            break
        sim.press("DOWN" if step % g.side == g.side - 1 else "RIGHT")
    where = t.cur
    assert g.legal(where)
    sim.press("A")
    return where


@pytest.mark.slow
def test_two_players_place_the_same_called_cards_in_turn_and_are_ranked(tmp_path):
    sim = Sim(tmp_path, seed=21)
    sim.run_script(grid_keys(kind=1, players=2))  # Poker Patience, English table
    play = sim.app.play
    assert screen(sim) == "GridPass" and play.players == 2
    a, b = play.games
    assert a.seed == b.seed == 21 and a.pack == b.pack and (a.table, a.foster) == ("english", False)
    walks = (("RIGHT",), ("DOWN", "RIGHT"))
    for card in range(25):
        for p in range(2):
            assert screen(sim) == "GridPass"
            grid_pass(sim)
            assert play.turn == p and sim.app.screen.game is play.games[p]
            # The same card for both: the second player places the card the first just did.
            assert play.games[p].next == a.pack[card]
            place_walking(sim, walks[p])
    assert a.over and b.over and a.moves != b.moves
    assert screen(sim) == "GridRank"
    rank = sim.app.screen
    order, places = rank.order()
    assert sorted(places) == places if a.score >= b.score else places == [2, 1]
    assert play.games[order[0]].score == max(a.score, b.score)
    sim.press("RIGHT")  # the first row's review
    assert screen(sim) == "GridOver" and sim.app.screen.game is play.games[order[0]]
    sim.press("B")
    assert sim.app.screen is rank
    sim.run_script(["wait:1.2", "A"])  # recorded, then each player's initials (first scores)
    for _ in range(2):
        assert screen(sim) == "Initials"
        sim.run_script(INITIALS)
    assert screen(sim) == "Scores" and not sim.saves.has_current()
    history = list(sim.saves.history())
    assert [r["n"] for r in history] == [1, 2]
    for p, r in enumerate(history):
        g = play.games[p]
        assert fields.game_record(r) is None
        assert (r["variant"], r["table"], r["foster"], r["seed"], r["players"]) == ("poker", "english", False, 21, 2)
        assert r["place"] == places[p] and r["score"] == g.score and r["lines"] == [x for _, x in g.lines()]
        # The record replays to the same grid.
        replay = grids.new("poker", r["seed"], "english")
        for i in range(0, len(r["moves"]), 2):
            replay.place(int(r["moves"][i:i + 2], 16))
        assert replay.cells == g.cells and replay.score == r["score"]
    top = sim.saves.high_scores("poker", "english", False)
    assert sorted(e["score"] for e in top) == sorted((a.score, b.score))
    assert sim.saves.high_scores("poker", "american", False) == [] and sim.saves.high_scores("poker") == []


@pytest.mark.slow
def test_a_power_cut_mid_game_resumes_at_the_very_card(tmp_path):
    sim = Sim(tmp_path, seed=33)
    sim.run_script(grid_keys(kind=1, players=3))  # Poker Patience, English
    play = sim.app.play
    for _ in range(3 * 7 + 2):  # seven cards each, and two players have placed the eighth
        place_walking(sim)
    saved = play.state()
    assert records.read(str(tmp_path / "game.pcr"), "game")[0] == [saved]
    size = len(records.line(saved))
    # The power goes: a new board boots on the same flash.
    sim = Sim(tmp_path, seed=99)
    assert screen(sim) == "Title" and sim.app.screen.saved
    sim.press("A")
    assert screen(sim) == "Confirm" and "card 9 of 25" in " ".join(sim.app.screen.lines).replace("  ", " ")
    sim.press("A")
    back = sim.app.play
    assert screen(sim) == "GridPass" and back.state() == saved and back.turn == 2
    grid_pass(sim)
    assert screen(sim) == "GridTable"
    assert [g.cells for g in back.games] == [g.cells for g in play.games]
    assert sim.app.screen.game.next == play.games[2].next
    # Played on to the end, and once more cut after the last card: the end, not a new game.
    while screen(sim) in ("GridTable", "GridPass"):
        place_walking(sim)
    assert screen(sim) == "GridRank"
    sim = Sim(tmp_path, seed=99)
    sim.run_script(RESUME)
    assert screen(sim) == "GridRank" and sim.app.play.over
    assert size < 400, size


@pytest.mark.slow
def test_a_game_cut_while_it_is_recorded_is_recorded_once(tmp_path):
    sim = Sim(tmp_path, seed=5)
    sim.run_script(grid_keys(kind=4))  # Cribbage Squares, alone
    while screen(sim) == "GridTable":
        sim.press("A")
    assert screen(sim) == "GridOver"
    play = sim.app.play
    # The history written and the game marked, as after a power cut before the rest.
    state = play.state()
    from ui.grid.game import record

    sim.saves.add_game(record(play, 0, 1, None), current=state)
    assert state["recorded"] == 1
    sim = Sim(tmp_path, seed=5)
    sim.run_script(RESUME)
    assert screen(sim) == "GridOver"
    sim.run_script(["wait:1.2", "A"])
    if screen(sim) == "Initials":
        sim.run_script(INITIALS)
    assert [r["n"] for r in sim.saves.history()] == [1]
    (r,) = sim.saves.history()
    assert (r["variant"], r["table"], r["foster"]) == ("squares", None, False)
    assert fields.game_record(r) is None and not sim.saves.has_current()


def _state(tmp_path, **change):
    # A flash of its own each time (on one with a game saved the menu has Resume on top).
    sim = Sim(tmp_path / ("make%d" % len(list(tmp_path.glob("make*")))), seed=8)
    sim.run_script(grid_keys(kind=0, players=2))
    for _ in range(5):
        place_walking(sim)
    state = sim.app.play.state()
    state.update(change)
    return state


def bad_states(tmp_path):
    good = _state(tmp_path)
    grids_ = good["grids"]
    other = grids.new("poker", 9).save().hex()  # another deal
    squares = grids.new("squares", 8)
    squares.place(0)
    g = grids.load(bytes.fromhex(grids_[1]))
    first = grids.load(bytes.fromhex(grids_[0]))
    behind = grids.new("poker", 8)
    for s in first.moves[:1]:
        behind.place(s)
    return {
        "not one deal": dict(good, grids=[grids_[0], other]),
        "another game": dict(good, grids=[grids_[0], squares.save().hex()]),
        "a player two cards behind": dict(good, grids=[grids_[0], behind.save().hex()]),
        "turn past the players": dict(good, turn=2),
        "turn where nobody stands": dict(good, turn=0),
        "odd hex": dict(good, grids=[grids_[0], grids_[1][:-1]]),
        "not hex": dict(good, grids=[grids_[0], "zz" + grids_[1][2:]]),
        "five players": dict(good, grids=grids_ * 2 + grids_[:1], matched=[0] * 5, lost=[0] * 5),
        "no players": dict(good, grids=[]),
        "matched above the cards": dict(good, matched=[0, g.turn + 1]),
        "lost not a list": dict(good, lost=3),
        "done before the end": dict(good, done=1),
        "recorded before the end": dict(good, recorded=4),
        "hs above done": dict(good, hs=1),
        "a key of its own": dict(good, extra=1),
        "version": dict(good, v=2),
    }


@pytest.mark.slow
def test_a_bad_saved_grid_game_is_set_aside_with_a_note(tmp_path):
    good = _state(tmp_path)
    for why, state in bad_states(tmp_path).items():
        root = tmp_path / why.replace(" ", "_")
        root.mkdir()
        records.write(str(root / "game.pcr"), "game", [state])
        sim = Sim(root, seed=3)
        assert sim.app.screen.saved, why
        sim.run_script(RESUME)
        assert screen(sim) == "Notice" and sim.app.play is None, why
        assert "cannot be resumed" in " ".join(sim.app.screen.lines), why
        assert not sim.saves.has_current() and records.read(str(root / "game.pcr.bad"), "game")[0] == [
            json.loads(json.dumps(state))], why
    # ... and the good one resumes.
    root = tmp_path / "good"
    root.mkdir()
    records.write(str(root / "game.pcr"), "game", [good])
    sim = Sim(root, seed=3)
    sim.run_script(RESUME)
    assert screen(sim) == "GridPass" and sim.app.play.state() == good and sim.app.play.turn == 1


def test_the_records_are_checked_field_by_field(tmp_path):
    from ui.grid.game import GridPlay, record

    for i, (variant, table, foster) in enumerate(GAMES):
        play = GridPlay(None, [grids.new(variant, 100 + i, table, foster)])
        g = play.games[0]
        while not g.over:
            g.place(g.squares()[-1])
        r = dict(record(play, 0, 1, "2026-12-01"), n=1, gen=2)
        assert fields.game_record(r) is None, r
        assert (r["variant"], r["table"], r["foster"]) == board(i)
        wrong = {"score": r["score"] + 1, "won": not r["won"], "target": 91, "lines": r["lines"][:-1],
                 "moves": r["moves"][:-2], "place": 2, "players": 5, "matched": g.cards + 1,
                 "table": "english" if variant == "squares" else None,
                 "foster": True if variant == "squares" else None, "code": 7}
        for key, value in wrong.items():
            assert fields.game_record(dict(r, **{key: value})) == key, (variant, key)
        # A square twice, or off the board.
        twice = r["moves"][:-2] + r["moves"][:2]
        off = r["moves"][:-2] + ("51" if foster else "%02x" % g.cards)
        for moves in (twice, off):
            assert fields.game_record(dict(r, moves=moves)) == "moves", (variant, moves)


@pytest.mark.slow
def test_a_grid_game_from_a_deal_code_places_a_friends_cards(tmp_path):
    from helpers.drive import code_keys

    from rules.dealcode import encode, pretty

    code = encode("poker-english-foster", 987654321)
    sim = Sim(tmp_path, seed=1)
    sim.run_script(["A"] + ["DOWN"] * 5 + ["A"] + code_keys(code))  # "Enter a deal code"
    assert screen(sim) == "GridTable"
    g = sim.app.play.game
    assert (g.variant, g.table, g.foster, g.seed) == ("poker", "english", True, 987654321)
    # The friend's device deals the same cards in the same order.
    assert list(g.pack[:25]) == list(grids.new("poker", 987654321, "english", True).pack[:25])
    sim.press("B_LONG")
    assert sim.app.screen.code == "Code " + pretty(code)
    sim.press("A")
    while screen(sim) == "GridTable":
        place_walking(sim)
    sim.run_script(["wait:1.2", "A"] + INITIALS)
    (r,) = sim.saves.history()
    assert r["code"] == code and (r["table"], r["foster"]) == ("english", True)
    assert [e["code"] for e in sim.saves.high_scores("poker", "english", True)] == [code]


def test_the_grid_games_deals_of_the_day(tmp_path):
    from rules.dealcode import deal_of_the_day

    packs = []
    for who, seed in (("me", 1), ("friend", 999)):
        sim = Sim(tmp_path / who, seed=seed, date="2026-12-01")
        sim.run_script(["A"] + ["DOWN"] * 6 + ["A"] + ["DOWN"] * 7 + ["A"])  # Cribbage Squares
        g = sim.app.play.game
        assert screen(sim) == "GridTable" and g.variant == "squares"
        assert g.seed == deal_of_the_day((2026, 12, 1), "squares")
        packs.append(list(g.pack[:17]))
    assert packs[0] == packs[1]
