"""The texts a screen draws, each as a box: (text, x0, y0, x1, y1), x1 just past
it and y1 its last row. ui.gfx.text is recorded (centre and right go through it)."""
from ui import gfx


def record(monkeypatch):
    """A list that every text drawn from now on is appended to."""
    out = []
    text = gfx.text

    def recorded(fb, s, x, y, c=1):
        out.append((s, x, y, x + gfx.width(s), y + 7))
        return text(fb, s, x, y, c)

    monkeypatch.setattr(gfx, "text", recorded)
    return out
