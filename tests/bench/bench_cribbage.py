"""Cribbage against the computer: how strong each level is, and what it costs.

In the MicroPython VM (firmware as .mpy) and on CPython: the expert's slowest
discard and slowest card over seeded deals, as a multiple of one score() call
(budget: 1,000), and in the VM the heap in use at the table during the play
(budget: under 100 KB; the core only, the screens come on top).

On CPython only: seeded two-hand games to 121 for each pair of levels, each
seed played twice with the seats swapped (so both levels get the same cards
and the dealer alternates as the game goes): win rate with a 95% error bar,
skunks and double skunks, and per-deal averages as dealer and as pone of the
play, the hand and the crib. Games per pair: POCKETCRIB_BENCH_CRIB_GAMES
(default 10,000, the issue's figure: 5,000 seeds each played both ways), on
two processes. POCKETCRIB_BENCH_CRIB_PAIRS picks the pairs (say
"expert-easy,expert-normal" after a change to the expert alone; the per-deal
averages are then of those games only); default every pair.
POCKETCRIB_BENCH_CRIB_SEEDS_FROM: the first seed (default 0), for a second
look at a figure on other deals.

Three and four hands (issue 29), on CPython: the expert against two normal
players (each seed three times, the expert at each seat in turn) and expert
partners against normal ones (each seed both ways), games to 121: the expert's
side's win rate with a 95% error bar, against the even share (a third, a half).
POCKETCRIB_BENCH_CRIB_MULTI_GAMES games of each (default 10,000: about an hour
on two free cores, more on a busy machine, so set it lower for a quick look; the
figures are in docs/benchmarks.md). At four hands the expert has no look-ahead (for
partners it measured no better): it lays by the normal value reading the next
player's cards, and lays away with the four-hand play table. In the VM and on
CPython also the expert's slowest card at three and four hands.
"""
import gc
import sys

from benchutil import least_ratio, run_steps, sample_hands, score_ms

MICROPYTHON = sys.implementation.name == "micropython"
_HANDS = sample_hands(200)
TIMED_GAMES = 3  # games (expert against expert, to 121) whose every decision is timed
REPEAT = 3  # each decision timed this many times, with a score() run each; the least ratio kept


def heap():
    gc.collect()
    yield
    return gc.mem_alloc() if MICROPYTHON else None


def timings(one):
    """The expert's slowest discard and card (ms) over TIMED_GAMES games; also heap figures."""
    from players import cpu
    from rules.cribbage import DISCARD, OVER, PLAY, Cribbage

    slow_discard = 0
    slow_play = 0
    decisions = 0
    # The VM (WebAssembly) speeds up as its engine warms: a game first, untimed.
    warm = Cribbage(999, 2)
    while warm.phase != OVER:
        cpu.move(warm, "expert")
    for seed in range(TIMED_GAMES):
        g = Cribbage(seed, 2)
        while g.phase != OVER:
            if g.phase == PLAY and len(g.playable()) > 1:
                c, t = fastest(cpu.play, g, g.turn)
                slow_play = max(slow_play, t)
                decisions += 1
                g.play(c)
            elif g.phase == DISCARD:
                cards, t = fastest(cpu.discard, g, g.turn)
                slow_discard = max(slow_discard, t)
                decisions += 1
                g.discard(g.turn, *cards)
            else:
                cpu.move(g, "expert")
    print("expert decisions timed: %d over %d games" % (decisions, TIMED_GAMES))
    print("slowest expert discard: %.0f score() calls (%.0f ms at %.3f ms a call)" % (
        slow_discard, slow_discard * one, one))
    print("slowest expert card:    %.0f score() calls (%.0f ms)" % (slow_play, slow_play * one))
    return slow_discard, slow_play


def timings_multi(one):
    """The expert's slowest card (ms) at three and four hands (players.lookround), every
    seat the expert, over TIMED_GAMES games to 61 each."""
    from players import cpu
    from rules.cribbage import OVER, PLAY, Cribbage

    worst = 0
    for players in (3, 4):
        slow = 0
        decisions = 0
        for seed in range(TIMED_GAMES):
            g = Cribbage(seed, players, target=61)
            while g.phase != OVER:
                if g.phase == PLAY and len(g.playable()) > 1:
                    c, t = fastest(cpu.play, g, g.turn)
                    slow = max(slow, t)
                    decisions += 1
                    g.play(c)
                else:
                    cpu.move(g, "expert")
        print("slowest expert card at %d hands: %.0f score() calls (%.0f ms; %d cards timed)" % (
            players, slow, slow * one, decisions))
        worst = max(worst, slow)
    return worst


def fastest(choose, g, seat):
    """The expert's choice and its time in score() calls: each run is paired with a
    run of score() calls just after it, so a machine busy with other work slows
    both alike; the least ratio of REPEAT runs is kept."""
    best, _, got = least_ratio(lambda: choose(g, seat, "expert"), REPEAT, _HANDS, 0)
    return got, best


