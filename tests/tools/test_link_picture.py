"""tools/link_picture.py makes docs/pictures/link.png: two linked simulators mid-game,
the same moment on both glasses."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_picture_of_two_linked_devices(tmp_path):
    spec = importlib.util.spec_from_file_location("link_picture", ROOT / "tools" / "link_picture.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    sims = tool.two_devices(tmp_path)
    tool.mid_game(sims)
    games = [s.app.play.g for s in sims]
    assert games[0].moves == games[1].moves and len(games[0].seq) >= 4
    out = tmp_path / "link.png"
    tool.picture(sims, out)
    from PIL import Image

    with Image.open(out) as im:
        assert im.width > 2 * 128 * 3 and im.height > 64 * 3
