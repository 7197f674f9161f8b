"""The same seed gives the same pack and the same game log on CPython and MicroPython.

One script plays every variant for a spread of seeds (discards chosen by the
project's own generator, so they are seeded too) and prints each pack and log
as plain text. It runs here and in the MicroPython VM on the .mpy build, and
the two transcripts must match line for line. The grid games likewise: Poker
Patience with both tables, Foster's rule off and on, and Cribbage Squares, the
squares chosen by the generator among the legal ones; every save, line and
total printed, the deal's code and day, its history record and its saved game
resumed. And cribbage for two to four, random legal play from a seed.
"""
import subprocess
import sys
from pathlib import Path

import pytest

from mpvm import FIRMWARE, run_micropython

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

TRANSCRIPT = """
from rules import dealcode
from rules import solitaires as games
from rules.rng import Rng, mix, shuffled_pack, unmix

SEEDS = (0, 1, 2, 91, 2024, 65535, 65536, 0x7FFFFFFF, 0x80000000, 0xDEADBEEF, 0xFFFFFFFF)
for seed in SEEDS:
    print(seed, "mix", mix(seed), "unmix", unmix(seed), "code", dealcode.encode("patience", seed))
# A generator-1 save (version 1) resumes the same cards on both.
g = games.load(bytes((80, 67, 103, 1, 0, 0, 0, 0, 7, 2, 0, 12, 232, 17)))
print("gen1", g.seed, " ".join(str(c) for c in g.pack), g.score, dealcode.decode("TTVJFJKLC"))
for variant in games.VARIANTS:
    for seed in SEEDS:
        print(variant, seed, "pack", " ".join(str(c) for c in shuffled_pack(seed)))
        g = games.new(variant, seed)
        pick = Rng(seed ^ 0x5A5A)
        while g.pending is not None:
            i = pick.below(6)
            j = (i + 1 + pick.below(5)) % 6
            g.discard(g.pending[i], g.pending[j])
            print(variant, seed, "save", " ".join(str(b) for b in g.save()))
        for label, cards, starter, points in g.log:
            print(variant, seed, label, " ".join(str(c) for c in cards), starter, points)
        print(variant, seed, "total", g.score, g.won, g.round_points())
"""


GRID_TRANSCRIPT = """
from storage import fields as board_rules
from rules import dealcode
from rules import grids
from rules.grid_games import KEYS, index
from rules.rng import Rng
from ui.grid.game import GridPlay, record, resumed


def fields(d):
    return " ".join("%s=%r" % (k, d[k]) for k in sorted(d))


SEEDS = (0, 1, 2, 91, 2024, 65535, 65536, 0x7FFFFFFF, 0x80000000, 0xDEADBEEF, 0xFFFFFFFF)
OPTIONS = (("poker", "american", False), ("poker", "english", False), ("poker", "american", True),
           ("poker", "english", True), ("squares", "american", False))
for variant, table, foster in OPTIONS:
    for seed in SEEDS:
        g = grids.new(variant, seed, table, foster)
        tag = "%s %s %d %d" % (variant, table, foster, seed)
        pick = Rng(seed ^ 0x5A5A)
        while not g.over:
            legal = g.squares()
            g.place(legal[pick.below(len(legal))])
            print(tag, "save", " ".join(str(b) for b in g.save()), g.score)
        for cards, points in g.lines():
            print(tag, "line", " ".join(str(c) for c in cards), points)
        print(tag, "total", g.score, g.won, g.starter, g.box)
        # The deal's code and day, the history record and the saved game, resumed.
        play = GridPlay(None, [g, grids.load(g.save())])
        key = KEYS[index(variant, table, foster)]
        print(tag, "code", play.code(), dealcode.decode(play.code()) == (key, seed),
              dealcode.day_seed(seed & 0xFFFFF, 3 + KEYS.index(key)))
        r = record(play, 1, 1, "2026-12-01")
        r["n"] = 1
        print(tag, "record", board_rules.game_record(r), fields(r))
        back = resumed(None, play.state())
        print(tag, "resumed", back.state() == play.state(), fields(back.state()))
"""


