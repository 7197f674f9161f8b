"""Issue 14 item 3: the virtual board can be played. `pocketcrib vboard --play` in a terminal shows
the board's display and presses its buttons; a whole game played there is pulled from another
terminal as a real board's would be; the same board then opens in a window."""

import ast
import os
import sys
import time
from pathlib import Path

import pytest

from helpers.terminal import Terminal, glass_of
from helpers.watch import WAIT

from pocketcrib.twins import vboard

HOST = Path(__file__).resolve().parents[2] / "host"
# Keys as typed in the terminal: A is z, B is x, RIGHT is l. A deal: mark the two lowest
# cards (A, RIGHT, A), lay them away (A), skip the counting (B), leave the summary (A).
DEAL = b"zlzzxz"


@pytest.mark.slow
def test_a_game_played_on_the_virtual_board_is_pulled(home, cli, tmp_path):
    from pocketcrib.twins.sim import Sim

    title = glass_of(Sim(tmp_path / "sim").frame())
    env = {"PYTHONPATH": os.pathsep.join([str(HOST), os.environ.get("PYTHONPATH", "")])}
    term = Terminal(env)
    quit_sent = False
    try:
        # Up, flashed with this checkout's game, its screen drawn here.
        assert term.pump(WAIT, until=lambda: "works from another terminal" in term.text()), term.text()[-2000:]
        boards = vboard.running()
        assert len(boards) == 1 and boards[0]["port"] in term.text()
        history = Path(boards[0]["flash"]) / "data" / "history.pcr"
        # The title drawn, as the firmware draws it on CPython: the game samples its keys (one held
        # before it first looks is no press).
        term.wait_glass(lambda g: g == title, "the title")
        term.type(b"zz")  # title -> menu -> Solitaire Cribbage
        term.type(DEAL * 6)  # the whole game, deal by deal, each key once the last one's screen is drawn
        # Game over: A records the game and goes on to a high score's initials, once the screen
        # shows its prompt (an A sooner than a second after the screen came is ignored, as a
        # burst of A skipping the counting would be: ui/deliberate.py).
        over = term.glass()
        term.wait_glass(lambda g: g != over, "the game-over screen's prompt")
        term.type(b"z")
        assert term.pump(WAIT, until=history.exists), term.text()[-3000:]
        # From another terminal, meanwhile: the game comes off the board like a real one's.
        pulled = cli("scores", "pull")
        assert pulled.returncode == 0, pulled.stderr
        assert "1 game (1 new)" in pulled.stdout
        shown = cli("scores", "show")
        assert "solitaire" in shown.stdout and boards[0]["uid"] in shown.stdout
        os.write(term.fd, b"q")
        quit_sent = True
        assert term.wait() == 0
        assert vboard.running() == [] and not os.path.lexists(boards[0]["port"])
        # The same board in a window (SDL's dummy video driver here): q in the terminal ends it too.
        term = Terminal(dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"), "--window")
        quit_sent = False
        assert term.pump(WAIT, until=lambda: "Playing in the window" in term.text()), term.text()
        again = vboard.running()
        assert len(again) == 1 and again[0]["flash"] == boards[0]["flash"] and again[0]["port"] in term.text()
        os.write(term.fd, b"q")
        quit_sent = True
        assert term.wait() == 0, term.text()
        assert vboard.running() == []
    finally:
        if not quit_sent:
            term.abandon()


# A program sampling UP, DOWN and B with the firmware's own driver (drivers/buttons.py), which
# prints the events it took once it has `want` and then a few quiet turns of its loop (LOOP).
KEYS_BOARD = """\
import machine, time
from buttons import Buttons, UP, DOWN, B, NONE
pins = [machine.Pin(g, machine.Pin.IN, machine.Pin.PULL_UP) for g in (%(UP)d, %(DOWN)d, %(B)d)]


def held():
    return (0 if pins[0].value() else UP) | (0 if pins[1].value() else DOWN) | (0 if pins[2].value() else B)


keys = Buttons()
keys.update(time.ticks_ms(), held())  # the first sample: a key held already would be no press
print("sampling")
got = []
quiet = 0
burst = 0
while quiet < 3:
%(loop)s
    e = keys.get()
    quiet = quiet + 1 if e == NONE and len(got) >= %(want)d else 0
    while e != NONE:
        got.append(e)
        e = keys.get()
print("events", got)
"""
# Every 500 ms, drawing or thinking meanwhile: no sampling.
EVERY_500_MS = """\
    t = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t) < 500:
        pass
    keys.update(time.ticks_ms(), held())"""
# A few samples 5 ms apart (1 to 9), as the game's timer takes them while it sleeps, then busy
# for 450 ms (a screen's module loading): none.
IN_BURSTS = """\
    burst = burst % 9 + 1
    for _ in range(burst):
        keys.update(time.ticks_ms(), held())
        time.sleep_ms(5)
    t = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t) < 450:
        pass"""


def typed_on(make_board, tmp_path, loop, typed):
    """The events a board running KEYS_BOARD with this loop took from the keys typed, as
    `pocketcrib vboard --play` presses them; they should be the keys typed, each once, in order."""
    from mpremote.transport_serial import SerialTransport

    from drivers import buttons

    from pocketcrib.twins.vboard import view

    pins = view.button_pins()
    vb = make_board(pins=tmp_path / "pins.json")
    # On its flash (a folder here) before the soft reset, which loads the flash afresh.
    (vb.flash / "buttons.py").write_bytes((HOST.parent / "firmware/drivers/buttons.py").read_bytes())
    t = SerialTransport(vb.port, baudrate=115200)
    t.enter_raw_repl(soft_reset=True, timeout_overall=WAIT)
    try:
        t.exec_raw_no_follow(KEYS_BOARD % dict(pins, loop=loop, want=len(typed)))
        # Its first sample taken: from now on a key held is a press. (Pressed any sooner, on a
        # loaded machine where the VM is slow to start the program, the first key was held at
        # the first sample, no press, and the program waited for a key that never came.)
        assert t.read_until(1, b"sampling\r\n", timeout=None, timeout_overall=WAIT).endswith(b"sampling\r\n")
        presser = view.presser_for(vb, pins)
        for name in typed:
            presser.add(name)
        end = time.monotonic() + WAIT
        while not presser.idle():
            assert time.monotonic() < end, "the board never took the keys"
            presser.step(time.monotonic())
            time.sleep(0.01)
        out, err = t.follow(WAIT)
    finally:
        t.exit_raw_repl()
        t.close()
    assert not err, err
    said, events = out.decode().split(None, 1)
    assert said == "events"
    return [buttons.name(e) for e in ast.literal_eval(events)]


@pytest.mark.slow
def test_every_key_is_one_press_on_a_board_too_busy_to_sample_often(make_board, tmp_path):
    # A firmware that samples its buttons only every 500 ms: longer than a finger's press, than
    # the arrows' auto-repeat delay (400 ms: a key still held at the next sample repeats), and
    # so far apart that B held for 1 s from the first sample that saw it is down for only 500 ms
    # from the sample that took the press, short of a pause: each key typed is still exactly one press.
    typed = ["DOWN", "DOWN", "B", "DOWN", "B_LONG"]
    assert typed_on(make_board, tmp_path, EVERY_500_MS, typed) == typed


@pytest.mark.slow
def test_every_key_is_one_press_on_a_board_sampling_in_bursts(make_board, tmp_path):
    # Sampling in bursts, then busy past the arrows' 400 ms auto-repeat delay, over and over: a
    # press taken near a burst's end and still read down after the busy spell would repeat, and
    # a key still down when the next one begins would run two into one. (Before keys were taken
    # whole by the board's samples: 13 events from these 12, two repeats and a B lost.)
    typed = ["UP", "DOWN", "UP", "UP", "B", "DOWN", "B", "B_LONG", "DOWN", "UP", "B", "UP"]
    assert typed_on(make_board, tmp_path, IN_BURSTS, typed) == typed


def test_at_the_repl_a_key_is_taken_at_once(make_board, tmp_path):
    # No program runs (a `scores pull` from another terminal, say), so nothing will read the
    # pins: the board says so at once, and a key typed meanwhile is not held for minutes.
    from helpers.watch import until

    from pocketcrib.twins.vboard import view

    a = view.button_pins()["A"]
    vb = make_board(pins=tmp_path / "pins.json")  # an empty flash: it sits at the REPL
    vb.press({a: 0}, 1, view.SPAN_MS, then={a: 1})
    until(lambda: vb.seen() == 1, "the board to tell the press")
    # ...and the key let go at that moment ("then"), as a program started now reads it.
    from mpremote.transport_serial import SerialTransport

    t = SerialTransport(vb.port, baudrate=115200)
    try:
        t.enter_raw_repl(soft_reset=True, timeout_overall=WAIT)
        t.exec("import machine")
        assert t.eval("machine.Pin(%d, machine.Pin.IN, machine.Pin.PULL_UP).value()" % a) == 1
        t.exit_raw_repl()
    finally:
        t.close()


def test_a_program_that_never_reads_its_buttons_has_each_key_let_go_at_last():
    # A program that runs without reading the pins (not the game) never says it took a key:
    # each is held GIVE_UP_MS at most, then let go, and the release given up on too, so keys
    # typed meanwhile are pressed one after another, never two pins at once.
    from pocketcrib.twins.vboard import view

    forced = []
    presser = view.Presser(lambda levels, n, span, then: forced.append((ms, dict(levels), n, span, then)),
                           lambda: None, {"A": 14, "B": 15, "UP": 10})
    presser.add("A")
    presser.add("B_LONG")
    for ms in range(0, 6 * view.GIVE_UP_MS, 10):
        presser.step(ms / 1000)
    assert presser.idle()
    assert [f[0] for f in forced] == [n * view.GIVE_UP_MS for n in range(5)]  # none let go sooner
    assert [f[1] for f in forced] == [{14: 0}, {14: 1}, {15: 0}, {15: 0}, {15: 1}]
    assert [f[2] for f in forced] == [1, 2, 3, 4, 5]
    assert [f[3] for f in forced] == [view.SPAN_MS, view.SPAN_MS, view.SPAN_MS, view.LONG_MS, view.SPAN_MS]
    assert [f[4] for f in forced] == [{14: 1}, None, None, {15: 1}, None]  # the board lets go once it is taken


def test_play_needs_a_terminal_and_starts_nothing_without_one(home, failure):
    import subprocess

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HOST), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run([sys.executable, "-m", "pocketcrib", "vboard", "--play"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=env, timeout=WAIT)
    assert "needs a terminal" in failure(proc)
    assert vboard.running() == []



def test_a_vm_board_holds_a_key_for_the_firmware_s_own_debounce():
    # Down until exactly the sample that takes the press: a shorter hold is let go before the
    # firmware takes it (a key lost), a longer one may be down at a later sample (a repeat).
    from drivers.buttons import Buttons

    from pocketcrib.twins.vboard import view

    assert Buttons().debounce_ms == view.DEBOUNCE_MS
