"""The UI in the MicroPython VM, from .mpy files as the device gets them: a
whole game played by key presses ends on the very frame the CPython simulator
draws for the same seed and keys."""
import shutil
from pathlib import Path

import pytest

from helpers.drive import GO_ON, game_keys, to_menu_row

from mpvm import FIRMWARE, run_micropython
from pocketcrib.twins.sim import Sim

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent / "bench"


def test_full_game_same_frame_on_micropython(tmp_path):
    seed = 2026
    # Patience II: two discards a deal, then to the high-score table via initials.
    keys = to_menu_row(2) + game_keys("patience2") + GO_ON + ["UP", "A", "A", "A"]
    sim = Sim(tmp_path / "cpython", seed=seed)
    sim.run_script(keys)
    assert type(sim.app.screen).__name__ == "Scores"
    # The board twin and the script go along (compiled too: only portable code there).
    side = tmp_path / "vmside"
    side.mkdir()
    shutil.copy(BENCH / "uiboard.py", side)
    shutil.copy(HERE / "vm_play.py", side)
    rc, out = run_micropython(side / "vm_play.py", paths=(FIRMWARE, side), use_mpy=True,
                              args=["/tmp/pcdata", seed] + keys)
    assert rc == 0, out
    lines = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    assert lines["FROM"].endswith("ui/app.mpy")
    assert lines["SCREEN"] == "Scores"
    assert lines["FRAME"] == sim.frame().hex()
    history = [r for r in sim.saves.history()]
    assert lines["GAME"] == "patience2 %d %d %s" % (seed, history[0]["score"], history[0]["won"])
    # ... and the simulator's glass shows that frame (the driver sent it all).
    glass = sim.panel.frame()
    assert glass == sim.frame()