def transcripts(tmp_path, text):
    """The script's output lines on CPython and in the VM (firmware as .mpy)."""
    script = tmp_path / "transcript.py"
    script.write_text(text)
    env_path = [str(FIRMWARE), str(ROOT / "host" / "pocketcrib" / "twins" / "mpshim")]
    cp = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True,
                        env={"PYTHONPATH": ":".join(env_path)})
    rc, mp = run_micropython(script, paths=(FIRMWARE,), use_mpy=True)
    assert rc == 0, mp
    return cp.stdout.splitlines(), mp.splitlines()


def test_same_packs_and_logs_on_cpython_and_micropython(tmp_path):
    cp_lines, mp_lines = transcripts(tmp_path, TRANSCRIPT)
    assert len(cp_lines) > 3 * 11 * 10
    assert mp_lines == cp_lines


def test_same_grid_games_on_cpython_and_micropython(tmp_path):
    cp_lines, mp_lines = transcripts(tmp_path, GRID_TRANSCRIPT)
    assert len(cp_lines) > 5 * 11 * 16
    assert mp_lines == cp_lines


CRIBBAGE_TRANSCRIPT = """
from rules.cribbage import DISCARD, OVER, PLAY, Cribbage
from rules.rng import Rng

SEEDS = (0, 1, 91, 2024, 0x7FFFFFFF, 0xDEADBEEF, 0xFFFFFFFF)
for players in (2, 3, 4):
    for seed in SEEDS:
        g = Cribbage(seed, players, target=61 if seed & 1 else 121)
        pick = Rng(seed ^ 0xC1B)
        while g.phase != OVER:
            if g.phase == DISCARD:
                h = g.hands[g.turn]
                i = pick.below(len(h))
                if g.to_discard(g.turn) == 2:
                    g.discard(g.turn, h[i], h[(i + 1 + pick.below(len(h) - 1)) % len(h)])
                else:
                    g.discard(g.turn, h[i])
            elif g.phase == PLAY:
                p = g.playable()
                if p:
                    g.play(p[pick.below(len(p))])
                else:
                    g.go()
            else:
                g.count_hand()
        print(players, seed, "cut", g.cut, "save", " ".join(str(b) for b in g.save()))
        for seat, label, points, cards in g.log:
            print(players, seed, seat, label, points, " ".join(str(c) for c in cards))
        for r in g.records:
            print(players, seed, "deal", r.dealer, r.starter, r.play, r.hand, r.crib_points, r.heels)
        print(players, seed, "total", g.scores, g.winner, g.game_points())
"""


def test_same_cribbage_games_on_cpython_and_micropython(tmp_path):
    cp_lines, mp_lines = transcripts(tmp_path, CRIBBAGE_TRANSCRIPT)
    assert len(cp_lines) > 3 * 7 * 20
    assert mp_lines == cp_lines


# The expert at three and four hands: against two normal players (players.lookround's
# look-ahead), and partnered across the table against a normal pair (where it lays by its
# normal value, reading the next player's cards; the search's totals still printed for
# every card of its side); its values, what it reads of each other seat's play, each
# game's save.
EXPERT_TRANSCRIPT = """
from players import cpu, lookround, reading
from rules.cribbage import OVER, PLAY, Cribbage

for players in (3, 4):
    for seed in (5, 2024, 77):
        g = Cribbage(seed, players, target=61)
        while g.phase != OVER:
            expert = g.side_of(g.turn) == 0
            if expert and g.phase == PLAY and len(g.playable()) > 1:
                cards = g.playable()
                totals, div = lookround.look(g, g.turn, cards)
                print(players, seed, "look", " ".join(str(c) for c in cards), totals, div)
                print(players, seed, "values", cpu.normal_values(g, g.turn, cards, True))
                print(players, seed, "told", [reading.told_of(g, g.turn, s) for s in range(players)])
            cpu.move(g, "expert" if expert else "normal")
        print(players, seed, "save", " ".join(str(b) for b in g.save()))
        print(players, seed, "total", g.scores, g.winner)
"""


def test_same_expert_at_three_and_four_hands_on_cpython_and_micropython(tmp_path):
    cp_lines, mp_lines = transcripts(tmp_path, EXPERT_TRANSCRIPT)
    assert sum(1 for line in cp_lines if " look " in line) > 20
    # At four hands the expert reads something of the others' play.
    assert any(line.startswith("4 ") and " told " in line and "[0, 0, 0, 0]" not in line for line in cp_lines)
    assert mp_lines == cp_lines
