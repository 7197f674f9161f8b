"""Fixtures for the host tool's tests: a private data folder, virtual boards, the CLI as a user runs it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pocketcrib.twins.vboard import VirtualBoard

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "host"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """POCKETCRIB_DATA and POCKETCRIB_RUNTIME in tmp_path: no test sees the user's scores or boards."""
    data = tmp_path / "data"
    monkeypatch.setenv("POCKETCRIB_DATA", str(data))
    monkeypatch.setenv("POCKETCRIB_RUNTIME", str(tmp_path / "run"))
    monkeypatch.delenv("POCKETCRIB_PORT", raising=False)
    monkeypatch.delenv("POCKETCRIB_DEBUG", raising=False)
    return data


@pytest.fixture
def make_board(home, tmp_path):
    """make_board(name, **options) -> a running VirtualBoard (stopped after the test)."""
    boards = []

    def make(name="board", **kw):
        vb = VirtualBoard(tmp_path / name / "flash", log=tmp_path / name / "vboard.log", **kw)
        vb.flash.mkdir(parents=True, exist_ok=True)
        boards.append(vb.start())
        return vb

    yield make
    for vb in boards:
        vb.stop()


@pytest.fixture
def glass(tmp_path):
    """The display of a board made with make_board(screen=glass.path), watched as it is drawn (watch.py)."""
    from helpers.watch import Glass

    g = Glass(tmp_path / "screen")
    yield g
    g.close()


@pytest.fixture
def cli(home):
    """cli(*args) runs `pocketcrib ARGS` in the test's data folder."""
    return pocketcrib


@pytest.fixture
def failure():
    return one_line_failure


def pocketcrib(*args, timeout=600):
    """Run the CLI as a user would; the CompletedProcess (text). timeout: a last resort against a
    hang, not a measure (a flash takes a minute or more on a loaded machine)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HOST), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "pocketcrib", *map(str, args)], capture_output=True, text=True,
                          env=env, timeout=timeout)


def one_line_failure(proc):
    """Assert the CLI failed as promised: non-zero, one `pocketcrib: ...` line, no traceback. The line."""
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("pocketcrib: "), lines[0]
    print(lines[0])
    return lines[0]
