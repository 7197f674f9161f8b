"""The grid games for several players on one device (issue 25): each player places the called
card on their own grid without having seen another player's grid since the hand-over. By key
presses in the simulator: two players and four played through, a lone player (no hand-over,
its module never loaded), a game resumed after a power cut, the players' names, the text check.

Every frame drawn is checked for a grid's cards, read from what the frame draws, as in
test_people.py: a card on the glass is a rank's glyph followed by a suit's glyph in the small
font (the grid's cells, the small cards, cards in words) or a big rank and a big suit (the table
cards), recorded with its value and where it is drawn. The players place the same called cards,
so a grid is not its cards but where they lie: "a grid's cards" are the cards on any player's
grid, each at its square. On the hand-over (and anything but the table) no frame may draw any
card on any grid; the table may draw, left of its panel, only the grid of the player who
confirmed the hand-over last, card for card at its cells (the cell a card is drawn in read from
its place on the glass, 15 by 11 pixels a cell), and only on that player's turn; on the panel
only the called card."""
import sys

import pytest

from helpers import texts
from helpers.drive import INITIALS, RESUME, grid_keys

from pocketcrib.twins.sim import Sim
from rules import grids
from ui import gfx

SUITS = (1, 2, 3, 4)
CELL_W, CELL_H, PANEL_X = 15, 11, 96  # ui.grid.screens' cells and panel


def screen(sim):
    return type(sim.app.screen).__name__


