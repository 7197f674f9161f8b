"""The device font: firmware/ui/font.py is what tools/fontsrc.py makes,
and the glyphs have the shapes drawn there."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import fontsrc  # noqa: E402
from ui import font


def test_font_file_is_generated_from_the_art():
    assert fontsrc.TARGET.read_text() == fontsrc.render(), (
        "firmware/ui/font.py is stale: run `python tools/fontsrc.py`")


def test_every_small_glyph_decodes_to_its_art():
    for ch, rows in fontsrc.SMALL.items():
        code = ord(ch)
        off = (font.SMALL_OFF[2 * code] << 8) | font.SMALL_OFF[2 * code + 1]
        w = font.SMALL_W[code]
        cols = font.SMALL[off:off + w]
        if ch == " ":
            assert bytes(cols) == b"\0\0\0"
            continue
        # Redraw the art from the column bytes and compare, blank sides trimmed.
        drawn = ["".join("#" if cols[x] >> y & 1 else "." for x in range(w)) for y in range(8)]
        art = [r.ljust(max(map(len, rows)), ".") for r in rows] + [""] * (8 - len(rows))
        left = min((r.index("#") for r in art if "#" in r), default=0)
        art = [(r[left:left + w]).ljust(w, ".") for r in art]
        assert drawn == art, ch


def test_big_glyphs_are_ranks_then_suits():
    assert len(font.BIG_W) == 13 + 4
    assert font.BIG_W[9] == 9  # the ten is the one wide rank
    assert all(w == 7 for i, w in enumerate(font.BIG_W[:13]) if i != 9)
    assert all(w == 9 for w in font.BIG_W[13:])


def _lit_and_enclosed(draw):
    """(lit pixels, blank pixels no path of blanks leads out of) of what draw(fb) draws."""
    import framebuf

    buf = bytearray(16 * 16 // 8)
    fb = framebuf.FrameBuffer(buf, 16, 16, framebuf.MONO_VLSB)
    draw(fb, 1, 1)  # a blank margin all round
    lit = {(x, y) for x in range(16) for y in range(16) if fb.pixel(x, y)}
    outside = set()
    todo = [(0, 0)]
    while todo:
        x, y = todo.pop()
        if (x, y) in outside or (x, y) in lit or not (0 <= x < 16 and 0 <= y < 16):
            continue
        outside.add((x, y))
        todo += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    return len(lit), 16 * 16 - len(lit) - len(outside)


def test_red_suits_are_outlined_in_text_and_on_cards_alike():
    # One rule everywhere (issue 14): hollow pips are the red suits, diamonds
    # and hearts, on the big cards and in the small font of text and small cards.
    from ui import gfx

    for suit in range(4):
        red = suit in (1, 2)
        for where, draw in (("text", lambda fb, x, y, s=suit: gfx.glyph(fb, 1 + s, x, y)),
                            ("card", lambda fb, x, y, s=suit: gfx.big(fb, 13 + s, x, y))):
            lit, enclosed = _lit_and_enclosed(draw)
            if red:
                assert 2 * enclosed >= lit, (suit, where, lit, enclosed)
            else:
                assert 4 * enclosed < lit, (suit, where, lit, enclosed)
