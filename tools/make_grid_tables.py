"""Write firmware/crib/gridtable.py: the placement advisor's values of partial lines.

Poker Patience (per scoring table, with Foster's rule off and on): a line so
far is one of a few hundred classes (cards, pairs, flush and straight still
possible, row or column; see crib/placement.py). Its value is the points such
lines end with when the advisor plays: learned by playing seeded games with
the advisor on the current values, averaging each class's final points over
every line that passed through it, and playing again with the new values
(Monte Carlo policy iteration, a few rounds). Classes seldom met lean on the
starting guess. The advisor plays here without its look one card ahead (as when
these values were first made; it is also far quicker). Seeds from 10,000,000
up, clear of the bench's 0..1999.

Cribbage Squares: a line of one to three cards, by its ranks and whether it is
still one suit, is valued at its exact expected score when the rest of the
line and the starter come at random from the rest of a full pack (three
cards: every fourth card and starter by score(); fewer: the average over the
next card). (Learning these by play as for poker was tried and scored lower:
56 against 58.)

    python3 tools/make_grid_tables.py [--games N] [--rounds R] [--only poker|squares] [--table T]

Deterministic for given options (the defaults made the shipped file); takes
some ten minutes on two idle cores.
"""
import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT / "host" / "pocketcrib" / "mpshim")]

from crib import grids, placement, poker  # noqa: E402
from crib.score import score  # noqa: E402

OUT = ROOT / "firmware" / "crib" / "gridtable.py"
POKER_KEYS = 6 * 7 * 2 * 2 * 2
SQUARES_KEYS = 1 + 13 + 91 * 2 + 455 * 2
SEED_BASE = 10_000_000
PSEUDO = 20  # weight of the previous value against the new samples
# Rounds of play per table: the English values were still improving after four.
ROUNDS = {"american": 4, "english": 8}


# Poker Patience.

def line_class(cells, squares, col):
    """The value-table class of a line of fewer than five cards, or None if it is full."""
    cards = [cells[s] for s in squares if cells[s] != grids.EMPTY]
    n = len(cards)
    if n == 5:
        return None
    pairs = sum(cards[i] >> 2 == cards[j] >> 2 for i in range(n) for j in range(i + 1, n))
    mask = 0
    for c in cards:
        mask |= 1 << (c >> 2)
    suited = len({c & 3 for c in cards}) <= 1
    return placement.poker_key(n, pairs, mask, suited, col)


def first_guess(points):
    """Starting values, in hundredths: the pairs held, plus hopes of a flush (columns) or straight."""
    values = [0] * POKER_KEYS
    for n in range(5):
        for pairs in range(7):
            for suited in (0, 1):
                for straight in (0, 1):
                    for col in (0, 1):
                        k = (((n * 7 + pairs) * 2 + suited) * 2 + straight) * 2 + col
                        v = 100 * points[(0, 1, 2, 3, 6, 0, 7)[pairs]]
                        if suited and n >= 2 and col:
                            v += 100 * points[poker.FLUSH] * (n - 1) // 4
                        if straight and n >= 2:
                            v += 100 * points[poker.STRAIGHT] * (n - 1) // 8
                        values[k] = v
    return values


def pack_values(values):
    out = bytearray()
    for v in values:
        v = max(0, min(65535, int(round(v))))
        out += bytes((v & 255, v >> 8))
    return bytes(out)


