"""The virtual board behaves as a Pico does, as far as mpremote and pocketcrib can tell."""

import json
import os
import time

import pytest
from mpremote.transport import TransportExecError
from helpers.repl import close, connect, read_until
from helpers.watch import WAIT, lit, until

from pocketcrib.twins import vboard

# main.py that runs until stopped, and says on the flash once it has gone round ten times.
LOOP_MAIN = """\
import time
n = 0
while True:
    n += 1
    if n == 10:
        open("/looped", "w").close()
    time.sleep_ms(20)
"""
FRIENDLY = b'Type "help()" for more information.\r\n>>> '


def test_raw_repl_raw_paste_and_micropython_errnos(make_board):
    vb = make_board(uid="0011223344556677")
    t = connect(vb)
    try:
        assert t.eval("1 + 2") == 3
        assert t.use_raw_paste  # the board accepted raw-paste mode (mpremote falls back if refused)
        big = "x = " + repr(bytes(range(256)) * 8)  # several flow-control windows
        t.exec(big)
        assert t.eval("len(x)") == 2048
        assert t.eval("__import__('machine').unique_id().hex()") == "0011223344556677"
        assert t.eval("__import__('sys').implementation._mpy") == 774
        # A missing file is ENOENT (2), as on a Pico, so mpremote's own checks work.
        assert t.eval("__import__('errno').ENOENT") == 2
        with pytest.raises(OSError) as e:
            t.fs_stat("/nope")
        assert e.value.errno == 2
        st = t.eval("__import__('os').statvfs('/')")
        assert st[0] * st[2] == 1408 * 1024 and 0 < st[3] <= st[2]
    finally:
        close(t)


def test_flash_persists_across_resets_and_is_a_folder(make_board):
    vb = make_board()
    t = connect(vb)
    t.fs_mkdir("/data")
    t.fs_writefile("/data/a.txt", b"hello")
    t.exec("import os\nos.rename('/data/a.txt', '/data/b.txt')")
    assert (vb.flash / "data" / "b.txt").read_bytes() == b"hello"  # written through at once
    assert not (vb.flash / "data" / "a.txt").exists()
    t.exec("x = 1")
    close(t)
    t = connect(vb)  # soft reset: fresh interpreter, same flash
    try:
        with pytest.raises(TransportExecError, match="NameError"):
            t.exec("x")
        assert bytes(t.fs_readfile("/data/b.txt")) == b"hello"
        t.exec_raw_no_follow("import machine\nmachine.reset()")  # hard reset...
        read_until(t, FRIENDLY)  # ...done: a fresh VM at the friendly REPL
    finally:
        t.close()
    vb.stop()
    vb.start()  # power cycle
    t = connect(vb)
    try:
        assert bytes(t.fs_readfile("/data/b.txt")) == b"hello"
    finally:
        close(t)


def test_main_runs_at_boot_and_ctrl_c_stops_it(make_board):
    vb = make_board()
    (vb.flash / "main.py").write_text(LOOP_MAIN)
    vb.stop()
    vb.start()  # main.py starts at power-up and never returns by itself
    until((vb.flash / "looped").exists, "main.py to go round ten times")
    t = connect(vb, soft_reset=False)  # Ctrl-C, then the raw REPL, without a reset
    try:
        n = t.eval("n")  # main.py's globals: it ran, and was interrupted
        assert n >= 10
    finally:
        close(t)


def test_soft_reset_in_friendly_repl_runs_main(make_board):
    vb = make_board()
    (vb.flash / "main.py").write_text("import machine\nprint('main ran', machine.freq())\n")
    t = connect(vb)  # a soft reset in the raw REPL does not run main.py...
    t.exit_raw_repl()
    t.serial.write(b"\x04")  # ...one in the friendly REPL does
    out = read_until(t, b"main ran 125000000\r\n")
    out += read_until(t, b">>> ")
    t.close()
    assert b"MPY: soft reboot\r\nmain ran 125000000\r\n" in out
    assert out.endswith(b'Type "help()" for more information.\r\n>>> ')


def test_unplug_takes_the_port_away(make_board):
    vb = make_board()
    port = vb.port
    assert os.path.exists(port)
    assert [b["port"] for b in vboard.running()] == [port]
    vb.unplug()
    assert not os.path.exists(port)
    assert vboard.running() == []


