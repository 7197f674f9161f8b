"""The screen table (ui.app.SCREENS): every screen is listed and found, every
screen named in the UI is in the table, and screens never import one another."""
import ast
import importlib
from pathlib import Path

from ui.app import SCREENS

UI = Path(__file__).resolve().parents[2] / "firmware" / "ui"


def _tree(module):
    path = UI.parent / (module.replace(".", "/") + ".py")
    if not path.exists():  # a package's screens (ui.race): its __init__
        path = UI.parent / module.replace(".", "/") / "__init__.py"
    return ast.parse(path.read_text())


def test_every_screen_in_the_table_is_a_class_of_its_module():
    for name, module in SCREENS.items():
        cls = getattr(importlib.import_module(module), name)
        assert isinstance(cls, type), name


def test_every_screen_class_is_in_the_table():
    """(A private class, such as a base class, is not a screen.)"""
    for module in set(SCREENS.values()):
        for node in _tree(module).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_") and {"key", "draw"} <= {
                    f.name for f in node.body if isinstance(f, ast.FunctionDef)}:
                assert SCREENS.get(node.name) == module, node.name


def test_screens_are_named_by_the_table_only():
    """go/visit with a literal name use a name from the table."""
    named = set()
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("go", "visit") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                named.add(node.args[0].value)
    assert named and named <= set(SCREENS), named - set(SCREENS)


def test_screens_never_import_one_another():
    """The import graph is a tree: app -> screens -> game, gfx, words -> core."""
    screen_modules = set(SCREENS.values()) | {"ui.app"}
    for module in screen_modules - {"ui.app"}:
        for node in ast.walk(_tree(module)):
            if isinstance(node, ast.ImportFrom):
                targets = [node.module] + [node.module + "." + a.name for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for t in targets:
                assert t == module or t not in screen_modules, (module, t)
