# SSD1306 OLED over I2C, on framebuf, sending only the pages that changed.
#
# The display is its framebuffer (draw with fill/text/rect/blit...), then
# show(). A shadow copy of what the panel holds lets show() skip the 8-pixel
# rows (pages) that are unchanged; consecutive changed pages go out as one
# write. bytes_sent counts every byte put on the bus, the address byte of
# each transfer included, so benchmarks can compare a cursor move with a full
# redraw. Modelled on micropython-lib's ssd1306.py.
import framebuf
from micropython import const

_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)

_CMD = const(0x80)  # control byte: one command follows
_CMDS = const(0x00)  # control byte: commands to the end of the transfer
_DATA = const(0x40)  # control byte: display data to the end of the transfer


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, addr=0x3C, width=128, height=64, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.bytes_sent = 0
        self.transfers = 0
        self.on = False
        self.flipped = False
        self._shadow = bytearray(len(self.buffer))
        self._stale = True  # the panel's RAM is unknown: next show() sends all
        buf = memoryview(self.buffer)
        shadow = memoryview(self._shadow)
        self._page = tuple(buf[p * width:(p + 1) * width] for p in range(self.pages))
        self._shadow_page = tuple(shadow[p * width:(p + 1) * width] for p in range(self.pages))
        # Every run of pages a..b as one view, made once so show() allocates nothing.
        self._runs = tuple(tuple(buf[a * width:(b + 1) * width] for b in range(a, self.pages))
                           for a in range(self.pages))
        self._cmd = bytearray(2)
        self._cmd[0] = _CMD
        # Column and page window for a data write: 0x21 x0 x1 0x22 p0 p1.
        col = (128 - width) // 2  # narrow panels sit centred in the 128 columns
        self._window = bytearray((_CMDS, _SET_COL_ADDR, col, col + width - 1, _SET_PAGE_ADDR, 0, 0))
        self._data = [bytes((_DATA,)), None]
        self.init_display()

    def init_display(self):
        for cmd in (
            _SET_DISP,  # off while setting up
            _SET_MEM_ADDR, 0x00,  # horizontal addressing: a window fills row by row
            _SET_DISP_START_LINE,
            _SET_SEG_REMAP | 0x01,  # column 127 on SEG0
            _SET_MUX_RATIO, self.height - 1,
            _SET_COM_OUT_DIR | 0x08,  # scan from COM[N-1] to COM0
            _SET_DISP_OFFSET, 0x00,
            _SET_COM_PIN_CFG, 0x02 if self.width > 2 * self.height else 0x12,
            _SET_DISP_CLK_DIV, 0x80,
            _SET_PRECHARGE, 0x22 if self.external_vcc else 0xF1,
            _SET_VCOM_DESEL, 0x30,  # 0.83 * Vcc
            _SET_CONTRAST, 0x80,
            _SET_ENTIRE_ON,  # output follows RAM
            _SET_NORM_INV,
            _SET_CHARGE_PUMP, 0x10 if self.external_vcc else 0x14,
        ):
            self.write_cmd(cmd)
        self.flipped = False
        self.fill(0)
        self._stale = True
        self.show()
        self.poweron()

    def write_cmd(self, cmd):
        self._cmd[1] = cmd
        self.i2c.writeto(self.addr, self._cmd)
        self.bytes_sent += 3
        self.transfers += 1

    def poweroff(self):
        """Panel off (its RAM is kept); about 10 uA instead of milliamps."""
        self.write_cmd(_SET_DISP)
        self.on = False

    def poweron(self):
        self.write_cmd(_SET_DISP | 0x01)
        self.on = True

    def contrast(self, value):
        """0..255; low values make a dim screen."""
        self.write_cmd(_SET_CONTRAST)
        self.write_cmd(value & 0xFF)

    def invert(self, on):
        self.write_cmd(_SET_NORM_INV | (1 if on else 0))

    def flip(self, on):
        """Turn the picture 180 degrees (for holding the device the other way up)."""
        on = bool(on)
        self.write_cmd(_SET_SEG_REMAP | (0 if on else 1))
        self.write_cmd(_SET_COM_OUT_DIR | (0 if on else 0x08))
        self.flipped = on
        # The segment remap applies to data written after it: resend everything.
        self._stale = True

    def invalidate(self):
        """Make the next show() send every page (after a panel reset, say)."""
        self._stale = True

    def show(self):
        """Send the pages that differ from what the panel holds; returns bytes sent."""
        before = self.bytes_sent
        page = self._page
        shadow = self._shadow_page
        stale = self._stale
        self._stale = False
        n = self.pages
        p = 0
        while p < n:
            if not stale and page[p] == shadow[p]:
                p += 1
                continue
            start = p
            while p < n and (stale or page[p] != shadow[p]):
                shadow[p][:] = page[p]
                p += 1
            self._send(start, p - 1)
        return self.bytes_sent - before

    def _send(self, first, last):
        w = self._window
        w[5] = first
        w[6] = last
        self.i2c.writeto(self.addr, w)
        run = self._runs[first][last - first]
        self._data[1] = run
        self.i2c.writevto(self.addr, self._data)
        self.bytes_sent += len(w) + len(run) + 3  # two address bytes, one control byte
        self.transfers += 2
