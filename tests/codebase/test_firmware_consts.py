"""A private `_NAME = const(...)` must come before its first use in the file.

mpy-cross folds such a constant into the code that follows it and stores no
global for it, so a use above the definition (say, in a class defined first)
compiles to a global lookup that fails on the device with NameError, while
CPython, where const() is a plain function, runs it fine. This happened: A on
the title with a saved game stopped the board.

And the device ships one configuration: no research switch (a module-level flag or
number that a test, bench or tool sets to try the firmware otherwise) and no result
handed back through a module global. A module rebinds only its own private scratch
(`global _name`); a flag always on is no flag; the computer's numbers are const().
Experiments vary a copy of firmware/ (tools/experiment.py)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def early_uses(source):
    tree = ast.parse(source)
    defined = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "const"
                and node.targets[0].id.startswith("_")):
            defined.setdefault(node.targets[0].id, node.lineno)
    return [(n.lineno, n.id) for n in ast.walk(tree)
            if isinstance(n, ast.Name) and n.id in defined and n.lineno < defined[n.id]]


def test_the_checker_finds_a_use_before_the_definition():
    src = "class T:\n    def key(self, k):\n        return k == _A\n\n_A = const(16)\n"
    assert early_uses(src) == [(3, "_A")]
    assert early_uses("_A = const(16)\n\ndef f(k):\n    return k == _A\n") == []


def test_no_firmware_file_uses_a_private_const_before_defining_it():
    found = []
    for f in sorted((ROOT / "firmware").rglob("*.py")) + sorted((ROOT / "hardware").rglob("*.py")):
        found += ["%s:%d: %s" % (f.relative_to(ROOT), line, name) for line, name in early_uses(f.read_text())]
    assert found == []


# The modules of the computer players and advisors, whose numbers experiments vary.
PLAYERS = ("advisor", "autoplay", "coach", "cpu", "laying", "lookahead", "opening", "placement", "race", "reading")


def knobs(source, players=False):
    """(line, name) of what would make a configuration of the firmware: a public global
    rebound by a function (a result or a switch set from inside), a public flag (True or
    False) at module level, and in a computer player's module a public number not const()."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found += [(node.lineno, n) for n in node.names if not n.startswith("_")]
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        value = node.value
        if name.startswith("_") or not isinstance(value, ast.Constant):
            continue
        if isinstance(value.value, bool) or (players and isinstance(value.value, int)):
            found.append((node.lineno, name))
    return found


def test_the_checker_finds_switches_and_result_globals():
    src = ("FAST = True\nLIMIT = 40\n_SEEN = 0\ncalls = 0\n\ndef f():\n    global calls, _SEEN\n"
           "    calls += 1\n    _SEEN += 1\n")
    assert knobs(src) == [(7, "calls"), (1, "FAST")]
    assert knobs(src, players=True) == [(7, "calls"), (1, "FAST"), (2, "LIMIT"), (4, "calls")]
    assert knobs("from micropython import const\nLIMIT = const(40)\n_N = 0\n", players=True) == []


def test_the_firmware_ships_one_configuration():
    found = []
    for f in sorted((ROOT / "firmware").rglob("*.py")):
        players = f.parent.name == "players" and f.stem in PLAYERS
        found += ["%s:%d: %s" % (f.relative_to(ROOT), line, name) for line, name in knobs(f.read_text(), players)]
    assert found == []
