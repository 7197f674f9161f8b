"""A hostile device on the cable (issue 37, done-means (a)): whatever the other end sends,
at every screen of the cable's cribbage and of the races, nothing raises out of a screen
of the honest device, and its saved game changes only by moves its rules allow.

The honest device is the simulator, resumed from its flash as two simulators left it at
each screen of a game they played (or choosing the game, for the linking screens). The
other end of its cable is tests/helpers/hostile.py's Peer: a real link that agrees on the
pack as a device would, and then, as hypothesis says, sends messages of every kind with any
bytes, moves near the honest device's, frames of any kind with a good checksum (hellos of
a new session or another device among them), bytes that are no frame; meanwhile the honest
player presses any key and time passes. After every action the saved game is read back:
its moves (both seats', or both racers') are replayed by the rules and only ever grow,
and it is the same game with the same people and the same other device; it goes only once
the game is over (recorded) or when a new game began on the linking screen."""
import shutil
import tempfile
from binascii import unhexlify
from pathlib import Path

import pytest
from helpers.drive import GRID_KEYS, LINK_KEYS, SOLO_KEYS, crib_key, linked_sims, race_step
from helpers.hostile import CRIB, RACE, alone, step, unplugged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from link.frame import ACK, DATA, HELLO, PROTO
from rules import cribbage, grids, solitaires

GAMES = {"crib": (CRIB, LINK_KEYS), "solo": (RACE, SOLO_KEYS), "grid": (RACE, GRID_KEYS)}
ME = b"BOBd0000001"  # the other device's name and id, as the checkpoints' games hold them


def screen(sim):
    name = type(sim.app.screen).__name__
    return "RaceEnd" if name == "Race" and sim.app.screen.end else name


# The checkpoints: two simulators play a whole game; the first one's flash is kept at the
# first frame of each screen it shows with a game saved.

def play_crib(sims):
    """One step of each device in a game of cribbage on the cable (as tests/sim/test_link.py)."""
    for sim in sims:
        name = screen(sim)
        if name in ("CribLink", "CribWait", "CribOver") or name == "CribPlay" and sim.app.screen.waiting():
            sim.board.clock.advance(20)
            sim.app.step()
            sim.settle()
        else:
            sim.press(crib_key(sim.app.screen))


def play_race(sims, step_no):
    """One step of each device in a race, the second three times slower (as tests/sim/test_race.py)."""
    for i, sim in enumerate(sims):
        race_step(sim, step_no % (1, 3)[i] != 0)


def over(sims):
    return all(screen(s) in ("CribOver", "RaceEnd") for s in sims) and (
        screen(sims[0]) == "CribOver" or all(s.app.screen.ready() for s in sims))


def checkpoints(root, game):
    """[(screen, flash folder, or None: the game to be chosen)] of `game`, built once a test."""
    sims = linked_sims(root / game)
    for sim in sims:
        sim.run_script(GAMES[game][1])
    kept = [("Linking", None)]
    seen = set()
    for n in range(20000):
        name = screen(sims[0])
        if name not in seen and sims[0].saves.load_current() is not None:
            seen.add(name)
            kept.append((name, shutil.copytree(root / game / "dev0", root / ("%s-%s" % (game, name)))))
        if over(sims):
            break
        if game == "crib":
            play_crib(sims)
        else:
            play_race(sims, n)
    for sim in sims:
        sim.board.link.close()
    return kept


@pytest.fixture(scope="module")
def crib_points(tmp_path_factory):
    kept = checkpoints(tmp_path_factory.mktemp("crib"), "crib")
    assert [n for n, _ in kept] == ["Linking", "CribCut", "CribWait", "CribLay", "CribPlay", "CribShow",
                                    "CribDeal", "CribOver"]
    return kept


@pytest.fixture(scope="module")
def race_points(tmp_path_factory):
    kept = {game: checkpoints(tmp_path_factory.mktemp(game), game) for game in ("solo", "grid")}
    assert [n for n, _ in kept["solo"]] == ["Linking", "Table", "Count", "Summary", "RaceEnd"]
    assert [n for n, _ in kept["grid"]] == ["Linking", "GridTable", "RaceEnd"]
    return kept


# What the saved game holds, checked.

def held(game, d):
    """(who: the people and the other device, moves: both seats' or both racers', over) of a
    saved game on the cable; the moves replayed by the rules (ValueError if they refuse one)."""
    if game == "crib":
        g = cribbage.load(unhexlify(d["save"]))
        return (d["people"], d["link"]), (bytes(g.moves),), g.over
    load = solitaires.load if game == "solo" else grids.load
    mine = load(unhexlify(d["games" if game == "solo" else "grids"][0]))
    theirs = load(unhexlify(d["link"][1]))
    return (d["people"], d["link"][0]), (bytes(mine.moves), bytes(theirs.moves)), mine.over


def new_game(game, d):
    """A game begun on the linking screen: two names a record keeps, an id of at most 32."""
    who, moves, _ = held(game, d)
    people, peer = who
    if game == "crib":
        peer = peer[1]
    assert len(people) == 2 and people[0] != people[1] and all(type(p) is str and 1 <= len(p) <= 3 for p in people)
    assert type(peer) is str and len(peer) <= 32
    return who, moves


