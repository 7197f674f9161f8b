"""Issue 30: the cribbage table read at a glance. Each test plays by key presses in the
simulator and reads the pixels on the glass."""
import framebuf
from helpers.drive import crib_keys

from pocketcrib.twins.sim import Sim
from ui import gfx


def _pixel(frame, x, y):
    return frame[(y >> 3) * 128 + x] >> (y & 7) & 1


def _shows_mini(frame, card, y, lit=False):
    """Whether the small card `card` is drawn whole and uncovered somewhere on row y."""
    w = gfx.mini_width(card)
    buf = bytearray(w * 2)
    fb = framebuf.FrameBuffer(buf, w, 16, framebuf.MONO_VLSB)
    gfx.mini(fb, card, 0, 0, lit)
    want = [[fb.pixel(i, j) for j in range(gfx.MINI_H)] for i in range(w)]
    for x in range(128 - w + 1):
        if all(_pixel(frame, x + i, y + j) == want[i][j] for i in range(w) for j in range(gfx.MINI_H)):
            return True
    return False


def test_the_starter_is_in_sight_all_through_the_play(tmp_path):
    for players, seed in ((2, 5), (3, 8), (4, 13)):
        sim = Sim(tmp_path / str(players), seed=seed)
        sim.run_script(" ".join(crib_keys(level=0, players=players)))
        seen = 0
        longest = 0
        for _ in range(1500):
            g = sim.app.play.g if sim.app.play is not None else None
            if type(sim.app.screen).__name__ == "CribPlay" and g.phase == "play":
                frame = sim.frame()
                assert _shows_mini(frame, g.starter, 10), (players, g.deal_no, list(g.seq))
                if g.seq:  # the last card laid, whole, however long the count
                    last = g.seq[-1]
                    assert _shows_mini(frame, last, 10, last in g.played[0]), (players, list(g.seq))
                seen += 1
                longest = max(longest, len(g.seq))
            if g is not None and (g.deal_no > 8 or g.over):
                break
            sim.press("A")
        assert seen > 30 and longest >= (4 if players == 2 else 6), (players, seen, longest)
