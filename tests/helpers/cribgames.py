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


def play(seed, players=2, target=121, level=0, double_skunk=True, levels=None):
    """A finished game: every seat played by the computer at LEVELS[level] (seat 0 stands for the player),
    or each seat at its own of `levels` (a list a seat; None: at `level`, standing for a person)."""
    g = Cribbage(seed, players, target, double_skunk=double_skunk)
    while not g.over:
        mine = levels[g.turn] if levels and levels[g.turn] is not None else level
        cpu.move(g, LEVELS[mine])
    return g


def record(seed, n, players=2, target=121, level=0, date=None, people=None, levels=None, **options):
    """The history record of game n, as the board's history holds it; with `people` (a name a person's
    seat, None the computer's) a game between people, and with `levels` (the computer's level a seat,
    None a person's) each computer at its own level, recorded in "levels"."""
    from ui.cribbage.history import record as crib_record

    g = play(seed, players, target, level, levels=levels, **options)
    rec = crib_record(_Table(g, level, people), date)
    if levels is not None:
        rec["levels"] = list(levels)
    rec["n"], rec["gen"] = n, GEN  # as Saves.add_game stamps it
    return rec
