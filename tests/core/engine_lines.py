# The look-ahead searches' reference (tests/core/test_cpu.py, test_lookround.py): the value
# of a line of play straight from the engine, each move made on a loaded copy of the game.
# A portable helper (it runs in the MicroPython VM too).
from rules.cards import PIPS
from rules.cribbage import PLAY, load
from rules.pegging import peg


def worth(g, me, before):
    """Points since `before` (the scores then) to seat `me`: its side's less the others'
    (at three hands, each other's counting half, so in halves)."""
    mine = g.side_of(me)
    v = 0
    for side in range(len(g.scores)):
        d = g.scores[side] - before[side]
        if side == mine:
            v += d * (2 if g.players == 3 else 1)
        else:
            v -= d
    return v


def best_line(g, me, count_only=False):
    """The value to `me` of the rest of the play (count_only: of the count under way):
    `me` takes the best line, every other seat lays what scores most now (the highest of
    equals, a count of 5 or 21 costing it half a point)."""
    if g.phase != PLAY or (count_only and not g.seq):
        return 0  # the play (or the count) is over
    if not g.playable():
        return after(g, me, None, count_only)
    if g.turn != me:
        def key(c):
            total = g.count + PIPS[c >> 2]
            return peg(list(g.seq) + [c]) - (0.5 if total in (5, 21) else 0) + PIPS[c >> 2] / 64
        return after(g, me, max(g.playable(), key=key), count_only)
    return max(after(g, me, c, count_only) for c in g.playable())


def after(g, me, card, count_only=False):
    """The value to `me` of laying card (None: go) now and the best line after it."""
    h = load(g.save())
    before = list(h.scores)
    if card is None:
        h.go()
    else:
        h.play(card)
    return worth(h, me, before) + best_line(h, me, count_only)
