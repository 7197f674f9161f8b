"""The virtual board: a Pico running MicroPython, for tests, benches and anyone without one.

The MicroPython VM from npm runs under node (board.mjs) behind a pseudo-terminal,
so the real mpremote, and so `pocketcrib`, talk to it through a serial device
path, as to a Pico on /dev/ttyACM0. Its flash is a folder on this computer.

    pocketcrib vboard                        # in one terminal: prints its port
    pocketcrib flash                         # in another: finds it like a real board

    with VirtualBoard(tmp / "flash") as vb:  # in a test
        subprocess.run(["pocketcrib", "flash", "--port", vb.port])
        vb.unplug()                          # the cable pulled: gone at once

This process (serve) is the USB cable and the power: it makes the pty, links
the port path to it, runs the board and, when the board asks for its
bootloader (machine.bootloader(), `mpremote bootloader`), takes the port away
and shows a BOOTSEL drive (a folder with INFO_UF2.TXT) until a .uf2 is copied
onto it, as the RP2040's boot ROM does.
"""

import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
import tty
from pathlib import Path

from pocketcrib import places
from pocketcrib.errors import PocketCribError

HERE = Path(__file__).resolve().parent
BOARD_MJS = HERE / "board.mjs"
EXIT_BOOTSEL = 7  # board.mjs: the firmware asked for the bootloader
DEFAULT_UID = "e6614c311b7e5c2f"
INFO_UF2 = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"
UF2_MAGIC = b"UF2\n\x57\x51\x5d\x9e"
# What an emulated Pico's "ready HOW MS" says (pico.mjs, announce()): how it knew its firmware
# listens for the host's Ctrl-C.
READY_HOW = {"repl": "at its REPL's prompt", "program": "its program reads its pins",
             "waits": "it waits for the host's bytes",
             "deaf": "no sign it listens, taken as listening after 1 s"}


def registry():
    """The folder where running virtual boards announce themselves (one JSON file each)."""
    return places.runtime_dir() / "vboards"


def running():
    """The virtual boards running now: dicts with port, uid, flash, pid, kind ("vm" or "pico") (and
    bootsel, if in it)."""
    found = []
    folder = registry()
    if not folder.is_dir():
        return found
    for f in sorted(folder.glob("*.json")):
        try:
            info = json.loads(f.read_text())
            os.kill(int(info["pid"]), 0)
        except (OSError, ValueError, KeyError, TypeError):
            continue  # gone without tidying up (the cable was pulled)
        found.append(info)
    return found


def default_place(n, pico=False):
    """The port, flash folder (pico: flash image) and unique id of the n-th virtual board started
    without them (from 0)."""
    name = "pico%s.img" if pico else "flash%s"
    flash = places.data_dir() / "vboard" / (name % ("" if n == 0 else n))
    uid = DEFAULT_UID if n == 0 else DEFAULT_UID[:-4] + "%04x" % ((int(DEFAULT_UID[-4:], 16) + n) & 0xFFFF)
    return places.runtime_dir() / f"ttyVB{n}", flash, uid


def choose(flash=None, port=None, uid=None, pico=False):
    """(flash, port, uid) for a new board: those given, the rest the first default place no running
    board holds; a port or flash folder given that a running board holds is an error."""
    boards = running()
    ports = {os.path.abspath(b["port"]): b for b in boards}
    flashes = {os.path.realpath(b["flash"]): b for b in boards}
    if port is not None and os.path.abspath(port) in ports:
        raise PocketCribError(f"{port} is the port of the virtual board already running as process "
                              f"{ports[os.path.abspath(port)]['pid']}", "leave --port out to get a port of its own")
    if flash is not None and os.path.realpath(flash) in flashes:
        b = flashes[os.path.realpath(flash)]
        raise PocketCribError(f"the flash folder {flash} is in use by the virtual board at {b['port']}",
                              "give another --flash DIR, or leave it out to get a folder of its own")
    for n in range(100):
        p, f, u = default_place(n, pico)
        if (port is None and os.path.abspath(p) in ports) or (flash is None and os.path.realpath(f) in flashes):
            continue
        return Path(flash or f), Path(port or p), uid or u
    raise PocketCribError("100 virtual boards are running", "switch some off (Ctrl-C in their terminals)")


class _Claim:
    """A lock held from choosing a place until the board is up and announced, so that two
    boards started at once do not pick the same one."""

    def __init__(self):
        reg = registry()
        reg.mkdir(parents=True, exist_ok=True)
        self.file = open(reg / ".claim.lock", "w")  # noqa: SIM115  (held past this block)
        fcntl.flock(self.file, fcntl.LOCK_EX)

    def release(self):
        if not self.file.closed:
            self.file.close()  # closing lets go of the lock


