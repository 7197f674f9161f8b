"""What stays loaded at the cribbage table (issue 9: heap at the table under 100 KB):
the menus, the solitaires, the discards' advisor, the saves' rules and the show's
helpers are let go once the play is on, and the computer's look-ahead and its
reading of the opponent's play between cards. The heap itself is measured in the VM by
make bench (tests/bench/bench_crib_ui.py); this checks the modules, quickly."""
import ast
import sys
from pathlib import Path

from scenes import _CRIB

from pocketcrib.sim import Sim
from ui import app as ui_app

UI = Path(__file__).resolve().parents[2] / "firmware" / "ui"
LET_GO = ("crib.games", "crib.match", "crib.laying", "crib.advisor", "crib.cribtable", "crib.pegtable", "crib.race",
          "crib.racetable", "crib.lookahead", "crib.told", "shapes", "ui.menus",
          "ui.saved", "ui.words", "ui.counting", "ui.cribshow", "ui.deliberate")


def _top_imports(path):
    """The ui modules a file imports at its top level."""
    out = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module == "ui":
            out.update("ui." + a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ui."):
            out.add(node.module)
    return out


def test_the_helpers_name_every_module_that_holds_them():
    screens = set(ui_app.SCREENS.values())
    for path in sorted(UI.glob("*.py")):
        name = "ui." + path.stem
        for helper in _top_imports(path) & set(ui_app.HELPERS):
            # A helper held by a module the app never lets go would be loaded twice.
            assert name in screens, "%s imports %s at the top" % (name, helper)
            assert name in ui_app.HELPERS[helper], "%s imports %s" % (name, helper)
    for helper, users in ui_app.HELPERS.items():
        for user in users:
            assert helper in _top_imports(UI / (user[3:] + ".py")), (helper, user)


def test_the_play_holds_only_what_it_needs(tmp_path, monkeypatch):
    for name in LET_GO:
        monkeypatch.delitem(sys.modules, name, raising=False)  # put back after the test
    sim = Sim(tmp_path, seed=7)
    sim.saves.set("hints", True)  # the coach's review loads at the table too
    sim.run_script(_CRIB + " A A A" + " A" * 3)
    assert type(sim.app.screen).__name__ == "CribPlay" and sim.app.play.g.phase == "play"
    assert [name for name in LET_GO if name in sys.modules] == []
    assert "crib.coach" in sys.modules
