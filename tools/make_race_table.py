"""Make tables/racetable.py: the two-hand game's end as a race, for the expert's discards.

Simulated first deals of the two-hand game (seeded, rules/rng.py, far from the
bench's seeds), both seats the normal computer, give what a deal brings each
side: the pone's play and hand, the dealer's play, hand and crib (with his
heels). From them:

- PONE: how many points the pone makes in a deal (play and hand), as chances;
- PONE_REST, DEALER_REST: the same without the hand (the pone's play, the
  dealer's play and crib): the expert knows its own hand's chances exactly
  and adds these to it;
- AS_PONE, AS_DEALER: a side's chance of winning the game once its own deal
  is known and it still needs m, the other side needing n, for m, n = 1, 3,
  5, ... up to SHIP (81; a bigger need counts as 81): as pone, before the dealer's deal (he has his whole deal
  to come); as dealer, with the pone's deal to come first (he counts first).

They come from the pone's chance of winning at the start of a deal (needs a
and b), worked out backwards from the deals simulated (each deal's five
figures as they fell, so a good hand and a good play go together as they
do): the pone wins a deal's race if he pegs out in the play (before the
dealer does: half when both could) or his play and hand reach a; the dealer
if he pegs out in the play or reaches b with play, hand and crib; else the
next deal starts with the seats changed.

Chances are in 1/4096 (two bytes each, big-endian), AS_PONE and AS_DEALER in 1/255.

    python tools/make_race_table.py [deals] > firmware/tables/racetable.py
"""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host", "pocketcrib", "twins", "mpshim"))

from players import cpu  # noqa: E402
from rules.cribbage import Cribbage  # noqa: E402

SEED0 = 8_000_000  # far from the bench's, the tests' and make_peg_table's seeds
DEALS = 30_000  # the default, which made the shipped table
NEED = 121  # worked out for needs 1..NEED
SHIP = 81  # AS_PONE and AS_DEALER shipped for needs 1..SHIP (a bigger need counts as SHIP)
STEP = 2  # at needs 1, 1 + STEP, ...
ONE = 4096


def one_deal(seed):
    """(pone play, pone hand, dealer play, dealer hand, crib and heels) of a first deal."""
    g = Cribbage(seed, 2, dealer=seed & 1)
    rec = g.record
    while g.deal_no == 1 and not g.over:
        cpu.move(g, "normal")
    d = rec.dealer
    p = 1 - d
    return rec.play[p], rec.hand[p], rec.play[d], rec.hand[d], rec.crib_points + rec.heels


def work(args):
    start, n = args
    return [one_deal(s) for s in range(start, start + n)]


def win_table(deals):
    """win[a][b]: the pone's chance, needing a against the dealer's b (1..NEED)."""
    rows, counts = np.unique(np.array(deals), axis=0, return_counts=True)
    w = counts / counts.sum()
    pp, ph, dp, dh, cr = (rows[:, i] for i in range(5))
    pt = pp + ph
    dt = dp + dh + cr
    win = np.zeros((NEED + 1, NEED + 1))
    # Every deal brings points (the last card scores), so a later deal's needs sum to less.
    for total in range(2, 2 * NEED + 1):
        for a in range(max(1, total - NEED), min(NEED, total - 1) + 1):
            b = total - a
            out_p = pp >= a
            out_d = dp >= b
            v = np.where(out_p & out_d, 0.5, 0.0)
            v = np.where(out_p & ~out_d, 1.0, v)
            rest = ~out_p & ~out_d
            v = np.where(rest & (pt >= a), 1.0, v)
            go_on = rest & (pt < a) & (dt < b)
            na = np.clip(b - dt, 1, NEED)  # the dealer is the next pone
            nb = np.clip(a - pt, 1, NEED)
            v = np.where(go_on, 1.0 - win[na, nb], v)
            win[a, b] = float((v * w).sum())
    return win


