# drivers/ssd1306.py over a bus that records every transfer: the I2C boundary.
from drivers.ssd1306 import SSD1306
from skiptest import skip


class RecordingBus:
    """Stands in for machine.I2C: keeps each transfer's bytes, and a copy of the
    panel's RAM as the SSD1306 would fill it (horizontal addressing)."""

    def __init__(self):
        self.transfers = []
        self.ram = bytearray(1024)
        self.commands = []
        self._win = (0, 127, 0, 7)
        self._ptr = 0

    def writeto(self, addr, buf):
        self._take(addr, bytes(buf))

    def writevto(self, addr, vector):
        self._take(addr, b"".join(bytes(v) for v in vector))

    def _take(self, addr, data):
        assert addr == 0x3C
        self.transfers.append(data)
        ctrl = data[0]
        if ctrl == 0x40:
            c0, c1, p0, p1 = self._win
            for b in data[1:]:
                col = c0 + self._ptr % (c1 - c0 + 1)
                page = p0 + self._ptr // (c1 - c0 + 1)
                self.ram[page * 128 + col] = b
                self._ptr += 1
        else:
            cmds = data[1:]
            self.commands.extend(cmds)
            if cmds[0] == 0x21 and len(cmds) == 6:
                self._win = (cmds[1], cmds[2], cmds[4], cmds[5])
                self._ptr = 0

    def sent(self):
        # Bytes on the wire: payload plus the address byte of each transfer.
        return sum(len(t) + 1 for t in self.transfers)


def make():
    bus = RecordingBus()
    d = SSD1306(bus)
    return bus, d


def test_init_clears_the_panel_and_turns_it_on():
    bus, d = make()
    assert bus.ram == bytearray(1024)
    assert bus.commands[0] == 0xAE and bus.commands[-1] == 0xAF
    assert d.on
    assert d.bytes_sent == bus.sent()


def test_unchanged_frame_sends_nothing():
    bus, d = make()
    before = len(bus.transfers)
    assert d.show() == 0
    assert len(bus.transfers) == before


def test_one_page_change_sends_one_page():
    bus, d = make()
    d.text("A", 0, 24, 1)  # rows 24..31: page 3 only
    n = d.show()
    assert n == 8 + 130  # window (address + 7) + data (address + control + 128)
    assert bus.ram == d.buffer
    assert bus.commands[-6:] == [0x21, 0, 127, 0x22, 3, 3]


def test_full_redraw_is_one_run():
    bus, d = make()
    d.fill(1)
    n = d.show()
    assert n == 8 + 2 + 1024
    assert bus.ram == d.buffer
    assert d.show() == 0


def test_separate_runs_for_separate_pages():
    bus, d = make()
    d.pixel(0, 0, 1)  # page 0
    d.pixel(5, 20, 1)  # page 2
    d.pixel(9, 27, 1)  # page 3
    n = d.show()
    assert n == (8 + 130) + (8 + 2 + 256)
    assert bus.ram == d.buffer


def test_pages_changed_and_changed_back_are_not_sent():
    bus, d = make()
    d.pixel(3, 3, 1)
    d.pixel(3, 3, 0)
    assert d.show() == 0


def test_flip_resends_everything_and_sets_scan_direction():
    bus, d = make()
    d.text("hi", 0, 0, 1)
    d.show()
    d.flip(True)
    assert bus.commands[-2:] == [0xA0, 0xC0]
    assert d.show() == 8 + 2 + 1024
    d.flip(False)
    assert bus.commands[-2:] == [0xA1, 0xC8]


def test_contrast_power_invert():
    bus, d = make()
    d.contrast(17)
    assert bus.commands[-2:] == [0x81, 17]
    d.poweroff()
    assert bus.commands[-1] == 0xAE and not d.on
    d.poweron()
    assert bus.commands[-1] == 0xAF and d.on
    d.invert(True)
    assert bus.commands[-1] == 0xA7
    assert d.bytes_sent == bus.sent()


def test_show_allocates_nothing():
    import gc

    if not hasattr(gc, "mem_alloc"):
        skip("CPython has no gc.mem_alloc: measured in the MicroPython VM")
    bus, d = make()

    class Quiet:
        def writeto(self, addr, buf):
            pass

        def writevto(self, addr, vector):
            pass

    d.i2c = Quiet()
    d.fill(1)
    d.show()
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for i in range(20):
            d.pixel(i, (i * 8) % 64, i & 1)
            d.show()
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert used == 0, used
