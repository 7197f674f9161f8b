"""Issue 8, done-means 1: save files whose every line passes its checksum but may
hold anything (wrong types, missing keys, huge values, deep nesting, non-UTF-8
bytes, stray END lines, foreign headers), for every kind and the game in
progress, through the boot (a real Saves and App on the simulator's board) and
the resume. No exception escapes, the board reaches the title, and every record
that was valid is still there.

The valid records of each file are generated first, in an order the rules allow;
the lines put among them are made so that they can never be valid (a required
field of another type or missing, a key no record has, not an object, not UTF-8,
too deep, a wrong checksum), so the oracle is exact: the valid records and
nothing else. HYPOTHESIS_PROFILE=bench (tests/bench/hostbench_saves.py) runs
many more cases than make test.
"""

import json
import os
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage import records
from storage import fields
from helpers.drive import DEAL, people_keys, people_on, to_menu_row
from pocketcrib.twins.sim import Sim
from storage.saves import DEFAULTS

pytestmark = pytest.mark.slow

settings.register_profile("default", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("bench", max_examples=10000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("quick", max_examples=100, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

DEVICE_ID = "51a1a7e0"  # what the simulator's Saves is given
KINDS = ("settings", "device", "game", "scores", "history")

# -- what a valid record of each kind looks like ---------------------------------------------

# The valid records themselves are dull: made from one drawn seed (cheap), while
# hypothesis spends its draws on the damage around them.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ23456789"


def _game(rng, n):
    r = {"n": n, "variant": rng.choice(fields.VARIANTS), "seed": rng.getrandbits(32),
         "score": rng.randrange(401), "won": rng.random() < 0.5, "target": rng.choice((91, 80)),
         "rounds": [rng.randrange(61) for _ in range(rng.randrange(1, 8))],
         "date": rng.choice((None, "2026-12-01")), "players": rng.randrange(1, 5),
         "code": rng.choice((None, "".join(rng.choice(CODE_LETTERS) for _ in range(9))))}
    return _raced(rng, r) if rng.random() < 0.2 else r


def _raced(rng, r):
    """The record of a game raced on the cable (issue 28): the other device's name, id, score."""
    r["players"] = 2
    r["people"] = ["ANN", rng.choice(("BOB", "B", "AN2"))]
    r["link"] = rng.choice(("e6614c311b7e5c2f", "d0000001"))
    r["scores"] = [r["score"], rng.randrange(401)]
    return r


def _grid_records():
    """Finished grid games' records as the device makes them (random squares, one to four
    players, each grid game): made once, drawn from by _grid_game."""
    import random

    from rules import grids
    from rules.grid_games import GAMES
    from ui.grid.game import GridPlay, record

    rng = random.Random(11)
    out = []
    for i in range(2 * len(GAMES)):
        variant, table, foster = GAMES[i % len(GAMES)]
        play = GridPlay(None, [grids.new(variant, rng.getrandbits(32), table, foster)])
        g = play.games[0]
        while not g.over:
            g.place(rng.choice(g.squares()))
        play.matched[0] = rng.randrange(g.cards + 1)
        players = rng.randrange(1, 5)
        r = record(play, 0, rng.randrange(1, players + 1), rng.choice((None, "2026-12-01")))
        r["players"] = players
        r["gen"] = 2
        out.append(r)
        if players == 2:  # as raced on the cable (issue 28)
            out.append(_raced(rng, dict(r)))
    return out


GRID_RECORDS = _grid_records()


def _grid_game(rng, n):
    return dict(rng.choice(GRID_RECORDS), n=n)


def _crib_records():
    """Finished games of cribbage as the device records them: against the computer at one
    level, at a level per seat, between people (issue 25), with another device on the cable
    (issue 28)."""
    from helpers.cribgames import record

    return [record(41, 1), dict(record(42, 1, players=3, target=61), levels=[None, 0, 2]),
            dict(record(43, 1, players=4, target=61, level=2), people=["ANN", None, "BEE", None],
                 levels=[None, 2, None, 1]),
            dict(record(44, 1), people=["ANN", "BOB"], link="e6614c311b7e5c2f")]


CRIB_RECORDS = _crib_records()


def _crib_game(rng, n):
    return dict(rng.choice(CRIB_RECORDS), n=n)


def _entry(rng, variant, points, board=None):
    r = {"variant": variant, "initials": "".join(rng.choice("ABCXYZ019 ") for _ in range(3)),
         "score": points, "seed": rng.getrandbits(32), "date": rng.choice((None, "2026-12-01")),
         "code": rng.choice((None, "KQJ2345AB"))}
    if board is not None:
        r["table"] = board[1]
        r["foster"] = board[2]
    return r


def _boards():
    """Every high-score table: the solitaires', then each grid game's."""
    from rules.grid_games import GAMES, board

    return [(v, None, False) for v in fields.VARIANTS] + [board(i) for i in range(len(GAMES))]


def _history(rng):
    """Finished games with rising numbers (gaps allowed: older ones were dropped)."""
    n = 0
    out = []
    for _ in range(rng.randrange(9)):
        n += rng.randrange(1, 51)
        pick = rng.random()
        out.append(_grid_game(rng, n) if pick < 0.3 else _crib_game(rng, n) if pick < 0.45 else _game(rng, n))
    return out


def _scores(rng):
    """A high-score table: up to ten a variant, best first."""
    out = []
    for b in _boards():
        if b[0] in fields.GRIDS and rng.random() < 0.6:
            continue  # fewer grid tables: they are like the others
        for p in sorted((rng.randrange(1, 401) for _ in range(rng.randrange(fields.TOP + 1))), reverse=True):
            out.append(_entry(rng, b[0], p, b if b[0] in fields.GRIDS else None))
    return out


def _device(rng):
    return [{"id": "%x" % rng.getrandbits(40), "n": rng.randrange(5001)}] if rng.random() < 0.7 else []


_SETTINGS = {"contrast": lambda r: r.randrange(256), "dim": lambda r: r.randrange(3601),
             "sleep": lambda r: r.randrange(3601), "initials": lambda r: "".join(r.choice("ABC") for _ in range(3))}


def _settings(rng):
    if rng.random() < 0.3:
        return []
    return [{k: _SETTINGS[k](rng) if k in _SETTINGS else rng.random() < 0.5
             for k in ("contrast", "dim", "sleep", "hints", "flip", "count_self", "muggins", "sound",
                       "fast_i2c", "initials") if rng.random() < 0.5}]


def _grid_states():
    """Grid games in progress as the game saves them: fresh, a card in (two players,
    the second to place), mid-game with Foster's rule, over (Cribbage Squares)."""
    from helpers.drive import GRID_ROW

    out = []
    for setup, cards in (([], 0), (["UP", "RIGHT", "DOWN"], 1), (["DOWN", "DOWN"], 9),
                         (["DOWN", "DOWN", "DOWN", "DOWN"], 16)):
        folder = tempfile.mkdtemp(prefix="pcrib-state-")
        try:
            sim = Sim(folder, seed=78)
            sim.run_script(to_menu_row(GRID_ROW) + setup + ["A"] + ["A"] * cards)
            out.append(records.read(folder + "/game.pcr", "game")[0][0])
        finally:
            shutil.rmtree(folder)
    return out


def _board_states():
    """Games on the board for a real deck as the game saves them: fresh, pegs and a hand
    counted (four players), over."""
    from helpers.boardgames import Table

    out = []
    for players, deals in ((2, 0), (4, 1), (3, 99)):
        folder = tempfile.mkdtemp(prefix="pcrib-state-")
        try:
            t = Table(Sim(folder, seed=79), players=players, target=61)
            for _ in range(deals):
                if not t.over:
                    t.deal()
            out.append(records.read(folder + "/game.pcr", "game")[0][0])
        finally:
            shutil.rmtree(folder)
    return out


def _crib_states():
    """Games of cribbage in progress as the game saves them: against the computer at a level per
    seat, and between people waiting on a muggins call (issue 25)."""
    out = []
    for seats, settings_, until in (("P02", {}, 30), ("PP", {"count_self": True, "muggins": True}, None)):
        folder = tempfile.mkdtemp(prefix="pcrib-state-")
        try:
            sim = Sim(folder, seed=4)
            for k, v in settings_.items():
                sim.saves.set(k, v)
            sim.run_script(people_keys(seats, target=61))
            for i in range(400):
                g = sim.app.play.g
                if i == until or g.missed:
                    break
                s = sim.app.screen
                if type(s).__name__ == "CribShow" and s.asking:
                    s.claim = 0  # (A says it: short, for a muggins call)
                people_on(sim)
            assert i == until or sim.app.play.g.missed
            out.append(records.read(folder + "/game.pcr", "game")[0][0])
        finally:
            shutil.rmtree(folder)
    return out


def _states():
    """Games in progress as the game saves them: fresh, two deals in, over; grid games, the
    board's and cribbage's."""
    out = _grid_states() + _board_states() + _crib_states()
    for keys in (to_menu_row(0), to_menu_row(0) + DEAL * 2, to_menu_row(1) + DEAL * 5,
                 to_menu_row(0) + DEAL * 6):
        folder = tempfile.mkdtemp(prefix="pcrib-state-")
        try:
            sim = Sim(folder, seed=77)
            sim.run_script(keys)
            out.append(records.read(folder + "/game.pcr", "game")[0][0])
        finally:
            shutil.rmtree(folder)
    return out


STATES = _states()
MAKERS = {"history": _history, "scores": _scores, "device": _device, "settings": _settings,
          "game": lambda rng: [rng.choice(STATES)] if rng.random() < 0.7 else []}


def valid_records(kind):
    return st.randoms(use_true_random=False).map(MAKERS[kind])

# -- lines that can never be a valid record --------------------------------------------------

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=30)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=6)
not_objects = json_values.filter(lambda v: not isinstance(v, dict))
REQUIRED = {"history": ("n", "variant", "seed", "score", "won", "target", "rounds"),
            "scores": ("variant", "initials", "score", "seed"), "device": ("id", "n")}
# A grid game's record (a missing table is right for Cribbage Squares: not required).
GRID_REQUIRED = ("n", "variant", "seed", "score", "won", "target", "foster", "lines", "moves",
                 "matched", "players", "place")
# A game of cribbage's (issue 25 put them in the history drawn here).
CRIB_REQUIRED = ("n", "variant", "seed", "score", "won", "target", "players", "level", "scores", "skunk",
                 "deals")


# Values of every JSON type, small and huge: one of another type breaks any field.
_POOL = (None, True, False, 0, -1, 10**30, 1.5, "", "x" * 300, [], [1, [2]], {}, {"a": [None]})


def _other_type(value):
    return st.sampled_from([v for v in _POOL if type(v) is not type(value)])


@st.composite
def bad_text(draw, kind, valid):
    """The bytes of a JSON text that no rule can take for a record of `kind`."""
    ways = ["not_object", "deep", "not_utf8"]
    if kind in REQUIRED:
        ways += ["wrong_type", "missing", "stranger", "any_dict"]
    way = draw(st.sampled_from(ways))
    if way == "not_object":
        return json.dumps(draw(not_objects)).encode()
    if way == "deep":
        depth = draw(st.integers(20, 1500))
        nest = b"[" * depth + b"]" * depth
        # An object in a file of one record would be that record: there, a deep list.
        return nest if kind in ("settings", "game") else b'{"n": 1, "x": ' + nest + b"}"
    if way == "not_utf8":
        return b'{"variant": "' + draw(st.binary(min_size=1, max_size=6)) + b'\xff\xfe"}'
    rng = draw(st.randoms(use_true_random=False))
    one = {"history": lambda: _game(rng, 1), "scores": lambda: _entry(rng, "solitaire", 50),
           "device": lambda: {"id": "d1", "n": 1}}[kind]
    base = dict(draw(st.sampled_from(valid))) if valid else one()
    grid = kind == "history" and base.get("variant") in fields.GRIDS
    crib = kind == "history" and base.get("variant") == "cribbage"
    key = draw(st.sampled_from(GRID_REQUIRED if grid else CRIB_REQUIRED if crib else REQUIRED[kind]))
    if way == "wrong_type":
        base[key] = draw(_other_type(base[key]))
    elif way == "missing":
        del base[key]
    elif way == "stranger":
        base["x" + draw(st.text("abc", max_size=3))] = draw(json_values)
    else:
        base = draw(st.dictionaries(st.text(max_size=8), json_values, max_size=5))
    return json.dumps(base).encode()


def signed(text):
    return b"%08x " % records.crc(text) + text + b"\n"


@st.composite
def damaged_line(draw):
    raw = draw(st.binary(max_size=40)).replace(b"\n", b" ")
    if raw.startswith(b"END") or records._check(raw + b"\n") is not None:
        raw = b"x" + raw
    return raw + b"\n"


@st.composite
def save_file(draw, kind):
    """(file bytes, the valid records it holds, whether its header is ours)."""
    valid = draw(valid_records(kind))
    lines = [records.line(r).encode() for r in valid]
    if kind in ("history", "scores") or draw(st.booleans()):
        for _ in range(draw(st.integers(0, 6))):
            extra = draw(st.one_of(bad_text(kind, valid).map(signed), damaged_line(),
                                   st.just(b"END %d\n" % draw(st.integers(0, 9)))))
            lines.insert(draw(st.integers(0, len(lines))), extra)
    end = draw(st.sampled_from(("right", "wrong", "none", "torn")))
    body = b"".join(lines)
    if end == "right":
        body += b"END %d\n" % len(lines)
    elif end == "wrong":
        body += b"END %d\n" % (len(lines) + draw(st.integers(1, 5)))
    elif end == "torn":
        body += signed(draw(bad_text(kind, valid)))[:draw(st.integers(1, 30))].rstrip(b"\n")
    head = draw(st.sampled_from((b"PCRIB %s 1\n" % kind.encode(),) * 8 + (
        b"PCRIB %s 2\n" % kind.encode(), b"PCRIB history 1\n" if kind != "history" else b"PCRIB scores 1\n",
        b"\x00\xffGIF89a\n", b"")))
    ours = head == b"PCRIB %s 1\n" % kind.encode()
    return head + body, valid if ours else [], ours


@st.composite
def flash(draw):
    """The files of /data: each kind present or not, as save_file makes them; and
    the names where a folder stands instead (a file manager's, another tool's):
    a kind's file, its .new, or checked.pcr."""
    out = {}
    names = [k + ".pcr" for k in KINDS + ("checked",)] + [k + ".pcr.new" for k in KINDS]
    folders = draw(st.lists(st.sampled_from(names), unique=True, max_size=3)) if draw(st.integers(0, 3)) == 0 else []
    for kind in KINDS:
        if kind + ".pcr" not in folders and draw(st.integers(0, 5)):
            out[kind] = draw(save_file(kind))
    return out, folders


# -- the property ----------------------------------------------------------------------------


@pytest.fixture(autouse=True, scope="module")
def _no_collections():
    """The App collects garbage at every screen, for the device's small heap; here, with
    hypothesis' heap, each collection takes about 150 ms and changes nothing checked."""
    import ui.app

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ui.app.gc, "collect", lambda: None)
        yield


