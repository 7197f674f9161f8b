"""Make tables/playtable.py: what a kept hand is worth in the play, as dealer and as pone.

Simulated deals of the two-hand game (seeded, rules/rng.py): one seat keeps four of
its six at random and plays as --player (the expert: the table is for the expert's
lay-away, so it says what a hand pegs in the expert's hands); the other lays away
and plays as the normal computer. Each deal gives the first seat's play points
less the other's, with the ranks it kept. A least-squares fit per side (dealer, pone) of
that difference on the kept ranks (a term per rank held, a term per pair of
cards held by their two ranks) gives 13 + 91 terms, shipped as bytes in 1/32
points. The play is the computer's own, so the table says what a hand pegs for
it against a computer opponent; the fit's residual error is printed.

    python tools/make_peg_table.py 200000 --player expert > firmware/tables/playtable.py
"""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host", "pocketcrib", "twins", "mpshim"))

from players import LEVELS, cpu  # noqa: E402
from rules.cribbage import DISCARD, PLAY, Cribbage  # noqa: E402
from rules.rng import Rng  # noqa: E402

PAIRS = [(a, b) for a in range(13) for b in range(a, 13)]  # 91 rank pairs
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
N_TERMS = 13 + len(PAIRS)
SCALE = 32
SEED0 = 7_000_000  # far from the bench's and the tests' seeds
DEALS = 200_000  # the default, which made the shipped table


def features(ranks):
    x = np.zeros(N_TERMS)
    for r in ranks:
        x[r] += 1
    for i in range(4):
        for j in range(i + 1, 4):
            a, b = sorted((ranks[i], ranks[j]))
            x[13 + PAIR_INDEX[(a, b)]] += 1
    return x


def one_deal(seed, player):
    """(dealer?, kept ranks, play points less the other's) for seat 0, which plays as player."""
    g = Cribbage(seed, 2, dealer=seed & 1)
    rng = Rng(seed * 7 + 1)
    while g.phase == DISCARD:
        s = g.turn
        if s == 0:
            hand = g.hands[0]
            i = rng.below(6)
            j = rng.below(5)
            j += j >= i
            g.discard(0, hand[i], hand[j])
        else:
            g.discard(1, *cpu.discard(g, 1, "normal"))
    kept = [c >> 2 for c in g.kept[0]]
    rec = g.record
    levels = (player, "normal")
    while g.phase == PLAY and not g.over:
        cpu.move(g, levels[g.turn])
    return g.dealer == 0, kept, rec.play[0] - rec.play[1]


def work(args):
    start, n, player = args
    return [one_deal(s, player) for s in range(start, start + n)]


def fit(rows):
    x = np.array([features(k) for k, _ in rows])
    y = np.array([d for _, d in rows], dtype=float)
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ coef
    return coef, float(np.sqrt(np.mean(resid ** 2))), float(np.std(x @ coef))


def main():
    import argparse
    import multiprocessing

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deals", nargs="?", type=int, default=DEALS)
    ap.add_argument("--player", choices=LEVELS, default="expert",
                    help="how the keeping seat plays (the other plays as normal)")
    args = ap.parse_args()
    n = args.deals
    step = 500
    jobs = [(SEED0 + s, min(step, n - s), args.player) for s in range(0, n, step)]
    rows = {True: [], False: []}
    with multiprocessing.Pool(2) as pool:
        for part in pool.imap_unordered(work, jobs):
            for dealer, kept, diff in part:
                rows[dealer].append((kept, diff))
    out = []
    for dealer in (True, False):
        coef, err, spread = fit(rows[dealer])
        q = [max(-128, min(127, round(c * SCALE))) for c in coef]
        out.append((dealer, q, err, spread, len(rows[dealer])))
    print(render(n, out, args.player), end="")


def blob(values):
    """Signed terms as bytes literal lines, 16 to a line."""
    data = bytes((v + 256) % 256 for v in values)
    return "\n".join("    b\"%s\"" % "".join("\\x%02x" % x for x in data[i:i + 16])
                     for i in range(0, len(data), 16))


def render(n, sides, player):
    """The module's text; sides: (dealer?, terms, residual, spread, deals) for each side."""
    lines = [
        "# What a kept hand pegs in the two-hand play, less what the other side pegs.",
        "# Made by tools/make_peg_table.py from %d simulated deals (see there); do not edit." % n,
        "# The keeping seat plays as the %s computer, the other as normal." % player,
        "#",
        "# DEALER, PONE: 13 terms per rank held, then 91 per pair of ranks (lo, hi),",
        "# lo <= hi, in order; signed bytes in 1/%d points (players.laying.play_value adds them)." % SCALE,
    ]
    for dealer, q, err, spread, m in sides:
        lines.append("# %s: %d deals, spread of the fitted values %.2f points, residual %.2f" % (
            "dealer" if dealer else "pone", m, spread, err))
    lines += ["from micropython import const", "", "SCALE = const(%d)" % SCALE]
    for dealer, q, _, _, _ in sides:
        lines.append("%s = (\n%s\n)" % ("DEALER" if dealer else "PONE", blob(q)))
    return "\n".join(lines) + "\n"




if __name__ == "__main__":
    main()