def serve(flash=None, port=None, uid=None, display=True, pins=None, heap=None, ready=None, micropython=None,
          screen=None, pico=None, link=None):
    """Run a virtual board until killed; ready(port, flash) is called once it is up.
    Without flash, port or uid it takes the first free default ones (see choose()).
    screen: a FIFO a viewer reads the display's I2C transfers from (see view.py).
    pico: (UF2, boot ROM) to run that firmware on an emulated RP2040 (twins/pico) instead of
    the VM; flash is then the board's flash image, a file.
    link: a Unix socket path: the board's link jack (UART0 on GP0/GP1) cabled there to another
    board started with the same path (twins.linkport.Jack)."""
    claim = _Claim()
    try:
        flash, port, uid = choose(flash, port, uid, pico is not None)
        return _serve(flash, port, uid, display, pins, heap, ready, micropython, screen, claim, pico, link)
    finally:
        claim.release()


def _serve(flash, port, uid, display, pins, heap, ready, micropython, screen, claim, pico, link):
    flash = Path(flash).resolve()
    port = Path(port).absolute()
    (flash.parent if pico else flash).mkdir(parents=True, exist_ok=True)
    port.parent.mkdir(parents=True, exist_ok=True)
    drive = flash.parent / (flash.name + "-RPI-RP2")
    if pico:
        from pocketcrib.twins import pico as emulated

        uf2, bootrom = emulated.check(*pico)
        mjs = places.rp2040js()
    else:
        mjs = places.micropython_mjs()
    if shutil.which("node") is None:
        raise PocketCribError("node is not installed", "the virtual board runs MicroPython under node 20+")
    reg = registry()
    reg.mkdir(parents=True, exist_ok=True)
    entry = reg / f"{os.getpid()}.json"
    # kind: "vm" (the MicroPython VM, its heap growing as needed) or "pico" (the stock firmware on
    # an emulated RP2040, a Pico's heap), for doctor and devices to say which it is.
    info = {"port": str(port), "uid": uid, "flash": str(flash), "pid": os.getpid(), "kind": "pico" if pico else "vm"}
    child = None
    jack = None
    if link is not None:
        from pocketcrib.twins.linkport import Jack

        try:
            jack = Jack(link)
        except OSError as e:
            raise PocketCribError(f"--link {link}: {e.strerror or e}",
                                  "give a path in a folder you can write, the same for both boards") from None

    def tidy(*_):
        if child is not None and child.poll() is None:
            child.terminate()
        if jack is not None:
            jack.close()
        for p in (port, entry):
            _unlink(p)
        shutil.rmtree(drive, ignore_errors=True)
        sys.exit(0)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):  # SIGHUP: its terminal was closed
        signal.signal(sig, tidy)
    first = True
    try:
        while True:
            master, slave = os.openpty()
            tty.setraw(slave)
            _link(port, os.ttyname(slave))
            os.close(slave)  # the host opens it through the port path
            os.set_blocking(master, False)
            status_r, status_w = os.pipe()
            if pico:
                cmd = emulated.command(mjs, uf2, bootrom, flash, uid, status_w)
            else:
                cmd = ["node", str(BOARD_MJS), "--mjs", str(mjs), "--flash", str(flash), "--uid", uid,
                       "--status", str(status_w)]
                if not display:
                    cmd.append("--no-display")
                if heap:
                    cmd += ["--heap", str(heap)]
                if micropython:
                    cmd += ["--micropython", micropython]
            if pins:
                cmd += ["--pins", str(pins)]
            if screen:
                cmd += ["--screen", str(screen)]
            fds = (status_w,)
            if jack is not None:
                cmd += ["--link", str(jack.fd())]
                fds += (jack.fd(),)
            child = subprocess.Popen(cmd, stdin=master, stdout=master, pass_fds=fds)
            os.close(master)
            os.close(status_w)
            with os.fdopen(status_r) as status:
                said = status.readline().split()
            up = said[:1] == ["ready"]
            if up and len(said) == 3:  # an emulated Pico says how it knew it listens (pico.mjs)
                print(f"emulated Pico ready: {READY_HOW.get(said[1], said[1])}, {said[2]} ms emulated after power-up",
                      file=sys.stderr, flush=True)
            if up:
                info.pop("bootsel", None)
                _write_json(entry, info)
                if first:
                    claim.release()
                    if ready is not None:
                        ready(str(port), str(flash))
                first = False
            rc = child.wait()
            child = None
            _unlink(port)
            if rc != EXIT_BOOTSEL:
                tidy()
                return rc
            copied = _bootsel(drive, entry, info)
            if pico:  # the firmware copied on is what the emulated Pico's flash holds now
                uf2 = flash.parent / (flash.name + ".uf2")
                shutil.copyfile(copied, uf2)
            shutil.rmtree(drive, ignore_errors=True)
    finally:
        for p in (port, entry):
            _unlink(p)
        if jack is not None:
            jack.close()


