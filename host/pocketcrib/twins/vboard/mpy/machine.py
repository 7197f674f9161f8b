# `machine` on the virtual board: a Pico (RP2040) as far as Pocket Crib and
# mpremote can tell. Buttons read released (pull-ups) unless the launcher
# forces a level or presses a key (each pin read says when: the time the
# program last had from ticks_ms(), which it stamps its sample with); an
# SSD1306 answers at 0x3C and 0x3D on I2C (unless started with --no-display)
# and keeps its display RAM, so the screen can be read back (display_ram());
# every I2C transfer is counted and the last few are kept.
import time
from binascii import hexlify

import _vbjs
import _vbtime
from _vbtime import _ms as _now  # the clock, read here without touching what ticks_ms() told the program

PWRON_RESET = 1
WDT_RESET = 3

_freq = 125000000
_timers = []
_wdt = None
_cause = PWRON_RESET
_in_timer = False  # a soft timer's callback is running


def _tick():
    # Called from sleeps and pin reads: due soft timers, then the watchdog. As a Pico's
    # scheduler, never a callback inside another's (its pin reads, its sleeps).
    global _in_timer
    if _timers and not _in_timer:
        now = _now()
        _in_timer = True
        try:
            for t in tuple(_timers):
                if time.ticks_diff(now, t._due) >= 0:
                    if t._mode == Timer.PERIODIC:
                        t._due = time.ticks_add(t._due, t._period)
                        if time.ticks_diff(now, t._due) > 0:
                            t._due = time.ticks_add(now, t._period)  # fell behind: skip, as a Pico does
                    elif t in _timers:
                        _timers.remove(t)
                    if t._callback is not None:
                        t._callback(t)
        finally:
            _in_timer = False
    if _wdt is not None and time.ticks_diff(_now(), _wdt._fed) > _wdt._timeout:
        reset()


_vbtime.tick = _tick


def _service():
    if _vbjs.poll():
        raise KeyboardInterrupt
    _tick()


def unique_id():
    return bytes.fromhex(_vbjs.uid())


def freq(hz=None):
    global _freq
    if hz is None:
        return _freq
    _freq = hz


def reset():
    _vbjs.reset("hard")
    raise SystemExit


def soft_reset():
    _vbjs.reset("soft")
    raise SystemExit


def bootloader(*args):
    _vbjs.reset("bootsel")
    raise SystemExit


def reset_cause():
    return _cause


def idle():
    _service()


def lightsleep(ms=None):
    time.sleep_ms(ms if ms is not None else 1000)


def deepsleep(ms=None):
    time.sleep_ms(ms if ms is not None else 1000)
    reset()


def disable_irq():
    return 0


def enable_irq(state=0):
    pass


def time_pulse_us(pin, level, timeout_us=1000000):
    time.sleep_us(timeout_us)
    return -1


# -- pins -------------------------------------------------------------------------

_VBUS = 24  # high while USB power is present: the virtual board is always on USB
_LED = 25
_levels = {}  # GP -> level driven by the firmware


def _gp(pin_id):
    if isinstance(pin_id, Pin):
        return pin_id._gp
    if pin_id == "LED":
        return _LED
    if isinstance(pin_id, str) and pin_id.startswith("GP"):
        pin_id = int(pin_id[2:])
    if not isinstance(pin_id, int) or not 0 <= pin_id <= 29:
        raise ValueError("invalid pin")
    return pin_id


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, pin_id, mode=-1, pull=-1, value=None, **kw):
        self._gp = _gp(pin_id)
        self._mode = Pin.IN
        self._pull = None
        self._handler = None
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kw):
        if mode != -1:
            self._mode = mode
        if pull != -1:
            self._pull = pull
        if value is not None:
            _levels[self._gp] = 1 if value else 0

    def value(self, v=None):
        if v is not None:
            _levels[self._gp] = 1 if v else 0
            return None
        return self._read()

    def _read(self):
        _service()
        if self._mode == Pin.OUT:
            return _levels.get(self._gp, 0)
        forced = _vbjs.pin(self._gp, _vbtime.told)
        if forced >= 0:
            return forced
        if self._gp == _VBUS:
            return 1
        return 1 if self._pull == Pin.PULL_UP else 0

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        self.value(0 if _levels.get(self._gp, 0) else 1)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self._handler = handler  # no edges reach the virtual board from outside

    def __repr__(self):
        return "Pin(GPIO%d)" % self._gp


class Signal:
    def __init__(self, pin, *args, invert=False, **kw):
        self._pin = pin if isinstance(pin, Pin) else Pin(pin, *args, **kw)
        self._invert = invert

    def value(self, v=None):
        if v is None:
            return self._pin._read() ^ self._invert
        self._pin.value(bool(v) ^ self._invert)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


