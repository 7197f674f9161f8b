"""Paired experiments on the computer player: a variant of the firmware against the base.

The device ships one configuration: no switch in firmware/ turns a change on or off
(tests/codebase/test_firmware_consts.py). An experiment is run on two snapshot copies of
firmware/ instead, made in a temporary folder: the base (the working tree's, or
--base REV's) and the variant, the base changed by

  --set FILE:NAME=VALUE   a module-level constant: --set players/cpu.py:_BUDGET=560 makes
                          `_BUDGET = const(480)` read `_BUDGET = const(560)` (FILE under
                          firmware/; repeat --set for more than one);
  --patch DIFF            a change of code: a diff with paths from the repository's root
                          (edit firmware/, `git diff firmware > try.diff`, put it back).

Both copies play the same seeds on CPython; a seed fixes every deal's cards whatever
is played, so each deal (or game) is paired and the difference has a small standard
error. The results go to docs/experiments.md, a row per change.

  deals   the first deal of each seed twice (the level dealing, then as pone) against
          --against: the margin a deal (its play, hand and crib points less the
          other's), the variant's less the base's;
  games   whole games to 121, each seed with the level at both seats, begun at 0-0
          or (--scores LO-HI) with each side's score drawn from the seed: games won,
          the variant's less the base's.

  --players 3 or 4: the same at three hands (each seed with the level at every seat in
  turn against two of --against; a deal's margin is its points less half of each
  other's: one of two gains them) or at four (the level's partnership against one of
  --against, each seed both ways; the margin is its side's points less the other's).

    python tools/experiment.py deals --set players/cpu.py:_BUDGET=560 [--seeds 5000]
    python tools/experiment.py games --set players/laying.py:_RACE_NEAR=60 --scores 56-80
    python tools/experiment.py deals --patch try.diff --against easy
    python tools/experiment.py deals --players 4 --patch partners.diff --seeds 1000

Seeds from 500,000 by default: tuning seeds, never the bench's (0-4,999). Two
processes (--jobs).
"""
import argparse
import ast
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MPSHIM = ROOT / "host" / "pocketcrib" / "twins" / "mpshim"
LEVELS = ("easy", "normal", "expert")
CHUNK = 100  # seeds a worker plays at a time
_SCORES_SALT = 0x5C0DE5  # mixed into the seed for a game's starting scores


class ExperimentError(Exception):
    """What the user asked cannot be done (one line, printed as `experiment: ...`)."""


# --- the snapshots -------------------------------------------------------------

def snapshot(dest, rev=None):
    """firmware/ of the working tree (rev None) or of git revision rev, copied to dest/firmware."""
    dest = Path(dest)
    if rev is None:
        shutil.copytree(ROOT / "firmware", dest / "firmware", ignore=shutil.ignore_patterns("__pycache__"))
        return
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "firmware"], capture_output=True)
    if archive.returncode:
        raise ExperimentError("no firmware/ at %r: %s" % (rev, archive.stderr.decode().strip()))
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)


def parse_set(text):
    """"players/cpu.py:_BUDGET=560" -> ("players/cpu.py", "_BUDGET", "560")."""
    m = re.fullmatch(r"([\w/]+\.py):([A-Za-z_]\w*)=(.+)", text)
    if not m:
        raise ExperimentError("--set %r: not FILE:NAME=VALUE (say players/cpu.py:_BUDGET=560)" % text)
    try:
        ast.literal_eval(m.group(3))
    except (ValueError, SyntaxError):
        raise ExperimentError("--set %r: %r is not a Python literal" % (text, m.group(3))) from None
    return m.group(1), m.group(2), m.group(3)


