"""The key screens, each reached by key presses from a fresh device: the pixel
snapshots under tests/sim/snapshots/ and the docs' pictures come from here.

    make screens                                      # the pictures the docs show, 4x PNG
    .venv/bin/python tests/helpers/scenes.py docs/screens # the same
"""
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

# name: (seed, keys, the screen it ends on). Seed 7 deals A-D 2-D 3-C 5-C K-C K-S first.
# The seeds are generator 1's (the pictures were made before generator 2): render() deals
# them converted (rules.rng.unmix), so the first game's cards stay the same; later games
# (its seed + 1, ...) and the deal codes are generator 2's.
_CRIB = "A" + " DOWN" * 9 + " A A A"  # into the cribbage menu, start, past the cut
_LAY = " A RIGHT A A"  # the first two cards marked (A marks the cursor's card) and laid away
_GAME = " A RIGHT A A B A" * 6  # a whole Solitaire Cribbage game, deal by deal
_GRID = "A" + " DOWN" * 7 + " A"  # into the grid menu (on its first game)
_HANDED = " wait:1.2 A"  # the grid games' hand-over: A after a pause
_BOARD = "A" + " DOWN" * 10 + " A"  # into the board's setup (on Start)
# His heels for P1, P2 29, P1 6 and 3, P2 2: the back pegs behind the front ones.
_PEGS = " LEFT A DOWN DOWN A DOWN A RIGHT RIGHT RIGHT A A RIGHT A DOWN A A"
# Players: four (or three), every name WWW (the widest): from "P1 ", P up to W, the digit and the
# space down to W.
_WIDE = [" UP" * 7 + " RIGHT" + " DOWN" * (5 + i) + " RIGHT" + " DOWN" * 14 + " A" for i in range(4)]
_FOUR = _BOARD + " DOWN RIGHT RIGHT DOWN DOWN A" + "".join(_WIDE) + " DOWN DOWN A"
_THREE = _BOARD + " DOWN RIGHT DOWN DOWN A" + "".join(_WIDE[:3]) + " DOWN DOWN A"
_HAND = " RIGHT RIGHT DOWN RIGHT DOWN RIGHT RIGHT DOWN UP RIGHT UP LEFT LEFT RIGHT DOWN"  # 5H 6D 6C 4S, JH
_PEOPLE = "A" + " DOWN" * 9 + " A UP LEFT LEFT DOWN A A"  # seat 2 a person, start, past the cut
SCENES = {
    "title": (7, "", "Title"),
    "menu": (7, "A", "Menu"),
    "table": (7, "A A RIGHT RIGHT RIGHT", "Table"),
    "table_marked": (7, "A A A RIGHT A", "Table"),
    "count": (7, "A A A RIGHT A A", "Count"),
    "count_calls": (7, "A A A RIGHT A A A A A", "Count"),
    "summary": (7, "A A A RIGHT A A B", "Summary"),
    "patience2": (7, "A DOWN DOWN A RIGHT RIGHT A RIGHT A A RIGHT", "Table"),
    "players": (7, "A DOWN DOWN DOWN A", "Players"),
    "pass": (7, "A DOWN DOWN DOWN A DOWN DOWN A A A RIGHT A A B A", "Pass"),
    "over": (7, "A A" + _GAME + " wait:1.2", "Over"),
    "initials": (7, "A A" + _GAME + " wait:1.2 A UP A UP UP", "Initials"),
    "scores": (7, "A A" + _GAME + " wait:1.2 A UP A UP UP A A", "Scores"),
    "stats": (7, "A A" + _GAME + " wait:1.2 A wait:1.2 A A A A UP UP UP A", "Stats"),
    "settings": (7, "A UP UP A DOWN DOWN", "Settings"),
    "about": (7, "A UP A", "About"),
    "pause": (7, "A A B_LONG", "Pause"),
    "hint": (7, "A A A RIGHT A UP", "Table"),
    "standings": (7, "A DOWN DOWN DOWN A DOWN DOWN A" + " A A RIGHT A A B A" * 12 + " wait:1.2",
                  "Standings"),
    # Issue 5: the computer opponent, count it yourself, shared deals, the demo.
    "opponent": (7, "A DOWN DOWN DOWN DOWN A DOWN", "Opponent"),
    "cpu_marks": (7, "A DOWN DOWN DOWN DOWN A A A RIGHT A A B A wait:1.8", "CpuTurn"),
    "cpu_count": (7, "A DOWN DOWN DOWN DOWN A A A RIGHT A A B A wait:3.5", "CpuTurn"),
    "cpu_total": (7, "A DOWN DOWN DOWN DOWN A A A RIGHT A A B A A", "CpuTurn"),
    "count_self": (7, "A UP UP A" + " DOWN" * 6 + " RIGHT B B A A A RIGHT A A UP UP UP UP",
                   "Count"),
    "count_self_verdict": (7, "A UP UP A" + " DOWN" * 6 + " RIGHT B B A A A RIGHT A A"
                           + " UP UP UP UP A A A A A", "Count"),
    "code_entry": (7, "A" + " DOWN" * 5 + " A UP UP RIGHT DOWN A UP", "CodeEntry"),
    "day": (7, "A" + " DOWN" * 6 + " A DOWN", "DayDeals"),
    "day_unset": (7, "A" + " DOWN" * 6 + " A", "DayDeals"),
    "demo": (7, "A" + " DOWN" * 8 + " A wait:2", "Demo"),
    # Issue 14: a new game while one is saved asks first.
    "confirm": (7, "A A A RIGHT A A B A B_LONG DOWN A DOWN DOWN A", "Confirm"),
    # ... and a saved game is offered from the title, not jumped into.
    "offer": (7, "A A A RIGHT A A B A B_LONG DOWN A B A", "Confirm"),
    # Issue 9: cribbage against the computer (normal, to 121), seed 7.
    "crib_setup": (7, "A" + " DOWN" * 9 + " A", "CribSetup"),
    "crib_lay": (7, _CRIB + " A RIGHT A", "CribLay"),
    "crib_play": (7, _CRIB + _LAY + " A" * 8, "CribPlay"),
    # Issue 30: the play's first card, four in hand (docs/cribbage.md reads it).
    "crib_play_four": (7, _CRIB + _LAY + " A", "CribPlay"),
    "crib_board": (7, _CRIB + _LAY + " A" * 8 + " DOWN", "CribBoard"),
    "crib_show": (7, _CRIB + _LAY + " A" * 12, "CribShow"),
    "crib_deal": (7, _CRIB + _LAY + " A" * 20, "CribDeal"),
    # ... and the board late in that game (the A presses of each deal's play, show and
    # summary, then the next lay-away): the computer past the skunk line, you short of it.
    "crib_board_late": (7, _CRIB + _LAY + "".join(" A" * n + _LAY for n in (22, 19, 19, 28, 18, 17, 20))
                        + " DOWN", "CribBoard"),
    # Issue 25: two people at one device (seat 2 a person): the hand-over after the first card of the play.
    "crib_pass": (7, _PEOPLE + " wait:1.2 A" + _LAY + " wait:1.2 A" + _LAY + " wait:1.2 A A wait:1.2",
                  "CribPass"),
    "crib_people": (7, "A" + " DOWN" * 9 + " A UP LEFT LEFT", "CribSetup"),
    # Issue 11: the grid solitaires, seed 7 (the same pack as tests/sim/snapshots/grid/).
    "grid_menu": (7, _GRID + " UP RIGHT", "GridMenu"),
    "grid_table": (7, _GRID + " A" + " A" * 13 + " RIGHT DOWN", "GridTable"),
    "grid_hint": (7, _GRID + " DOWN A" + " A" * 9 + " LEFT B", "GridTable"),
    # Several players: the hand-over before every card, A there after a pause (issue 25).
    "grid_turn": (7, _GRID + " UP RIGHT DOWN A" + _HANDED + (" A" + _HANDED) * 9 + " RIGHT", "GridTable"),
    "grid_pass": (7, _GRID + " UP RIGHT DOWN A" + _HANDED + (" A" + _HANDED) * 4 + " A wait:1.2", "GridPass"),
    "grid_rank": (7, _GRID + " UP RIGHT RIGHT DOWN A" + _HANDED + " A" + _HANDED + " RIGHT A" + _HANDED + " DOWN A"
                  + (_HANDED + " A") * 72 + " wait:1.2", "GridRank"),  # three players, from other first squares
    "grid_over": (7, _GRID + " A" + " A" * 25 + " wait:1.2", "GridOver"),
    "grid_scores": (7, _GRID + " A" + " A" * 25 + " wait:1.2 A wait:1.2 A A A", "Scores"),
    "grid_day": (7, "A" + " DOWN" * 6 + " A" + " DOWN" * 4, "DayDeals"),
    # Issue 25: the board for a real deck (two players to 121: P1 deals, P2 pegs first).
    "board_setup": (7, _BOARD, "BoardSetup"),
    "board": (7, _BOARD + " A" + _PEGS, "BoardPegs"),
    "board_points": (7, _BOARD + " A" + _PEGS + " A RIGHT RIGHT", "BoardPegs"),
    "board_hand": (7, _BOARD + " A" + _PEGS + " RIGHT" + _HAND[:34] + " RIGHT", "BoardHand"),
    "board_twice": (7, _BOARD + " A" + _PEGS + " RIGHT" + _HAND[:45] + " RIGHT", "BoardHand"),
    "board_count": (7, _BOARD + " A" + _PEGS + " RIGHT" + _HAND + " A A A", "BoardCount"),
    "board_claim": (7, _BOARD + " A" + _PEGS + " RIGHT" + _HAND + " A UP DOWN DOWN DOWN A", "BoardCount"),
    "board_partners": (7, _FOUR + _PEGS, "BoardPegs"),
    "board_three": (7, _THREE + _PEGS + " A UP UP UP UP UP UP UP UP UP UP", "BoardPegs"),
    "board_pause": (7, _THREE + _PEGS + " B_LONG", "Pause"),
    "board_over": (7, _BOARD + " A" + " A DOWN DOWN A DOWN A DOWN DOWN A" * 4 + " A RIGHT RIGHT RIGHT A",
                   "BoardOver"),
}
# The board clock's date per scene (None: not set).
DATES = {"day": "2026-11-29", "grid_day": "2026-11-29"}


def render(name, data_dir):
    """The Sim standing on the scene's screen."""
    from pocketcrib.twins.sim import Sim

    from rules.rng import unmix

    seed, keys, _ = SCENES[name]
    sim = Sim(data_dir, seed=unmix(seed), date=DATES.get(name))
    sim.run_script(keys)
    return sim


def doc_pictures():
    """The scene names whose pictures README.md and docs/*.md show (docs/screens/NAME.png)."""
    names = set()
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        names.update(re.findall(r"screens/(\w+)\.png", page.read_text(encoding="utf-8")))
    return sorted(names)


def main(argv):
    out = Path(argv[0]) if argv else ROOT / "docs" / "screens"
    for p in (ROOT / "firmware", ROOT / "host" / "pocketcrib" / "twins" / "mpshim", ROOT / "host"):
        sys.path.insert(0, str(p))
    out.mkdir(parents=True, exist_ok=True)
    for name in doc_pictures():
        with tempfile.TemporaryDirectory() as tmp:
            sim = render(name, tmp)
            sim.shot(out / (name + ".png"), scale=4)
        print("wrote", out / (name + ".png"))


if __name__ == "__main__":
    main(sys.argv[1:])
