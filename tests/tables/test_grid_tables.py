"""tables/gridtable.py against tools/make_grid_tables.py, and the pieces the tool is made of.

SQUARES and three of the four poker tables are remade here in full, byte for
byte (10 to 25 s each); POKER_ENGLISH_FOSTER (45 s to remake: the tool's --check
does it) is checked on a sample of the tool's own play. For the
Cribbage Squares values: the full-pack values the fit starts from are
recomputed from scratch for a spread of three-card lines (every fourth card and
starter through score()); the rank points the tool hands to tools/grid_values.c
are score() without flush and nobs; and the C program, given a table, plays
seeded deals exactly as players/placement.py does with it (the tool checks the
same of the fitted tables every time it writes them).
"""
import math
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tables import gridtable
from players import placement
from rules.grids import new
from rules.score import score

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import make_grid_tables  # noqa: E402

ENTRIES = make_grid_tables.SQUARES_KEYS
CC = pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler (cc)")


def test_three_card_full_pack_values_are_exact():
    # A five-five-ten line is worth more than an ace-six-queen, and each value is the mean
    # of score() over every fourth card and starter from the rest of the pack.
    rest = [c for c in range(52) if c not in (16, 17, 36)]
    total = sum(score([16, 17, 36, x], s, False) for x in rest for s in rest if s != x)
    key, value = make_grid_tables.three_card_value((placement.squares_key(4, 4, 9, 3, 0), (4, 4, 9), 0))
    assert key == placement.squares_key(4, 4, 9, 3, 0) and value == 100 * total / (49 * 48)
    _, low = make_grid_tables.three_card_value((placement.squares_key(0, 5, 11, 3, 0), (0, 5, 11), 0))
    assert value > low > 0


def test_rank_points_are_score_without_flush_and_nobs():
    rng = random.Random(7)
    for first in (0, 4, 10):
        points = make_grid_tables.rank_points(first)
        assert len(points) == 13 ** 4
        for _ in range(300):
            ranks = [first] + [rng.randrange(13) for _ in range(4)]
            hand = [ranks[0] * 4 + 1, ranks[1] * 4 + 2, ranks[2] * 4 + 3, ranks[3] * 4 + 2]
            starter = ranks[4] * 4  # no hand card of its suit: no nobs; suits mixed: no flush
            index = ((ranks[1] * 13 + ranks[2]) * 13 + ranks[3]) * 13 + ranks[4]
            assert points[index] == score(hand, starter, False)


class _Serial:
    """A multiprocessing.Pool's map, in this process."""

    map = staticmethod(lambda f, xs, chunksize=None: list(map(f, xs)))


@pytest.mark.slow
@CC
def test_the_c_program_plays_as_placement_does(tmp_path):
    exe = make_grid_tables.compiled(tmp_path)
    table = bytes(gridtable.SQUARES[2 * ENTRIES:4 * ENTRIES])  # the second quarter's values
    (tmp_path / "start.bin").write_bytes(table)
    (tmp_path / "deals.bin").write_bytes(b"")
    seeds = range(3000, 3030)
    (tmp_path / "check.bin").write_bytes(make_grid_tables.deals(seeds))
    ranks = make_grid_tables.ranks_file(tmp_path, _Serial())
    run = subprocess.run([str(exe), "fit", str(ranks), str(tmp_path / "start.bin"), str(tmp_path / "deals.bin"),
                          "0", "0", str(tmp_path / "out.bin"), str(tmp_path / "check.bin")],
                         check=True, capture_output=True, text=True, timeout=120)
    out = (tmp_path / "out.bin").read_bytes()
    assert out == table * 4  # no rounds: every quarter keeps the values it started with
    scores = [int(x) for x in run.stdout.split()]
    mine = []
    for seed in seeds:
        g = new("squares", seed)
        while not g.over:
            g.place(placement.best_square(g, "advisor", out))
        mine.append(g.score)
    assert scores == mine and len(set(mine)) > 5


# The shipped tables against the tool.


@pytest.mark.slow
@CC
def test_squares_values_remade_by_the_tool():
    start = make_grid_tables.pack_values(make_grid_tables.squares_values(_Serial()))
    table, scores = make_grid_tables.fit_squares(start, _Serial(), make_grid_tables.SQUARES_GAMES,
                                                 make_grid_tables.SQUARES_ROUNDS)
    assert table == gridtable.SQUARES
    assert len(scores) == make_grid_tables.CHECK_GAMES


@pytest.mark.slow
@pytest.mark.parametrize("name", ["POKER_AMERICAN", "POKER_AMERICAN_FOSTER", "POKER_ENGLISH"])
def test_poker_values_remade_by_the_tool(name):
    # Rounds of 2,000 seeded games played by the advisor on the values so far (4
    # American, 8 English): some 10, 25 and 20 s.
    table = "english" if "ENGLISH" in name else "american"
    got = make_grid_tables.learn_poker(table, "FOSTER" in name, 2000, make_grid_tables.ROUNDS[table], _Serial())
    assert got == getattr(gridtable, name)


@pytest.mark.slow
def test_english_foster_poker_values_are_what_the_tools_play_makes_of_a_sample():
    # Remade, these take some 45 s (the tool's --check does it). A class's value is what
    # its lines end with when the advisor plays by these values: the tool's own play
    # (play_and_record) over 1,000 games of its last round, for every class met 150
    # times or more, within 5 standard errors (games as the sampling unit; the shipped
    # values, blended with the rounds before, sit within 4 of their own play in all
    # four tables). It catches a table made for other rules or points, or an entry of a
    # common class off by some 6% or more; not a small change, nor one in a rare class.
    values = gridtable.POKER_ENGLISH_FOSTER
    shipped = [values[2 * k] | values[2 * k + 1] << 8 for k in range(make_grid_tables.POKER_KEYS)]
    first = make_grid_tables.SEED_BASE + (make_grid_tables.ROUNDS["english"] - 1) * 2000
    games = [make_grid_tables.play_and_record(("english", True, values, range(s, s + 1)))
             for s in range(first, first + 1000)]
    checked = 0
    for k in range(make_grid_tables.POKER_KEYS):
        met = sum(counts[k] for _, counts in games)
        if met < 150:
            continue
        mean = sum(sums[k] for sums, _ in games) / met
        se = math.sqrt(sum((sums[k] - mean * counts[k]) ** 2 for sums, counts in games)) / met
        assert abs(100 * mean - shipped[k]) <= 5 * 100 * se, (k, met, 100 * mean, shipped[k], 100 * se)
        checked += 1
    assert checked >= 20, checked