@pytest.mark.slow
def test_bootsel_and_micropython_uf2(make_board, cli, tmp_path):
    vb = make_board()
    uf2 = tmp_path / "RPI_PICO-test.uf2"
    uf2.write_bytes(b"UF2\n\x57\x51\x5d\x9e" + bytes(504))  # one block's worth: a UF2 to the boot ROM
    proc = cli("flash", "--port", vb.port, "--micropython", uf2)
    assert proc.returncode == 0, proc.stderr
    assert "Sending the board" in proc.stdout and "MicroPython installed" in proc.stdout
    assert "files copied" in proc.stdout  # then the firmware went on as usual
    assert json.loads((vb.flash / "pocketcrib.json").read_text())["format"] == 1


def restart(vb, glass):
    """Stop the game (Ctrl-C), forget what it drew, and start it again (a soft reset in the friendly REPL)."""
    t = connect(vb, soft_reset=False)
    try:
        t.exit_raw_repl()
        glass.forget()  # the game is stopped: all it drew has been sent
        t.serial.write(b"\x04")
    finally:
        t.close()


@pytest.mark.slow
def test_the_flashed_firmware_runs_and_answers_buttons(make_board, glass, tmp_path):
    from pocketcrib.board import flash
    from pocketcrib.twins.sim import Sim
    from pocketcrib.twins.vboard import view

    sim = Sim(tmp_path / "sim")  # the same firmware on CPython, also from an empty flash
    title = sim.frame()
    sim.press("A")
    menu = sim.frame()
    assert lit(title) > 200 and menu != title

    vb = make_board(screen=glass.path, pins=tmp_path / "pins.json")
    flash.flash(vb.port, progress=False, out=lambda s: None)
    glass.wait_for(title, "the title screen")  # drawn, and switched on
    restart(vb, glass)
    glass.wait_for(title, "the title again")  # the same after a restart, with nobody pressing anything
    presser = view.presser_for(vb)
    presser.add("A")
    until(lambda: presser.step(time.monotonic()) or presser.idle(), "the firmware to take A")
    glass.wait_for(menu, "the menu")  # A on the title opens the menu


def start_vboard(*args):
    """`pocketcrib vboard ARGS` started in its own session, as from a terminal."""
    import subprocess
    import sys
    from pathlib import Path

    host = Path(__file__).resolve().parents[2] / "host"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(host), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-m", "pocketcrib", "vboard", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, start_new_session=True, env=env)
    return proc


def port_of(proc, timeout=WAIT):
    """The port a starting `pocketcrib vboard` prints once it is up."""
    import select

    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    line = proc.stdout.readline() if ready else ""
    assert line.startswith("port "), line
    return line.split(None, 1)[1].strip()


def test_each_board_gets_its_own_port_flash_and_id_and_sighup_tidies(home, cli, failure):
    import signal

    first, second = start_vboard(), start_vboard()  # at once: they must not pick the same place
    try:
        port1, port2 = port_of(first), port_of(second)
        assert port1 != port2
        boards = {b["port"]: b for b in vboard.running()}
        assert sorted(boards) == sorted([port1, port2])
        assert boards[port1]["flash"] != boards[port2]["flash"]
        assert boards[port1]["uid"] != boards[port2]["uid"]  # their games stay apart when pulled
        listed = cli("devices").stdout
        assert listed.count(port1) == 1 and listed.count(port2) == 1
        # A port or flash folder another board holds is refused, in one line.
        assert "already running" in failure(cli("vboard", "--port", port1))
        assert "in use by the virtual board at " + port1 in failure(cli("vboard", "--flash", boards[port1]["flash"]))
        # Its terminal closed: the board goes, and takes its port and announcement with it.
        os.killpg(second.pid, signal.SIGHUP)
        assert second.wait(WAIT) == 0
        assert not os.path.lexists(port2)
        assert [b["port"] for b in vboard.running()] == [port1]
        assert not (vboard.registry() / f"{second.pid}.json").exists()
        assert os.path.isdir(boards[port2]["flash"])  # the flash is kept, as a Pico's
    finally:
        for proc in (first, second):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(WAIT)
