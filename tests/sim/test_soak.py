"""A shorter soak for `make test` (the 2,000-game one is in `make bench`,
tests/bench/bench_soak.py): the demo mode plays 200 games through the UI in the
MicroPython VM, the whole firmware from .mpy; no error (a MemoryError included),
and the heap in use after each game, after a collection, does not grow."""
import pytest

import soakvm

from rules.solitaires import VARIANTS

pytestmark = pytest.mark.slow

GAMES = 200
# The demo plays the solitaires in turn, and a game's modules load when it is
# first played (Patience II's look-ahead table on the third): from the end of
# the first round every module is in, and the heap must stay flat.
ROUND = len(VARIANTS)


def test_soak_heap_does_not_grow():
    heaps, summary, out = soakvm.run(GAMES)
    assert len(heaps) == GAMES, out[-2000:]
    assert summary.startswith("SOAK %d games" % GAMES)
    first, rest = heaps[ROUND - 1:GAMES // 2], heaps[GAMES // 2:]
    assert max(rest) <= max(first) + 256, (max(first), max(rest))
    assert heaps[-1] - heaps[ROUND - 1] <= 256, (heaps[ROUND - 1], heaps[-1])
    # A real measure: the firmware and a game in play are tens of KB.
    assert 20_000 < min(heaps) < 200_000
