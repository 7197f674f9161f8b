"""What a screen draws, as boxes: each text (ui.gfx.text, which centre, right and the title bar go
through) as (text, x0, y0, x1, y1), x1 just past it and y1 past its last row; each card (big, small,
face down) and the cursor's triangle; and the lines ui.gfx.wrap made while drawing. problems()
says what a reader would trip on (tests/sim/test_text_fits.py runs it over every screen)."""
import re
from collections import Counter

from ui import gfx

GAP = 3  # the width of a space: less and two texts read as one
TEXT_H = 7  # the small font's rows
# A card in letters: a rank (T or 10 for ten) and a suit letter, standing alone.
LETTERS = re.compile(r"(?<![A-Za-z0-9])(?:10|[A2-9TJQK])[CDHS](?![A-Za-z0-9])")


class Glass(list):
    """What one frame drew: texts (the list itself: s, x0, y0, x1, y1), cards and
    cursors (things: what, x0, y0, x1, y1, half-open) and the lines gfx.wrap made."""

    def __init__(self):
        super().__init__()
        self.things = []
        self.wrapped = []

    def clear(self):
        del self[:]
        del self.things[:]
        del self.wrapped[:]


def record(monkeypatch):
    """A Glass that everything drawn from now on is recorded on."""
    drawn = Glass()
    text, card, back, mini, cursor, wrap = gfx.text, gfx.card, gfx.back, gfx.mini, gfx.cursor, gfx.wrap

    def recorded(fb, s, x, y, c=1):
        drawn.append((s, x, y, x + gfx.width(s), y + TEXT_H))
        return text(fb, s, x, y, c)

    def a_card(fb, c, x, y, lit=False):
        drawn.things.append(("card", x, y, x + gfx.CARD_W, y + gfx.CARD_H))
        return card(fb, c, x, y, lit)

    def a_back(fb, x, y, w=gfx.CARD_W, h=gfx.CARD_H):
        drawn.things.append(("card", x, y, x + w, y + h))
        return back(fb, x, y, w, h)

    def a_mini(fb, c, x, y, lit=False):
        drawn.things.append(("card", x, y, x + gfx.mini_width(c), y + gfx.MINI_H))
        return mini(fb, c, x, y, lit)

    def a_cursor(fb, x, y):
        drawn.things.append(("cursor", x - 2, y, x + 3, y + 3))
        return cursor(fb, x, y)

    def wrapped(s, w):
        lines = wrap(s, w)
        drawn.wrapped.append((s, lines))
        return lines

    for name, f in (("text", recorded), ("card", a_card), ("back", a_back), ("mini", a_mini),
                    ("cursor", a_cursor), ("wrap", wrapped)):
        monkeypatch.setattr(gfx, name, f)
    return drawn


def _meet(a, b, gap=0):
    """Half-open boxes (x0, y0, x1, y1) that overlap, or come within gap of each other."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def problems(drawn):
    """What runs off the glass, into another text or a card, is cut short or in letters."""
    out = []
    for i, (s, x0, y0, x1, y1) in enumerate(drawn):
        if x0 < 0 or x1 > gfx.W or y0 < 0 or y1 > gfx.H:
            out.append("%r at (%d, %d) runs off the glass" % (s, x0, y0))
        for t, a0, b0, a1, b1 in drawn[i + 1:]:
            if y0 <= b1 and b0 <= y1 and x0 < a1 + GAP and a0 < x1 + GAP:
                out.append("%r at (%d, %d) runs into %r at (%d, %d)" % (s, x0, y0, t, a0, b0))
        for what, *box in drawn.things:
            if _meet((x0, y0, x1, y1), box, 2 if what == "cursor" else 0):
                out.append("%r at (%d, %d) %s the %s at (%d, %d)" % (
                    s, x0, y0, "touches" if what == "cursor" else "lies over", what, box[0], box[1]))
        if LETTERS.search(s):
            out.append("%r names a card in letters" % s)
    for what, *box in drawn.things:
        if box[0] < 0 or box[2] > gfx.W or box[1] < 0 or box[3] > gfx.H:
            out.append("a %s at (%d, %d) runs off the glass" % (what, box[0], box[1]))
    # Each text wrapped and drawn whole takes its lines first: two texts may wrap to a same
    # line ("a run of three is" seven, and thirteen), which only one of them drew.
    left = Counter(s for s, *_ in drawn)
    rest = []
    for s, lines in drawn.wrapped:
        need = Counter(lines)
        if all(left[line] >= n for line, n in need.items()):
            left -= need
        else:
            rest.append((s, lines))
    for s, lines in rest:
        cut = [line for line in lines if not left[line]]
        if cut and len(cut) < len(lines):  # (a whole line scrolled away is not cut)
            out.append("%r is cut short: %r not drawn" % (s, cut))
    return out
