"""Write firmware/tables/aheadcounts.py: Patience II's look-ahead gain by the cards left.

tables/aheadtable.py holds, per first crib pair, the gain of choosing the second
discard over a full pack. In the second and third deals 33 and 20 cards are
unseen, and which ranks are among them moves the gain by tenths of a point
(no fives left, and a pair of fives in the crib gains little from the second
six). This module fits, for each deal and each first crib pair class (ranks a
<= b, suited or not), the gain as a linear function of the unseen cards per
rank (and, for a suited pair, of the unseen cards of its suit):

    gain = base + sum over ranks r of w[r] * unseen[r] (+ ws * unseen of the suit)

from STATES seeded random packs per deal (the unseen cards of a deal are a
uniform random set of their number): for each pack, each class that two of the
seen cards can make is valued on a shared seeded sample of SIXES second sixes
(exact over the starters each leaves), by tools/vscore.py. The fit is least
squares per class with a ridge on the weights and one free constant per pack
(only differences between first discards of one pack matter, and a pack's
sample moves every class alike). The advisor adds it to the one-deal value.

    python3 tools/make_ahead_counts.py           # rewrite the module (about an hour)
    python3 tools/make_ahead_counts.py --check   # exit 1 if the module differs

Each pack's values are kept in build/aheadcounts/ (a rerun refits from them).
Everything is seeded: the output is the same bytes on every run (with the same
numpy).
"""
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import vscore  # noqa: E402

OUT = ROOT / "firmware" / "tables" / "aheadcounts.py"
CACHE = ROOT / "build" / "aheadcounts"
DEALS = (2, 3)
UNSEEN = {2: 33, 3: 20}  # unseen cards at the deal's first discard
STATES = {2: 300, 3: 900}  # seeded packs per deal
SIXES = 400  # second sixes sampled per pack
SEED = 2027
RIDGE = {2: 30.0, 3: 10.0}
# The sampling error of one class's value against the others of its pack (two
# samples of a pack compared): what the fit's residuals cannot go below.
NOISE = 0.07
UNIT = 8  # a weight's unit, in thousandths of a point (int8 weights)
CLASSES = tuple((ra, rb, s) for ra in range(13) for rb in range(ra, 13)
                for s in ((0, 1) if ra != rb else (0,)))


def class_index(ra, rb, suited):
    """Index of a first crib pair's class in CLASSES (ranks in any order): row ra
    starts at 25 ra - ra (ra - 1); in it the pair first, then rb unsuited, suited."""
    if ra > rb:
        ra, rb = rb, ra
    return 25 * ra - ra * (ra - 1) + (2 * (rb - ra) - 1 + suited if rb != ra else 0)