# -- I2C with a display on it ----------------------------------------------------------

_I2C_PINS = {
    0: ((0, 4, 8, 12, 16, 20), (1, 5, 9, 13, 17, 21)),
    1: ((2, 6, 10, 14, 18, 26), (3, 7, 11, 15, 19, 27)),
}
_DISPLAY_ADDRS = (0x3C, 0x3D) if _vbjs.display() else ()
_SCREEN = _vbjs.screen()  # a viewer takes a copy of every transfer to the display
_ram = bytearray(1024)  # the SSD1306's display RAM: 8 pages of 128 columns
_disp = {"col": 0, "page": 0, "c0": 0, "c1": 127, "p0": 0, "p1": 7, "mode": 2, "on": 0}
# Argument counts of SSD1306 commands that take any.
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
         0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
_cmd = []  # a command waiting for its arguments
_log = []  # the last transfers: (address, bytes)
_LOG_KEEP = 16
counts = {}  # address -> bytes written


def display_ram():
    """The display's RAM (bytes, 1024: page-major, bit 0 = top row of the page) and whether it is on."""
    return bytes(_ram), _disp["on"]


def i2c_log():
    return list(_log)


def _command(b):
    if _cmd or b in _ARGS:
        _cmd.append(b)
    else:
        if b == 0xAE or b == 0xAF:
            _disp["on"] = b & 1
        elif 0xB0 <= b <= 0xB7:
            _disp["page"] = b & 7
        elif b < 0x10:
            _disp["col"] = (_disp["col"] & 0xF0) | b
        elif b < 0x20:
            _disp["col"] = (_disp["col"] & 0x0F) | ((b & 0x0F) << 4)
        return
    if len(_cmd) <= _ARGS[_cmd[0]]:
        return
    c = _cmd[0]
    if c == 0x20:
        _disp["mode"] = _cmd[1] & 3
    elif c == 0x21:
        _disp["c0"], _disp["c1"] = _cmd[1] & 127, _cmd[2] & 127
        _disp["col"] = _disp["c0"]
    elif c == 0x22:
        _disp["p0"], _disp["p1"] = _cmd[1] & 7, _cmd[2] & 7
        _disp["page"] = _disp["p0"]
    del _cmd[:]


def _data(buf, start):
    d = _disp
    i = start
    n = len(buf)
    while i < n:
        col, page = d["col"], d["page"]
        end = d["c1"] + 1 if d["mode"] != 2 else 128
        take = min(n - i, end - col)
        at = page * 128 + col
        _ram[at:at + take] = buf[i:i + take]
        i += take
        col += take
        if col >= end:
            if d["mode"] == 2:  # page addressing: stay on the page
                col = 0
            else:
                col = d["c0"]
                page = d["p0"] if page >= d["p1"] else page + 1
        d["col"], d["page"] = col, page


def _display_write(buf):
    # Control byte 0x00: commands follow; 0x40: display data follows.
    if not buf:
        return
    if buf[0] & 0x40:
        _data(buf, 1)
    else:
        for b in buf[1:]:
            _command(b)


class I2C:
    def __init__(self, i2c_id=0, scl=None, sda=None, freq=400000, timeout=50000):
        if i2c_id not in _I2C_PINS:
            raise ValueError("I2C(%s) doesn't exist" % (i2c_id,))
        self._id = i2c_id
        self.init(scl=scl, sda=sda, freq=freq)

    def init(self, scl=None, sda=None, freq=400000, timeout=50000):
        sdas, scls = _I2C_PINS[self._id]
        if scl is not None and _gp(scl) not in scls:
            raise ValueError("bad SCL pin")
        if sda is not None and _gp(sda) not in sdas:
            raise ValueError("bad SDA pin")
        self._freq = freq

    def scan(self):
        _service()
        return list(_DISPLAY_ADDRS)

    def _write(self, addr, data):
        _service()
        if addr not in _DISPLAY_ADDRS:
            raise OSError(5)  # no ACK: what the rp2 port raises (EIO)
        data = bytes(data)
        counts[addr] = counts.get(addr, 0) + len(data)
        _log.append((addr, data[:64]))
        if len(_log) > _LOG_KEEP:
            _log.pop(0)
        _display_write(data)
        if _SCREEN:
            _vbjs.i2c(addr, hexlify(data).decode())
        return len(data)

    def writeto(self, addr, buf, stop=True):
        return self._write(addr, buf)

    def writevto(self, addr, vector, stop=True):
        return self._write(addr, b"".join(bytes(v) for v in vector))

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        self._write(addr, bytes((memaddr,)) + bytes(buf))

    def readfrom(self, addr, nbytes, stop=True):
        self._write(addr, b"")
        return bytes(nbytes)

    def readfrom_into(self, addr, buf, stop=True):
        self._write(addr, b"")
        for i in range(len(buf)):
            buf[i] = 0

    def readfrom_mem(self, addr, memaddr, nbytes, addrsize=8):
        return self.readfrom(addr, nbytes)

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        self.readfrom_into(addr, buf)


