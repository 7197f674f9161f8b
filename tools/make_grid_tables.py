"""Write firmware/tables/gridtable.py: the placement advisor's values of partial lines.

Poker Patience (per scoring table, with Foster's rule off and on): a line so
far is one of a few hundred classes (cards, pairs, flush and straight still
possible, row or column; see players/placement.py). Its value is the points such
lines end with when the advisor plays: learned by playing seeded games with
the advisor on the current values, averaging each class's final points over
every line that passed through it, and playing again with the new values
(Monte Carlo policy iteration, a few rounds). Classes seldom met lean on the
starting guess. The advisor plays here without its look one card ahead (as when
these values were first made; it is also far quicker). Seeds from 10,000,000
up, clear of the bench's 0..1999, dealt as generator 1 dealt them (the shipped
values were learned before rules/rng.py's generator 2: seed s is dealt now as
unmix(s), the very same pack).

Cribbage Squares: a line of one to three cards is valued by its ranks, whether
it is still one suit, and the quarter of the game (cards down // 4). First
each class's exact expected score when the rest of the line and the starter
come at random from the rest of a full pack (three cards: every fourth card
and starter by score(); fewer: the average over the next card). Those values
are blind to the player's choices; they start a fitted value iteration
(tools/grid_values.c, compiled here with cc): rounds of 10,000 seeded deals
from 20,000,000 up played with the current tables, and every grid on the way
valued one card ahead (the mean over each unseen next card of its best
square's total by the next quarter's tables); each quarter's entries are
fitted to those values by least squares, from the last quarter back. The
tool then plays CHECK_GAMES deals in players/placement.py with the new module and
stops if any score differs from the C program's. (Learning values from the
final scores of the advisor's own play was tried and scored lower: 53.7-56
against 58.2.)

`--bound N` prints instead what no policy can beat on N deals from
TUNING_SEED: the best arrangement of each deal's sixteen cards known in
advance (only the starter unknown), by simulated annealing.

    python3 tools/make_grid_tables.py [--games N] [--rounds R] [--only poker|squares] [--table T]
    python3 tools/make_grid_tables.py --check
    python3 tools/make_grid_tables.py --bound N

Deterministic for given options (the defaults made the shipped file, and
--check remakes it and compares, writing nothing); about two minutes of CPU
(poker 100 s, Squares 15 s), shared by two processes. tests/tables/test_grid_tables.py
remakes SQUARES and three poker tables, and checks POKER_ENGLISH_FOSTER on a sample.
"""
import argparse
import importlib
import subprocess
import sys
import tempfile
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT / "host" / "pocketcrib" / "twins" / "mpshim")]

from rules import grids  # noqa: E402
from players import placement  # noqa: E402
from rules import poker  # noqa: E402
from rules.rng import shuffled_pack, unmix  # noqa: E402
from rules.score import score  # noqa: E402

OUT = ROOT / "firmware" / "tables" / "gridtable.py"
POKER_KEYS = 6 * 7 * 2 * 2 * 2
SQUARES_KEYS = 1 + 13 + 91 * 2 + 455 * 2
SQUARES_SEED_BASE = 20_000_000  # deals sampled for the Squares values (clear of poker's and the bench's)
SQUARES_GAMES = 10_000  # deals a round
SQUARES_ROUNDS = 3
CHECK_GAMES = 300
TUNING_SEED = 5_000_000  # the deals tuning and --bound are measured on
FIT = ROOT / "tools" / "grid_values.c"
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
        g = grids.new("poker", unmix(seed), table, foster)  # generator 1's pack (see the top)
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


def rank_points(first):
    """Fifteens, pairs and runs of every five ranks whose first is `first` (flush and nobs apart)."""
    out = bytearray()
    hand = bytearray(4)
    for rest in range(13 ** 4):
        r1, r2, r3, r4 = rest // 2197, rest // 169 % 13, rest // 13 % 13, rest % 13
        # Four suits in hand: no flush; the starter's suit is the first card's, so nobs
        # comes only from a first card that is a jack, and is taken off.
        hand[0], hand[1], hand[2], hand[3] = first * 4, r1 * 4 + 1, r2 * 4 + 2, r3 * 4 + 3
        out.append(score(hand, r4 * 4, False) - (first == placement._JACK))
    return bytes(out)


def deals(seeds):
    return b"".join(bytes(shuffled_pack(s)[:17]) for s in seeds)


def compiled(tmp):
    """tools/grid_values.c built in tmp."""
    exe = Path(tmp) / "grid_values"
    subprocess.run(["cc", "-O2", "-o", str(exe), str(FIT), "-lm"], check=True)
    return exe


def ranks_file(tmp, pool):
    path = Path(tmp) / "ranks.bin"
    path.write_bytes(b"".join(pool.map(rank_points, range(13))))
    return path