def play_and_record(job):
    """Sums and counts of final line points per class over a range of seeds."""
    table, foster, values, seeds = job
    sums = [0] * POKER_KEYS
    counts = [0] * POKER_KEYS
    for seed in seeds:
        g = grids.new("poker", seed, table, foster)
        side = g.side
        rows = [tuple(y * side + x for x in range(side)) for y in range(side)]
        cols = [tuple(y * side + x for y in range(side)) for x in range(side)]
        lines = [(sq, 0) for sq in rows] + [(sq, 1) for sq in cols]
        seen = [[] for _ in lines]
        touched = set()
        while not g.over:
            s = placement.best_square(g, "advisor", values, ahead=False)
            g.place(s)
            for i in (s // side, side + s % side):
                touched.add(i)
                key = line_class(g.cells, *lines[i])
                if key is not None:
                    seen[i].append(key)
        for i in touched:
            squares, col = lines[i]
            cards = [g.cells[s] for s in squares if g.cells[s] != grids.EMPTY]
            final = g.points[poker.category(cards)]
            for key in seen[i] + [placement.poker_key(0, 0, 0, 1, col)]:
                sums[key] += final
                counts[key] += 1
    return sums, counts


def learn_poker(table, foster, games, rounds, pool):
    points = poker.POINTS[poker.TABLES.index(table)]
    values = first_guess(points)
    for r in range(rounds):
        base = SEED_BASE + r * games
        chunks = [range(base + k, base + games, 8) for k in range(8)]
        packed = pack_values(values)
        parts = pool.map(play_and_record, [(table, foster, packed, c) for c in chunks])
        sums = [sum(p[0][k] for p in parts) for k in range(POKER_KEYS)]
        counts = [sum(p[1][k] for p in parts) for k in range(POKER_KEYS)]
        values = [(values[k] + 100 * sums[k] * 1.0 / PSEUDO) * PSEUDO / (PSEUDO + counts[k])
                  if counts[k] else values[k] for k in range(POKER_KEYS)]
        mean = sum(sums[placement.poker_key(0, 0, 0, 1, c)] for c in (0, 1)) / games
        print("poker %s%s round %d: mean %.1f" % (table, " foster" if foster else "", r + 1, mean), flush=True)
    return pack_values(values)


# Cribbage Squares.

def three_card_value(job):
    """(entry, expected score x 100) of a three-card line, or None if it cannot be."""
    key, ranks, suited = job
    if suited and len(set(ranks)) < 3:
        return key, 0
    suits = (0, 0, 0) if suited else (0, 1, 2)
    hand = [r * 4 + s for r, s in zip(ranks, suits)]
    rest = [c for c in range(52) if c not in hand]
    total = n = 0
    for x in rest:
        line = hand + [x]
        for s in rest:
            if s != x:
                total += score(line, s, False)
                n += 1
    return key, 100 * total / n


def squares_values(pool):
    values = [0.0] * SQUARES_KEYS
    jobs = []
    for r2 in range(13):
        for r1 in range(r2 + 1):
            for r0 in range(r1 + 1):
                for suited in (0, 1):
                    jobs.append((placement.squares_key(r0, r1, r2, 3, suited), (r0, r1, r2), suited))
    for key, v in pool.map(three_card_value, jobs, chunksize=8):
        values[key] = v
    # Fewer cards: the average over the next card of the rest of the pack.
    for n in (2, 1, 0):
        for ranks in multisets(n):
            for suited in ((0, 1) if n == 2 else (1,)):
                if suited and n == 2 and ranks[0] == ranks[1]:
                    continue
                suits = [0] * n if suited else list(range(n))
                hand = [r * 4 + s for r, s in zip(ranks, suits)]
                total = 0
                rest = [c for c in range(52) if c not in hand]
                for x in rest:
                    rs = sorted([c >> 2 for c in hand] + [x >> 2]) + [0, 0]
                    now = bool(suited) and all(c & 3 == x & 3 for c in hand)
                    total += values[placement.squares_key(rs[0], rs[1], rs[2], n + 1, now)]
                values[placement.squares_key(*(list(ranks) + [0, 0, 0])[:3], n, suited)] = total / len(rest)
    return values


def multisets(n):
    if n == 0:
        yield ()
        return
    for rest in multisets(n - 1):
        lo = rest[-1] if rest else 0
        for r in range(lo, 13):
            yield rest + (r,)


def literal(name, data):
    lines = ["%s = (" % name]
    for i in range(0, len(data), 24):
        lines.append('    b"' + "".join("\\x%02x" % b for b in data[i:i + 24]) + '"')
    lines.append(")")
    return "\n".join(lines)


HEADER = '''# Generated by tools/make_grid_tables.py: do not edit.
#
# Values of partial lines for the placement advisor (crib/placement.py), in
# hundredths of a point, 16-bit little-endian, two bytes an entry.
# POKER_*: expected final points of a Poker Patience line by its class
# (placement.poker_key), learned by the advisor's own play with that table
# and placement rule. SQUARES: expected score of a Cribbage Squares line of
# 0..3 cards (placement.squares_key) completed at random from a full pack.
'''

FOOTER = '''

def poker(table, foster):
    """The value table of Poker Patience lines for a scoring table and placement rule."""
    if table == "english":
        return POKER_ENGLISH_FOSTER if foster else POKER_ENGLISH
    return POKER_AMERICAN_FOSTER if foster else POKER_AMERICAN
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games a round (default 2000)")
    ap.add_argument("--rounds", type=int, help="rounds of play and averaging (default 4 American, 8 English)")
    ap.add_argument("--only", choices=("poker", "squares"), help="remake one part, keep the other")
    ap.add_argument("--table", choices=poker.TABLES, help="remake the poker values of one table only")
    args = ap.parse_args()
    from crib import gridtable

    tables = {name: getattr(gridtable, name) for name in (
        "POKER_AMERICAN", "POKER_ENGLISH", "POKER_AMERICAN_FOSTER", "POKER_ENGLISH_FOSTER", "SQUARES")}
    with Pool(2) as pool:
        if args.only != "squares":
            for table in [args.table] if args.table else poker.TABLES:
                for foster in (False, True):
                    name = "POKER_" + table.upper() + ("_FOSTER" if foster else "")
                    tables[name] = learn_poker(table, foster, args.games, args.rounds or ROUNDS[table], pool)
        if args.only != "poker":
            tables["SQUARES"] = pack_values(squares_values(pool))
    text = HEADER + "\n" + "\n".join(literal(k, v) for k, v in tables.items()) + "\n" + FOOTER
    OUT.write_text(text)
    print("wrote %s (%d bytes of tables)" % (OUT.relative_to(ROOT), sum(len(v) for v in tables.values())))


if __name__ == "__main__":
    main()
