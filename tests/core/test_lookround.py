# The expert's look-ahead at three and four hands (players.lookround) against the game
# itself: with every hand known, each card's value is the best line of play to the end
# of the count under way as the engine (rules.cribbage, copies of the game) scores it,
# the others laying what scores most now (tests/core/engine_lines.py); and the search is
# one call a card the computer lays.
import sys

from engine_lines import after
from players import cpu, lookround
from rules.cribbage import PLAY, Cribbage
from rules.rng import Rng

ON_CPYTHON = sys.implementation.name == "cpython"


def _positions(players, seeds):
    """Games at the play (every seat easy so far), the computer to lay: (g, me)."""
    for seed in seeds:
        g = Cribbage(seed, players, dealer=seed % players)
        rng = Rng(seed)
        while g.phase != PLAY:
            cpu.move(g, "easy")
        for _ in range(rng.below(9)):
            if g.phase == PLAY:
                cpu.move(g, "easy")
        if g.phase == PLAY and len(g.playable()) > 1:
            yield g, g.turn


def _search(g, me):
    n = g.players
    order = [(me + r) % n for r in range(n)]
    passed = 0
    for r in range(n):
        if g.passed >> order[r] & 1:
            passed |= 1 << r
    lookround.setup([g.hands[s] for s in order], g.seq, g.count, passed)
    out = [None] * len(g.hands[me])
    nodes = lookround.values(out)
    return out, nodes


def test_the_search_is_the_best_line_by_the_rules():
    checked = 0
    for players in (3, 4):
        for g, me in _positions(players, range(40 if ON_CPYTHON else 4)):
            out, nodes = _search(g, me)
            assert nodes > 0
            mine = g.hands[me]
            for i in range(len(mine)):
                if out[i] is not None:
                    assert out[i] == after(g, me, mine[i], True), (players, g.seed, mine[i], out)
                    checked += 1
    assert checked > (150 if ON_CPYTHON else 8), checked


def test_the_search_is_one_call_a_card_the_computer_lays():
    if not ON_CPYTHON:
        return
    real = lookround.peg_count
    seen = [0, 0]

    def leaf(buf, lo, hi, count):
        f = sys._getframe(1)
        d = 0
        while f is not None:
            d += 1
            f = f.f_back
        seen[0] = min(seen[0], d) if seen[0] else d
        seen[1] = max(seen[1], d)
        return real(buf, lo, hi, count)

    lookround.peg_count = leaf
    try:
        most = 0
        for players in (3, 4):
            for g, me in _positions(players, range(30)):
                seen[0] = seen[1] = 0
                _search(g, me)
                most = max(most, seen[1] - seen[0])
    finally:
        lookround.peg_count = real
    # _lay and _on for each of the computer's cards after the first: three more at most,
    # two frames each, whatever the number of hands.
    assert most <= 2 * 3 + 1, most
