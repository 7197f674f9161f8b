"""A virtual SSD1306 panel on a virtual I2C bus.

The firmware's own driver (firmware/drivers/ssd1306.py) talks to this exactly as
to the real chip: control bytes, commands with their arguments (split across
transfers or not), and display data written through the column/page window.
The panel keeps its display RAM and what the glass shows (power, contrast,
inversion, segment remap and COM scan direction), so the simulator shows what
a player would see, and tests can count bytes on the bus.
"""

WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8

# Commands that take arguments, and how many.
_ARGS = {
    0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xDA: 1, 0xD5: 1, 0xD9: 1,
    0xDB: 1, 0x8D: 1, 0xA3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
}


class I2CError(OSError):
    pass


class Panel:
    def __init__(self, addr=0x3C):
        self.addr = addr
        # RAM by segment (after the remap in force when it was written), page-major.
        self.ram = bytearray(WIDTH * PAGES)
        self.on = False
        self.contrast = 0x7F
        self.inverted = False
        self.all_on = False
        self.seg_remap = False
        self.com_remap = False
        self.col0, self.col1 = 0, WIDTH - 1
        self.page0, self.page1 = 0, PAGES - 1
        self.col, self.page = 0, 0
        self.bytes = 0  # every byte on the bus, address byte included
        self.transfers = 0
        self.commands = 0
        self._cmd = []  # a command still waiting for its arguments

    # The I2C side (machine.I2C's methods the driver uses).

    def writeto(self, addr, buf, stop=True):
        self._transfer(addr, bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(v) for v in vector)
        self._transfer(addr, data)
        return len(data)

    def scan(self):
        return [self.addr]

    def _transfer(self, addr, data):
        if addr != self.addr:
            raise I2CError(19, "ENODEV")  # no device answers at that address
        self.bytes += 1 + len(data)
        self.transfers += 1
        i = 0
        while i < len(data):
            control = data[i]
            i += 1
            more = control & 0x80  # Co: another control byte follows this data byte
            is_data = control & 0x40
            if more:
                if i < len(data):
                    (self._data if is_data else self._command)(data[i])
                i += 1
            else:
                for b in data[i:]:
                    (self._data if is_data else self._command)(b)
                return

    # The chip.

    def _command(self, b):
        cmd = self._cmd
        cmd.append(b)
        if len(cmd) - 1 < _ARGS.get(cmd[0], 0):
            return
        self._cmd = []
        self.commands += 1
        op = cmd[0]
        if op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op == 0x81:
            self.contrast = cmd[1]
        elif op in (0xA6, 0xA7):
            self.inverted = op == 0xA7
        elif op in (0xA4, 0xA5):
            self.all_on = op == 0xA5
        elif op in (0xA0, 0xA1):
            self.seg_remap = op == 0xA1
        elif op in (0xC0, 0xC8):
            self.com_remap = op == 0xC8
        elif op == 0x21:
            self.col0, self.col1 = cmd[1] & 0x7F, cmd[2] & 0x7F
            self.col = self.col0
        elif op == 0x22:
            self.page0, self.page1 = cmd[1] & 7, cmd[2] & 7
            self.page = self.page0
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 7
        elif op <= 0x0F:
            self.col = (self.col & 0xF0) | op
        elif 0x10 <= op <= 0x1F:
            self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
        # Timing, charge pump, multiplex and the like change nothing we show.

    def _data(self, b):
        seg = WIDTH - 1 - self.col if self.seg_remap else self.col
        self.ram[self.page * WIDTH + seg] = b
        # Horizontal addressing: across the window, then down a page, wrapping.
        if self.col >= self.col1:
            self.col = self.col0
            self.page = self.page0 if self.page >= self.page1 else self.page + 1
        else:
            self.col += 1

    # What the glass shows.

    def lit(self, x, y):
        """True if the pixel at (x, y) of the glass (0,0 top left) is lit."""
        if not self.on:
            return False
        if self.all_on:
            return True
        seg = WIDTH - 1 - x  # the module's glass runs from SEG127 at the left
        row = y if self.com_remap else HEIGHT - 1 - y
        bit = (self.ram[(row >> 3) * WIDTH + seg] >> (row & 7)) & 1
        return bool(bit) != self.inverted

    def rows(self):
        """The glass as 64 rows of 128 booleans."""
        return [[self.lit(x, y) for x in range(WIDTH)] for y in range(HEIGHT)]

    def frame(self):
        """The glass as MONO_VLSB bytes (what a framebuffer holding the picture would hold)."""
        out = bytearray(WIDTH * PAGES)
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if self.lit(x, y):
                    out[(y >> 3) * WIDTH + x] |= 1 << (y & 7)
        return bytes(out)
