"""A private `_NAME = const(...)` must come before its first use in the file.

mpy-cross folds such a constant into the code that follows it and stores no
global for it, so a use above the definition (say, in a class defined first)
compiles to a global lookup that fails on the device with NameError, while
CPython, where const() is a plain function, runs it fine. This happened: A on
the title with a saved game stopped the board."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
