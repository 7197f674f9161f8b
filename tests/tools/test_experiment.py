"""tools/experiment.py, the paired experiments on snapshot copies of firmware/: --set
changes just the constant named, in the copy only; the two copies play the same deals
(a variant equal to the base differs nowhere; one that plays otherwise shows it); a
request that cannot be done says why in one line."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import experiment  # noqa: E402

CPU = ROOT / "firmware" / "players" / "cpu.py"


def test_set_changes_the_one_constant_in_the_copy(tmp_path):
    experiment.snapshot(tmp_path)
    copy = tmp_path / "firmware" / "players" / "cpu.py"
    was = experiment.set_constant(tmp_path / "firmware", "players/cpu.py", "_BUDGET", "560")
    assert was == "_BUDGET = const(480)"
    before = CPU.read_text().splitlines()
    after = copy.read_text().splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert changed == [("_BUDGET = const(480)", "_BUDGET = const(560)")] and len(before) == len(after)
    assert "_BUDGET = const(480)" in CPU.read_text()  # the firmware itself is untouched


def test_a_name_that_is_not_there_is_refused_with_the_ones_that_are(tmp_path):
    experiment.snapshot(tmp_path)
    for path, name in (("players/cpu.py", "BUDGET"), ("players/nothing.py", "_BUDGET")):
        try:
            experiment.set_constant(tmp_path / "firmware", path, name, "1")
        except experiment.ExperimentError as e:
            assert path in str(e)
            if path == "players/cpu.py":
                assert "_BUDGET" in str(e)
        else:
            raise AssertionError("no error for %s:%s" % (path, name))


def _run(capsys, *args):
    rc = experiment.main(list(args))
    out, err = capsys.readouterr()
    return rc, out.splitlines(), err


def test_the_same_firmware_twice_differs_in_no_deal(capsys):
    rc, out, _ = _run(capsys, "deals", "--set", "players/cpu.py:_BUDGET=480", "--seeds", "3", "--jobs", "1")
    assert rc == 0
    assert out[0].startswith("6 deals paired") and out[0].endswith("; 0 differ")
    assert out[1] == "effect: +0.000 (SE 0.000): play +0.000, hand +0.000, crib +0.000"
    assert out[2].startswith("| players/cpu.py `_BUDGET` 480 (seeds from 500,000) | 6 deals paired |")


def test_a_variant_that_plays_otherwise_shows_in_the_deals(capsys):
    # With no positions to spend the expert looks at one guess a card: some deals go otherwise.
    rc, out, _ = _run(capsys, "deals", "--set", "players/cpu.py:_BUDGET=0", "--seeds", "6")
    assert rc == 0
    differ = int(out[0].rsplit("; ", 1)[1].split()[0])
    assert differ > 0, out


def test_what_cannot_be_done_is_one_line(capsys):
    for args in (("deals",), ("deals", "--set", "players/cpu.py:_BUDGET"), ("deals", "--set", "players/cpu.py:_BUDGET=x"),
                 ("games", "--set", "players/cpu.py:_BUDGET=1", "--scores", "90-61"),
                 ("deals", "--patch", "/nonexistent.diff")):
        rc, out, err = _run(capsys, *args)
        assert rc == 2 and out == [] and err.startswith("experiment: ") and err.count("\n") == 1, (args, err)


@pytest.mark.slow
def test_three_and_four_hands_pair_every_seat_or_side(capsys):
    # The same firmware twice at three hands (each seed with the level at every seat) and at
    # four (its partnership both ways): every deal paired, none differs; a variant that plays
    # otherwise at three hands (no positions for its look-ahead: one guess a card) shows.
    for players, per_seed in ((3, 3), (4, 2)):
        rc, out, _ = _run(capsys, "deals", "--players", str(players), "--set", "players/cpu.py:_BUDGET=480",
                          "--seeds", "2", "--jobs", "1")
        assert rc == 0
        assert out[0].startswith("%d deals paired" % (2 * per_seed)) and out[0].endswith("; 0 differ"), out
        assert "%d hands" % players in out[0]
    rc, out, _ = _run(capsys, "games", "--players", "4", "--set", "players/cpu.py:_BUDGET=480", "--seeds", "1",
                      "--scores", "110-118", "--jobs", "1")
    assert rc == 0 and out[0].startswith("2 games paired") and out[0].endswith("; 0 differ"), out
    rc, out, _ = _run(capsys, "deals", "--players", "3", "--set", "players/lookround.py:_BUDGET=0", "--seeds", "4")
    assert rc == 0
    assert int(out[0].rsplit("; ", 1)[1].split()[0]) > 0, out
