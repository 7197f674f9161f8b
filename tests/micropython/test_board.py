"""board.py, main.py and hardware/pins.py against a stand-in `machine` module.

`machine` exists only on the device; the stand-in here records what the board
asks of it (pins, I2C transfers) so the wiring in pins.py is checked end to end:
the pin a button sits on gives that button's bit, B held means safe boot.
"""

import importlib
import sys
import types

import pytest

import pins
from drivers import buttons
from mpvm import ROOT, run_micropython


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    levels = {}  # GP -> level; buttons are active low, so 1 = released
    made = {}

    def __init__(self, gp, mode=None, pull=None):
        self.gp = gp
        self.pull = pull
        Pin.made[gp] = self

    def value(self):
        return Pin.levels.get(self.gp, 1)


class I2C:
    made = 0

    def __init__(self, i2c_id, sda=None, scl=None, freq=0):
        I2C.made += 1
        self.id, self.sda, self.scl, self.freq = i2c_id, sda.gp, scl.gp, freq
        self.writes = []

    def writeto(self, addr, buf):
        self.writes.append((addr, bytes(buf)))

    def writevto(self, addr, vector):
        self.writes.append((addr, b"".join(bytes(v) for v in vector)))


class PWM:
    def __init__(self, pin):
        self.pin = pin.gp
        self.duties = []

    def duty_u16(self, d):
        self.duties.append(d)

    def freq(self, f):
        self.f = f


class ADC:
    def __init__(self, gp):
        self.gp = gp

    def read_u16(self):
        return 52000  # about 7.9 V / 3 on the divider... scaled below


class RTC:
    now = (2021, 1, 1, 4, 0, 0, 0, 0)

    def datetime(self):
        return RTC.now


@pytest.fixture
def board(monkeypatch):
    fake = types.ModuleType("machine")
    fake.Pin, fake.I2C, fake.PWM, fake.ADC = Pin, I2C, PWM, ADC
    fake.unique_id = lambda: b"\xe6\x61\x4c\x31\x1b\x7e\x5c\x2f"
    fake.lightsleep = lambda ms: None
    fake.RTC = RTC
    monkeypatch.setitem(sys.modules, "machine", fake)
    monkeypatch.setattr(Pin, "levels", {})
    monkeypatch.setattr(I2C, "made", 0)
    monkeypatch.setattr(sys.modules["time"], "sleep_ms", lambda ms: None, raising=False)
    monkeypatch.setattr(sys.modules["time"], "ticks_ms", lambda: 0, raising=False)
    sys.modules.pop("board", None)
    mod = importlib.import_module("board")
    yield mod
    sys.modules.pop("board", None)


def test_board_builds_display_on_the_pinned_bus(board):
    b = board.Board()
    assert (b.i2c.id, b.i2c.sda, b.i2c.scl) == (pins.I2C_ID, pins.SDA, pins.SCL) == (0, 4, 5)
    assert b.i2c.freq == pins.I2C_FREQ == 400000
    assert board.Board(fast_i2c=True).i2c.freq == 1000000
    assert {addr for addr, _ in b.i2c.writes} == {0x3C}
    assert b.display.bytes_sent == sum(len(d) + 1 for _, d in b.i2c.writes)


def test_each_button_pin_gives_its_key_bit(board):
    b = board.Board()
    names = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
    for name, gp in zip(names, pins.BUTTON_PINS, strict=True):
        assert Pin.made[gp].pull == Pin.PULL_UP
        Pin.levels = {gp: 0}
        assert b.pressed() == getattr(buttons, name)
        assert getattr(pins, "BTN_" + name) == gp
    Pin.levels = {}
    assert b.pressed() == 0
    assert len(set(pins.BUTTON_PINS) | {pins.SDA, pins.SCL, pins.PIEZO}) == 9


class UART:
    made = []

    def __init__(self, uart_id, baudrate=9600, tx=None, rx=None, timeout=None, rxbuf=None):
        UART.made.append(self)
        self.id, self.baudrate, self.tx, self.rx, self.timeout = uart_id, baudrate, tx.gp, rx.gp, timeout
        self.rx_pull = rx.pull