def set_constant(firmware, path, name, value):
    """Make the module-level `name = value` (or `name = const(value)`) in firmware/path
    read the new value; returns the line as it was."""
    f = Path(firmware) / path
    if not f.is_file():
        raise ExperimentError("--set: no firmware/%s" % path)
    lines = f.read_text().splitlines(keepends=True)
    pattern = re.compile(r"^(%s\s*=\s*)(const\()?(.*?)(\))?(\s*#.*)?$" % re.escape(name))
    at = [i for i, line in enumerate(lines) if pattern.match(line.rstrip("\n"))]
    if len(at) != 1:
        names = sorted({m.group(1) for line in lines for m in [re.match(r"^([A-Za-z_]\w*)\s*=\s*(const\()?-?\d", line)]
                        if m})
        raise ExperimentError("--set: firmware/%s has %s module-level %s = ... (its numbers: %s)" % (
            path, "no" if not at else "%d lines" % len(at), name, ", ".join(names)))
    i = at[0]
    old = lines[i]
    m = pattern.match(old.rstrip("\n"))
    const = m.group(2) is not None and m.group(4) is not None
    new = m.group(1) + ("const(%s)" % value if const else value) + (m.group(5) or "")
    lines[i] = new + "\n"
    f.write_text("".join(lines))
    return old.rstrip("\n")


def apply_patch(copy_root, diff):
    """Apply a diff (paths firmware/... from the repository's root) to the copy."""
    diff = Path(diff).resolve()
    if not diff.is_file():
        raise ExperimentError("--patch: no file %s" % diff)
    done = subprocess.run(["patch", "-p1", "--batch", "--forward", "-d", str(copy_root), "-i", str(diff)],
                          capture_output=True, text=True)
    if done.returncode:
        raise ExperimentError("--patch %s does not apply: %s" % (diff, (done.stdout + done.stderr).strip()))


# --- what a worker plays (in its own process, with one copy's firmware on its path) ---

def first_deal(seed, dealer, level, against):
    """(play, hand, crib) of level (seat 0) less against's, in the seed's first deal."""
    from players import cpu
    from rules.cribbage import Cribbage

    g = Cribbage(seed, 2, dealer=dealer)
    rec = g.record
    levels = (level, against)
    while g.deal_no == 1 and not g.over:
        cpu.move(g, levels[g.turn])
    crib = rec.crib_points + rec.heels
    return [rec.play[0] - rec.play[1], rec.hand[0] - rec.hand[1], crib if dealer == 0 else -crib]


def first_deal_multi(seed, players, mine, level, against):
    """(play, hand, crib) margins of level's seat or side `mine` in the seed's first deal at
    three or four hands: its points less the others' (at three, each other's counting half),
    in halves of a point at three hands so that the figures stay whole."""
    from players import cpu
    from rules.cribbage import Cribbage

    g = Cribbage(seed, players)
    rec = g.record
    while g.deal_no == 1 and not g.over:
        cpu.move(g, level if g.side_of(g.turn) == mine else against)
    out = [0, 0, 0]
    for s in range(players):
        w = (1 if g.side_of(s) == mine else -1) * (2 if players == 3 and g.side_of(s) == mine else 1)
        out[0] += w * rec.play[s]
        out[1] += w * rec.hand[s]
        if s == rec.dealer:
            out[2] += w * (rec.crib_points + rec.heels)
    if players == 3:
        out = [x / 2 for x in out]
    return out


def whole_game_multi(seed, players, mine, level, against, scores=None):
    """1 if level's seat or side `mine` wins the seed's game to 121 at three or four hands
    (begun from scores: each side's drawn from the seed in LO..HI), else 0."""
    from players import cpu
    from rules.cribbage import OVER, Cribbage
    from rules.rng import Rng

    g = Cribbage(seed, players)
    if scores is not None:
        lo, hi = scores
        rng = Rng((seed ^ _SCORES_SALT) & 0xFFFFFFFF)
        g.scores = [lo + rng.below(hi - lo + 1) for _ in range(g.sides)]
    while g.phase != OVER:
        cpu.move(g, level if g.side_of(g.turn) == mine else against)
    return 1 if g.winner == mine else 0


