# The link's frames (issue 28): checksums, sequence numbers, acks and repeats over
# a cable that loses and garbles bytes. Portable: also run in the MicroPython VM.
import sys

from link.frame import ACK, DATA, HELLO, MAX, Link, crc16, encode
from rules.rng import Rng

from linkpipe import pipe

ON_CPYTHON = sys.implementation.name == "cpython"
MICROPYTHON_SKIP = ()

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # the MicroPython VM: the seeded tests stand in
    given = None

VERSION = b"\x01\x03\x02"
GAMES = (b"crib3.2.1", b"race1.0")  # the versions of the games on the cable: a game's name, then digits


def pair(rng=None, drop=0, flip=0, names=(b"ANN", b"BOB"), version=VERSION):
    a, b = pipe(rng, drop, flip)
    return (Link(a, b"\x01\x02\x03\x04", version, names[0]),
            Link(b, b"\x05\x06\x07\x08", version, names[1]), a.wire)


def run(links, now, until, limit=200000, step=7):
    """Poll both ends every step ms (of a made-up clock) until until() or limit ms."""
    t = now
    while t - now < limit:
        for k in links:
            k.poll(t)
        if until():
            return t
        t += step
    raise AssertionError("not done after %d ms" % limit)


def test_crc_known_answer():
    # CRC-16/CCITT-FALSE of "123456789" is 0x29B1 (the catalogue's check value).
    assert crc16(b"123456789", 0, 9) == 0x29B1


def test_encode_round_trip_and_limits():
    out, n = encode(DATA, 300, b"move")
    assert n == 10 and out[2] == 300 & 255 and out[3] == 4 and bytes(out[4:8]) == b"move"
    try:
        encode(DATA, 0, bytes(MAX + 1))
    except ValueError:
        pass
    else:
        raise AssertionError("an oversized frame was made")


def test_hello_links_both_and_each_learns_the_other():
    x, y, _ = pair()
    run((x, y), 0, lambda: x.linked and y.linked)
    assert x.peer == b"BOB" and y.peer == b"ANN"
    assert x.problem is None and y.problem is None


def test_nothing_is_sent_before_the_other_side_answers():
    x, y, wire = pair()
    x.send(b"early")
    wire.cut = True  # y hears nothing: x keeps the message, y has none
    for t in range(0, 1000, 10):
        x.poll(t)
        y.poll(t)
    assert not x.linked and x.pending() == 1 and y.recv() is None
    wire.cut = False
    run((x, y), 1000, lambda: y._inbox)
    assert y.recv() == b"early" and y.recv() is None


def exchange(seed, drop, flip, count):
    """count messages each way at once over a lossy cable: all delivered once, in order."""
    x, y, wire = pair(Rng(seed), drop, flip)
    for i in range(count):
        x.send(b"x%d" % i)
        y.send(b"y%d" % i + bytes(i % 40))
    got = ([], [])

    def done():
        for k, box in ((x, got[0]), (y, got[1])):
            m = k.recv()
            while m is not None:
                box.append(m)
                m = k.recv()
        return len(got[0]) == count and len(got[1]) == count and not x.pending() and not y.pending()

    run((x, y), 0, done, limit=(count + 4) * 4000)  # (the hellos too: 4.4 s for one message at 5% bad bytes)
    assert got[1] == [b"x%d" % i for i in range(count)]
    assert got[0] == [b"y%d" % i + bytes(i % 40) for i in range(count)]
    return wire


def test_one_percent_of_bytes_dropped_or_flipped_everything_arrives_once_in_order():
    # 1% of bytes lost and 1% garbled, both ways, over a long exchange.
    n = 400 if ON_CPYTHON else 120
    wire = exchange(28, 100, 100, n)
    assert wire.dropped > n // 8 and wire.flipped > n // 8  # the faults did happen


