"""Pixel snapshots of the key screens (reviewed by eye when made): the glass
of the simulated panel must match tests/sim/snapshots/<name>.png exactly.
UPDATE_SNAPSHOTS=1 rewrites them (then look at them before committing)."""
import os
from pathlib import Path

import pytest
from PIL import Image
from scenes import SCENES, render

SNAPS = Path(__file__).resolve().parent / "snapshots"


def _bits(rows):
    return [[1 if v else 0 for v in row] for row in rows]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_snapshot(tmp_path, name):
    sim = render(name, tmp_path)
    assert type(sim.app.screen).__name__ == SCENES[name][2]
    got = _bits(sim.glass())
    path = SNAPS / (name + ".png")
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPS.mkdir(exist_ok=True)
        img = Image.new("1", (128, 64))
        img.putdata([v for row in got for v in row])
        img.save(path, optimize=True)
    img = Image.open(path).convert("L")
    assert img.size == (128, 64)
    px = img.tobytes()
    want = [[1 if px[y * 128 + x] else 0 for x in range(128)] for y in range(64)]
    diff = sum(a != b for ra, rb in zip(got, want, strict=True)
               for a, b in zip(ra, rb, strict=True))
    assert diff == 0, "%s: %d pixels differ from the snapshot" % (name, diff)
    # The framebuffer the firmware drew is what the panel shows (upright, on).
    assert sim.panel.frame() == sim.frame()


def test_doc_pictures_are_the_snapshots():
    # docs/screens/*.png are the snapshots at 4x: regenerate them with
    # `make screens` when a screen changes.
    docs = SNAPS.parents[2] / "docs" / "screens"
    pictures = sorted(docs.glob("*.png"))
    assert pictures
    for pic in pictures:
        big = Image.open(pic).convert("L")
        assert big.size == (512, 256), pic.name
        small = big.resize((128, 64), Image.NEAREST).point(lambda v: 255 if v > 127 else 0)
        snap = Image.open(SNAPS / pic.name).convert("L").point(lambda v: 255 if v > 127 else 0)
        assert small.tobytes() == snap.tobytes(), "%s is stale" % pic.name


def test_the_docs_show_every_picture_made_for_them():
    # `make screens` writes what the docs show, no more: every file in
    # docs/screens/ is shown, and every picture shown is a scene that is there.
    from scenes import doc_pictures

    docs = SNAPS.parents[2] / "docs" / "screens"
    shown = doc_pictures()
    assert shown and set(shown) <= set(SCENES)
    assert sorted(p.stem for p in docs.glob("*.png")) == shown