class Watch:
    """Checks every frame the app draws (see the module's docstring)."""

    def __init__(self, sim, monkeypatch):
        self.sim = sim
        self.drawn = []  # the cards the frame drew: (card, x, y of its rank)
        self.last = None  # the glyph before, while it may be a card's rank: (rank, x, y)
        self.holder = None  # the player who confirmed the hand-over last
        self.tables = 0  # frames of the table, and of the hand-over (every grid hidden)
        self.passes = 0
        self.seen = []  # the screens, in order, without repeats
        glyph, big = gfx.glyph, gfx.big

        def a_glyph(fb, code, x, y, c=1):
            self.seen_glyph(code in SUITS, code - 1, gfx.RANK_CHARS.find(chr(code)) if code < 128 else -1, x, y)
            return glyph(fb, code, x, y, c)

        def a_big(fb, index, x, y, c=1):
            self.seen_glyph(index >= 13, index - 13, index if index < 13 else -1, x, y)
            return big(fb, index, x, y, c)

        monkeypatch.setattr(gfx, "glyph", a_glyph)
        monkeypatch.setattr(gfx, "big", a_big)
        draw = sim.app.draw

        def drawn():
            del self.drawn[:]
            self.last = None
            draw()
            self.check()

        sim.app.draw = drawn

    def seen_glyph(self, is_suit, suit, rank, x, y):
        """A glyph drawn: a suit's after a rank's is a card."""
        if is_suit and self.last is not None:
            r, rx, ry = self.last
            self.drawn.append((r << 2 | suit, rx, ry))
        self.last = (rank, x, y) if rank >= 0 else None

    def check(self):
        app = self.sim.app
        play = app.play
        name = type(app.screen).__name__
        if not self.seen or self.seen[-1] != name:
            self.seen.append(name)
        if play is None or not hasattr(play, "games") or play.over:
            return  # the end: every grid is on the table
        placed = {c for g in play.games for c in g.cells if c != grids.EMPTY}
        if name == "GridTable":
            self.tables += 1
            assert play.turn == self.holder, "player %d's table without the hand-over (holder %s)" % (
                play.turn + 1, self.holder)
            own = play.games[self.holder]
            x0, y0 = app.screen.view  # the window of Foster's 9x9 board on the glass
            grid = {}
            for c, x, y in self.drawn:
                if x < PANEL_X:
                    grid[(y // CELL_H + y0) * own.side + x // CELL_W + x0] = c
                else:
                    assert c == own.next, "the panel drew %d" % c
            mine = {s: c for s, c in enumerate(own.cells) if c != grids.EMPTY
                    and x0 <= s % own.side < x0 + own.size and y0 <= s // own.side < y0 + own.size}
            assert grid == mine, "player %d's table drew another grid: %s, not %s" % (self.holder + 1, grid, mine)
        else:
            if name == "GridPass":
                self.passes += 1
            shown = {c for c, _, _ in self.drawn} & placed
            assert not shown, "%s drew grid cards %s" % (name, sorted(shown))

    def confirm(self):
        """On the hand-over: A too soon (ignored), arrows (nothing), then A after the pause."""
        sim = self.sim
        assert screen(sim) == "GridPass"
        turn = sim.app.play.turn
        sim.press("A", "LEFT", "DOWN")
        assert screen(sim) == "GridPass"
        sim.wait(1.1)
        self.holder = turn
        sim.press("A")
        assert screen(sim) == "GridTable" and sim.app.screen.game is sim.app.play.games[turn]

    def place(self, walk):
        """The arrows in walk, then on to a square the card may take, then A."""
        sim = self.sim
        t = sim.app.screen
        g = t.game
        for k in walk:
            sim.press(k)
        for step in range(g.side * g.side):
            if g.legal(t.cur):
                break
            sim.press("DOWN" if step % g.side == g.side - 1 else "RIGHT")
        before = g.turn
        sim.press("A")
        assert g.turn == before + 1

    def to_the_end(self, walks=((), ("RIGHT",), ("DOWN", "RIGHT"), ("UP",))):
        sim = self.sim
        while screen(sim) in ("GridPass", "GridTable"):
            if screen(sim) == "GridPass":
                self.confirm()
            self.place(walks[sim.app.play.turn % len(walks)])
        return sim.app.play


def _game(tmp_path, monkeypatch, kind, players, seed):
    sim = Sim(tmp_path, seed=seed)
    w = Watch(sim, monkeypatch)
    sim.run_script(grid_keys(kind=kind, players=players))
    assert screen(sim) == "GridPass" and sim.app.play.players == players
    return sim, w


@pytest.mark.slow
def test_two_players_never_see_each_others_grid(tmp_path, monkeypatch):
    sim, w = _game(tmp_path, monkeypatch, 1, 2, 21)  # Poker Patience, English table
    play = w.to_the_end()
    a, b = play.games
    assert play.over and a.moves != b.moves and screen(sim) == "GridRank"
    # A hand-over before every card of every player, the first included.
    assert w.passes >= 2 * 25 and w.tables >= 2 * 25
    assert w.seen[w.seen.index("GridMenu"):][:3] == ["GridMenu", "GridPass", "GridTable"]
    # The end shows every grid; the ranking (with the hand-over) lets the table and its advisor go.
    assert "players.placement" not in sys.modules and "ui.grid.screens" not in sys.modules
    sim.press("RIGHT")
    assert screen(sim) == "GridOver" and sim.app.screen.game is play.games[sim.app.under[-1].order()[0][0]]


@pytest.mark.slow
def test_four_players_never_see_another_grid(tmp_path, monkeypatch):
    sim, w = _game(tmp_path, monkeypatch, 4, 4, 12)  # Cribbage Squares
    play = w.to_the_end()
    assert play.over and len({bytes(g.moves) for g in play.games}) > 1 and screen(sim) == "GridRank"
    assert w.passes >= 4 * 16
    sim.run_script(["wait:1.2", "A"])  # recorded; the high scores' initials by the players' names
    while screen(sim) == "Initials":
        assert sim.app.screen.prompt.endswith("'s high score")
        sim.run_script(INITIALS)
    assert [r["players"] for r in sim.saves.history()] == [4] * 4


@pytest.mark.slow
def test_four_players_with_fosters_rule(tmp_path, monkeypatch):
    """The 9x9 board, a window of it on the glass: no other grid there either."""
    sim, w = _game(tmp_path, monkeypatch, 2, 4, 30)  # Poker Patience, American, Foster's rule
    for _ in range(4 * 6):  # six cards each
        if screen(sim) == "GridPass":
            w.confirm()
        w.place(((), ("UP",), ("LEFT",), ("DOWN", "DOWN"))[sim.app.play.turn])
    assert screen(sim) == "GridPass" and sim.app.play.games[-1].turn == 6


def test_a_lone_player_sees_no_hand_over(tmp_path, monkeypatch):
    monkeypatch.delitem(sys.modules, "ui.grid.people", raising=False)  # put back after the test
    sim = Sim(tmp_path, seed=5)
    w = Watch(sim, monkeypatch)
    w.holder = 0  # a lone player has the device all along
    sim.run_script(grid_keys(kind=4))
    play = w.to_the_end()
    assert play.over and w.passes == 0 and "GridPass" not in w.seen and w.tables >= 16
    assert "ui.grid.people" not in sys.modules


@pytest.mark.slow
def test_a_resumed_game_starts_at_the_hand_over(tmp_path, monkeypatch):
    sim, w = _game(tmp_path, monkeypatch, 0, 3, 8)
    for _ in range(3 * 4 + 1):  # four cards each, and the first player a fifth
        if screen(sim) == "GridPass":
            w.confirm()
        w.place(())
    # The power goes while the second player has the device.
    w.confirm()
    assert screen(sim) == "GridTable" and sim.app.play.turn == 1
    saved = sim.app.play.state()
    sim = Sim(tmp_path, seed=99)
    w = Watch(sim, monkeypatch)
    sim.run_script(RESUME)
    assert screen(sim) == "GridPass" and sim.app.play.state() == saved and w.passes >= 1
    w.confirm()
    assert sim.app.play.turn == 1
    w.place(())
    # Quit to the menu from the pause, and back by the menu's Resume: the hand-over again.
    w.confirm()
    sim.press("B_LONG")
    assert screen(sim) == "Pause"
    sim.run_script(["DOWN", "A"])
    assert screen(sim) == "Menu" and sim.app.play is None
    sim.press("A")  # Resume, on top
    assert screen(sim) in ("Confirm", "GridPass")
    if screen(sim) == "Confirm":
        sim.press("A")
    assert screen(sim) == "GridPass" and sim.app.play.turn == 2
    w.to_the_end()
    assert screen(sim) == "GridRank"


def test_a_lone_players_resumed_game_goes_straight_to_the_table(tmp_path):
    sim = Sim(tmp_path, seed=5)
    sim.run_script(grid_keys(kind=4) + ["A"] * 3)
    sim = Sim(tmp_path, seed=99)
    sim.run_script(RESUME)
    assert screen(sim) == "GridTable" and sim.app.play.games[0].turn == 3


@pytest.mark.slow
def test_the_players_go_by_the_names_setting(tmp_path, monkeypatch):
    sim = Sim(tmp_path, seed=3)
    sim.saves.set("names", "ANNBEE    DEE")  # the third left blank: P3
    drawn = texts.record(monkeypatch)
    sim.run_script(grid_keys(kind=4, players=3))
    words = [s for s, *_ in drawn]
    assert "ANN's turn" in words and "A when only ANN" not in words  # not before the pause
    drawn.clear()
    sim.wait(1.1)
    assert "A when only ANN" in [s for s, *_ in drawn]
    sim.press("A")
    assert "ANN" in [s for s, *_ in drawn]  # the table's panel
    sim.press("A")
    assert screen(sim) == "GridPass" and "BEE's turn" in [s for s, *_ in drawn]
    sim.run_script(["wait:1.1", "A", "A"])
    assert screen(sim) == "GridPass" and "P3's turn" in [s for s, *_ in drawn]


def test_the_hand_over_fits_the_widest_names(tmp_path, monkeypatch):
    sim = Sim(tmp_path, seed=3)
    sim.saves.set("names", "WWW" * 4)
    drawn = texts.record(monkeypatch)
    sim.run_script(grid_keys(kind=0, players=4))
    g = sim.app.play.games[0]
    g._score = (g.turn, 188)  # a score the hand-over must not show anyway
    for wait in (0, 1.1):
        sim.wait(wait)
        drawn.clear()
        sim.app.redraw()
        sim.app.step()
        assert screen(sim) == "GridPass" and drawn
        assert texts.problems(drawn) == []
        assert "188" not in " ".join(s for s, *_ in drawn)
    assert "A when only WWW" in [s for s, *_ in drawn]



@pytest.mark.slow
def test_the_names_fit_the_table_the_places_and_the_review(tmp_path, monkeypatch):
    sim = Sim(tmp_path, seed=4)
    sim.saves.set("names", "WWW" * 4)
    drawn = texts.record(monkeypatch)

    def fits():
        for g in sim.app.play.games:  # three-digit scores (as tests/sim/test_text_fits.py widens them)
            g._score = (g.turn, 188)
        drawn.clear()
        sim.app.redraw()
        sim.app.step()
        assert drawn and texts.problems(drawn) == [], screen(sim)

    sim.run_script(grid_keys(kind=4, players=2))  # Cribbage Squares: its review's title is the longer
    while screen(sim) != "GridRank":
        if screen(sim) == "GridPass":
            sim.run_script(["wait:1.1", "A"])
        if sim.app.play.games[0].turn == 5:
            fits()  # the table, the name on its panel
        sim.press("A")
    fits()
    sim.press("RIGHT")
    assert screen(sim) == "GridOver"
    fits()
