"""No import circles among the modules of firmware/ and host/pocketcrib/.

The graph is built from the source (ast): every import, at the top of a module or
inside a function (the firmware imports lazily to keep the heap small, and a
lazy import is still a dependency), and every screen named by string
(app.go("CribSetup") loads ui.cribbage.setup through the app's screen table,
ui.app.SCREENS). A circle means two modules that cannot be understood, loaded or
let go (rules.forget) one without the other.
"""

import ast
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
TREES = {"firmware": ROOT / "firmware", "host": ROOT / "host"}


def modules():
    """{dotted name: path} for every module of the two trees."""
    out = {}
    for base in TREES.values():
        for path in base.rglob("*.py"):
            rel = path.relative_to(base).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            if parts and "node_modules" not in parts and "build" not in parts:
                out[".".join(parts)] = path
    return out


def imports(name, path, known):
    """The known modules `name` imports."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in known:
                    found.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:
                sub = base + "." + a.name if base else a.name
                if sub in known:
                    found.add(sub)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def screen_table():
    """{screen name: module} as firmware/ui/app.py's SCREENS holds it (read, not imported)."""
    tree = ast.parse((TREES["firmware"] / "ui" / "app.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "SCREENS":
            return ast.literal_eval(node.value)
    raise AssertionError("no SCREENS in ui/app.py")


def screens_named(tree, table):
    """The modules of the screens a module names by string."""
    return {table[n.value] for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in table}


def graph():
    known = modules()
    table = screen_table()
    g = {name: imports(name, path, known) for name, path in known.items()}
    for name, path in known.items():
        if path.is_relative_to(TREES["firmware"]):
            g[name] |= screens_named(ast.parse(path.read_text()), table) - {name}
    return g


def circles(g):
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_imports():
    g = graph()
    assert "rules.score" in g["players.cpu"]  # from rules.score import score
    assert "storage.records" in g["storage.saves"]  # from storage import records
    assert "players.laying" in g["players.cpu"]  # inside a function: from players import laying
    assert "pocketcrib.errors" in g["pocketcrib.twins.sim"]
    assert "ui.cribbage.setup" in g["ui.menus"]  # a screen named: app.visit("CribSetup")


def test_a_screen_named_by_string_is_an_edge():
    table = screen_table()
    assert screens_named(ast.parse('self.app.go("Menu")'), table) == {"ui.menus"}
    assert screens_named(ast.parse('x = "Menu item"'), table) == set()


def test_a_planted_circle_is_found():
    g = graph()
    g["rules.cards"] = g["rules.cards"] | {"rules.score"}  # rules.score imports rules.cards
    assert ["rules.cards", "rules.score"] in circles(g)


def test_no_import_circles():
    assert circles(graph()) == []