def test_a_clean_cable_sends_each_frame_once():
    x, y, wire = pair()
    for i in range(20):
        x.send(b"%d" % i)
    run((x, y), 0, lambda: not x.pending(), step=1)
    got = [y.recv() for _ in range(20)]
    assert got == [b"%d" % i for i in range(20)] and y.recv() is None


def test_another_version_is_one_line_on_both_sides():
    a, b = pipe()
    x = Link(a, b"\x01\x02\x03\x04", VERSION, b"ANN")
    y = Link(b, b"\x05\x06\x07\x08", b"\x01\x04\x02", b"BOB")
    x.send(b"never")
    for t in range(0, 2000, 10):
        x.poll(t)
        y.poll(t)
    for k in (x, y):
        assert not k.linked
        assert k.problem and "\n" not in k.problem and "firmware" in k.problem
    assert y.recv() is None


def test_another_game_chosen_is_said_so_not_another_firmware():
    # One device chose a race, the other the cable's cribbage: the same framing, other games.
    a, b = pipe()
    x = Link(a, b"\x01\x02\x03\x04", b"race1.0", b"ANN")
    y = Link(b, b"\x05\x06\x07\x08", b"crib3.2.1", b"BOB")
    for t in range(0, 2000, 10):
        x.poll(t)
        y.poll(t)
    for k in (x, y):
        assert not k.linked
        assert k.problem and "another game" in k.problem and "firmware" not in k.problem
    # The same game at another version is another firmware.
    a, b = pipe()
    x = Link(a, b"\x01\x02\x03\x04", b"race1.0", b"ANN")
    y = Link(b, b"\x05\x06\x07\x08", b"race1.1", b"BOB")
    for t in range(0, 2000, 10):
        x.poll(t)
        y.poll(t)
    assert "firmware" in x.problem and "firmware" in y.problem


def test_a_reset_side_is_heard_as_a_new_session():
    x, y, wire = pair()
    run((x, y), 0, lambda: x.linked and y.linked)
    x.send(b"one")
    run((x, y), 0, lambda: y._inbox and not x.pending())
    assert y.recv() == b"one"
    # y starts again (power cut): a new session number, nothing of the old one.
    y2 = Link(y.port, b"\x09\x09\x09\x09", VERSION, b"BOB")
    x.send(b"two")
    run((x, y2), 10000, lambda: y2._inbox and not x.pending())
    assert y2.recv() == b"two" and x.resets == 1


def test_a_fresh_link_drops_what_it_had_of_a_session_ended_by_a_reset():
    # Issue 37, item 5: an exchange that starts again when the other side is reset (the
    # pack) keeps nothing of the old session either way; without `fresh`, the moves of a
    # game go on to the new one (test_a_reset_side_is_heard_as_a_new_session).
    x, y, wire = pair()
    x.fresh = True
    run((x, y), 0, lambda: x.linked and y.linked)
    y.send(b"from the old one")
    run((x, y), 0, lambda: not y.pending())  # in x's inbox, not yet read
    wire.cut = True
    x.send(b"to the old one")  # never acknowledged
    x.poll(1000)
    wire.cut = False
    y2 = Link(y.port, b"\x09\x09\x09\x09", VERSION, b"BOB")  # y reset
    run((x, y2), 1000, lambda: x.linked and y2.linked)
    assert x.resets == 1 and x.recv() is None and x.pending() == 0
    y2.send(b"new")
    run((x, y2), 2000, lambda: x._inbox and not y2.pending())
    assert x.recv() == b"new" and x.recv() is None
    for t in range(3000, 4000, 10):
        x.poll(t)
        y2.poll(t)
    assert y2.recv() is None  # nothing of what x said to the old session


def test_garbage_between_frames_is_skipped():
    x, y, wire = pair()
    run((x, y), 0, lambda: x.linked and y.linked)
    y.port.inbox.extend(b"\xc5\xc5\x44\xff noise \xc5\x41\x00")
    x.send(b"after noise")
    run((x, y), 0, lambda: y._inbox)
    assert y.recv() == b"after noise"


