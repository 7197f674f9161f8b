"""Cribbage history records as the board writes them: games played out by the firmware's own
computer player (players.cpu) and recorded by ui.cribbage.history.record, on CPython."""

from players import cpu
from rules.cribbage import Cribbage
from storage.fields import GEN
from players import LEVELS


class _Table:
    """What ui.cribbage.history.record reads of ui.cribbage.game.Crib: the engine, the level,
    the people at the table (None: the player alone against the computer) and the level per
    seat (None: every computer seat at the level)."""

    def __init__(self, g, level, people=None, levels=None):
        self.g, self.level, self.people, self.levels = g, level, people, levels


def play(seed, players=2, target=121, level=0, double_skunk=True):
    """A finished game: every seat played by the computer at LEVELS[level] (seat 0 stands for the player)."""
    g = Cribbage(seed, players, target, double_skunk=double_skunk)
    while not g.over:
        cpu.move(g, LEVELS[level])
    return g


def record(seed, n, players=2, target=121, level=0, date=None, **options):
    """The history record of game n, as the board's history holds it."""
    from ui.cribbage.history import record as crib_record

    rec = crib_record(_Table(play(seed, players, target, level, **options), level), date)
    rec["n"], rec["gen"] = n, GEN  # as Saves.add_game stamps it
    return rec
