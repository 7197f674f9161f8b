"""The simulated panel's glass against a snapshot picture (tests/sim/snapshots/, 128x64).

A changed or missing picture fails. With UPDATE_SNAPSHOTS=1 it is written and the
test skips, saying so: the comparison was not made (look at the picture before
committing); a picture that is unchanged still passes, compared as usual. A test
never passes by comparing a picture it has just written with itself.
"""
import os

import pytest
from PIL import Image

W, H = 128, 64


def glass(sim):
    """The panel's pixels as rows of 0/1."""
    return [[1 if v else 0 for v in row] for row in sim.glass()]


def read(path):
    img = Image.open(path).convert("L")
    assert img.size == (W, H), "%s is %dx%d, not %dx%d" % (path.name, *img.size, W, H)
    px = img.tobytes()
    return [[1 if px[y * W + x] else 0 for x in range(W)] for y in range(H)]


def write(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    img = Image.new("1", (W, H))
    img.putdata([v for row in rows for v in row])
    img.save(path, optimize=True)


def check(sim, path):
    """Fail unless the glass is the picture at path (see the module's note on UPDATE_SNAPSHOTS)."""
    got = glass(sim)
    want = read(path) if path.exists() else None
    diff = None if want is None else sum(a != b for ra, rb in zip(got, want, strict=True)
                                         for a, b in zip(ra, rb, strict=True))
    if diff != 0 and os.environ.get("UPDATE_SNAPSHOTS"):
        write(path, got)
        pytest.skip("%s %s by UPDATE_SNAPSHOTS: not compared; look at it before committing"
                    % (path.name, "made" if want is None else "remade (%d pixels changed)" % diff))
    assert want is not None, "%s is missing (UPDATE_SNAPSHOTS=1 makes it)" % path.name
    assert diff == 0, "%s: %d pixels differ from the snapshot" % (path.stem, diff)
