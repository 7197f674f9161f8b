"""Make tables/playmulti.py: what a kept hand is worth in the play at four hands (and three).

As tools/make_peg_table.py for two hands, in simulated first deals (seeded, rules/rng.py):
seat 0 lays one of its five cards away at random and plays as the expert; every other
seat lays away and plays as the normal computer (at four hands seat 2, the partner,
plays as the expert too, as at the bench's table). Each deal gives seat 0's side's play
points less the others' (at three hands, each other's counting half: one of two gains
them), with the ranks seat 0 kept and its place in the order of play (0: the dealer, 1:
the pone, then round). A least-squares fit per place of that margin on the kept ranks
(a term per rank held, a term per rank held twice or more) gives 26 terms a place,
shipped as signed bytes in 1/SCALE points.

The expert's lay-away uses the four-hand table; at three hands the same (--three, which
adds a table THREE) measured no better (docs/experiments.md), so it is not shipped.

    python tools/make_peg_table_multi.py 40000 > firmware/tables/playmulti.py
"""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host", "pocketcrib", "twins", "mpshim"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from players import cpu  # noqa: E402
from rules.cribbage import DISCARD, PLAY, Cribbage  # noqa: E402
from rules.rng import Rng  # noqa: E402
from make_peg_table import blob  # noqa: E402  (the same bytes literal lines)

N_TERMS = 26
SCALE = 32
SEED0 = 8_000_000  # far from the bench's, the tests' and the experiments' seeds
DEALS = 40_000


def features(ranks):
    x = np.zeros(N_TERMS)
    for r in ranks:
        x[r] += 1
    for r in set(ranks):
        if ranks.count(r) > 1:
            x[13 + r] = 1
    return x


def one_deal(seed, players):
    """(place, kept ranks, margin) for seat 0, which keeps four of five at random."""
    g = Cribbage(seed, players, dealer=seed % players)
    rng = Rng(seed * 7 + 1)
    while g.phase == DISCARD:
        s = g.turn
        if s == 0:
            g.discard(0, g.hands[0][rng.below(5)])
        else:
            g.discard(s, *cpu.discard(g, s, "normal"))
    kept = [c >> 2 for c in g.kept[0]]
    rec = g.record
    while g.phase == PLAY and not g.over:
        cpu.move(g, "expert" if g.side_of(g.turn) == 0 else "normal")
    margin = 0.0
    for s in range(players):
        mine = g.side_of(s) == 0
        margin += rec.play[s] if mine else -rec.play[s] / (2 if players == 3 else 1)
    return (0 - g.dealer) % players, kept, margin


def work(args):
    start, n, players = args
    return [one_deal(s, players) for s in range(start, start + n)]


def fit(rows):
    x = np.array([features(k) for k, _ in rows])
    y = np.array([d for _, d in rows], dtype=float)
    x = np.hstack([x, np.ones((len(rows), 1))])  # the place's mean, not shipped
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ coef
    fitted = x[:, :N_TERMS] @ coef[:N_TERMS]
    return coef[:N_TERMS], float(np.sqrt(np.mean(resid ** 2))), float(np.std(fitted))


def main():
    import argparse
    import multiprocessing

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deals", nargs="?", type=int, default=DEALS, help="deals at each table size")
    ap.add_argument("--three", action="store_true", help="a three-hand table too (THREE)")
    args = ap.parse_args()
    n = args.deals
    step = 250
    lines = [
        "# What a kept hand pegs in the play at four hands, less what the other side pegs (at",
        "# three, each other's counting half). Made by tools/make_peg_table_multi.py from %d" % n,
        "# simulated deals a table size (see there); do not edit.",
        "#",
        "# %s: per place in the order of play (0 the dealer, 1 the pone, then round)," % (
            "THREE, FOUR" if args.three else "FOUR"),
        "# 13 terms per rank held, then 13 per rank held twice or more; signed bytes in 1/%d" % SCALE,
        "# points (players.laying adds them to the lay-away's value).",
    ]
    tables = []
    for players in (3, 4) if args.three else (4,):
        jobs = [(SEED0 + 1_000_000 * players + s, min(step, n - s), players) for s in range(0, n, step)]
        rows = [[] for _ in range(players)]
        with multiprocessing.Pool(2) as pool:
            for part in pool.imap_unordered(work, jobs):
                for place, kept, margin in part:
                    rows[place].append((kept, margin))
        q = []
        for place in range(players):
            coef, err, spread = fit(rows[place])
            q += [max(-128, min(127, round(c * SCALE))) for c in coef]
            lines.append("# %d hands, place %d: %d deals, spread of the fitted values %.2f points, residual %.2f" % (
                players, place, len(rows[place]), spread, err))
        tables.append(("THREE" if players == 3 else "FOUR", q))
    lines += ["from micropython import const", "", "SCALE = const(%d)" % SCALE]
    for name, q in tables:
        lines.append("%s = (\n%s\n)" % (name, blob(q)))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
