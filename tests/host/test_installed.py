"""Issue 27, done-means 1: the tool as a user gets it, from its wheel. The sdist and wheel are
built with the standard front end (`python -m build`, as `make dist` does) from a copy of the
checkout, which is then deleted; the wheel goes into a fresh venv outside the checkout, and every
command runs from another folder with no variable pointing anywhere. Where the machine allows it
(root, mount namespaces), the checkout itself is hidden under an empty folder as well, so nothing
here can read it: the firmware, the VM and the web page must all come from the wheel."""

import os
import shutil
import subprocess
import sys
import time

import pytest
from helpers.drive import DEAL, to_menu_row
from helpers.watch import WAIT, Glass, until
from PIL import Image

from pocketcrib import __version__, places
from pocketcrib.twins import vboard
from pocketcrib.twins.sim import Sim
from pocketcrib.twins.vboard import view

ROOT = places.ROOT
VM = ROOT.joinpath(*places.VM_PACKAGE).parent


def _copy_for_the_build(to):
    """What the wheel is built from: host/, firmware/, hardware/ and the installed VM."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
    for part in ("host", "firmware", "hardware"):
        shutil.copytree(ROOT / part, to / part, ignore=ignore)
    shutil.copytree(VM, to.joinpath(*places.VM_PACKAGE).parent)


def _hidden():
    """The command prefix that hides the checkout (an empty tmpfs over it), or () where not allowed."""
    prefix = ("unshare", "--mount", "sh", "-c", f'mount -t tmpfs none "{ROOT}" && exec "$@"', "hide")
    if shutil.which("unshare") is None:
        return ()
    probe = subprocess.run([*prefix, "ls", "-A", str(ROOT)], capture_output=True, text=True)
    return prefix if probe.returncode == 0 and probe.stdout.strip() == "" else ()


@pytest.fixture(scope="module")
def tool(tmp_path_factory):
    """run(*args, **popen) -> `pocketcrib ARGS` of the installed wheel, from another folder."""
    base = tmp_path_factory.mktemp("installed")
    src = base / "checkout"
    _copy_for_the_build(src)
    before = sorted(p.relative_to(src) for p in src.rglob("*"))
    built = subprocess.run([sys.executable, "-m", "build", str(src / "host"), "-o", str(base / "dist")],
                           capture_output=True, text=True, timeout=WAIT)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    # pip installing from the folder builds there too: neither leaves a file behind in it.
    wheel_here = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check",
                                 "-w", str(base / "pipwheel"), str(src / "host")],
                                capture_output=True, text=True, timeout=WAIT)
    assert wheel_here.returncode == 0, wheel_here.stderr[-2000:]
    assert sorted(p.relative_to(src) for p in src.rglob("*")) == before
    shutil.rmtree(src)  # the checkout the wheel came from is gone
    wheel, = (base / "dist").glob("pocketcrib-*.whl")
    assert (base / "dist" / wheel.name.replace("-py3-none-any.whl", ".tar.gz")).is_file()
    subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True, timeout=WAIT)
    pip = subprocess.run([str(base / "venv" / "bin" / "python"), "-m", "pip", "install", "-q",
                          "--disable-pip-version-check", str(wheel)],
                         capture_output=True, text=True, timeout=WAIT)
    assert pip.returncode == 0, pip.stderr[-2000:]
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POCKETCRIB_", "PYTHON"))}
    env.update(POCKETCRIB_DATA=str(base / "data"), POCKETCRIB_RUNTIME=str(base / "run"),
               POCKETCRIB_SIM_DATA=str(base / "simdata"))
    hide = _hidden()

    def run(*args, python=False, popen=False, **kw):
        cmd = [*hide, str(base / "venv" / "bin" / ("python" if python else "pocketcrib")), *map(str, args)]
        if popen:
            return subprocess.Popen(cmd, cwd=elsewhere, env=env, start_new_session=True, **kw)
        return subprocess.run(cmd, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=WAIT, **kw)

    run.base = base
    run.hidden = bool(hide)
    return run


@pytest.mark.slow
def test_version_is_the_tools_and_its_firmwares(tool):
    proc = tool("--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == (f"pocketcrib {__version__}, firmware {__version__} from this tool "
                                   "(what `pocketcrib flash` puts on a board)")


def test_sim_draws_the_title_of_the_firmware_it_carries(tool, tmp_path):
    shot = tool.base / "title.png"
    proc = tool("sim", "--keys", "", "--shot", shot)
    assert proc.returncode == 0, proc.stderr
    here = Sim(tmp_path)  # this checkout's firmware, the same code as the wheel's
    here.shot(tmp_path / "title.png")
    assert Image.open(shot).tobytes() == Image.open(tmp_path / "title.png").tobytes()


@pytest.mark.slow
def test_web_builds_the_page_with_the_vm_it_carries(tool):
    out = tool.base / "web"
    proc = tool("web", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert (out / "index.html").is_file()
    assert (out / "micropython.wasm").read_bytes() == (VM / "micropython.wasm").read_bytes()


@pytest.mark.slow
def test_a_virtual_board_flashed_played_and_pulled(tool, tmp_path):
    glass = Glass(tmp_path / "screen")
    flash, port, pins = tool.base / "flash", tool.base / "ttyVB", tool.base / "pins.json"
    flash.mkdir()
    vb = vboard.VirtualBoard(flash, port=port, pins=pins)  # its presses and seen(), for the board below
    vb.proc = tool("-m", "pocketcrib.twins.vboard", "--flash", flash, "--port", port, "--pins", pins,
                   "--screen", glass.path, python=True, popen=True, stdout=subprocess.PIPE)
    try:
        line = vb.proc.stdout.readline().decode()
        assert line.startswith("port "), line
        flashed = tool("flash", "--port", port)
        assert flashed.returncode == 0, flashed.stderr
        assert f"Pocket Crib {__version__} on" in flashed.stdout
        title = Sim(tmp_path / "sim").frame()
        glass.wait_for(title, "the title drawn by the firmware the tool carries")
        presser = view.presser_for(vb)
        # A whole Solitaire Cribbage game; at its end RIGHT, then A: the game is recorded.
        for key in to_menu_row(0) + DEAL * 6 + ["RIGHT", "A"]:
            presser.add(key)
        until(lambda: presser.step(time.monotonic()) or presser.idle(), "every key taken")
        until((flash / "data" / "history.pcr").exists, "the game recorded")
        pulled = tool("scores", "pull", "--port", port)
        assert pulled.returncode == 0, pulled.stderr
        assert "1 game (1 new)" in pulled.stdout
        shown = tool("scores", "show")
        assert shown.returncode == 0 and "solitaire" in shown.stdout
    finally:
        vb.stop()
        glass.close()


def test_vboard_pico_says_in_one_line_how_to_get_rp2040js_and_then_runs(tool, tmp_path, failure):
    """Issue 26: the wheel does not carry rp2040js (node's, not Python's): `vboard --pico` says in
    one line what to run; done as it says, the emulated Pico runs from the installed tool."""
    from helpers.pico import fakes, npm_install

    uf2, rom = fakes(tmp_path)
    line = failure(tool("vboard", "--pico", uf2, "--bootrom", rom))
    install = f"npm install --prefix {tool.base / 'data'} rp2040js@1.4.1"
    assert f"run `{install}`" in line and "--rp2040js DIR" in line, line
    stock, bootrom = places.pico_uf2(), places.pico_bootrom()
    if stock is None or bootrom is None or shutil.which("node") is None:
        pytest.skip("no node, or no stock Pico UF2 and boot ROM (POCKETCRIB_PICO_DIR): the one-line failure only")
    npm_install(tool.base / "data")  # what that npm command leaves there (a copy of the checkout's 1.4.1)
    vb = vboard.VirtualBoard(tool.base / "pico.img", port=tool.base / "ttyPico")
    vb.proc = tool("vboard", "--pico", stock, "--bootrom", bootrom, "--flash", vb.flash, "--port", vb.port,
                   popen=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = vb.proc.stdout.readline().decode()
        assert line == f"port {vb.port}\n", line + vb.proc.stderr.read().decode()
        ran = subprocess.run([sys.executable, "-m", "mpremote", "connect", str(vb.port), "exec",
                              "import os; print(os.uname().release)"], capture_output=True, text=True, timeout=WAIT)
        assert ran.returncode == 0 and ran.stdout.strip() == "1.28.0", ran.stdout + ran.stderr
    finally:
        vb.stop()


def test_the_checkout_was_out_of_reach(tool):
    """Said apart, so that a machine that cannot hide it shows as a skip, not a silent pass."""
    if not tool.hidden:
        pytest.skip("no mount namespace here (needs root): the checkout was not hidden, only not copied")
    proc = tool("-c", f"import os; print(os.listdir({str(ROOT)!r}))", python=True)
    assert proc.stdout.strip() == "[]"