def _resume(sim):
    """A on the title: the saved game is offered, and A resumes it."""
    sim.press("A")
    if type(sim.app.screen).__name__ == "Confirm":
        sim.press("A")


def _to_title(sim):
    for _ in range(20):
        name = type(sim.app.screen).__name__
        if name == "Title":
            return
        assert name == "Notice", name
        sim.press("A")
    raise AssertionError("never reached the title")


@given(flash())
def test_any_saves_boot_to_the_title_and_keep_every_valid_record(laid):
    files, folders = laid
    root = tempfile.mkdtemp(prefix="pcrib-prop-")
    try:
        for kind, (data, _, _) in files.items():
            with open(os.path.join(root, kind + ".pcr"), "wb") as f:
                f.write(data)
        for name in folders:
            os.makedirs(os.path.join(root, name, "inside"))
        sim = Sim(root, seed=3)  # the boot: Saves, then the App with its first frame
        saves = sim.saves
        valid = {kind: files.get(kind, (b"", [], True))[1] for kind in KINDS}

        assert list(saves.history()) == valid["history"]
        for b in _boards():
            assert saves.high_scores(*b) == [r for r in valid["scores"] if fields.board(r) == b]
        last = valid["history"][-1]["n"] if valid["history"] else 0
        counter = valid["device"][0] if valid["device"] else {"id": DEVICE_ID, "n": 0}
        assert saves.device == {"id": counter["id"], "n": max(counter["n"], last)}
        stored = valid["settings"][0] if valid["settings"] else {}
        for key, default in DEFAULTS.items():
            assert saves.get(key) == stored.get(key, default), key
        for kind, (_, _, ours) in files.items():
            if not ours:
                assert os.path.exists(os.path.join(root, kind + ".pcr.bad")), kind
        for name in folders:  # set aside whole at the boot; checked.pcr's only when next written
            assert os.path.isdir(os.path.join(root, name + ".bad", "inside")) or name.startswith("checked"), name

        _to_title(sim)
        title = sim.app.screen
        assert title.saved == bool(valid["game"])
        if title.saved:
            _resume(sim)
            assert sim.app.play is not None
            assert sim.app.play.state() == valid["game"][0]

        # Every file written once more, whatever stood there: none raises, all read back.
        contrast = (saves.get("contrast") + 1) % 256
        saves.set("contrast", contrast)
        state = {"v": 1, "game": "grid", "grids": ["00"], "turn": 0}
        saves.save_current(state)
        n = saves.add_game({"variant": "patience", "seed": 7, "score": 33, "won": False, "target": 80,
                            "rounds": [11, 11, 11], "date": None, "players": 1, "code": None})
        place = saves.add_high_score("patience", "ZZZ", 400, 7)  # 0 only behind ten others of 400
        for name in folders:
            assert os.path.isdir(os.path.join(root, name + ".bad", "inside")), name
        again = Sim(root, seed=3).saves
        assert again.get("contrast") == contrast
        assert again.load_current() == state
        assert list(again.history())[-1]["n"] == n
        table = again.high_scores("patience")
        assert place and table[place - 1]["initials"] == "ZZZ" or not place and len(table) == 10
    finally:
        shutil.rmtree(root)