def _bootsel(drive, entry, info):
    # The boot ROM's drive: wait for a UF2 to be copied on (its path), then "reboot".
    shutil.rmtree(drive, ignore_errors=True)
    drive.mkdir(parents=True)
    (drive / "INFO_UF2.TXT").write_text(INFO_UF2)
    (drive / "INDEX.HTM").write_text('<html><head><meta http-equiv="refresh" '
                                     'content="0;URL=\'https://raspberrypi.com/device/RP2?version=E0C912952D54\'"/>'
                                     '</head></html>\n')
    info["bootsel"] = str(drive)
    _write_json(entry, info)
    while True:
        time.sleep(0.1)
        for f in drive.iterdir():
            if f.suffix.lower() != ".uf2":
                continue
            size = f.stat().st_size
            time.sleep(0.2)  # let the copy finish
            if f.stat().st_size != size:
                break
            with open(f, "rb") as fh:
                head = fh.read(8)
            if head != UF2_MAGIC:
                f.unlink()  # not a UF2: the boot ROM ignores it
                continue
            # Flashed: the drive goes and the board restarts (the VM board's MicroPython is the
            # npm one whatever the UF2 held; the flash is kept, as on a Pico).
            return f


def _link(port, target):
    _unlink(port)
    os.symlink(target, port)


def _unlink(p):
    try:
        os.unlink(p)
    except OSError:
        pass


def _write_json(path, obj):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(obj))
    os.replace(tmp, path)


class VirtualBoard:
    """A virtual board in its own process group, for tests and benches."""

    def __init__(self, flash, port=None, uid=DEFAULT_UID, display=True, log=None, micropython=None, pins=None,
                 screen=None, pico=None, link=None):
        """flash None: the board takes its own place (port, flash, uid) as `pocketcrib vboard` does.
        pico: (UF2, boot ROM): an emulated Pico running that firmware (flash: its image file).
        link: a Unix socket path its link jack is cabled to (another board's, the same path)."""
        self.flash = Path(flash) if flash else None
        self.port = str(port or self.flash.parent / (self.flash.name + ".tty")) if flash else port
        self.uid = uid if flash else None
        self.display = display
        self.pins = pins or self.flash.parent / (self.flash.name + ".pins.json")
        self._seen = Path(str(self.pins) + ".seen")  # board.mjs writes it beside the pins file
        self.log = log
        self.micropython = micropython
        self.screen = screen
        self.pico = pico
        self.link = link
        self.proc = None

    def start(self, timeout=300):
        """Start the board and wait until it is up (its port printed) or has failed (its process
        ended); timeout is a last resort for a board neither up nor gone, so generous that only a
        hung one meets it: node starting the VM on a busy computer takes its time."""
        _unlink(self._seen)  # an earlier board's word on its presses
        cmd = [sys.executable, "-m", "pocketcrib.twins.vboard", "--pins", str(self.pins)]
        for option, value in (("--flash", self.flash), ("--port", self.port), ("--uid", self.uid),
                              ("--screen", self.screen), ("--link", self.link)):
            if value:
                cmd += [option, str(value)]
        if not self.display:
            cmd.append("--no-display")
        if self.micropython:
            cmd += ["--micropython", self.micropython]
        if self.pico:
            cmd += ["--pico", str(self.pico[0]), "--bootrom", str(self.pico[1])]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE.parents[2]), os.environ.get("PYTHONPATH", "")]))
        with open(self.log or os.devnull, "ab") as err:
            self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, start_new_session=True, env=env)
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline().decode() if ready else ""
        if not line.startswith("port "):
            self.unplug()
            raise RuntimeError(f"virtual board did not start: {line!r}")
        self.port = line.split(None, 1)[1].strip()
        return self

    def press(self, levels, n=None, span=0, then=None):
        """Force pin levels, e.g. {15: 0} holds B (buttons are active low); {} lets go.
        With n, the board tells seen() n once its firmware has read those pins for span ms
        (at once while it sits at the REPL, where no program reads them), and forces the
        levels `then` from that moment, if given."""
        forced = {str(k): v for k, v in levels.items()}
        if n is not None:
            forced.update(n=n, span=span)
            if then is not None:
                forced["then"] = {str(k): v for k, v in then.items()}
        _write_json(self.pins, forced)

    def key(self, gp, n, debounce, hold=0):
        """Press the button on pin gp once and let it go, by the firmware's own samples (a VM
        board; an emulated Pico takes press() levels in its emulated time): down until a sample
        `debounce` ms (the firmware's) after the first that read it down, held `hold` ms more
        from that sample, then up until a sample `debounce` ms after the first that read it up;
        seen() then tells n. The next key is not down in that last sample."""
        _write_json(self.pins, {"key": gp, "n": n, "debounce": debounce, "hold": hold})

    def seen(self):
        """The n of the last press() the firmware has read for its span, or key() it took, or None."""
        try:
            return int(self._seen.read_text())
        except (OSError, ValueError):
            return None

    def stop(self):
        """Switch off tidily (the port and its announcement go away)."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.unplug()
        self._close()

    def unplug(self):
        """Pull the cable: the board and its serial line vanish at once, mid-whatever."""
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()
            # What the OS does when a USB device goes: its port (and announcement) vanish.
            _unlink(self.port)
            _unlink(registry() / f"{self.proc.pid}.json")
        self._close()

    def _close(self):
        if self.proc is not None and self.proc.stdout:
            self.proc.stdout.close()
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
