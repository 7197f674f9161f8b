# The pack neither device alone chooses (issue 28, done-means 3): each side promises
# its half by hash, then shows it; a half that breaks its promise, or repeats the other
# side's, is refused. Portable: also run in the MicroPython VM.
from hashlib import sha256

from link.pack import HALF, Pack
from rules.rng import Rng

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # the MicroPython VM: the seeded tests stand in
    given = None


def half(seed):
    r = Rng(seed)
    return bytes(r.below(256) for _ in range(HALF))


def agree(a, b):
    """Both sides' messages exchanged as the link delivers them (each in order)."""
    to_b = [a.promise()]
    to_a = [b.promise()]
    while to_a or to_b:
        if to_b:
            r = b.take(to_b.pop(0))
            if r:
                to_a.append(r)
        if to_a:
            r = a.take(to_a.pop(0))
            if r:
                to_b.append(r)


def test_both_sides_get_the_same_seed_and_one_seat_each():
    for s in range(30):
        a, b = Pack(half(2 * s)), Pack(half(2 * s + 1))
        agree(a, b)
        assert a.problem is None and b.problem is None
        assert a.seed == b.seed and 0 <= a.seed < 2 ** 32
        assert {a.seat, b.seat} == {0, 1}


def test_the_seed_moves_with_either_half():
    a, b = Pack(half(1)), Pack(half(2))
    agree(a, b)
    c, d = Pack(half(1)), Pack(half(3))
    agree(c, d)
    e, f = Pack(half(4)), Pack(half(2))
    agree(e, f)
    assert len({a.seed, c.seed, e.seed}) == 3


def test_a_half_not_matching_its_promise_is_refused():
    a = Pack(half(1))
    cheat = half(2)
    reply = a.take(b"C" + sha256(cheat).digest())
    assert reply == b"R" + a.half  # a shows its half only after the promise came
    other = bytearray(cheat)
    other[0] ^= 1  # having seen a's half, the cheat would show another one
    assert a.take(b"R" + bytes(other)) is None
    assert a.seed is None and "does not match its promise" in a.problem


def test_a_side_repeating_the_others_half_is_refused():
    a = Pack(half(1))
    # The copycat cannot know a's half before a shows it, so it echoes a's promise...
    assert a.take(b"C" + a.mine) is None
    assert a.seed is None and "repeated" in a.problem
    # ... or promises something and then shows a's own half back.
    a = Pack(half(1))
    a.take(b"C" + sha256(a.half).digest()[:31] + b"\0")
    assert a.take(b"R" + a.half) is None and "does not match" in a.problem
    a = Pack(half(1))
    b = Pack(half(1))  # the same half on both sides (a broken random source)
    agree(a, b)
    assert a.seed is None and b.seed is None and a.problem and b.problem


def test_showing_before_promising_or_promising_twice_is_refused():
    a = Pack(half(1))
    assert a.take(b"R" + half(2)) is None and "before promising" in a.problem
    a = Pack(half(1))
    a.take(b"C" + sha256(half(2)).digest())
    assert a.take(b"C" + sha256(half(3)).digest()) is None and "changed its promise" in a.problem
    a = Pack(half(1))
    assert a.take(b"hello") is None and a.problem.endswith("game refused")


if given is not None:
    @settings(max_examples=200, deadline=None)
    @given(st.binary(min_size=HALF, max_size=HALF), st.binary(min_size=HALF, max_size=HALF))
    def test_any_two_halves_agree_or_are_refused(x, y):
        a, b = Pack(x), Pack(y)
        agree(a, b)
        if x == y:
            assert a.seed is None and b.seed is None
        else:
            assert a.seed == b.seed is not None and {a.seat, b.seat} == {0, 1}


def test_any_message_is_taken_or_refused_never_raised():
    # Issue 37: a message of any kind and length, at any point of the exchange.
    r = Rng(37)
    for _ in range(300):
        a = Pack(half(r.below(1000)))
        for _ in range(r.below(4)):
            kind = (0x43, 0x52, r.below(256))[r.below(3)]
            n = (33, HALF + 1, r.below(61))[r.below(3)]
            a.take(bytes([kind] + [r.below(256) for _ in range(n - 1)])[:n])
        assert a.seed is None or a.problem is None


if given is not None:
    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.binary(max_size=60), max_size=4), st.binary(min_size=HALF, max_size=HALF))
    def test_any_messages_are_taken_or_refused_never_raised(messages, other):
        a = Pack(half(1))
        for m in [b"C" + sha256(other).digest()][:len(messages) % 2] + messages:
            a.take(m)
        assert a.seed is None or a.problem is None