def table_heap():
    """Heap in use at the table: after importing the engine and the computer, and
    during a game's play, each after a real collection (the VM's top-level calls)."""
    base = yield from heap()
    from players import cpu  # noqa: F401
    from rules.cribbage import OVER, PLAY, Cribbage

    loaded = yield from heap()
    g = Cribbage(77, 2)
    worst = 0
    steps = 0
    while g.phase != OVER and g.deal_no <= 3:
        cpu.move(g, "expert")
        if g.phase == PLAY:
            steps += 1
            if steps % 3 == 0:
                n = yield from heap()
                if n is not None:
                    worst = max(worst, n)
    if MICROPYTHON:
        print("heap before the game modules: %d bytes" % base)
        print("heap with engine, computer and coach loaded: %d bytes (+%d)" % (loaded, loaded - base))
        print("heap at the table during the play, at most: %d bytes (%.1f KB; budget 100 KB)" % (
            worst, worst / 1024))


def play_pair(args):
    """Games of level a against b from seeds start.., each seed with the seats both ways."""
    from players import cpu
    from rules.cribbage import OVER, Cribbage
    from rules.score import score

    a, b, start, count = args
    out = {"wins": 0, "games": 0, "skunks": [0, 0], "doubles": [0, 0], "stats": {a: [0] * 9, b: [0] * 9}}
    for seed in range(start, start + count):
        for flip in (0, 1):
            levels = (a, b) if flip == 0 else (b, a)
            g = Cribbage(seed, 2)
            while g.phase != OVER:
                cpu.move(g, levels[g.turn])
            mine = flip  # a's seat
            out["games"] += 1
            if g.winner == mine:
                out["wins"] += 1
            k = g.skunk(1 - g.winner)
            who = 0 if g.winner == mine else 1
            if k >= 1:
                out["skunks"][who] += 1
            if k == 2:
                out["doubles"][who] += 1
            # Per deal: dealer play/hand/crib, pone play/hand, deals as dealer/pone, and
            # deals whose play was played out, as dealer/pone. Every hand and crib dealt is
            # valued in full, the game-ending deal's too (leaving that deal out would drop
            # the big hands that end games); its play counts only if it was played out.
            laid = sum(len(p) for p in g.played)
            for rec in g.records:
                if rec.starter is None:
                    continue  # the game ended before the starter was turned
                d = rec.dealer
                p = 1 - d
                played_out = rec is not g.records[-1] or laid == 8
                sd = out["stats"][levels[d]]
                sp = out["stats"][levels[p]]
                sd[1] += score(rec.kept[d], rec.starter)
                sd[2] += score(rec.crib, rec.starter, True) + rec.heels
                sd[3] += 1
                sp[5] += score(rec.kept[p], rec.starter)
                sp[6] += 1
                if played_out:
                    sd[0] += rec.play[d]
                    sd[7] += 1
                    sp[4] += rec.play[p]
                    sp[8] += 1
    return a, b, out


def level_pairs(spec):
    """The (stronger, weaker) pairs to play: every pair, or those named "a-b,c-d" (either order)."""
    from players.cpu import LEVELS

    pairs = [(a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i + 1:]]
    if not spec:
        return pairs
    named = []
    for p in spec.split(","):
        two = p.strip().split("-")
        if len(two) != 2 or two[0] == two[1] or not all(lv in LEVELS for lv in two):
            raise SystemExit("POCKETCRIB_BENCH_CRIB_PAIRS: %r is not two levels of %s" % (p, ", ".join(LEVELS)))
        named.append(tuple(sorted(two, key=LEVELS.index)))
    return named


