"""Issue 29's trial: Cribbage Patience's last deal played as a race to 80.

In the fifth and last deal of Cribbage Patience the game is won or lost on that
deal alone, as Foster's last deal is a race to 91 (players.advisor.race). This
plays seeded games with the advisor as it is (the most expected points in every
deal) and with the advisor choosing, in the last deal, among its LOOK best
discards by expected points the one that reaches the target in the most of the
ways the unseen cards can lie (the two face-down crib cards and the starter: ten
cards unseen, 45 pairs times 8 starters, each counted with score()), ties going
to points. The same seeds both ways, so each game is paired.

    python tools/try_patience_race.py [GAMES] [--look N] [--from SEED]

Prints games won each way, the games that differ and the paired difference with
its standard error. A research tool: the firmware plays one configuration.
"""
import math
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT / "host" / "pocketcrib" / "twins" / "mpshim")]

from players import advisor  # noqa: E402
from rules import solitaires as games  # noqa: E402
from rules.score import score  # noqa: E402

JACK = 10


def race_ways(pending, unseen, need, k):
    """Ways (of the 360) discard k's deal reaches need: hand, crib and heels."""
    i, j = advisor.PAIRS[k]
    a, b = pending[i], pending[j]
    kept = tuple(c for c in pending if c != a and c != b)
    n = len(unseen)
    ways = 0
    for x in range(n):
        for y in range(x + 1, n):
            crib = (a, b, unseen[x], unseen[y])
            for t in range(n):
                if t in (x, y):
                    continue
                s = unseen[t]
                pts = score(kept, s) + score(crib, s) + (2 if s >> 2 == JACK else 0)
                ways += pts >= need
    return ways


def race_discard(game, look):
    pending, crib, unseen, rule, others = advisor.situation(game)
    nums = advisor.expectations(pending, crib, unseen, rule, others)[0]
    top = sorted(range(15), key=lambda k: (-nums[k], k))[:look]
    need = game.target - game.score
    best = top[0]
    if need > 0:
        most = -1
        for k in top:  # by ways, then points (top is in that order)
            w = race_ways(pending, unseen, need, k)
            if w > most:
                most = w
                best = k
    i, j = advisor.PAIRS[best]
    return pending[i], pending[j]


def play(args):
    seed, look = args
    out = []
    for racing in (False, True):
        g = games.new("patience", seed)
        while g.pending is not None:
            if racing and g.round == g.deals:
                g.discard(*race_discard(g, look))
            else:
                g.discard(*advisor.best_discard(g))
        out.append((g.won, g.score))
    return out


def main(argv):
    n = 10000
    look = 4
    first = 0
    rest = list(argv)
    if "--look" in rest:
        look = int(rest.pop(rest.index("--look") + 1))
        rest.remove("--look")
    if "--from" in rest:
        first = int(rest.pop(rest.index("--from") + 1))
        rest.remove("--from")
    if rest:
        n = int(rest[0])
    with Pool(2) as pool:
        results = pool.map(play, [(s, look) for s in range(first, first + n)], chunksize=50)
    won = [sum(r[i][0] for r in results) for i in (0, 1)]
    d = [r[1][0] - r[0][0] for r in results]
    m = sum(d) / n
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)
    differ = sum(1 for x in d if x)
    mean = [sum(r[i][1] for r in results) / n for i in (0, 1)]
    print("Cribbage Patience, %d games (seeds %d..%d), the race among the best %d in the last deal:"
          % (n, first, first + n - 1, look))
    print("  advisor: %d won (%.2f%%), mean %.2f; racing: %d won (%.2f%%), mean %.2f" % (
        won[0], 100 * won[0] / n, mean[0], won[1], 100 * won[1] / n, mean[1]))
    print("  games that differ: %d; won, racing less advisor: %+.2f%% (SE %.2f)" % (
        differ, 100 * m, 100 * se))


if __name__ == "__main__":
    main(sys.argv[1:])
