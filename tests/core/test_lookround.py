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


def test_pegging_out_is_a_win_and_the_show_counts_in_its_order():
    king, five, four, ace, nine, six, two = 12 * 4, 4 * 4 + 1, 3 * 4, 0, 8 * 4, 5 * 4 + 2, 1 * 4 + 3
    # Three hands, the count at 10 (a king): the five makes fifteen, the two points the
    # computer needs; the ace does not, and the next player's four then takes him home.
    lookround.setup([bytes((five, ace)), bytes((four,)), bytes((nine,))], [king], 10, 0)
    lookround.endgame([2, 2, 50], [])
    out = [None, None]
    lookround.values(out)
    assert out == [lookround.WIN * 2, -lookround.WIN * 2], out
    # Far from home the same cards are worth their points (in halves at three hands):
    # the five 2 points, the ace gives the next player his fifteen (half against).
    lookround.setup([bytes((five, ace)), bytes((four,)), bytes((nine,))], [king], 10, 0)
    out = [None, None]
    lookround.values(out)
    assert out[0] > out[1], out
    # Four hands: the last card of the play ends the count, then the show: the pone (seat 1
    # after the computer here) counts first, and his side is home before the computer's
    # (the computer's point for the last card comes with it, as at two hands).
    lookround.setup([bytes((six,)), b"", b"", b""], [two], 2, 0)
    lookround.endgame([5, 3], [(1, 4), (0, 20)])
    out = [None]
    lookround.values(out)
    assert out == [1 - lookround.WIN], out
    lookround.setup([bytes((six,)), b"", b"", b""], [two], 2, 0)
    lookround.endgame([5, 3], [(0, 20), (1, 4)])
    out = [None]
    lookround.values(out)
    assert out == [1 + lookround.WIN], out