@st.composite
def game_state(draw):
    """A saved game in progress with one field replaced by any JSON, or one more key."""
    state = dict(draw(st.sampled_from(STATES)))
    key = draw(st.sampled_from(sorted(state) + ["x"]))
    state[key] = draw(st.one_of(json_values, st.integers(-(10**12), 10**12), st.sampled_from((-1, 0, 1, 2, 99))))
    return state


@settings(max_examples=settings().max_examples // 2)
@given(game_state())
def test_any_saved_game_is_resumed_or_set_aside_never_a_crash(state):
    root = tempfile.mkdtemp(prefix="pcrib-game-")
    try:
        records.write(root + "/game.pcr", "game", [state])
        sim = Sim(root, seed=3)
        _to_title(sim)
        _resume(sim)
        play = sim.app.play
        if play is None:
            assert type(sim.app.screen).__name__ == "Notice"
            assert not os.path.exists(root + "/game.pcr")
            assert records.read(root + "/game.pcr.bad", "game")[0] == [state]
        elif state.get("game") == "cribbage":
            assert sim.app.frames > 0  # resumed (the resume keeps fields it reads loosely as it reads them)
        elif state.get("game") in ("grid", "board"):
            assert play.state() == state  # resumed: every field one the game could hold, as it was
            assert sim.app.frames > 0
        else:
            assert fields.play_state(state) is None  # resumed: a state the game could hold
            assert sim.app.frames > 0
    finally:
        shutil.rmtree(root)
