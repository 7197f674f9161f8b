# The expert's look-ahead (players.lookahead), one Python call a card laid since issue 26,
# against the search it replaced (lookahead_old.py, several calls a card, too deep for a
# Pico's C stack): over hundreds of seeded positions the same value for every card and the
# same positions visited (the expert's budget counts them), so the expert lays the same
# cards; and whole games of expert against expert come out the same card for card.
import sys

import lookahead_old
import rules
from players import cpu, lookahead
from rules.cards import PIPS
from rules.cribbage import OVER, Cribbage
from rules.rng import Rng, shuffle

ON_CPYTHON = sys.implementation.name == "cpython"
POSITIONS = 1500 if ON_CPYTHON else 60


def _position(rng):
    """(mine, theirs, seq, count, they_passed, endgame or None): cards of a count under way,
    the computer's 1..4 cards and the opponent's 0..4 (none of them seen twice)."""
    pack = bytearray(range(52))
    shuffle(pack, rng)
    seq = []
    count = 0
    k = 0
    for _ in range(rng.below(5)):
        c = pack[k]
        if count + PIPS[c >> 2] > 31:
            break
        seq.append(c)
        count += PIPS[c >> 2]
        k += 1
    n0 = 1 + rng.below(4)
    n1 = rng.below(5)
    mine = bytes(pack[k:k + n0])
    theirs = bytes(pack[k + n0:k + n0 + n1])
    passed = rng.below(4) == 0
    end = None
    if rng.below(2):  # near the end of the game: a side may peg out, or win in the show
        end = (1 + rng.below(20), 1 + rng.below(20), rng.below(24), rng.below(24), rng.below(2) == 1)
    return mine, theirs, seq, count, passed, end


def _search(module, pos):
    mine, theirs, seq, count, passed, end = pos
    module.setup(mine, theirs, seq, count, passed)
    if end is not None:
        module.endgame(*end)
    out = [None] * len(mine)
    nodes = module.values(out)
    return out, nodes


def test_the_search_values_and_visits_as_the_old_one_did():
    rng = Rng(2626)
    wins = nodes = 0
    for n in range(POSITIONS):
        pos = _position(rng)
        new = _search(lookahead, pos)
        assert new == _search(lookahead_old, pos), (n, pos)
        wins += lookahead.WIN in new[0] or -lookahead.WIN in new[0]
        nodes += new[1]
    # The positions reach the game's end (a win either way) and search deep enough to matter.
    assert wins > POSITIONS // 10 and nodes > POSITIONS * 10, (wins, nodes)


# The search's depth beyond values(), at its deepest: in Python frames on CPython, one a
# card laid (values() lays the first; seven more at most); in the VM in bytes of the C stack,
# where MicroPython keeps every call. A Pico's C stack is 8 KB and the game's own path to
# values() uses about 2.7 KB of it (tests/host/test_pico.py measures both on the emulated
# Pico), so for a third of it to stay free the search has about 2.7 KB; the VM's frames are a
# little smaller than a Pico's (the old search: 5.8 KB here, 6.2 KB there), hence 2,400 here.
# The old search went 32 frames deep, 5.8 KB of the VM's stack (6.2 KB of a Pico's).
DEEPEST_FRAMES = 7
DEEPEST_VM_BYTES = 2400


def _here():
    if not ON_CPYTHON:
        import micropython

        return micropython.stack_use()
    f = sys._getframe(1)
    n = 0
    while f is not None:
        n += 1
        f = f.f_back
    return n


def _deepest(module, positions):
    """The most the search went beyond its first card's count (values()' own call of peg_count),
    over `positions` seeded positions."""
    real = module.peg_count
    seen = [0, 0]  # this search: its first (values()' own) depth, its deepest

    def leaf(buf, lo, hi, count):
        d = _here()
        if not seen[0]:
            seen[0] = d
        if d > seen[1]:
            seen[1] = d
        return real(buf, lo, hi, count)

    module.peg_count = leaf
    try:
        rng = Rng(2626)
        most = 0
        for _ in range(positions):
            seen[0] = seen[1] = 0
            _search(module, _position(rng))
            if seen[1] - seen[0] > most:
                most = seen[1] - seen[0]
        return most
    finally:
        module.peg_count = real


def test_the_search_is_one_call_a_card_deep():
    most = _deepest(lookahead, POSITIONS // 3)
    if ON_CPYTHON:
        assert most == DEEPEST_FRAMES, most
        assert _deepest(lookahead_old, POSITIONS // 3) > 3 * DEEPEST_FRAMES
    else:
        assert most <= DEEPEST_VM_BYTES, most
        print("the search's depth on the VM's C stack: %d bytes (budget %d)" % (most, DEEPEST_VM_BYTES))


def _games(module, seeds):
    """Games of expert against expert to 61 with `module` as the look-ahead; their saves."""
    saved = sys.modules.get("players.lookahead")
    keep = rules.forget

    def forget(name):  # the look-ahead stays loaded (cpu lets it go after each card)
        if name != "players.lookahead":
            keep(name)

    rules.forget = forget
    sys.modules["players.lookahead"] = module
    import players

    players.lookahead = module
    try:
        out = []
        for seed in seeds:
            g = Cribbage(seed, 2, target=61)
            steps = 0
            while g.phase != OVER:
                cpu.move(g, "expert")
                steps += 1
                assert steps < 3000
            out.append(g.save())
        return out
    finally:
        rules.forget = keep
        if saved is None:
            sys.modules.pop("players.lookahead", None)
        else:
            sys.modules["players.lookahead"] = saved
        players.lookahead = saved if saved is not None else lookahead


def test_the_expert_plays_whole_games_as_it_did():
    seeds = range(600, 606) if ON_CPYTHON else range(600, 601)
    assert _games(lookahead, seeds) == _games(lookahead_old, seeds)