def test_the_link_jack_is_opened_only_when_asked(board, monkeypatch):
    monkeypatch.setattr(sys.modules["machine"], "UART", UART, raising=False)
    monkeypatch.setattr(UART, "made", [])
    b = board.Board()
    assert UART.made == []  # a device that never plays linked never touches the jack
    u = b.open_link()
    assert UART.made == [u]
    assert (u.id, u.tx, u.rx, u.baudrate) == (0, 0, 1, 115200)  # UART0 on GP0/GP1
    assert u.timeout == 0 and u.rx_pull == Pin.PULL_UP
    # Free pins: nothing else of the device is on them.
    used = set(pins.BUTTON_PINS) | {pins.SDA, pins.SCL, pins.PIEZO, pins.BATTERY_ADC}
    assert not used & {pins.LINK_TX, pins.LINK_RX}
    monkeypatch.setattr(pins, "LINK_TX", None)
    assert b.open_link() is None and len(UART.made) == 1  # no jack fitted


def test_safe_boot_is_b_held(board):
    assert not board.safe_boot_requested()
    Pin.levels = {pins.BTN_B: 0}
    assert board.safe_boot_requested()
    Pin.levels = {pins.BTN_A: 0}
    assert not board.safe_boot_requested()


def test_unique_id_beep_battery(board):
    b = board.Board()
    assert board.unique_id() == "e6614c311b7e5c2f"
    b.beep(1000, 5)
    assert b._pwm.duties[-2:] == [32768, 0] and b._pwm.f == 1000
    v = b.battery_volts()
    assert v == pytest.approx(52000 * 3.3 * 3 / 65535)
    assert 0 <= b.battery_percent() <= 100


def test_date_only_once_the_clock_is_set(board, monkeypatch):
    b = board.Board()
    assert b.date() is None
    monkeypatch.setattr(RTC, "now", (2026, 11, 29, 6, 12, 0, 0, 0))
    assert b.date() == "2026-11-29"


def test_main_safe_boot_prints_and_stops(board, monkeypatch, capsys):
    Pin.levels = {pins.BTN_B: 0}
    sys.modules.pop("main", None)
    main = importlib.import_module("main")
    main.run()
    assert "safe boot" in capsys.readouterr().out
    assert I2C.made == 0  # nothing started: the display was not even touched


def test_pins_compiles_and_imports_as_mpy_in_the_vm():
    code = (
        "import pins\n"
        "assert pins.SDA == 4 and pins.SCL == 5 and pins.OLED_ADDR == 0x3C\n"
        "assert len(pins.BUTTON_PINS) == 6\n"
        "print('pins ok', pins.BUTTON_PINS)\n"
    )
    rc, out = run_micropython(code, paths=(ROOT / "hardware",), use_mpy=True)
    assert rc == 0, out
    assert "pins ok (10, 11, 12, 13, 14, 15)" in out


def test_main_runs_the_app_with_board_and_saves(board, monkeypatch, tmp_path):
    main, ran = _main_with_app(monkeypatch, tmp_path)
    main.run()
    (b, saves), = ran
    assert isinstance(b, board.Board) and b.display.on
    assert saves.device["id"] == "e6614c311b7e5c2f"
    assert (tmp_path / "data" / "device.pcr").exists()


def _main_with_app(monkeypatch, tmp_path):
    """main.run() with an App that only records what it was given; (main, the runs)."""
    ran = []

    class App:
        def __init__(self, b, saves):
            ran.append((b, saves))

        def run(self):
            pass

    fake_app = types.ModuleType("ui.app")
    fake_app.App = App
    monkeypatch.setitem(sys.modules, "ui.app", fake_app)
    sys.modules.pop("main", None)
    main = importlib.import_module("main")
    monkeypatch.setattr(main, "DATA", str(tmp_path / "data"))
    return main, ran