def whole_game(seed, seat, level, against, scores=None):
    """1 if level, at seat, wins the seed's game to 121 against against (begun from
    scores: each side's drawn from the seed in LO..HI), else 0."""
    from players import cpu
    from rules.cribbage import OVER, Cribbage
    from rules.rng import Rng

    g = Cribbage(seed, 2)
    if scores is not None:
        lo, hi = scores
        rng = Rng((seed ^ _SCORES_SALT) & 0xFFFFFFFF)
        g.scores = [lo + rng.below(hi - lo + 1), lo + rng.below(hi - lo + 1)]
    levels = [against, against]
    levels[seat] = level
    while g.phase != OVER:
        cpu.move(g, levels[g.turn])
    return 1 if g.winner == seat else 0


def work(what, start, count, level, against, scores, players=2):
    """The results of seeds start.. (count of them), each both ways (at three hands, each
    seat in turn)."""
    out = []
    for seed in range(start, start + count):
        if players > 2:
            for mine in range(3 if players == 3 else 2):
                if what == "deals":
                    out.append(first_deal_multi(seed, players, mine, level, against))
                else:
                    out.append(whole_game_multi(seed, players, mine, level, against, scores))
            continue
        for side in (0, 1):
            if what == "deals":
                out.append(first_deal(seed, side, level, against))
            else:
                out.append(whole_game(seed, side, level, against, scores))
    return out


def _worker(argv):
    what, start, count, level, against, scores, players = json.loads(argv[0])
    json.dump(work(what, start, count, level, against, scores, players), sys.stdout)


def run_side(copy_root, job):
    """One worker: job's seeds played with the copy's firmware (a process of its own)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path(copy_root) / "firmware"), str(MPSHIM)]))
    env.pop("PYTHONSTARTUP", None)
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(job)],
                          env=env, capture_output=True, text=True)
    if done.returncode:
        raise ExperimentError("a worker failed (%s):\n%s" % (copy_root, done.stderr.strip()))
    return json.loads(done.stdout)


def play_both(base, variant, what, seeds, level, against, scores, jobs, players=2):
    """(base results, variant results), in seed order, both ways each seed."""
    chunk = CHUNK if players == 2 else CHUNK // 4
    chunks = [(what, s, min(chunk, seeds.stop - s), level, against, scores, players)
              for s in range(seeds.start, seeds.stop, chunk)]
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        got_base = pool.map(lambda job: run_side(base, job), chunks)
        got_variant = pool.map(lambda job: run_side(variant, job), chunks)
        a = [r for part in got_base for r in part]
        b = [r for part in got_variant for r in part]
    return a, b


# --- the figures -------------------------------------------------------------

def mean_se(xs):
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n)


def deals_effect(base, variant):
    """{"n", "differ", "effect", "se", "play", "hand", "crib"}: the variant's margin a deal
    less the base's, paired (play, hand and crib: the mean differences)."""
    diffs = [sum(v) - sum(b) for b, v in zip(base, variant)]
    m, se = mean_se(diffs)
    parts = [sum(v[i] - b[i] for b, v in zip(base, variant)) / len(base) for i in range(3)]
    return {"n": len(base), "differ": sum(1 for b, v in zip(base, variant) if b != v), "effect": m, "se": se,
            "play": parts[0], "hand": parts[1], "crib": parts[2]}


def games_effect(base, variant):
    """{"n", "differ", "effect", "se", "base", "variant"}: games won by the variant less the
    base's, paired, as fractions of the games."""
    m, se = mean_se([v - b for b, v in zip(base, variant)])
    return {"n": len(base), "differ": sum(1 for b, v in zip(base, variant) if b != v), "effect": m, "se": se,
            "base": sum(base) / len(base), "variant": sum(variant) / len(variant)}


