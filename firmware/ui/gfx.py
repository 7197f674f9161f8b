# Drawing on the 128x64 MONO_VLSB framebuffer with the device's own fonts:
# text, the big cards of the table, small cards, a card back, the pegging strip.
#
# Glyphs are copied column by column into one preallocated scratch buffer and
# blitted with key 0 (only set pixels drawn), so drawing allocates nothing
# beyond the strings a screen builds.
import framebuf
from micropython import const

from ui.font import BIG, BIG_OFF, BIG_W, SMALL, SMALL_OFF, SMALL_W

W = const(128)
H = const(64)
LINE = const(9)  # small-font line pitch

CARD_W = const(19)
CARD_H = const(26)
MINI_H = const(10)
_ROWS = const(6)  # list rows below the title bar

_small = bytearray(8)
_sfb = framebuf.FrameBuffer(_small, 8, 8, framebuf.MONO_VLSB)
# The small font as one strip, 8 pixels high (its columns are MONO_VLSB bytes).
_strip = framebuf.FrameBuffer(bytearray(SMALL), len(SMALL), 8, framebuf.MONO_VLSB)
_big = bytearray(24)  # 12 columns, two pages
_bfb = framebuf.FrameBuffer(_big, 12, 16, framebuf.MONO_VLSB)
# Blitting through this palette swaps the colours: with key 1 it draws the
# glyph's set pixels in colour 0 (dark text on a lit box).
_INV = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, framebuf.MONO_VLSB)

# Rank characters in the small font; code 5 is a narrow "10".
RANK_CHARS = "A23456789\x05JQK"


def card_text(c):
    """A card in the small font: its rank and its suit's glyph."""
    return RANK_CHARS[c >> 2] + chr(1 + (c & 3))


def _blit(fb, src, x, y, c):
    if c:
        fb.blit(src, x, y, 0)
    else:
        fb.blit(src, x, y, 1, _INV)


def glyph(fb, code, x, y, c=1):
    """Draw one small-font character (by code); returns its width."""
    if code > 127:
        code = 63
    o = (SMALL_OFF[code << 1] << 8) | SMALL_OFF[(code << 1) + 1]
    w = SMALL_W[code]
    # The glyph's columns out of the font strip (blit clips to the scratch),
    # the next glyph's cleared: C calls, not a Python loop a column.
    _sfb.blit(_strip, -o, 0)
    _sfb.fill_rect(w, 0, 8 - w, 8, 0)
    _blit(fb, _sfb, x, y, c)
    return w


def text(fb, s, x, y, c=1):
    """Draw s in the small font; returns the x just past it."""
    for ch in s:
        x += glyph(fb, ord(ch), x, y, c) + 1
    return x


def width(s):
    n = 0
    for ch in s:
        code = ord(ch)
        n += SMALL_W[code if code < 128 else 63] + 1
    return n - 1 if n else 0