def test_main_boots_whatever_the_saves_hold(board, monkeypatch, tmp_path):
    from storage import records

    data = tmp_path / "data"
    data.mkdir()
    good = [{"n": n, "variant": "solitaire", "seed": n, "score": 50, "won": False, "target": 91,
             "rounds": [50], "date": None, "players": 1, "code": None} for n in (1, 2)]
    text = b'{"n": 3, "variant": "\xff"}'
    signed = b"%08x " % records.crc(text) + text + b"\n"  # checksum right, not UTF-8
    body = records.line(good[0]).encode() + signed + b"00000000 {}\n" + records.line(good[1]).encode()
    (data / "history.pcr").write_bytes(b"PCRIB history 1\n" + body + b"END 4\n")
    (data / "settings.pcr").write_bytes(b"PCRIB settings 1\n" + records.line([1]).encode() + b"END 1\n")
    main, ran = _main_with_app(monkeypatch, tmp_path)
    main.run()
    (b, saves), = ran
    assert b.display.on
    assert [r["n"] for r in saves.history()] == [1, 2]
    assert any("history.pcr: 2 bad records set aside" in p for p in saves.problems), saves.problems
    assert any("settings.pcr" in p for p in saves.problems)


def test_main_sets_all_saves_aside_if_reading_them_fails_all_the_same(board, monkeypatch, tmp_path):
    from storage import records

    data = tmp_path / "data"
    data.mkdir()
    (data / "history.pcr").write_bytes(b"PCRIB history 1\nEND 0\n")
    real = records.check
    calls = []

    def failing_once(*a):
        calls.append(a)
        if len(calls) == 1:
            raise RuntimeError("a bug in reading the saves")
        return real(*a)

    monkeypatch.setattr(records, "check", failing_once)
    main, ran = _main_with_app(monkeypatch, tmp_path)
    main.run()
    (b, saves), = ran
    assert b.display.on
    assert saves.problems == ["The saves could not be read (RuntimeError); all of them are kept in %s.bad"
                              % (data,)]
    assert (tmp_path / "data.bad" / "history.pcr").read_bytes() == b"PCRIB history 1\nEND 0\n"
    assert (data / "device.pcr").exists()


def test_main_after_an_update_cut_short_says_so_and_starts_nothing(board, monkeypatch, tmp_path, capsys):
    marker = tmp_path / "pocketcrib.update"
    marker.write_text("{}")
    for name in ("ui.app", "storage.saves", "rules.solitaires"):  # a game module imported now would fail the test
        monkeypatch.setitem(sys.modules, name, None)
    sys.modules.pop("main", None)
    main = importlib.import_module("main")
    monkeypatch.setattr(main, "UPDATE_MARKER", str(marker))
    shown = []
    monkeypatch.setattr(main, "_say", lambda display, *lines: shown.append((display.on, lines)))
    main.run()
    assert "update incomplete: connect to a computer and run `pocketcrib flash`" in capsys.readouterr().out
    assert shown == [(True, ("Update", "incomplete:", "connect to a", "computer and run", "pocketcrib flash"))]
    assert all(len(line) <= 16 for line in main.UPDATE_LINES)  # 16 characters of 8 pixels fill the width
    marker.unlink()
    assert not main.update_cut_short()


def test_random_seeds_come_from_os_urandom(board, monkeypatch):
    b = board.Board()
    # CPython's os.urandom stands in for the RP2040's (ring oscillator).
    seeds = {b.random32() for _ in range(50)}
    assert len(seeds) == 50 and all(0 <= s <= 0xFFFFFFFF for s in seeds)
    monkeypatch.setattr(board.os, "urandom", lambda n: b"\x12\x34\x56\x78"[:n])
    assert b.random32() == 0x12345678
    monkeypatch.delattr(board.os, "urandom")
    assert b.random32() is None  # a port without it: the app falls back on the clock


@pytest.mark.slow
def test_main_puts_the_builtins_in_sys_modules_in_the_vm():
    # MicroPython looks for os.py, time.py... on the filesystem at every `import os` before it takes
    # the built-in (4.4 ms an import on the emulated Pico): main.py puts the built-ins in
    # sys.modules once, by their u-names, so that later imports find them at once.
    code = (
        "import sys\n"
        "import main\n"
        "for name in ('os', 'time', 'json', 'binascii', 'struct'):\n"
        "    m = sys.modules.get(name)\n"
        "    assert m is not None and m is __import__('u' + name) and not hasattr(m, '__file__'), name\n"
        "import os, time\n"
        "assert os is sys.modules['os'] and time is sys.modules['time']\n"
        "print('builtins ok')\n"
    )
    rc, out = run_micropython(code, use_mpy=True)
    assert rc == 0, out
    assert "builtins ok" in out