def state(deal, k, cache=True):
    """One seeded pack of the deal: (unseen cards, first pairs as (F, 2), gains (F,)),
    kept in CACHE (read from it if there)."""
    path = CACHE / ("%d_%04d.npz" % (deal, k))
    if cache and path.exists():
        z = np.load(path)
        return z["unseen"], z["firsts"], z["g"]
    n = UNSEEN[deal]
    rng = np.random.default_rng([SEED, deal, k])
    perm = rng.permutation(52)
    unseen = np.sort(perm[:n])
    seen = perm[n:]
    firsts = []
    for ra, rb, s in CLASSES:
        options = [(x, y) for i, x in enumerate(seen) for y in seen[i + 1:]
                   if sorted((x >> 2, y >> 2)) == [ra, rb] and ((x & 3) == (y & 3)) == bool(s)]
        if options:
            firsts.append(sorted(options[rng.integers(len(options))]))
    firsts = np.array(firsts, dtype=np.int64)
    keys = rng.random((SIXES, n))
    sixes = np.sort(unseen[np.argsort(keys, axis=1)[:, :6]], axis=1)
    best = vscore.best_second(firsts, unseen, sixes).mean(axis=0) / (n - 6)
    random = vscore.random_crib_total(firsts, unseen) / (n * (n - 1) // 2 * (n - 2))
    g = best - random
    if cache:
        CACHE.mkdir(parents=True, exist_ok=True)
        np.savez(path, unseen=unseen, firsts=firsts, g=g)
    return unseen, firsts, g


def features(unseen, a, b):
    """Unseen cards per rank, and of the pair's suit if suited (else 0)."""
    n = np.bincount(unseen >> 2, minlength=13)
    suit = np.bincount(unseen & 3, minlength=4)[a & 3] if (a & 3) == (b & 3) else 0
    return np.concatenate([n, [suit]]).astype(float)


def fit(deal, states):
    """Per class: (base, 14 weights) in points, with one free constant per pack."""
    rows = []
    for k, (unseen, firsts, g) in enumerate(states):
        for (a, b), v in zip(firsts, g):
            rows.append((class_index(a >> 2, b >> 2, (a & 3) == (b & 3)), k, features(unseen, a, b), v))
    cls = np.array([r[0] for r in rows])
    pack = np.array([r[1] for r in rows])
    x = np.array([r[2] for r in rows])
    y = np.array([r[3] for r in rows])
    n = UNSEEN[deal]
    mean = np.concatenate([np.full(13, 4 * n / 52), [n / 4]])
    xc = np.concatenate([np.ones((len(x), 1)), x - mean], axis=1)
    xc[:, -1] *= np.array([CLASSES[c][2] for c in cls])  # the suit's count: suited pairs only
    shift = np.zeros(len(states))
    coef = np.zeros((len(CLASSES), 15))
    for _ in range(8):
        pred = np.zeros(len(y))
        target = y - shift[pack]
        for c in range(len(CLASSES)):
            at = cls == c
            xs = xc[at]
            penalty = RIDGE[deal] * np.diag([0.0] + [1.0] * 14)
            coef[c] = np.linalg.solve(xs.T @ xs + penalty, xs.T @ target[at])
            pred[at] = xs @ coef[c]
        shift = np.bincount(pack, weights=y - pred, minlength=len(states)) / np.bincount(pack, minlength=len(states))
        shift -= shift.mean()
    return coef, mean


def encode(coef, mean):
    """Per class 16 bytes: the base in thousandths (16-bit signed, big-endian), then
    the 13 rank weights and the suit weight in units of UNIT thousandths (int8).
    The base is taken at raw counts, so that the rounded weights are exact at the
    mean counts of the deal."""
    data = bytearray()
    for c, (ra, rb, s) in enumerate(CLASSES):
        w = coef[c, 1:] * 1000
        if not s:
            w[13] = 0.0
        q = np.round(w / UNIT).astype(int)
        assert ((q >= -128) & (q < 128)).all(), (c, q)
        base = int(round(coef[c, 0] * 1000 - (q * UNIT * mean).sum()))
        assert -32768 <= base < 32768, base
        data += (base & 0xFFFF).to_bytes(2, "big") + bytes(int(v) & 255 for v in q)
    return bytes(data)


def render(tables):
    lines = []
    for deal, data in zip(DEALS, tables):
        lines.append("    # deal %d (%d unseen)" % (deal, UNSEEN[deal]))
        for i in range(0, len(data), 24):
            lines.append('    b"' + "".join("\\x%02x" % x for x in data[i:i + 24]) + '"')
        lines[-1] += ","
    return (
        "# Generated by tools/make_ahead_counts.py: do not edit.\n"
        "#\n"
        "# Patience II, first discard of deals 2 and 3: the gain of choosing the\n"
        "# second discard (as in tables/aheadtable.py) fitted to the unseen cards:\n"
        "# per first crib pair class (ranks a <= b, suited or not; %d classes) 16\n"
        "# bytes, a base in thousandths of a point (16-bit signed, big-endian),\n"
        "# then per rank the thousandths (x%d) each unseen card of that rank adds,\n"
        "# and for a suited pair each unseen card of its suit (int8). Fitted on %s\n"
        "# seeded packs (%d sampled second sixes each; a value's error %.2f points\n"
        "# against the others of its pack).\n"
        "\n"
        "UNIT = %d\n"
        "COUNTS = (\n%s\n)\n"
        "\n"
        "\n"
        "def gain(table, ra, rb, suited, ranks, suit):\n"
        '    """The gain in thousandths for first crib cards of ranks ra and rb, from one\n'
        "    deal's table, the unseen cards per rank (ranks) and of the pair's suit (suit).\"\"\"\n"
        "    if ra > rb:\n"
        "        ra, rb = rb, ra\n"
        "    # Row ra starts at 25 ra - ra (ra - 1): the pair, then each rb unsuited, suited.\n"
        "    o = (25 * ra - ra * (ra - 1) + (2 * (rb - ra) - 1 + suited if rb != ra else 0)) * 16\n"
        "    v = table[o] << 8 | table[o + 1]\n"
        "    if v > 32767:\n"
        "        v -= 65536\n"
        "    w = 0\n"
        "    for r in range(13):\n"
        "        x = table[o + 2 + r]\n"
        "        w += (x - 256 if x > 127 else x) * ranks[r]\n"
        "    if suited:\n"
        "        x = table[o + 15]\n"
        "        w += (x - 256 if x > 127 else x) * suit\n"
        "    return v + w * UNIT\n"
    ) % (len(CLASSES), UNIT, " and ".join(str(STATES[d]) for d in DEALS), SIXES, NOISE, UNIT, "\n".join(lines))


def build():
    tables = []
    for deal in DEALS:
        states = [state(deal, k) for k in range(STATES[deal])]
        tables.append(encode(*fit(deal, states)))
    return render(tables)


def main(argv):
    text = build()
    if "--check" in argv:
        same = OUT.exists() and OUT.read_bytes() == text.encode()
        print("ahead counts: %s" % ("up to date" if same else "DIFFERS from the generator"))
        return 0 if same else 1
    OUT.write_bytes(text.encode())
    print("wrote %s" % OUT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
