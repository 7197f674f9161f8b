"""The docs as a newcomer reads them: a short README, no reference to files a clone does
not have, and commands that work as written (links that lead somewhere:
tests/codebase/test_doc_links.py)."""

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _text(page):
    return page.read_text(encoding="utf-8")


def test_the_readme_is_a_front_door():
    text = _text(ROOT / "README.md")
    assert len(text.encode()) < 10 * 1024
    for must in ("make sim", "make test", "](docs/screens/", "## With a real board", "## Exporting scores",
                 "docs/rules.md", "docs/advisor.md", "docs/benchmarks.md", "docs/internals.md"):
        assert must in text, must


def test_no_page_points_outside_the_clone():
    for page in PAGES:
        text = _text(page)
        assert "../shared" not in text and "/work/" not in text, page.name


def test_the_headless_example_shows_what_it_says(tmp_path):
    # docs/playing.md's `.venv/bin/pocketcrib sim ...` line, run from the top of the clone
    # through a shell as typed; only its picture goes to tmp_path instead.
    line = next(x.strip() for x in _text(ROOT / "docs" / "playing.md").splitlines()
                if x.strip().startswith(".venv/bin/pocketcrib sim --data"))
    shot = tmp_path / "table.png"
    assert line.endswith(" --shot table.png")
    line = line[: -len("table.png")] + shlex.quote(str(shot))
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
               TMPDIR=str(tmp_path))  # mktemp -d makes the fresh folder in there
    proc = subprocess.run(["bash", "-c", line.replace(".venv/bin/pocketcrib", "pocketcrib", 1)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    want = Image.open(ROOT / "docs" / "screens" / "table_marked.png").convert("L")
    assert Image.open(shot).convert("L").tobytes() == want.tobytes()


@pytest.mark.slow
def test_the_bench_commands_run_on_a_board(make_board, cli):
    # docs/benchmarks.md's mpremote lines, verbatim but for PORT, on a flashed virtual board.
    vb = make_board()
    assert cli("flash", "--port", vb.port, "-q").returncode == 0
    lines = [x for x in _text(ROOT / "docs" / "benchmarks.md").splitlines()
             if x.startswith(".venv/bin/mpremote connect PORT")]
    assert len(lines) >= 3
    mpremote = Path(sys.executable).parent / "mpremote"
    for line in lines:
        argv = [str(mpremote) if a == ".venv/bin/mpremote" else vb.port if a == "PORT" else a
                for a in shlex.split(line, comments=True)]
        proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0 and "Traceback" not in proc.stdout + proc.stderr, line + proc.stdout + proc.stderr
        if " run " in line:
            assert "score()" in proc.stdout, proc.stdout


def test_lint_has_no_warnings():
    ruff = Path(sys.executable).parent / "ruff"
    proc = subprocess.run([str(ruff), "check", "."], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout
    assert "warning" not in proc.stderr.lower(), proc.stderr