if given is not None:
    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 2 ** 32 - 1), st.integers(0, 300), st.integers(0, 300), st.integers(1, 40))
    def test_any_faults_deliver_everything_once_in_order(seed, drop, flip, count):
        exchange(seed, drop, flip, count)

    @settings(max_examples=300, deadline=None)
    @given(st.binary(max_size=200))
    def test_any_bytes_on_the_wire_deliver_nothing_unasked(noise):
        # Random bytes never make a message appear (nor raise).
        x, y, _ = pair()
        y.port.inbox.extend(noise)
        for t in range(0, 500, 10):
            y.poll(t)
        assert y.recv() is None


# Issue 37: whatever frame the other side sends, of any kind and with any payload, the
# link drops or refuses it; nothing raises out of poll().

def feed(link, frames, t=0):
    """Each (kind, seq, payload) framed with a good CRC and read by link."""
    for kind, seq, payload in frames:
        out, n = encode(kind, seq, payload)
        link.port.inbox.extend(out[:n])
    link.poll(t)


def test_an_empty_hello_is_refused_not_raised():
    x, y, _ = pair(version=GAMES[0])
    y.port.inbox.extend(bytes((0xC5, 0x48, 0x00, 0x00, 0x78, 0x90)))  # the frame of issue 37
    y.poll(0)
    assert not y.linked and y.recv() is None and "firmware" in y.problem
    x, y, _ = pair(version=GAMES[1])
    run((x, y), 0, lambda: x.linked and y.linked)
    feed(y, [(HELLO, 0, b""), (HELLO, 1, b"")], 10)
    run((x, y), 10, lambda: x.linked and y.linked)  # the next good hello links again


def opened(version, linked_first):
    """A pair of links, linked first or not."""
    x, y, _ = pair(version=version)
    if linked_first:
        run((x, y), 0, lambda: x.linked and y.linked)
    return y


def short_payloads(rng, count, version):
    """Payloads of every length up to MAX, random bytes or a good hello's head."""
    good = bytes((1,)) + b"\x05\x06\x07\x08\x01\x02\x03\x04" + version + b"BOB"
    for i in range(count):
        n = rng.below(MAX + 1)
        if rng.below(2):
            yield good[:n]
        else:
            yield bytes(rng.below(256) for _ in range(n))


def test_any_frame_of_any_kind_is_dropped_or_refused_seeded():
    rng = Rng(37)
    for linked_first in (False, True):
        version = GAMES[linked_first]
        y = opened(version, linked_first)
        for p in short_payloads(rng, 150 if ON_CPYTHON else 40, version):
            feed(y, [(k, rng.below(256), p) for k in (HELLO, DATA, ACK)], 100)
            m = y.recv()
            while m is not None:
                m = y.recv()


if given is not None:
    @settings(max_examples=300, deadline=None)
    @given(st.booleans(), st.sampled_from(GAMES + (VERSION,)),
           st.lists(st.tuples(st.sampled_from((HELLO, DATA, ACK)), st.integers(0, 255),
                              st.binary(max_size=MAX)), max_size=8))
    def test_any_frame_of_any_kind_is_dropped_or_refused(linked_first, version, frames):
        feed(opened(version, linked_first), frames, 100)


def test_the_other_devices_name_and_id_read_as_text():
    from link.jack import other_name, who

    class Heard:
        peer = b"AN2d0000001"

    assert who(Heard) == ("AN2", "d0000001")
    assert other_name(Heard, "BOB") == "AN2" and other_name(Heard, "AN2") == "AN3"  # never the same
    Heard.peer = b"\xff  " + b"\xc3" * 40
    assert who(Heard) == ("?", "?" * 32) and other_name(Heard, "?") == "?2"
    Heard.peer = None  # not heard yet
    assert who(Heard) == ("", "") and other_name(Heard, "ANN") == "P2" and other_name(Heard, "P2") == "P22"
