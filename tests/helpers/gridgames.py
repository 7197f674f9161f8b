"""Grid-game history records (Poker Patience, Cribbage Squares) as the board writes them: games
placed square by square by the firmware's own engine (rules.grids), a random free square for each
card, recorded by ui.grid.game.record, on CPython."""

from rules import grids
from rules.rng import Rng
from storage.fields import GEN
from ui.grid.game import GridPlay
from ui.grid.game import record as grid_record


def play(variant, seed, table="american", foster=False):
    g = grids.new(variant, seed, table, foster)
    rng = Rng(seed ^ 0x5A5A)
    while not g.over:
        free = g.squares()
        g.place(free[rng.below(len(free))])
    return g


def record(seed, n, variant="poker", table="american", foster=False, players=1, place=1, matched=None,
           date=None):
    """The history record of game n (a player's of `players` who played the deal, at `place`), as
    ui.grid.game.record and Saves.add_game make it."""
    g = play(variant, seed, table, foster)
    table_ = GridPlay(None, [g] * players)  # what record reads: the games, the advisor's tally, the deal code
    table_.matched[0] = seed % g.cards if matched is None else matched
    rec = grid_record(table_, 0, place, date)
    rec["n"], rec["gen"] = n, GEN  # as Saves.add_game stamps it
    return rec
