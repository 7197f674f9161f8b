# The board twin of the web page (runs in the MicroPython VM in the browser).
#
# The firmware runs as on the device and in the simulator: its own SSD1306
# driver talks to the simulator's virtual panel (panel.py) over a virtual I2C
# bus, its own button logic takes the key presses, its own saves write to /data
# (the page keeps that folder in the browser's storage). The page calls step()
# on its own timer, reads the glass with glass() and pushes keys with press().
import binascii
import time

import js  # the page's JavaScript globals
from drivers import buttons
from drivers.ssd1306 import SSD1306
from panel import Panel
from storage.saves import Saves
from ui.app import App

DATA = "/data"
_KEYS = {"UP": buttons.UP, "DOWN": buttons.DOWN, "LEFT": buttons.LEFT, "RIGHT": buttons.RIGHT,
         "A": buttons.A, "B": buttons.B, "B_LONG": buttons.B_LONG}


class WebBoard:
    """display, keys, ticks_ms(), sleep_ms() and date(), as firmware/board.py has them."""

    def __init__(self):
        self.panel = Panel()
        self.display = SSD1306(self.panel)
        self.keys = buttons.Buttons()

    def ticks_ms(self):
        return time.ticks_ms()

    def sleep_ms(self, ms):
        pass  # the page's timer paces the steps

    def date(self):
        return js.pocketcribDate()  # "YYYY-MM-DD" from the browser's clock

    def random32(self):
        """32 random bits for a new game's seed, from the browser's crypto.getRandomValues
        (in two halves: the VM takes JavaScript integers as signed 32-bit)."""
        return (js.pocketcribRandom16() << 16) | js.pocketcribRandom16()

    def beep(self, freq=2000, ms=20):
        js.pocketcribBeep(freq, ms)


board = None
app = None
_shown = None


def boot(device_id, seed=None):
    """Start the game, as main.py does on the device (seed: a fixed first seed, for tests)."""
    global board, app
    board = WebBoard()
    app = App(board, Saves(DATA, device_id=device_id), seed=seed)
    app.step()


def _booted():
    """(board, app) once boot() has made them."""
    if board is None or app is None:
        raise RuntimeError("webboard: boot() first")
    return board, app


def press(name):
    _booted()[0].keys.push(_KEYS[name])


def step():
    """One turn of the device's loop; True if a key was taken (the page then saves /data)."""
    return bool(_booted()[1].step())


def glass():
    """What the glass shows, if it changed since the last call: 'on all_on inverted
    seg_remap com_remap contrast' then the display RAM in hex; '' if unchanged."""
    global _shown
    b, a = _booted()
    p = b.panel
    state = (a.frames, p.on, p.all_on, p.inverted, p.seg_remap, p.com_remap, p.contrast)
    if state == _shown:
        return ""
    _shown = state
    return "%d %d %d %d %d %d %s" % (p.on, p.all_on, p.inverted, p.seg_remap, p.com_remap, p.contrast,
                                     binascii.hexlify(bytes(p.ram)).decode())


def deal_code():
    """The deal code of the game on the table (nine letters), or ''."""
    play = _booted()[1].play
    if play is None:
        return ""
    return play.code().replace(" ", "")


def open_code(code):
    """A deal code from the page's address: deal it, or, with a game saved, show it
    in the code entry so that the player decides (a saved game is never dropped unasked)."""
    from rules.dealcode import ALPHABET, decode

    try:
        variant, seed = decode(code)
    except ValueError:
        return False
    code = code.replace(" ", "").replace("-", "").upper()
    app = _booted()[1]
    if app.saves.has_current():
        app.go("CodeEntry")
        entry = app.screen
        for i in range(len(code)):
            entry.digits[i] = ALPHABET.index(code[i])
        entry.cur = len(code) - 1
        app.redraw()
    else:
        from ui.solitaire.game import start

        start(app, variant, seed=seed)
    app.step()
    return True