def after_hand(deals, win):
    """(as_pone, as_dealer)[m][n]: a side's chance, its deal counted, needing m against n.

    As pone it has counted first: the dealer's deal comes, then the next deal
    with this side dealing. As dealer the pone's deal comes first (home at n
    or not), then this side needing m (its deal counted) is the next pone."""
    d = np.array(deals)
    dealer = np.bincount(d[:, 2] + d[:, 3] + d[:, 4], minlength=NEED + 1)[:NEED + 1]
    pone = np.bincount(d[:, 0] + d[:, 1], minlength=NEED + 1)[:NEED + 1]
    dealer = dealer / dealer.sum()
    pone = pone / pone.sum()
    as_pone = np.zeros((NEED + 1, NEED + 1))
    as_dealer = np.zeros((NEED + 1, NEED + 1))
    for m in range(1, NEED + 1):
        for n in range(1, NEED + 1):
            y = np.arange(min(n, NEED + 1))  # his points, short of home
            as_pone[m, n] = float((dealer[y] * (1.0 - win[n - y, m])).sum())
            as_dealer[m, n] = float((pone[y] * win[m, n - y]).sum())
    return as_pone, as_dealer


def chances(values):
    values = np.asarray(values)
    top = int(values.max())
    p = np.bincount(values, minlength=top + 1) / len(values)
    q = [int(round(x * ONE)) for x in p]
    # Trim the far tail's zeros; the rounding's remainder goes to the most likely value.
    while q and q[-1] == 0:
        q.pop()
    q[q.index(max(q))] += ONE - sum(q)
    return q


def blob(data):
    return "\n".join("    b\"%s\"" % "".join("\\x%02x" % x for x in data[i:i + 24])
                     for i in range(0, len(data), 24))


def render(n, deals, win):
    d = np.array(deals)
    pmfs = [
        ("PONE", d[:, 0] + d[:, 1]),
        ("PONE_REST", d[:, 0]),
        ("DEALER_REST", d[:, 2] + d[:, 4]),
    ]
    needs = list(range(1, SHIP + 1, STEP))
    as_pone, as_dealer = after_hand(deals, win)
    lines = [
        "# The two-hand game's end as a race (players.race): what a deal brings each side,",
        "# and the pone's chance of winning from the needs of both sides.",
        "# Made by tools/make_race_table.py from %d simulated deals (see there); do not edit." % n,
        "#",
        "# PONE (the pone's deal), PONE_REST, DEALER_REST (a side's deal without its hand):",
        "# the chance of 0, 1, 2, ... points, two bytes each (big-endian) in 1/%d." % ONE,
        "# AS_PONE, AS_DEALER: a side's chance in 1/255, its own deal known, needing m",
        "# against n (row m, column n; m, n = 1, %d, ... %d): the other side's deal to come." % (
            1 + STEP, needs[-1]),
        "# Averages: pone %.2f (play %.2f), dealer %.2f (play %.2f, crib %.2f)." % (
            (d[:, 0] + d[:, 1]).mean(), d[:, 0].mean(), (d[:, 2] + d[:, 3] + d[:, 4]).mean(),
            d[:, 2].mean(), d[:, 4].mean()),
        "from micropython import const",
        "",
        "ONE = const(%d)" % ONE,
        "STEP = const(%d)" % STEP,
        "SIDE = const(%d)" % len(needs),
    ]
    for name, values in pmfs:
        q = chances(values)
        data = b"".join(x.to_bytes(2, "big") for x in q)
        lines.append("%s = (\n%s\n)" % (name, blob(data)))
    for name, t in (("AS_PONE", as_pone), ("AS_DEALER", as_dealer)):
        data = bytes(int(round(255 * t[m, k])) for m in needs for k in needs)
        lines.append("%s = (\n%s\n)" % (name, blob(data)))
    return "\n".join(lines) + "\n"


def main():
    import multiprocessing

    n = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    step = 500
    jobs = [(SEED0 + s, min(step, n - s)) for s in range(0, n, step)]
    deals = []
    with multiprocessing.Pool(2) as pool:
        for part in pool.imap(work, jobs):
            deals += part
    print(render(len(deals), deals, win_table(deals)), end="")


if __name__ == "__main__":
    main()
