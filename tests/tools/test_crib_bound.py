"""tools/crib_bound.py, the measurement of how far better play could go: its best line
against normal's real play is at least as good, deal by deal, as any play of the
expert's (its own and the one that knows the opponent's cards), and the copies it
searches on leave the game they came from as it was."""
import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import crib_bound  # noqa: E402
from players import cpu  # noqa: E402
from rules.cribbage import OVER, Cribbage  # noqa: E402

SEEDS = range(1_400_000, 1_400_004)  # the tool's own default seeds


def test_the_best_line_is_never_beaten_in_a_deal():
    for seed in SEEDS:
        for dealer in (0, 1):
            got = {name: crib_bound.first_deal(seed, dealer, crib_bound.CHOOSERS[name])
                   for name in ("today", "known", "clairvoyant")}
            # The same discards, so the same hands and crib: only the play differs.
            assert got["today"][1:] == got["clairvoyant"][1:] == got["known"][1:]
            assert got["clairvoyant"][0] >= max(got["today"][0], got["known"][0]), (seed, dealer, got)


def _state(x):
    if isinstance(x, (list, tuple)):
        return [_state(e) for e in x]
    if hasattr(x, "__dict__"):
        return {k: _state(v) for k, v in vars(x).items()}
    if isinstance(x, bytearray):
        return bytes(x)
    return x


def test_a_copy_plays_on_alone():
    for seed in range(12):
        g = Cribbage(seed, 2)
        for _ in range(seed * 5):
            cpu.move(g, "normal")
        before = copy.deepcopy(g)
        h = crib_bound._copy(g)
        while h.phase != OVER:
            cpu.move(h, "normal")
        assert _state(g) == _state(before)
        while before.phase != OVER:
            cpu.move(before, "normal")
        assert _state(h) == _state(before)
