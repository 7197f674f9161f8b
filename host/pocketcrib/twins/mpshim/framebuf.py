"""CPython stand-in for MicroPython's `framebuf` module, pixel for pixel.

A line-by-line port of MicroPython's extmod/modframebuf.c (v1.2x) for the
monochrome formats the firmware uses (MONO_VLSB for the display, MONO_HLSB and
MONO_HMSB as blit sources), so a frame drawn here is byte-identical to the same
frame drawn on the device; tests/sim/test_framebuf_vm.py checks that against the
real module in the MicroPython VM. Other formats raise ValueError. Never deployed.
"""

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# MicroPython's built-in 8x8 font (font_petme128_8x8), chars 32..127, eight
# column bytes each (LSB at the top); dumped from the real module.
_FONT = bytes.fromhex(
    "00000000000000000000004f4f0000000007070000070700147f7f14147f7f1400242e6b6b3a1200006333180c666300"
    "00327f4d4d777250000000040603010000001c3e63410000000041633e1c0000082a3e1c1c3e2a080008083e3e080800"
    "000080e0600000000008080808080800000000606000000000406030180c0602003e7f49457f3e000040447f7f404000"
    "00627351494f460000226349497f360000181814167f7f1000276745457d3900003e7f49497b3200000303797d070300"
    "00367f49497f360000266f49497f3e000000002424000000000080e46400000000081c36634141000014141414141400"
    "00414163361c080000020351590f0600003e7f414d4f2e00007c7e0b0b7e7c00007f7f49497f3600003e7f4141632200"
    "007f7f41633e1c00007f7f4949414100007f7f0909010100003e7f41497b3a00007f7f08087f7f000000417f7f410000"
    "002060417f3f0100007f7f1c36634100007f7f4040404000007f7f060c067f7f007f7f0e1c7f7f00003e7f41417f3e00"
    "007f7f09090f0600001e3f21617f5e00007f7f19396f460000266f49497b32000001017f7f010100003f7f40407f3f00"
    "001f3f60603f1f00007f7f3018307f7f0063771c1c77630000070f78780f0700006171594d47430000007f7f41410000"
    "0002060c18306040000041417f7f000000080c06060c0800c0c0c0c0c0c0c0c0000001030604000000207454547c7800"
    "007f7f44447c380000387c44446c280000387c44447f7f0000387c54545c580000087e7f090302000098bca4a4fc7c00"
    "007f7f04047c78000000007d7d0000000040c08080fd7d00007f7f30386c44000000417f7f400000007c7c1830187c7c"
    "007c7c04047c780000387c44447c380000fcfc24243c180000183c2424fcfc00007c7c04040c080000485c5454742000"
    "04043f7f44642000003c7c40407c3c00001c3c60603c1c00001c7c3018307c1c00446c38386c4400009cbca0a0fc7c00"
    "004464745c4c44000008083e77414100000000ffff000000004141773e0808000002030103020301aa55aa55aa55aa55"
)


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF:
            raise ValueError("invalid size")
        if stride is None:
            stride = width
        if format == MONO_VLSB:
            need = ((height + 7) >> 3) * stride
        elif format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
            need = (stride * height + 7) >> 3
        else:
            raise ValueError("framebuf shim: only the monochrome formats are implemented")
        mv = memoryview(buffer)
        if mv.readonly:
            raise TypeError("object with buffer protocol required (writable)")
        mv = mv.cast("B")
        if len(mv) < need:
            raise ValueError("buffer too small")
        self.buf = mv
        self.width = width
        self.height = height
        self.format = format
        self.stride = stride

    # --- per-format pixel access (setpixel/getpixel in modframebuf.c) ---

    def _set(self, x, y, col):
        fmt = self.format
        if fmt == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            o = y & 7
            self.buf[i] = (self.buf[i] & ~(1 << o) & 0xFF) | ((col != 0) << o)
        else:
            i = (x + y * self.stride) >> 3
            o = (x & 7) if fmt == MONO_HMSB else 7 - (x & 7)
            self.buf[i] = (self.buf[i] & ~(1 << o) & 0xFF) | ((col != 0) << o)

    def _get(self, x, y):
        fmt = self.format
        if fmt == MONO_VLSB:
            return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        o = (x & 7) if fmt == MONO_HMSB else 7 - (x & 7)
        return (self.buf[(x + y * self.stride) >> 3] >> o) & 1

    def _fill_rect(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        if self.format == MONO_VLSB:
            buf = self.buf
            stride = self.stride
            for yy in range(y, yend):
                o = yy & 7
                keep = ~(1 << o) & 0xFF
                bit = (col != 0) << o
                base = (yy >> 3) * stride
                for i in range(base + x, base + xend):
                    buf[i] = (buf[i] & keep) | bit
        else:
            for yy in range(y, yend):
                for xx in range(x, xend):
                    self._set(xx, yy, col)

    # --- the public methods ---

    def fill(self, c):
        self._fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        w = self.width
        h = self.height
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        source = _readonly(fbuf)
        pal = None if palette is None else _readonly(palette)
        if x >= self.width or y >= self.height or -x >= source.width or -y >= source.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + source.width)
        y0end = min(self.height, y + source.height)
        key &= 0xFFFFFFFF  # the C code compares as uint32: key -1 never matches
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = source._get(cx1, y1)
                if pal is not None:
                    col = pal._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def scroll(self, xstep, ystep):
        if xstep < 0:
            sx = 0
            xend = self.width + xstep
            if xend <= 0:
                return
            dx = 1
        else:
            sx = self.width - 1
            xend = xstep - 1
            if xend >= sx:
                return
            dx = -1
        if ystep < 0:
            y = 0
            yend = self.height + ystep
            if yend <= 0:
                return
            dy = 1
        else:
            y = self.height - 1
            yend = ystep - 1
            if yend >= y:
                return
            dy = -1
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x0, y0, c=1):
        for chr_ in str(s).encode("utf-8"):
            if chr_ < 32 or chr_ > 127:
                chr_ = 127
            base = (chr_ - 32) * 8
            for j in range(8):
                if 0 <= x0 < self.width:
                    col = _FONT[base + j]
                    y = y0
                    while col:
                        if col & 1 and 0 <= y < self.height:
                            self._set(x0, y, c)
                        col >>= 1
                        y += 1
                x0 += 1


class _ReadOnly(FrameBuffer):
    """A blit source given as a tuple (buffer, width, height, format[, stride])."""

    def __init__(self, buffer, width, height, format, stride=None):
        if stride is None:
            stride = width
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif format != MONO_VLSB:
            raise ValueError("framebuf shim: only the monochrome formats are implemented")
        self.buf = memoryview(buffer).cast("B")
        self.width = width
        self.height = height
        self.format = format
        self.stride = stride


def _readonly(obj):
    if isinstance(obj, FrameBuffer):
        return obj
    if isinstance(obj, tuple) and 4 <= len(obj) <= 5:
        return _ReadOnly(*obj)
    raise TypeError("expected a FrameBuffer or a (buffer, width, height, format[, stride]) tuple")


def FrameBuffer1(buffer, width, height, format, stride=None):
    """Old alias kept by MicroPython for compatibility."""
    return FrameBuffer(buffer, width, height, format, stride)
