"""New games' seeds: each player of a match gets a pack of his own, even while
the board's clock stands still (the first milliseconds after boot, or the
several seeds a match takes in one go)."""
from pocketcrib.twins.sim import Sim
from uiboard import Board
from ui.app import App
from ui.solitaire.game import start

from storage.saves import Saves


def match_seeds(app, players):
    app.saves.clear_current()  # else start() first asks whether to drop the saved game
    start(app, "solitaire", players=players)
    return [g.seed for g in app.play.match.games]


def test_players_started_on_a_still_clock_get_their_own_packs(tmp_path):
    sim = Sim(tmp_path)  # no fixed seed, manual clock: it never moves here
    seeds = match_seeds(sim.app, 4) + match_seeds(sim.app, 4)
    assert len(set(seeds)) == 8


def test_without_a_random_source_the_seeds_still_differ(tmp_path):
    board = Board()  # the bench twin: no random32(), a clock that only moves when told
    assert not hasattr(board, "random32")
    app = App(board, Saves(str(tmp_path), device_id="b0a7"))
    seeds = match_seeds(app, 4) + match_seeds(app, 2)
    assert len(set(seeds)) == 6
    packs = {bytes(g.pack) for g in app.play.match.games}
    assert len(packs) == 2


def test_a_fixed_seed_still_deals_in_order(tmp_path):
    sim = Sim(tmp_path, seed=41)
    assert match_seeds(sim.app, 3) == [41, 42, 43]
