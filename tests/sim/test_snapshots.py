"""Pixel snapshots of the key screens (reviewed by eye when made): the glass
of the simulated panel must match tests/sim/snapshots/<name>.png exactly.
UPDATE_SNAPSHOTS=1 rewrites those that changed, and those tests skip (then look
at them before committing); see snapshot.py."""
from pathlib import Path

import pytest
from helpers import snapshot
from PIL import Image
from helpers.scenes import SCENES, render

SNAPS = Path(__file__).resolve().parent / "snapshots"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_snapshot(tmp_path, name):
    sim = render(name, tmp_path)
    assert type(sim.app.screen).__name__ == SCENES[name][2]
    # The framebuffer the firmware drew is what the panel shows (upright, on).
    assert sim.panel.frame() == sim.frame()
    snapshot.check(sim, SNAPS / (name + ".png"))


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
    from helpers.scenes import doc_pictures

    docs = SNAPS.parents[2] / "docs" / "screens"
    shown = doc_pictures()
    assert shown and set(shown) <= set(SCENES)
    assert sorted(p.stem for p in docs.glob("*.png")) == shown
