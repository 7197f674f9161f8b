"""The device font: firmware/ui/font.py is what host/pocketcrib/fontsrc.py makes,
and the glyphs have the shapes drawn there."""
from pocketcrib import fontsrc
from ui import font


def test_font_file_is_generated_from_the_art():
    assert fontsrc.TARGET.read_text() == fontsrc.render(), (
        "firmware/ui/font.py is stale: run `cd host && python -m pocketcrib.fontsrc`")


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
