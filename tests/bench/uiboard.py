"""A board twin that runs on MicroPython and CPython alike (no host code): the
firmware's SSD1306 driver on a bus that only counts bytes, the firmware's
button logic, and a clock that moves only when told. Used by the UI bench and
by the test that plays a game in the MicroPython VM."""
from drivers import buttons
from drivers.ssd1306 import SSD1306

NAMES = {"UP": buttons.UP, "DOWN": buttons.DOWN, "LEFT": buttons.LEFT, "RIGHT": buttons.RIGHT,
         "A": buttons.A, "B": buttons.B, "B_LONG": buttons.B_LONG}


class Bus:
    def __init__(self):
        self.bytes = 0

    def writeto(self, addr, buf, stop=True):
        self.bytes += 1 + len(buf)

    def writevto(self, addr, vector, stop=True):
        self.bytes += 1
        for b in vector:
            self.bytes += len(b)


class Board:
    def __init__(self):
        self.bus = Bus()
        self.display = SSD1306(self.bus)
        self.keys = buttons.Buttons()
        self.t = 0

    def ticks_ms(self):
        return self.t & 0x3FFFFFFF

    def sleep_ms(self, ms):
        self.t += ms

    def date(self):
        return None


def settle(app):
    for _ in range(64):
        if not app.keys.pending() and not app.dirty:
            return
        app.step()


def press(app, name, ms=150):
    """As pocketcrib.twins.sim.Sim.press: time passes, the key is queued, the app steps."""
    app.board.t += ms
    app.keys.push(NAMES[name])
    app.step()
    settle(app)


def wait(app, ms):
    """As pocketcrib.twins.sim.Sim.wait: time passes with no key, a step every 100 ms."""
    for _ in range(ms // 100):
        app.board.t += 100
        app.step()


def frame_hex(display):
    return "".join("%02x" % b for b in display.buffer)