def fit_squares(start, pool, games, rounds):
    """The quarter tables fitted by grid_values.c, and its scores of the check deals."""
    with tempfile.TemporaryDirectory() as tmp:
        exe = compiled(tmp)
        files = {name: Path(tmp) / (name + ".bin") for name in ("start", "deals", "out", "check")}
        files["start"].write_bytes(start)
        files["deals"].write_bytes(deals(range(SQUARES_SEED_BASE, SQUARES_SEED_BASE + games * rounds)))
        files["check"].write_bytes(deals(range(TUNING_SEED, TUNING_SEED + CHECK_GAMES)))
        run = subprocess.run([str(exe), "fit", str(ranks_file(tmp, pool)), str(files["start"]),
                              str(files["deals"]), str(rounds), str(games), str(files["out"]),
                              str(files["check"])], check=True, capture_output=True, text=True)
        return files["out"].read_bytes(), [int(x) for x in run.stdout.split()]


def check_squares(scores):
    """Play the check deals with the module just written: the C program's scores, or exit."""
    from tables import gridtable

    importlib.reload(gridtable)
    for i, want in enumerate(scores):
        got = placement.play("squares", TUNING_SEED + i).score
        if got != want:
            sys.exit("seed %d: players/placement.py scores %d, grid_values.c %d" % (TUNING_SEED + i, got, want))
    print("squares: %d check deals play alike, mean %.2f" % (len(scores), sum(scores) / len(scores)))


def bound(n, iterations=200_000):
    """Mean and standard error of the best arrangement of n tuning deals known in advance."""
    with tempfile.TemporaryDirectory() as tmp, Pool(2) as pool:
        exe = compiled(tmp)
        packs = Path(tmp) / "packs.bin"
        packs.write_bytes(deals(range(TUNING_SEED, TUNING_SEED + n)))
        run = subprocess.run([str(exe), "bound", str(ranks_file(tmp, pool)), str(packs), str(iterations)],
                             check=True, capture_output=True, text=True)
    xs = [float(x) for x in run.stdout.split()]
    mean = sum(xs) / n
    sd = (sum((x - mean) ** 2 for x in xs) / (n - 1)) ** 0.5
    print("the sixteen cards known in advance, best arrangement (%d deals from %d): %.2f +- %.2f (sd %.2f)"
          % (n, TUNING_SEED, mean, sd / n ** 0.5, sd))


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
# Values of partial lines for the placement advisor (players/placement.py), in
# hundredths of a point, 16-bit little-endian, two bytes an entry.
# POKER_*: expected final points of a Poker Patience line by its class
# (placement.poker_key), learned by the advisor's own play with that table
# and placement rule. SQUARES: expected final score of a Cribbage Squares
# line of 0..3 cards (placement.squares_key), one table per quarter of the
# game (cards down // 4), by fitted value iteration from the full-pack values.
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
    ap.add_argument("--bound", type=int, metavar="N", help="print the Squares bound on N deals, write nothing")
    ap.add_argument("--check", action="store_true",
                    help="remake the tables (as the options say) and compare with the shipped file, write nothing")
    args = ap.parse_args()
    if args.bound:
        bound(args.bound)
        return
    from tables import gridtable

    tables = {name: getattr(gridtable, name) for name in (
        "POKER_AMERICAN", "POKER_ENGLISH", "POKER_AMERICAN_FOSTER", "POKER_ENGLISH_FOSTER", "SQUARES")}
    with Pool(2) as pool:
        if args.only != "squares":
            for table in [args.table] if args.table else poker.TABLES:
                for foster in (False, True):
                    name = "POKER_" + table.upper() + ("_FOSTER" if foster else "")
                    tables[name] = learn_poker(table, foster, args.games, args.rounds or ROUNDS[table], pool)
        scores = None
        if args.only != "poker":
            start = pack_values(squares_values(pool))
            tables["SQUARES"], scores = fit_squares(start, pool, SQUARES_GAMES, SQUARES_ROUNDS)
    text = HEADER + "\n" + "\n".join(literal(k, v) for k, v in tables.items()) + "\n" + FOOTER
    if args.check:
        stale = [k for k, v in tables.items() if v != getattr(gridtable, k)]
        if stale or text != OUT.read_text():
            sys.exit("%s differs from what the tool makes: %s" % (OUT.relative_to(ROOT), ", ".join(stale) or "text"))
        print("%s is up to date" % OUT.relative_to(ROOT))
        return
    OUT.write_text(text)
    if scores:
        check_squares(scores)
    print("wrote %s (%d bytes of tables)" % (OUT.relative_to(ROOT), sum(len(v) for v in tables.values())))


if __name__ == "__main__":
    main()