SoftI2C = I2C


# -- the rest of the peripherals the firmware might touch ------------------------------------


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None, **kw):
        self._pin = pin
        self._freq = 1000
        self._duty = 0
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        if not 8 <= f <= 62500000:
            raise ValueError("freq too small" if f < 8 else "freq too large")
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d

    def duty_ns(self, ns=None):
        if ns is None:
            return self._duty * 1000000000 // (self._freq * 65535)
        self._duty = ns * self._freq * 65535 // 1000000000

    def deinit(self):
        self._duty = 0


class ADC:
    CORE_TEMP = 4

    def __init__(self, pin):
        gp = pin if isinstance(pin, int) else _gp(pin)
        self._ch = gp if gp <= 4 else gp - 26
        if not 0 <= self._ch <= 4:
            raise ValueError("Pin doesn't have ADC capabilities")

    def read_u16(self):
        _service()
        if self._ch == 4:
            return 14190  # 0.714 V: the sensor at about 25 C
        if self._ch == 3:
            return 33100  # VSYS/3 on USB power (about 5 V)
        return 320  # a floating input


class RTC:
    """The board's clock: 2021-01-01 at power-up until set, kept over soft resets."""

    def datetime(self, dt=None):
        if dt is None:
            now = _vbjs.rtc_now()
            if now < 0:
                _vbjs.rtc_set(time.mktime((2021, 1, 1, 0, 0, 0, 0, 0)))
                now = _vbjs.rtc_now()
            t = time.localtime(now)
            return (t[0], t[1], t[2], t[6], t[3], t[4], t[5], 0)
        _vbjs.rtc_set(time.mktime((dt[0], dt[1], dt[2], dt[4], dt[5], dt[6], 0, 0)))


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, timer_id=-1, **kw):
        self._callback = None
        self._mode = Timer.PERIODIC
        self._period = 0
        self._due = 0
        if kw:
            self.init(**kw)

    def init(self, mode=PERIODIC, period=-1, callback=None, freq=-1, tick_hz=1000):
        if freq > 0:
            period = max(1, 1000 // freq)
        elif tick_hz != 1000 and period > 0:
            period = max(1, period * 1000 // tick_hz)
        self._mode, self._period, self._callback = mode, max(1, period), callback
        self._due = time.ticks_add(_now(), self._period)
        if self not in _timers:
            _timers.append(self)

    def deinit(self):
        if self in _timers:
            _timers.remove(self)


class WDT:
    def __init__(self, id=0, timeout=5000):
        global _wdt
        self._timeout = min(timeout, 8388)
        self._fed = _now()
        _wdt = self

    def feed(self):
        self._fed = _now()


class UART:
    """UART0 is the link jack when the board has one (--link: a socket to another board); the
    rest, and UART0 without a jack, read nothing and write into the void. Never waiting, as
    the firmware opens it (timeout=0)."""

    def __init__(self, uart_id, baudrate=115200, **kw):
        if uart_id not in (0, 1):
            raise ValueError("UART(%s) doesn't exist" % (uart_id,))
        self._id = uart_id
        self._jack = uart_id == 0 and _vbjs.link()
        self._held = b""  # what any() saw come, not yet read

    def init(self, *args, **kw):
        pass

    def deinit(self):
        self._jack = False

    def _take(self, n):
        _service()
        got = self._held
        if self._jack and len(got) < n:
            got += bytes.fromhex(_vbjs.link_read(n - len(got)))
        self._held = got[n:]
        return got[:n]

    def any(self):
        self._held = self._take(512)
        return len(self._held)

    def read(self, n=-1):
        got = self._take(512 if n is None or n < 0 else n)
        return got or None

    def readinto(self, buf, n=-1):
        got = self._take(len(buf) if n is None or n < 0 else min(n, len(buf)))
        if not got:
            return None
        buf[:len(got)] = got
        return len(got)

    def readline(self):
        return self.read()

    def write(self, buf):
        _service()
        if self._jack:
            _vbjs.link_write(hexlify(bytes(buf)).decode())
        return len(buf)


class SPI:
    MSB = 0
    LSB = 1

    def __init__(self, spi_id=0, *args, **kw):
        self._id = spi_id

    def init(self, *args, **kw):
        pass

    def write(self, buf):
        _service()

    def read(self, n, write=0):
        return bytes(n)

    def readinto(self, buf, write=0):
        for i in range(len(buf)):
            buf[i] = 0

    def write_readinto(self, wbuf, rbuf):
        self.readinto(rbuf)


SoftSPI = SPI


