"""What stays loaded at the cribbage table (issue 9: heap at the table under 100 KB):
the menus, the solitaires, the discards' advisor, the saves' rules and the show's
helpers are let go once the play is on, and the computer's look-ahead and its
reading of the opponent's play between cards. The heap itself is measured in the VM by
make bench (tests/bench/bench_crib_ui.py); this checks the modules, quickly."""
import ast
import sys
from pathlib import Path

import pytest

from helpers.scenes import _CRIB

from pocketcrib.twins.sim import Sim
from ui import app as ui_app

UI = Path(__file__).resolve().parents[2] / "firmware" / "ui"
LET_GO = ("rules.solitaires", "rules.solitaire_games", "rules.grid_games", "rules.match", "players.laying", "players.advisor", "tables.cribtable", "tables.playtable", "tables.playmulti", "players.race",
          "tables.racetable", "players.lookahead", "players.lookround", "players.reading", "storage.fields", "storage.checknote", "ui.menus",
          "ui.saved", "ui.resume", "ui.cribbage.history", "ui.cribbage.stats", "ui.cribbage.setup", "ui.calls", "ui.counting", "ui.cribbage.show", "ui.deliberate",
          "ui.cribbage.people", "ui.cribbage.resume")


FIRMWARE = UI.parent


def _file(module):
    """The source of a firmware module, or None (a module of MicroPython's own)."""
    for path in (FIRMWARE / (module.replace(".", "/") + ".py"),
                 FIRMWARE / module.replace(".", "/") / "__init__.py"):
        if path.exists():
            return path
    return None


def _top_imports(module):
    """The firmware modules `module` imports at its top level."""
    out = set()
    path = _file(module)
    if path is None:
        return out
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                sub = node.module + "." + a.name
                out.add(sub if _file(sub) else node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if _file(m)}


def _loads(module):
    """Every firmware module importing `module` loads, itself through others."""
    seen, todo = set(), [module]
    while todo:
        for m in _top_imports(todo.pop()):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


@pytest.mark.slow
def test_the_helpers_name_every_module_that_holds_them():
    # A helper goes when the last screen module that loads it goes: each must be named,
    # or the app would let go a module that a screen still on view holds (and load it twice).
    screens = set(ui_app.SCREENS.values())
    for helper, users in ui_app.HELPERS.items():
        assert set(users) == {s for s in screens if helper in _loads(s)}, helper
    for path in sorted(UI.rglob("*.py")):
        name = ".".join(path.relative_to(UI.parent).with_suffix("").parts).removesuffix(".__init__")
        for helper in _top_imports(name) & set(ui_app.HELPERS):
            if helper.startswith("ui."):
                # A ui helper held by a module the app never lets go would be loaded twice.
                # (The menus' lists are constants: a game's rules may keep a few of them.)
                assert name in screens or name in ui_app.HELPERS, "%s imports %s at the top" % (name, helper)


def test_the_helpers_test_sees_a_missing_user(monkeypatch):
    monkeypatch.setitem(ui_app.HELPERS, "rules.grid_games", ("ui.deals", "ui.menus"))
    try:
        test_the_helpers_name_every_module_that_holds_them()
    except AssertionError:
        return
    raise AssertionError("a screen module loading rules.grid_games went unnoticed")


def test_the_play_holds_only_what_it_needs(tmp_path, monkeypatch):
    for name in LET_GO + ("players.coach",):  # (other tests in this process may hold the coach)
        monkeypatch.delitem(sys.modules, name, raising=False)  # put back after the test
    sim = Sim(tmp_path, seed=7)
    sim.saves.set("hints", True)  # the coach's review loads at the table too
    sim.run_script(_CRIB + " A RIGHT A A" + " A" * 3)
    assert type(sim.app.screen).__name__ == "CribPlay" and sim.app.play.g.phase == "play"
    assert [name for name in LET_GO if name in sys.modules] == []
    assert "players.review" in sys.modules  # the coach's review of the deal, fed as it goes
    assert "players.coach" not in sys.modules  # the words of a hint: loaded when asked for


def test_the_grid_advisor_goes_with_the_grid_screens(tmp_path, monkeypatch):
    """The placement advisor and its table, the largest data the device loads, are not carried from
    a grid game into the menu and the next game (a cribbage table after a grid game held them)."""
    from helpers.drive import grid_keys

    for name in ("players.placement", "tables.gridtable"):
        monkeypatch.delitem(sys.modules, name, raising=False)  # put back after the test
    sim = Sim(tmp_path, seed=5)
    sim.run_script(grid_keys(0) + ["A"] * 4)
    assert type(sim.app.screen).__name__ == "GridTable" and "players.placement" in sys.modules
    sim.app.play = None  # the game over (or given up): its screens left for the menu
    sim.app.home()
    assert type(sim.app.screen).__name__ == "Menu"
    assert "players.placement" not in sys.modules and "tables.gridtable" not in sys.modules


GAME_MODULES = ("ui.solitaire.game", "rules.match", "rules.solitaires", "players.advisor", "ui.grid.game",
                "rules.grids", "rules.poker", "rules.dealcode")


def test_a_game_played_earlier_is_not_carried_into_the_next(tmp_path, monkeypatch):
    """A solitaire and a grid game played, then left for the menu and a cribbage table: the
    games' own modules (their play, their rules) go with the game (ui.app.GAMES); they stay
    while the game is in progress, behind its pause (the emulated Pico's tours in one session
    carried 27 KB of them to the cribbage table)."""
    from helpers.drive import grid_keys

    for name in GAME_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)  # put back after the test
    sim = Sim(tmp_path, seed=7)
    sim.run_script("A A A RIGHT A UP B B_LONG")  # Solitaire Cribbage, two cards marked, a hint, the pause
    assert type(sim.app.screen).__name__ == "Pause" and sim.app.play is not None
    assert all(name in sys.modules for name in ("ui.solitaire.game", "rules.match", "players.advisor"))
    sim.run_script("DOWN A")  # quit to the menu
    assert type(sim.app.screen).__name__ == "Menu" and sim.app.play is None
    assert [name for name in GAME_MODULES if name in sys.modules] == []
    sim = Sim(tmp_path / "grid", seed=5)  # (the menu's cursor kept aside: a new board, the same modules)
    sim.run_script(grid_keys(0) + ["A"] * 4)
    assert type(sim.app.screen).__name__ == "GridTable" and "ui.grid.game" in sys.modules
    sim.app.play = None  # the game over (or given up): its screens left for the menu
    sim.app.home()
    assert [name for name in GAME_MODULES if name in sys.modules] == []
    sim = Sim(tmp_path / "crib", seed=7)
    sim.run_script(_CRIB + " A RIGHT A A" + " A" * 3)
    assert type(sim.app.screen).__name__ == "CribPlay"
    assert [name for name in GAME_MODULES if name in sys.modules] == []
