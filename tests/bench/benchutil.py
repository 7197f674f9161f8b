"""Portable helpers for bench scripts (CPython and MicroPython)."""

try:
    from time import ticks_diff, ticks_ms

    def clock_ms():
        return ticks_ms()

    def elapsed_ms(t0):
        return ticks_diff(ticks_ms(), t0)

except ImportError:  # CPython
    from time import perf_counter

    def clock_ms():
        return perf_counter() * 1000

    def elapsed_ms(t0):
        return perf_counter() * 1000 - t0


def report(name, count, ms, unit="op"):
    """One result line: total time and time per item."""
    per = ms * 1000 / count if count else 0
    print("%-24s %8d %ss in %8.1f ms  %8.2f us/%s" % (name, count, unit, ms, per, unit))


def sample_hands(n, x=12345):
    """A fixed pseudo-random list of (hand, starter), the same on CPython and MicroPython.

    A small LCG (not rules.rng) so the benches do not depend on the code they time.
    """
    out = []
    while len(out) < n:
        seen = []
        while len(seen) < 5:
            x = (x * 1103515245 + 12345) & 0x3FFFFFFF
            c = (x >> 8) % 52
            if c not in seen:
                seen.append(c)
        out.append((tuple(seen[:4]), seen[4]))
    return out


def score_ms(runs=5):
    """Mean time of one score() call over a mixed set of hands, in ms (the
    fastest of `runs` runs): the unit of the budgets, as a ratio to it carries
    over from the VM to a board."""
    from rules.score import score

    data = sample_hands(500)
    best = None
    for _ in range(runs):
        t0 = clock_ms()
        for _ in range(4):
            for hand, starter in data:
                score(hand, starter)
        t = elapsed_ms(t0) / 2000
        if best is None or t < best:
            best = t
    return best


def run_steps(gen):
    """Run a bench written as a generator whose each `yield` follows a
    gc.collect() and precedes a heap measurement. In the MicroPython VM
    (tests/mpvm/run.mjs), which frees garbage only between top-level calls,
    the generator goes to the harness: each yield ends a top-level call. On
    CPython or a board, gc.collect() works in place: the generator just runs."""
    try:
        import mpvm_steps  # provided by run.mjs only
    except ImportError:
        for _ in gen:
            pass
    else:
        mpvm_steps.hand_over(gen)


def _play_chunk(args):
    play_one, config, policy, start, count = args
    scores = []
    wins = 0
    for seed in range(start, start + count):
        score, won = play_one(config, policy, seed)
        scores.append(score)
        wins += won
    return config, policy, scores, wins


def policy_table(configs, policies, play_one, n_games, name, target, labels=None, step=250):
    """(CPython) Print a markdown table of each policy's mean score, standard deviation
    and win rate over seeds 0..n_games-1 per config, played on two processes.

    play_one(config, policy, seed) -> (score, won) is a module-level function;
    name(config) and target(config) give each row's first two cells, labels the
    policies' column heads (default: their names)."""
    import multiprocessing
    import statistics
    import time

    t0 = time.monotonic()
    jobs = []
    for config in configs:
        for policy in policies:
            for start in range(0, n_games, step):
                jobs.append((play_one, config, policy, start, min(step, n_games - start)))
    results = {}
    with multiprocessing.Pool(2) as pool:
        for config, policy, scores, wins in pool.imap_unordered(_play_chunk, jobs):
            r = results.setdefault((config, policy), [[], 0])
            r[0].extend(scores)
            r[1] += wins
    print("policies over %d seeded games each (seeds 0..%d): mean ± standard deviation (win rate)" % (
        n_games, n_games - 1))
    print("| game | target | " + " | ".join(labels or policies) + " |")
    print("|---|---|" + "---|" * len(policies))
    for config in configs:
        cells = []
        for policy in policies:
            scores, wins = results[(config, policy)]
            cells.append("%.1f ± %.1f (%.1f%%)" % (
                statistics.mean(scores), statistics.pstdev(scores), 100 * wins / len(scores)))
        print("| %s | %d | %s |" % (name(config), target(config), " | ".join(cells)))
    print("(%.0f s wall on 2 processes)" % (time.monotonic() - t0))
    return results


_UNIT_MS = 40


def least_ratio(call, repeat, hands, least_ms=20):
    """How long call() takes, as a multiple of one score() call, on a machine busy
    with other work: `repeat` runs of call() (as many calls as make least_ms),
    each followed by one score() per (hand, starter) of `hands`, so that whatever
    slows one slows the other alike; the least ratio is kept. Returns (least
    ratio, least ms per call, the last call's result)."""
    from rules.score import score

    t0 = clock_ms()
    got = call()
    per = max(1, int(least_ms / max(elapsed_ms(t0), 0.5)))
    # The score() run lasts at least _UNIT_MS: timed to the millisecond, a short
    # run's unit wanders by a tenth and the ratio with it.
    t0 = clock_ms()
    for hand, starter in hands:
        score(hand, starter)
    passes = max(1, int(_UNIT_MS / max(elapsed_ms(t0), 0.5)) + 1)
    best = None
    least = None
    for _ in range(repeat):
        t0 = clock_ms()
        for _ in range(per):
            got = call()
        t = elapsed_ms(t0) / per
        t0 = clock_ms()
        for _ in range(passes):
            for hand, starter in hands:
                score(hand, starter)
        unit = elapsed_ms(t0) / (passes * len(hands))
        if unit > 0 and (best is None or t / unit < best):
            best = t / unit
        if least is None or t < least:
            least = t
    return best, least, got
