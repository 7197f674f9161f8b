"""Make players.cpu.PRIOR: how much likelier the normal computer keeps a hand that scores s
alone (its four cards, no starter) than four unseen cards are to make one.

The expert's look-ahead guesses at the opponent's hidden cards; with his cards laid
so far they are the four he kept. A normal opponent keeps good hands, so a guess
whose four score well alone is likelier than one that scores nothing. This tool
deals seeded two-hand deals (far from the bench's seeds), lets both seats lay away
as the normal computer, and counts what each kept four scores alone, as dealer and
as pone; against every four-card hand of the pack (all 270,725, exactly) that gives
a likelihood ratio per score (0 to 12, 12 for twelve or more), printed in sixteenths
(at least 1, at most 255) for players/cpu.py.

    python tools/make_keep_prior.py [deals]

The default (DEALS) made the shipped PRIOR; tests/tables/test_keep_prior.py regenerates it.
"""
import itertools
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host", "pocketcrib", "twins", "mpshim"))

from players import cpu  # noqa: E402
from rules.cribbage import DISCARD, Cribbage  # noqa: E402
from rules.score import score  # noqa: E402

SEED0 = 8_000_000  # far from the bench's, the tests' and the play table's seeds
DEALS = 20_000
TOP = 12
UNIT = 16
MOST = 255  # a byte


def kept_scores(deals):
    """Counts of what normal's kept four score alone: [as dealer, as pone][score]."""
    counts = [[0] * (TOP + 1) for _ in range(2)]
    for seed in range(SEED0, SEED0 + deals):
        g = Cribbage(seed, 2, dealer=seed & 1)
        while g.phase == DISCARD:
            s = g.turn
            g.discard(s, *cpu.discard(g, s, "normal"))
        for s in (0, 1):
            counts[0 if s == g.dealer else 1][min(score(g.kept[s], None), TOP)] += 1
    return counts


def pack_scores():
    counts = [0] * (TOP + 1)
    for hand in itertools.combinations(range(52), 4):
        counts[min(score(hand, None), TOP)] += 1
    return counts


def prior(kept, pack):
    """PRIOR's rows (bytes, as dealer and as pone) and the likelihood ratios they round."""
    n_pack = sum(pack)
    rows = []
    ratios = []
    for side in kept:
        n = sum(side)
        r = [side[s] / n / (pack[s] / n_pack) if pack[s] else 0 for s in range(TOP + 1)]
        # A score no hand can make (one: nobs needs the starter) keeps 0; else at least 1.
        rows.append(bytes(min(MOST, max(1, round(UNIT * x))) if pack[s] else 0 for s, x in enumerate(r)))
        ratios.append(r)
    return tuple(rows), ratios


def main():
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    kept = kept_scores(deals)
    pack = pack_scores()
    print("# %d deals; a kept hand's score alone: %s (as dealer) and %s (as pone); the pack's: %s"
          % (deals, kept[0], kept[1], pack))
    print(literal(*prior(kept, pack)))


def literal(rows, ratios):
    """PRIOR as players/cpu.py holds it (each row's ratios in a comment)."""
    lines = ["PRIOR = ("]
    for row, r in zip(rows, ratios):
        lines.append('    b"%s",  # %s' % ("".join("\\x%02x" % e for e in row), " ".join("%.1f" % x for x in r)))
    return "\n".join(lines + [")"])


if __name__ == "__main__":
    main()