class Honest:
    """The honest device and what its flash held last."""

    def __init__(self, game, folder, sim):
        self.game = game
        self.sim = sim
        d = sim.saves.load_current()
        self.who, self.moves, self.over = (None, None, False) if folder is None else held(game, d)

    def left(self):
        """Whether the history's last record is this game, left unfinished by the other."""
        last = None
        for last in self.sim.saves.history():
            pass
        people, peer = self.who
        if self.game == "crib":
            peer = peer[1]
        return last is not None and last.get("variant") == "abandoned" and last.get("link") == peer and \
            sorted(last.get("people")) == sorted(people)

    def check(self):
        d = self.sim.saves.load_current()
        if d is None:
            # Gone: only once the game is over and recorded (or none began), or kept in the
            # history as left unfinished by the other device (issue 37: it began a new game).
            assert self.moves is None or self.over or self.left(), "the saved game went before its end"
            self.moves = None
            return
        if self.moves is None:
            self.who, self.moves = new_game(self.game, d)
            self.over = False
            return
        who, moves, over = held(self.game, d)
        assert who == self.who, "another game or other people: %r, not %r" % (who, self.who)
        for now, before in zip(moves, self.moves, strict=True):
            assert now[:len(before)] == before, "a move held was changed: %s, not %s" % (now.hex(), before.hex())
        self.moves = moves
        self.over = over


# The other end's actions.

KEYS = ("A", "A", "B", "LEFT", "RIGHT", "UP", "DOWN", "B_LONG")
CARDS = st.lists(st.one_of(st.integers(0, 53), st.integers(128, 179), st.integers(0, 255)), max_size=6).map(bytes)
ACTION = st.one_of(
    st.tuples(st.just("key"), st.sampled_from(KEYS)),
    st.tuples(st.just("wait"), st.integers(1, 80)),
    st.tuples(st.just("message"), st.binary(max_size=60)),
    st.tuples(st.just("move"), st.integers(-3, 1), CARDS),
    st.tuples(st.just("frame"), st.sampled_from((HELLO, DATA, ACK, 0)), st.integers(0, 255), st.binary(max_size=60)),
    st.tuples(st.just("hello"), st.booleans(), st.binary(max_size=34)),
    st.tuples(st.just("raw"), st.binary(max_size=80)),
)


def honest_moves(sim, game):
    play = sim.app.play
    if play is None or not getattr(play, "linked", False) and not getattr(play, "racing", False):
        return b""
    return play.g.moves if game == "crib" else play.mine.moves


def act(sim, peer, game, action):
    kind = action[0]
    if kind == "key":
        # The honest player's keys, in the game (and its pause, notices) or on the linking
        # screen: once it has left for the menu it starts nothing else.
        if sim.app.play is not None or screen(sim) in ("CribLink", "Race"):
            sim.press(action[1])
    elif kind == "wait":
        for _ in range(action[1]):
            step(sim, peer)
        return
    elif kind == "message":
        peer.message(action[1])
    elif kind == "move":
        i = max(0, len(honest_moves(sim, game)) + action[1])
        head = bytes((0x4D, i >> 8, i & 255)) if game == "crib" else bytes((0x4D, i & 255))
        peer.message(head + action[2])
    elif kind == "frame":
        peer.frame(action[1], action[2], action[3])
    elif kind == "hello":
        # Our framing and game: a new session (a reset) or the same, and any name and id.
        link = peer.link
        nonce = bytes(4 - len(action[2][:4])) + action[2][:4] if action[1] else link.nonce
        heard = link._peer_nonce or bytes(4)
        peer.frame(HELLO, 0, bytes((PROTO,)) + nonce + heard + link.version + (action[2][4:] if action[1] else ME))
    else:
        peer.raw(action[1])
    for _ in range(3):
        step(sim, peer)


def hostile(game, where, folder, me, actions):
    version, keys = GAMES[game]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "dev0"
        if folder is not None:
            shutil.copytree(folder, data)
        sim, peer = alone(data, version, keys if folder is None else ["A", "A"], me)  # the game chosen, or resumed
        try:
            assert where in ("Linking", screen(sim)) or where == "Summary" and screen(sim) == "Count"
            honest = Honest(game, folder, sim)
            for action in actions:
                act(sim, peer, game, action)
                honest.check()
        finally:
            unplugged(sim, peer)


def bounded(n):
    """n examples: each about 0.35 s (a resumed simulator, a dozen actions), 15-20 s a test."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


PEER = st.one_of(st.just(ME), st.binary(max_size=42))  # its hello: the device the game is with, or any


@bounded(40)
@given(st.data(), PEER, st.lists(ACTION, min_size=1, max_size=12))
def test_a_hostile_peer_at_every_screen_of_the_cable_game(crib_points, data, me, actions):
    where, folder = data.draw(st.sampled_from(crib_points), label="checkpoint")
    hostile("crib", where, folder, me, actions)


@bounded(30)
@given(st.data(), st.sampled_from(("solo", "grid")), PEER, st.lists(ACTION, min_size=1, max_size=12))
def test_a_hostile_peer_at_every_screen_of_a_race(race_points, data, game, me, actions):
    where, folder = data.draw(st.sampled_from(race_points[game]), label="checkpoint")
    hostile(game, where, folder, me, actions)