def report(what, r, change, seeds, level, against, scores, players=2):
    """The lines printed: the figures, then a row for docs/experiments.md."""
    where = "seeds %s-%s, %s against %s" % (format(seeds.start, ","), format(seeds.stop - 1, ","), level, against)
    seats = "every seat" if players == 3 else "both seats"
    if players > 2:
        where += ", %d hands" % players
    if what == "deals":
        head = "%s deals paired (%s, %s); %s differ" % (format(r["n"], ","), where, seats, format(r["differ"], ","))
        effect = "%+.3f (SE %.3f): play %+.3f, hand %+.3f, crib %+.3f" % (
            r["effect"], r["se"], r["play"], r["hand"], r["crib"])
        games = "%s deals paired" % format(r["n"], ",")
    else:
        begun = "" if scores is None else ", begun from scores %d-%d" % scores
        head = "%s games paired (%s, %s%s); %s differ" % (format(r["n"], ","), where, seats, begun,
                                                                format(r["differ"], ","))
        effect = "%+.2f%% of games won (SE %.2f): %.1f%% against %.1f%%" % (
            100 * r["effect"], 100 * r["se"], 100 * r["variant"], 100 * r["base"])
        games = "%s games paired (%s differ)" % (format(r["n"], ","), format(r["differ"], ","))
    return [head, "effect: " + effect,
            "| %s (seeds from %s) | %s | %s | ? | ? |" % (change, format(seeds.start, ","), games, effect)]


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--worker"]:
        _worker(argv[1:])
        return 0
    ap = argparse.ArgumentParser(prog="experiment", description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("deals", "games"))
    ap.add_argument("--set", action="append", default=[], metavar="FILE:NAME=VALUE",
                    help="a constant of the variant (FILE under firmware/)")
    ap.add_argument("--patch", action="append", default=[], metavar="DIFF", help="a diff the variant applies")
    ap.add_argument("--base", metavar="REV",
                    help="the base's firmware from this git revision (default: the working tree)")
    ap.add_argument("--seeds", type=int, default=None, help="seeds (deals: 5,000, games: 2,500), each both ways")
    ap.add_argument("--start", type=int, default=500_000, help="first seed (default 500,000)")
    ap.add_argument("--level", choices=LEVELS, default="expert", help="the level changed (default expert)")
    ap.add_argument("--against", choices=LEVELS, default="normal", help="its opponent (default normal)")
    ap.add_argument("--scores", metavar="LO-HI", help="games: begin each from scores drawn in LO..HI")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                    help="hands at the table (default 2; 3: the level at each seat in turn, 4: partners)")
    ap.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    a = ap.parse_args(argv)
    try:
        if not a.set and not a.patch:
            raise ExperimentError("nothing to try: give --set FILE:NAME=VALUE or --patch DIFF")
        scores = None
        if a.scores:
            m = re.fullmatch(r"(\d+)-(\d+)", a.scores)
            if not m or not int(m.group(1)) <= int(m.group(2)) < 121:
                raise ExperimentError("--scores %r: not LO-HI under 121 (say 61-100)" % a.scores)
            scores = (int(m.group(1)), int(m.group(2)))
        n = a.seeds if a.seeds is not None else (5000 if a.what == "deals" else 2500)
        seeds = range(a.start, a.start + n)
        sets = [parse_set(s) for s in a.set]
        with tempfile.TemporaryDirectory(prefix="experiment-") as tmp:
            base = Path(tmp) / "base"
            variant = Path(tmp) / "variant"
            snapshot(base, a.base)
            shutil.copytree(base, variant)
            changed = []
            for path, name, value in sets:
                was = set_constant(variant / "firmware", path, name, value)
                print("variant: firmware/%s: %s -> %s" % (path, was.strip(), value), file=sys.stderr)
                changed.append("%s `%s` %s" % (path, name, value))
            for diff in a.patch:
                apply_patch(variant, diff)
                changed.append("patch %s" % Path(diff).name)
            t0 = time.monotonic()
            got_base, got_variant = play_both(base, variant, a.what, seeds, a.level, a.against, scores, a.jobs,
                                              a.players)
        effect = (deals_effect if a.what == "deals" else games_effect)(got_base, got_variant)
        for line in report(a.what, effect, "; ".join(changed), seeds, a.level, a.against, scores, a.players):
            print(line)
        print("(%.0f s on %d processes)" % (time.monotonic() - t0, a.jobs), file=sys.stderr)
    except ExperimentError as e:
        print("experiment: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
