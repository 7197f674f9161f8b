"""pocketcrib web --out: the static page as built (no browser needed)."""

import base64
import json

from pocketcrib import cli


def test_out_builds_the_page_and_serves_nothing(tmp_path, capsys):
    out = tmp_path / "site"
    assert cli.main(["web", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "built the page in" in said and "serving" not in said
    names = {p.name for p in out.iterdir()}
    assert names == {"index.html", "page.js", "page.css", "micropython.mjs", "micropython.wasm", "firmware.json",
                     "sw.js"}
    files = json.loads((out / "firmware.json").read_text())["files"]
    # The board's layout: main.py and pins.py as source, the rest compiled for the VM (.mpy 6.3).
    assert "/main.py" in files and "/pins.py" in files and "/webboard.py" in files
    mpy = base64.b64decode(files["/ui/app.mpy"])
    assert mpy[0] == ord("M") and mpy[1] == 6
    assert not any(p.endswith(".py") for p in files if p.startswith(("/rules/", "/players/", "/tables/", "/storage/", "/ui/", "/drivers/")))
    sw = (out / "sw.js").read_text()
    assert "__VERSION__" not in sw and '"firmware.json"' in sw


def test_an_unwritable_folder_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert cli.main(["web", "--out", str(blocker / "site")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pocketcrib: cannot write the page")