def level_table(n, pairs, first=0):
    import multiprocessing
    import time

    from players.cpu import LEVELS

    t0 = time.monotonic()
    jobs = []
    for a, b in pairs:
        seeds = n // 2
        step = 50
        for start in range(first, first + seeds, step):
            jobs.append((b, a, start, min(step, first + seeds - start)))
    sums = {}
    per_level = {}
    with multiprocessing.Pool(2) as pool:
        for a, b, out in pool.imap_unordered(play_pair, jobs):
            s = sums.setdefault((a, b), {"wins": 0, "games": 0, "skunks": [0, 0], "doubles": [0, 0]})
            s["wins"] += out["wins"]
            s["games"] += out["games"]
            for i in (0, 1):
                s["skunks"][i] += out["skunks"][i]
                s["doubles"][i] += out["doubles"][i]
            for lv, st in out["stats"].items():
                acc = per_level.setdefault(lv, [0] * 9)
                for i in range(9):
                    acc[i] += st[i]
    print("two-hand games to 121, each seed with the seats both ways (seeds from %d):" % first)
    print("| level | against | games | wins | skunks given / taken | double skunks given / taken |")
    print("|---|---|---|---|---|---|")
    for (a, b), s in sorted(sums.items(), key=lambda t: (LEVELS.index(t[0][0]), LEVELS.index(t[0][1]))):
        n = s["games"]
        p = s["wins"] / n
        err = 1.96 * (p * (1 - p) / n) ** 0.5
        print("| %s | %s | %d | %.1f%% ± %.1f | %.1f%% / %.1f%% | %.2f%% / %.2f%% |" % (
            a, b, n, 100 * p, 100 * err, 100 * s["skunks"][0] / n, 100 * s["skunks"][1] / n,
            100 * s["doubles"][0] / n, 100 * s["doubles"][1] / n))
    print("per-deal averages (all its games; hands and cribs of every deal valued in full, the play")
    print("of the deals played out):")
    print("| level | pone play | pone hand | dealer play | dealer hand | dealer crib |")
    print("|---|---|---|---|---|---|")
    for lv in LEVELS:
        st = per_level.get(lv)
        if not st:
            continue
        dd, pp, dp, pd = (st[i] or 1 for i in (3, 6, 7, 8))
        print("| %s | %.2f | %.2f | %.2f | %.2f | %.2f |" % (
            lv, st[4] / pd, st[5] / pp, st[0] / dp, st[1] / dd, st[2] / dd))
    print("| good players (reference) | 2.0 | 8.1 | 3.5 | 8.0 | 4.7 |")
    print("(dealer crib includes his heels; %.0f s wall on 2 processes)" % (time.monotonic() - t0))


def play_multi(args):
    """Games at three or four hands from seeds start..: at three the level `a` at each seat
    in turn against two of `b`; at four a partnership of `a` against one of `b`, the seats
    both ways. Returns (players, games, wins of a)."""
    from players import cpu
    from rules.cribbage import OVER, Cribbage

    players, a, b, start, count = args
    games = wins = 0
    for seed in range(start, start + count):
        for mine in range(players if players == 3 else 2):
            g = Cribbage(seed, players)
            while g.phase != OVER:
                cpu.move(g, a if g.side_of(g.turn) == mine else b)
            games += 1
            wins += g.winner == mine
    return players, games, wins


def multi_table(n, first=0):
    """The expert against two normal players at three hands, and an expert partnership against
    a normal one at four: n games each (seeds from first), win rates with 95% error bars."""
    import multiprocessing
    import time

    t0 = time.monotonic()
    jobs = []
    for players, per_seed in ((3, 3), (4, 2)):
        seeds = n // per_seed
        for start in range(first, first + seeds, 25):
            jobs.append((players, "expert", "normal", start, min(25, first + seeds - start)))
    sums = {3: [0, 0], 4: [0, 0]}
    with multiprocessing.Pool(2) as pool:
        for players, games, wins in pool.imap_unordered(play_multi, jobs):
            sums[players][0] += games
            sums[players][1] += wins
    print("three and four hands to 121 (seeds from %d; three: the expert at each seat in turn,"
          " four: the partnership both ways):" % first)
    print("| table | games | expert's side wins | even share |")
    print("|---|---|---|---|")
    for players, label, even in ((3, "expert against two normal", 1 / 3),
                                 (4, "expert partners against normal partners", 1 / 2)):
        games, wins = sums[players]
        if not games:
            continue
        p = wins / games
        err = 1.96 * (p * (1 - p) / games) ** 0.5
        print("| %s | %d | %.1f%% ± %.1f | %.1f%% |" % (label, games, 100 * p, 100 * err, 100 * even))
    print("(%.0f s wall on 2 processes)" % (time.monotonic() - t0))


def main():
    yield from table_heap()
    # The VM speeds up as its engine warms: warm the scorer first.
    score_ms()
    one = score_ms()
    print("one score() call: %.4f ms (mixed hands)" % one)
    discard, card = timings(one)
    card = max(card, timings_multi(one))
    if MICROPYTHON and (discard > 1000 or card > 1000):
        # The budget is the device's; CPython's score() is relatively faster than the rest.
        print("OVER BUDGET: the expert's slowest decision exceeds 1,000 score() calls")
    if not MICROPYTHON:
        import os

        n = os.environ.get("POCKETCRIB_BENCH_CRIB_GAMES")
        first = os.environ.get("POCKETCRIB_BENCH_CRIB_SEEDS_FROM")
        level_table(int(n) if n else 10000, level_pairs(os.environ.get("POCKETCRIB_BENCH_CRIB_PAIRS")),
                    int(first) if first else 0)
        multi = os.environ.get("POCKETCRIB_BENCH_CRIB_MULTI_GAMES")
        multi_table(int(multi) if multi else 10000, int(first) if first else 0)


run_steps(main())
