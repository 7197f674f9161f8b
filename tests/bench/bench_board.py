"""The board for a real deck (issue 25): the hand counter's path from the keys to the count, and the heap.

1. Presses to key in a random hand (four cards and the starter, then A to count it), median and worst
   over 10,000 hands; and with the deal's starter known (four cards). Goal: median at most 4 a card.
2. The path (ui.board.count's screens, driven key by key) agrees with rules.score.score() on every hand
   and starter there is (12,994,800, as the hand and, where its four cards are of one suit, as the crib:
   the crib's rule changes only the flush), on CPython; 20,000 at random in the VM. BOARD_HANDS=N
   takes N at random instead of all.
3. Heap in use (VM, firmware as .mpy) at the board in the middle of a game, at the hand counter while
   a hand is keyed in and while it is counted aloud: goal, below the cribbage table's (bench_crib_ui).

Portable: the screens get a stand-in app (no panel, no saves) for part 2; part 3 runs the firmware's
whole App on the board twin (uiboard), as bench_crib_ui does."""
import gc
import sys

from benchutil import clock_ms, elapsed_ms, run_steps

from boardpath import Counter
from rules.rng import Rng
from rules.score import score
from ui.board.entry import keys as card_keys

ON_MP = sys.implementation.name == "micropython"
BOARD_ROW = 10  # the menu row of "Board for a real deck"


def _dealt(rng):
    pack = list(range(52))
    for i in range(5):
        j = i + rng.below(52 - i)
        pack[i], pack[j] = pack[j], pack[i]
    return pack[:4], pack[4]


def presses():
    app = Counter()
    rng = Rng(25)
    counts = []
    for _ in range(10000):
        hand, starter = _dealt(rng)
        _, n = app.counted(hand, starter, False)
        counts.append(n)
    counts.sort()
    median = counts[len(counts) // 2]
    print("presses to key in a hand and its starter, then count it (10,000 hands): median %d (%.2f a card), "
          "worst %d; goal median <= 4 a card: %s" % (median, median / 5, counts[-1],
                                                     "met" if median <= 20 else "NOT met"))
    print("  with the deal's starter known (the second hand of a deal on): %d presses (%.2f a card)"
          % (median - 3, (median - 3) / 4))


def agreement():
    app = Counter()
    limit = _limit()
    n = 0
    t0 = clock_ms()
    if limit is None:
        for hand, starter in _every():
            n += _check(app, hand, starter)
    else:
        rng = Rng(2025)
        for _ in range(limit):
            hand, starter = _dealt(rng)
            n += _check(app, hand, starter)
    print("the counter's path agrees with score() on %d counts (%s), %d ms"
          % (n, "every hand and starter" if limit is None else "%d hands at random" % limit, elapsed_ms(t0)))


def _check(app, hand, starter):
    got, _ = app.counted(hand, starter, False)
    if got != score(hand, starter, False):
        raise AssertionError("%r %r: the counter says %d" % (hand, starter, got))
    s = hand[0] & 3
    if hand[1] & 3 == s and hand[2] & 3 == s and hand[3] & 3 == s:
        got, _ = app.counted(hand, starter, True)
        if got != score(hand, starter, True):
            raise AssertionError("%r %r as the crib: the counter says %d" % (hand, starter, got))
        return 2
    return 1


def _every():
    """Every four-card hand with every starter not in it."""
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    hand = (a, b, c, d)
                    for s in range(52):
                        if s != a and s != b and s != c and s != d:
                            yield hand, s


def _limit():
    if ON_MP:
        return 20000
    import os

    n = os.environ.get("BOARD_HANDS")
    return int(n) if n else None


def heap():
    gc.collect()
    yield
    return gc.mem_alloc() if ON_MP else None


def kb(n):
    return "n/a (CPython)" if n is None else "%d bytes (%.1f KB)" % (n, n / 1024)


def heaps():
    import uiboard
    from storage.saves import Saves
    from ui.app import App

    data = "/tmp/pcboard" if ON_MP else _tmpdir()
    names = {}
    for name in uiboard.NAMES:
        names[uiboard.NAMES[name]] = name
    app = App(uiboard.Board(), Saves(data, device_id="b0a2"), seed=25)
    app.step()
    # Into the board: four players (partners), to 121; then a deal's pegs by hand.
    for k in ["A"] + ["DOWN"] * BOARD_ROW + ["A", "DOWN", "RIGHT", "RIGHT", "DOWN", "DOWN", "DOWN", "DOWN", "A"]:
        uiboard.press(app, k)
    for k in ["LEFT", "A", "A", "DOWN", "A", "RIGHT", "A", "A", "DOWN", "DOWN", "A", "UP", "A", "RIGHT", "RIGHT", "A"]:
        uiboard.press(app, k)
    assert type(app.screen).__name__ == "BoardPegs"
    board = yield from heap()
    keyed = counting = 0
    for hand in range(4):  # each hand of the deal counted, the heap taken on the way
        uiboard.press(app, "RIGHT")
        for c in ((0, 5, 10, 15), (20, 25, 30, 35), (40, 45, 50, 3), (8, 13, 18, 23))[hand]:
            for k in card_keys(c):
                uiboard.press(app, names[k])
        if hand == 0:
            for k in card_keys(51):
                uiboard.press(app, names[k])
        assert type(app.screen).__name__ == "BoardHand" and app.screen.entry.full()
        h = yield from heap()
        keyed = max(keyed, h or 0)
        uiboard.press(app, "A")
        uiboard.press(app, "A")
        assert type(app.screen).__name__ == "BoardCount" and app.screen.line == 1
        h = yield from heap()
        counting = max(counting, h or 0)
        uiboard.press(app, "DOWN")
        uiboard.press(app, "A")
    name = type(app.screen).__name__
    print("heap at the board (four players, a deal pegged) %s; at the hand counter, keying %s, counting %s; "
          "now on %s, scores %s" % (kb(board), kb(keyed or None), kb(counting or None), name, app.play.g.scores))
    if ON_MP:
        most = max(board, keyed, counting)
        print("  goal below the cribbage table's (about 96-99 KB, bench_crib_ui): %s"
              % ("met" if most < 96 * 1024 else "NOT met"))


def _tmpdir():
    import tempfile

    return tempfile.mkdtemp(prefix="pcboard-")


def main():
    yield from heaps()
    presses()
    gc.collect()
    yield
    agreement()


run_steps(main())
