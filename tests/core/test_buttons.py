# drivers/buttons.py: scripted samples (time in ms, pressed mask) in, events out.
from drivers import buttons
from drivers.buttons import A, B, B_LONG, DOWN, LEFT, NONE, UP, Buttons


def feed(keys, script, step=5, until=None):
    """Run a script of (from_ms, mask) changes, sampling every `step` ms."""
    events = []
    end = until if until is not None else script[-1][0] + 200
    i = 0
    mask = 0
    t = 0
    while t <= end:
        while i < len(script) and script[i][0] <= t:
            mask = script[i][1]
            i += 1
        keys.update(t, mask)
        e = keys.get()
        while e != NONE:
            events.append((t, e))
            e = keys.get()
        t += step
    return events


def kinds(events):
    return [e for _, e in events]


def bounce(key, at, flips=(0, 2, 3, 5, 6, 9)):
    """A contact that chatters for ~10 ms before it settles pressed."""
    out = []
    on = True
    for dt in flips:
        out.append((at + dt, key if on else 0))
        on = not on
    out.append((at + 12, key))
    return out


def test_bouncing_contact_gives_one_press():
    for step in (1, 2, 5):
        script = [(0, 0)] + bounce(A, 100) + [(300, 0), (301, A), (302, 0), (304, A), (306, 0)]
        assert kinds(feed(Buttons(), script, step)) == [A]


def test_release_bounce_does_not_press_again():
    script = [(0, 0), (100, UP), (200, 0), (202, UP), (204, 0), (207, UP), (209, 0)]
    assert kinds(feed(Buttons(), script, 1)) == [UP]


def test_short_glitch_is_ignored():
    script = [(0, 0), (100, A), (105, 0)]
    assert kinds(feed(Buttons(debounce_ms=20), script, 1)) == []


def test_presses_latch_while_nobody_reads():
    keys = Buttons()
    keys.update(0, 0)
    t = 5
    for k in (UP, UP, A, DOWN, LEFT):
        for _ in range(10):
            keys.update(t, k)
            t += 5
        for _ in range(10):
            keys.update(t, 0)
            t += 5
    assert keys.pending() == 5
    assert [keys.get() for _ in range(6)] == [UP, UP, A, DOWN, LEFT, NONE]


def test_full_queue_drops_newest_and_counts():
    keys = Buttons(size=4)
    for e in (UP, DOWN, LEFT, A, B):
        keys.push(e)
    assert keys.dropped == 2
    assert [keys.get() for _ in range(4)] == [UP, DOWN, LEFT, NONE]


def test_direction_auto_repeats():
    keys = Buttons(debounce_ms=20, repeat_delay_ms=400, repeat_ms=100)
    events = feed(keys, [(0, 0), (100, DOWN), (1000, 0)], step=5)
    assert set(kinds(events)) == {DOWN}
    times = [t for t, _ in events]
    # First at debounce, then after the delay, then every repeat_ms while held.
    assert times[0] == 120
    assert times[1] == 520
    assert [b - a for a, b in zip(times[1:], times[2:])] == [100] * (len(times) - 2)
    assert times[-1] < 1020


def test_a_does_not_repeat():
    events = feed(Buttons(), [(0, 0), (100, A), (2000, 0)])
    assert kinds(events) == [A]


def test_b_short_press_comes_on_release():
    events = feed(Buttons(long_ms=700), [(0, 0), (100, B), (300, 0)], step=5)
    assert events == [(320, B)]


def test_b_long_press_is_distinct_and_not_also_short():
    events = feed(Buttons(long_ms=700), [(0, 0), (100, B), (2000, 0)], step=5)
    assert events == [(820, B_LONG)]


def test_a_release_read_after_a_long_gap_neither_repeats_nor_turns_long():
    # A board too busy to sample for a second: the press was read, then the next
    # sample already reads the key released. That is one press, not a repeat or a long B.
    for key, want in ((DOWN, [DOWN]), (B, [B])):
        keys = Buttons(debounce_ms=20, repeat_delay_ms=400, long_ms=700)
        events = []
        for t, mask in ((0, 0), (100, key), (125, key), (1200, 0), (1225, 0), (1400, 0)):
            keys.update(t, mask)
            e = keys.get()
            while e != NONE:
                events.append(e)
                e = keys.get()
        assert events == want


def test_key_held_at_start_is_not_a_press():
    keys = Buttons()
    assert kinds(feed(keys, [(0, B), (2000, 0)])) == []
    assert kinds(feed(Buttons(), [(0, UP), (1500, 0)])) == []


def test_reset_swallows_the_waking_press():
    keys = Buttons()
    keys.update(0, 0)
    keys.push(UP)
    keys.reset()
    keys.update(10, A)
    for t in range(15, 300, 5):
        keys.update(t, A)
    keys.update(300, 0)
    keys.update(330, 0)
    assert keys.get() == NONE


def test_times_across_ticks_wrap():
    keys = Buttons()
    start = (1 << 30) - 50
    t = start
    keys.update(t, 0)
    for _ in range(20):
        t = (t + 5) & 0x3FFFFFFF
        keys.update(t, A)
    assert keys.get() == A


def test_two_keys_pressed_together_give_both():
    assert sorted(kinds(feed(Buttons(), [(0, 0), (100, UP | A), (200, 0)]))) == [UP, A]


def test_names():
    assert buttons.name(UP) == "UP" and buttons.name(B) == "B"
    assert buttons.name(B_LONG) == "B_LONG" and buttons.name(NONE) == ""