def center(fb, s, y, c=1, x0=0, x1=W):
    text(fb, s, x0 + (x1 - x0 - width(s)) // 2, y, c)


def right(fb, s, x, y, c=1):
    """Draw s ending at x (exclusive)."""
    text(fb, s, x - width(s), y, c)


def big(fb, index, x, y, c=1):
    """Draw big glyph `index` (0..12 ranks, 13..16 suits); returns its width."""
    o = BIG_OFF[index] << 1
    w = BIG_W[index]
    for i in range(12):
        if i < w:
            _big[i] = BIG[o + 2 * i]
            _big[12 + i] = BIG[o + 2 * i + 1]
        else:
            _big[i] = 0
            _big[12 + i] = 0
    _blit(fb, _bfb, x, y, c)
    return w


def _corners(fb, x, y, w, h):
    fb.pixel(x, y, 0)
    fb.pixel(x + w - 1, y, 0)
    fb.pixel(x, y + h - 1, 0)
    fb.pixel(x + w - 1, y + h - 1, 0)


def card(fb, c, x, y, lit=False):
    """A table card: big rank over a big suit; lit = drawn inverted (chosen)."""
    if lit:
        fb.fill_rect(x, y, CARD_W, CARD_H, 1)
    else:
        fb.fill_rect(x, y, CARD_W, CARD_H, 0)
        fb.rect(x, y, CARD_W, CARD_H, 1)
    _corners(fb, x, y, CARD_W, CARD_H)
    ink = 0 if lit else 1
    r = c >> 2
    big(fb, r, x + (CARD_W - BIG_W[r]) // 2, y + 3, ink)
    big(fb, 13 + (c & 3), x + 5, y + 15, ink)


def back(fb, x, y, w=CARD_W, h=CARD_H):
    """A face-down card: a frame around a diagonal hatch."""
    fb.fill_rect(x, y, w, h, 0)
    fb.rect(x, y, w, h, 1)
    _corners(fb, x, y, w, h)
    for yy in range(y + 2, y + h - 2):
        for xx in range(x + 2 + (yy - y) % 3, x + w - 2, 3):
            fb.pixel(xx, yy, 1)


def mini_width(c):
    # Border and padding on each side, the rank, a column, the suit.
    return SMALL_W[ord(RANK_CHARS[c >> 2])] + 10


def mini(fb, c, x, y, lit=False):
    """A small card: rank and suit in the small font in a box; returns its width."""
    w = mini_width(c)
    if lit:
        fb.fill_rect(x, y, w, MINI_H, 1)
    else:
        fb.fill_rect(x, y, w, MINI_H, 0)
        fb.rect(x, y, w, MINI_H, 1)
    _corners(fb, x, y, w, MINI_H)
    ink = 0 if lit else 1
    xx = x + 2 + glyph(fb, ord(RANK_CHARS[c >> 2]), x + 2, y + 2, ink) + 1
    glyph(fb, 1 + (c & 3), xx, y + 2, ink)
    return w


def mini_back(fb, x, y):
    back(fb, x, y, 15, MINI_H)
    return 15


def minis(fb, cards, x, y, gap=2, lit_mask=0):
    """A row of small cards; bit i of lit_mask lights card i; returns the x past the row."""
    i = 0
    for c in cards:
        x += mini(fb, c, x, y, bool((lit_mask >> i) & 1)) + gap
        i += 1
    return x - gap


def strip(fb, score, target, y, mark=0):
    """The pegging board: a track from 0 to the target, filled to the score,
    notched every ten holes; mark (if > 0) is drawn as a post across it."""
    fb.rect(0, y, W, 7, 1)
    span = W - 2
    n = score if score < target else target
    fb.fill_rect(1, y + 1, n * span // target, 5, 1)
    for hole in range(10, target, 10):
        x = 1 + hole * span // target
        fb.pixel(x, y + 1, 0 if x <= n * span // target else 1)
        fb.pixel(x, y + 5, 0 if x <= n * span // target else 1)
    if mark:
        x = 1 + mark * span // target
        fb.vline(x, y - 1, 9, 1)


def bar(fb, s, y=0):
    """A title bar: the text on a lit line."""
    fb.fill_rect(0, y, W, LINE, 1)
    text(fb, s, 2, y + 1, 0)


def listing(fb, rows, cur, top, was=-1):
    """Rows under the title bar with the current one lit; returns the new top row.

    With `was`, the row lit on the glass before: only it and the current row
    are drawn again, unless the rows scrolled (then all of them are)."""
    if cur < top:
        new = cur
    elif cur >= top + _ROWS:
        new = cur - _ROWS + 1
    else:
        new = top
    if was < 0 or new != top:
        if was >= 0:
            fb.fill_rect(0, 10, W, H - 10, 0)
        for i in range(new, min(len(rows), new + _ROWS)):
            _row(fb, rows[i], 10 + 9 * (i - new), i == cur)
    else:
        for i in (was, cur):
            y = 10 + 9 * (i - top)
            fb.fill_rect(0, y, W, 9, 0)
            _row(fb, rows[i], y, i == cur)
    if new > 0:
        glyph(fb, ord("^"), 122, 10)
    if new + _ROWS < len(rows):
        glyph(fb, ord("v"), 122, 56)
    return new


def _row(fb, s, y, lit):
    if lit:
        fb.fill_rect(0, y, W, 9, 1)
    text(fb, s, 4, y + 1, 0 if lit else 1)


def cursor(fb, x, y):
    """A small upward triangle with its tip at (x, y)."""
    fb.pixel(x, y, 1)
    fb.hline(x - 1, y + 1, 3, 1)
    fb.hline(x - 2, y + 2, 5, 1)


def wrap(s, w):
    """Split s at spaces into lines no wider than w pixels."""
    out = []
    line = ""
    for word in s.split(" "):
        trial = word if not line else line + " " + word
        if line and width(trial) > w:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    return out
