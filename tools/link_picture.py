"""The picture of two linked devices mid-game (docs/pictures/link.png), from the simulator.

    .venv/bin/python tools/link_picture.py [OUT.png]

Two simulators (the firmware on CPython) joined by a socket pair standing in for the
cable, ANN's and BOB's, each in its own scratch folder: both choose Cribbage with seat 2
on the cable, lay away their two lowest cards and play until four cards are on the
table; then both glasses side by side. Each shows its own hand only.
"""

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from pocketcrib.twins.linkport import cable  # noqa: E402
from pocketcrib.twins.sim import Sim, image  # noqa: E402

# Title, menu, down to "Cribbage vs computer", seat 2 to the cable, Start.
KEYS = ["A"] + ["DOWN"] * 9 + ["A", "UP", "RIGHT", "RIGHT", "DOWN", "A"]


def name(sim):
    return type(sim.app.screen).__name__


def key_for(sim):
    """The next key for the player, or None while the device waits for the other."""
    s = sim.app.screen
    n = name(sim)
    if n in ("CribLink", "CribWait") or n == "CribPlay" and s.waiting():
        return None
    if n == "CribLay" and s.cur in s.marks and len(s.marks) < s.need:
        return "RIGHT"
    return "A"


def two_devices(folder, seeds=(5, 9)):
    ports = cable()
    sims = []
    for i, who in enumerate(("ANN", "BOB")):
        sim = Sim(Path(folder) / who, seed=seeds[i], link=ports[i], device_id="pc%06d" % i)
        sim.saves.set("hints", False)
        sim.saves.set("names", who + "P2 P3 P4 ")
        sim.run_script(KEYS)
        sims.append(sim)
    return sims


def mid_game(sims, cards=4, limit=5000):
    """Both devices on; stop with `cards` on the table and each device on its play screen."""
    for _ in range(limit):
        games = [s.app.play.g if s.app.play else None for s in sims]
        if None not in games and len(games[0].seq) >= cards and games[0].moves == games[1].moves \
                and all(name(s) == "CribPlay" for s in sims):
            return  # the same moment on both
        for sim in sims:
            k = key_for(sim)
            if k is None:
                sim.board.clock.advance(20)
                sim.app.step()
                sim.settle()
            else:
                sim.press(k)
    raise RuntimeError("no play with %d cards on the table" % cards)


def picture(sims, out, scale=3, gap=24):
    from PIL import Image

    glasses = [image(s.glass(), scale, border=6) for s in sims]
    w = sum(g.width for g in glasses) + gap
    pic = Image.new("L", (w, glasses[0].height), 255)
    pic.paste(glasses[0], (0, 0))
    pic.paste(glasses[1], (glasses[0].width + gap, 0))
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pic.save(out, optimize=True)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else ROOT / "docs" / "pictures" / "link.png"
    with tempfile.TemporaryDirectory() as folder:
        sims = two_devices(folder)
        mid_game(sims)
        picture(sims, out)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
