"""The board, through mpremote's Python API: finding it, talking to it, reading its saves.

Every serial problem becomes a PocketCribError saying what was being done.
What the board sends back is read with ast.literal_eval or json, never run.
"""

import ast
import contextlib
import datetime
import os
import sys
from collections import namedtuple
from pathlib import Path

from pocketcrib.scores import pcr
from pocketcrib.errors import PocketCribError

PICO_VID = 0x2E8A
MICROPYTHON_PID = 0x0005  # MicroPython's own USB id on the RP2040
DATA = "/data"
STAMP = "/pocketcrib.json"  # written by `flash`: version, save format, tree hash, files
# On flash while `flash` switches staged files in (firmware/main.py checks for it at boot):
# until it is removed, the modules may be a mix of two versions.
UPDATE = "/pocketcrib.update"
STAGED = ".new"  # a file is written whole under path + STAGED, then renamed over path
UNPLUG_HINT = "was it unplugged? plug it back in and run the command again"

Device = namedtuple("Device", "path kind description")


# -- finding boards -----------------------------------------------------------------------


def list_devices():
    """Serial ports (MicroPython boards first), BOOTSEL drives and virtual boards."""
    from serial.tools import list_ports

    from pocketcrib.twins import vboard

    rows = []
    for p in sorted(list_ports.comports(), key=lambda p: p.device):
        if p.vid == PICO_VID and p.pid == MICROPYTHON_PID:
            kind = "MicroPython board"
        elif p.vid == PICO_VID:
            kind = "Raspberry Pi USB device"
        else:
            kind = "serial port"
        desc = " ".join(x for x in (p.description, f"[{p.vid:04x}:{p.pid:04x}]" if p.vid else "",
                                    f"serial {p.serial_number}" if p.serial_number else "") if x and x != "n/a")
        rows.append(Device(p.device, kind, desc))
    for v in vboard.running():
        if v.get("bootsel"):
            rows.append(Device(v["bootsel"], "BOOTSEL drive", f"virtual board {v['uid']} (copy a .uf2 here)"))
        else:
            what = "emulated Pico" if v.get("kind") == "pico" else "virtual board"
            rows.append(Device(v["port"], "MicroPython board", f"{what} {v['uid']}, flash in {v['flash']}"))
    for drive in bootsel_drives(virtual=False):
        rows.append(Device(str(drive), "BOOTSEL drive", "Pico in BOOTSEL mode (copy a .uf2 here)"))
    rows.sort(key=lambda d: (d.kind != "MicroPython board", d.kind, d.path))
    return rows


def bootsel_drives(virtual=True):
    """Mounted RPI-RP2 drives: a Pico started with BOOTSEL held (or sent there by `flash`)."""
    candidates = []
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError), open("/proc/mounts") as f:
            candidates += [line.split()[1].replace("\\040", " ") for line in f]
    elif sys.platform == "darwin":
        candidates += [str(p) for p in Path("/Volumes").glob("*")]
    elif os.name == "nt":
        candidates += [f"{c}:\\" for c in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    if virtual:
        from pocketcrib.twins import vboard

        candidates += [v["bootsel"] for v in vboard.running() if v.get("bootsel")]
    found = []
    for c in candidates:
        info = Path(c) / "INFO_UF2.TXT"
        with contextlib.suppress(OSError):
            if info.is_file() and "RPI-RP2" in info.read_text(errors="replace"):
                found.append(Path(c))
    return found


def find_port(port=None):
    """The port to use: the one given, or the only MicroPython board plugged in."""
    if port:
        return str(port)
    boards = [d.path for d in list_devices() if d.kind == "MicroPython board"]
    if not boards:
        if bootsel_drives():
            raise PocketCribError("the Pico is in BOOTSEL mode, not running MicroPython",
                                  "install MicroPython: pocketcrib flash --micropython FILE.uf2")
        raise PocketCribError("no Pocket Crib board found", "plug the Pico in with a data USB cable, or give "
                              "--port; no board? `pocketcrib vboard` runs a virtual one")
    if len(boards) > 1:
        raise PocketCribError(f"{len(boards)} boards found: {', '.join(boards)}", "pick one with --port")
    return boards[0]


# -- talking to a board -------------------------------------------------------------------------


class Board:
    """An open connection, in the raw REPL, with the board's program stopped."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        if not os.path.exists(port) and not port.upper().startswith("COM"):
            raise PocketCribError(f"no board at {port}", "is it plugged in? `pocketcrib devices` lists the ports")
        try:
            self.transport = SerialTransport(port, baudrate=115200)
        except TransportError:
            raise PocketCribError(*_why_not_open(port)) from None
        try:
            # Ctrl-C stops the game, a soft reset gives a clean interpreter.
            self.transport.enter_raw_repl(soft_reset=True)
        except Exception as e:
            self._close()
            if _is_transport_problem(e):
                raise PocketCribError(f"the board at {port} does not answer",
                                      "unplug it, hold B while plugging back in (safe boot), retry") from None
            raise
        self._info = None

    @contextlib.contextmanager
    def doing(self, what):
        """Turn a serial failure during `what` into one line for the user."""
        try:
            yield
        except PocketCribError:
            raise
        except Exception as e:
            if _is_transport_problem(e):
                raise PocketCribError(f"lost the board at {self.port} while {what}", UNPLUG_HINT) from None
            raise

    def exec(self, code, what="running a command"):
        """Run code on the board; its printed output (bytes)."""
        from mpremote.transport import TransportExecError

        with self.doing(what):
            try:
                return self.transport.exec(code)
            except TransportExecError as e:
                last = e.error_output.strip().splitlines()[-1:] or ["?"]
                raise PocketCribError(f"the board failed while {what}: {last[0]}",
                                      "run `pocketcrib doctor`; reflash with `pocketcrib flash`") from None

    def value(self, code, what="asking the board"):
        """Run code that prints one repr(); its value, parsed as data."""
        out = self.exec(code, what).decode("utf-8", "replace").strip()
        try:
            return ast.literal_eval(out)
        except (ValueError, SyntaxError):
            raise PocketCribError(f"unexpected answer from the board while {what}: {out[:60]!r}",
                                  "is this a MicroPython board?") from None

    def set_clock(self, now=None):
        """Set the board's RTC to this computer's local time, as `mpremote rtc --set` does.

        The board's clock starts at 2021-01-01 at power-up; once set, the game dates
        scores and offers the deal of the day.
        """
        now = now or datetime.datetime.now()
        tt = (now.year, now.month, now.day, now.weekday(), now.hour, now.minute, now.second, 0)
        self.exec("import machine\nmachine.RTC().datetime(%r)" % (tt,), "setting the board's clock")

    def clock(self):
        """The board's RTC as (year, month, day, hour, minute, second)."""
        dt = self.value("import machine\nprint(repr(machine.RTC().datetime()))", "reading the board's clock")
        return tuple(dt[:3]) + tuple(dt[4:7])

    def info(self):
        """MicroPython and board facts (cached): version, mpy, uid, heap, flash, stamp."""
        if self._info is None:
            self._info = self.value(_INFO_CODE, "reading the board's details")
        return self._info

    def uid(self):
        return self.info()["uid"]

    def stamp(self):
        """The version stamp `flash` wrote, or None if it never ran on this board."""
        return self._json_file(STAMP, {"version": "unknown (damaged stamp)", "files": {}})

    def update_marker(self):
        """What the marker of an update cut short says, or None if there is none."""
        return self._json_file(UPDATE, {})

    def _json_file(self, path, damaged):
        """A JSON object file of ours: its dict, None if it is missing, `damaged` if it does not parse."""
        raw = self.read_file(path, missing_ok=True)
        if raw is None:
            return None
        try:
            return pcr.json_object(raw)
        except ValueError:
            return damaged

    def walk(self, top="/"):
        """{path: size} of every file under top (empty if top is missing)."""
        return self.value(_WALK_CODE % (top,), f"listing {top}")

    def hashes(self, paths):
        """{path: sha256 hex, or None for a missing file}."""
        paths = list(paths)
        out = {}
        # A few files a request: the board compiles the request whole, and a list of every
        # file (about 130 paths, 9 KB to compile) can find no room in a heap the game has left
        # fragmented (MemoryError on the emulated Pico after an update cut short).
        for i in range(0, len(paths), _HASH_BATCH):
            out.update(self.value(_HASH_CODE % (paths[i:i + _HASH_BATCH],), "checking files by hash"))
        return out

    def read_file(self, path, missing_ok=False):
        from mpremote.transport import TransportExecError

        with self.doing(f"reading {path}"):
            try:
                return bytes(self.transport.fs_readfile(path, chunk_size=2048))
            except (OSError, TransportExecError) as e:
                if _is_transport_problem(e):
                    raise
                if missing_ok and getattr(e, "errno", None) == 2:
                    return None
                raise PocketCribError(f"cannot read {path} on the board: {e}", "run `pocketcrib doctor`") from None

    def write_file(self, path, data, progress=None):
        """Write a file whole (to path.new, then renamed over path, as the firmware saves)."""
        self.stage(path, data, progress)
        self.rename(path + STAGED, path, f"copying {path}")

    def stage(self, path, data, progress=None):
        """Write data to path.new, leaving path as it is."""
        with self.doing(f"copying {path}"):
            self.transport.fs_writefile(path + STAGED, data, chunk_size=1024, progress_callback=progress)

    def rename(self, old, new, what=None):
        self.exec(f"import os\nos.rename({old!r}, {new!r})", what or f"switching {new} in")

    def makedirs(self, paths):
        if paths:
            self.exec(_MKDIRS_CODE % (sorted(paths),), "making folders")

    def remove(self, paths):
        if paths:
            self.exec(_REMOVE_CODE % (sorted(paths),), "removing files")

    def restart(self):
        """Soft reset into the friendly REPL, so main.py (the game) starts again, as at power-up."""
        self.transport.exit_raw_repl()
        self.transport.serial.write(b"\x04")
        self.transport.serial.flush()

    def _close(self):
        with contextlib.suppress(Exception):
            self.transport.close()

    def close(self):
        """Hand the board back with its game running."""
        with contextlib.suppress(Exception):
            self.restart()
        self._close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@contextlib.contextmanager
def connect(port=None):
    board = Board(find_port(port))
    try:
        board.set_clock()  # every connection keeps the board's clock right
    except BaseException:
        board.close()
        raise
    try:
        yield board
    finally:
        board.close()


def _is_transport_problem(e):
    """True for a failure of the serial line (unplugged, reset), not of a command on the board."""
    import struct

    from mpremote.transport import TransportError, TransportExecError
    from serial import SerialException

    if isinstance(e, TransportExecError):
        return False
    if isinstance(e, (TransportError, SerialException, struct.error)):
        return True
    # mpremote turns a failed file operation into OSError(errno, path); anything
    # else that is an OSError came from the port itself.
    return isinstance(e, OSError) and not (len(e.args) == 2 and isinstance(e.args[1], str)
                                           and e.args[1].startswith("/"))


def _why_not_open(port):
    """(what, hint) for a port mpremote could not open: busy, forbidden or gone."""
    import serial

    try:
        s = serial.Serial(port, exclusive=True)
        s.close()
    except serial.SerialException as e:
        text = str(e)
        if "lock" in text or "busy" in text.lower() or "Resource temporarily unavailable" in text:
            return (f"{port} is busy",
                    "another program has it open: mpremote, Thonny, a serial monitor or another pocketcrib; close it")
        if "ermission" in text:
            return (f"no permission to open {port}",
                    "on Linux add yourself to the dialout group and log in again")
        if "No such file" in text or "could not open" in text:
            return (f"no board at {port}", "is it plugged in? `pocketcrib devices` lists the ports")
        return (f"cannot open {port}: {text}", "unplug the board and plug it back in")
    return (f"cannot open {port}", "unplug the board and plug it back in")


# -- reading the saves --------------------------------------------------------------------------

Pulled = namedtuple("Pulled", "device scores history problems")


def pull_scores(board):
    """The board's device id, high scores and history; problems with its files, one line each."""
    stamp = board.stamp()
    if stamp is None and board.walk(DATA) == {}:
        raise PocketCribError(f"no Pocket Crib on the board at {board.port}",
                              "install it with `pocketcrib flash`")
    if stamp is not None and stamp.get("format", pcr.FORMAT) != pcr.FORMAT:
        raise PocketCribError(
            f"the board's Pocket Crib ({stamp.get('version')}) keeps saves in format {stamp.get('format')}, "
            f"this pocketcrib reads format {pcr.FORMAT}",
            "update the board with `pocketcrib flash`; it backs the saves up first")
    problems = []
    got = {}
    for kind in ("device", "scores", "history"):
        path = f"{DATA}/{kind}.pcr"
        raw = board.read_file(path, missing_ok=True)
        if raw is None:
            got[kind] = []
            continue
        records, bad = pcr.parse(raw, kind)
        got[kind] = records
        problems += [f"board's {path}: {b}" for b in bad]
    device = got["device"][0].get("id") if got["device"] else None
    if not isinstance(device, str) or not device:
        device = board.uid()
    # json reads a lone surrogate ("\ud800") that no UTF-8, nor SQLite, can hold: the id is kept
    # with such characters escaped, the same on every pull, so the board's games stay together.
    if isinstance(device, str):
        device = device.encode("utf-8", "backslashreplace").decode("utf-8")
    return Pulled(device, got["scores"], got["history"], problems)


# -- small programs run on the board (each prints one repr()) ------------------------------------

_INFO_CODE = """\
import sys, gc, os
try:
    import machine
    uid = machine.unique_id().hex()
    freq = machine.freq()
except Exception:
    uid, freq = None, None
gc.collect()
try:
    st = os.statvfs('/')
    flash = (st[0] * st[2], st[0] * st[3])
except Exception:
    flash = (None, None)
i = sys.implementation
print(repr({'name': i.name, 'version': '.'.join(str(x) for x in i.version[:3]),
            'mpy': getattr(i, '_mpy', None), 'machine': getattr(i, '_machine', sys.platform),
            'platform': sys.platform, 'uid': uid, 'freq': freq,
            'heap_free': gc.mem_free(), 'heap_used': gc.mem_alloc(),
            'flash_total': flash[0], 'flash_free': flash[1]}))
"""

_WALK_CODE = """\
import os
def _walk(d, out):
    try:
        names = [e[0] for e in os.ilistdir(d)]
    except OSError:
        return
    for n in names:
        p = (d.rstrip('/') + '/' + n)
        if p in ('/dev', '/proc'):
            continue
        st = os.stat(p)
        if st[0] & 0x4000:
            _walk(p, out)
        else:
            out[p] = st[6]
_out = {}
_walk(%r, _out)
print(repr(_out))
"""

_HASH_BATCH = 24  # paths hashed a request
_HASH_CODE = """\
import hashlib, binascii
_buf = bytearray(1024)
_out = {}
for _p in %r:
    try:
        _f = open(_p, 'rb')
    except OSError:
        _out[_p] = None
        continue
    _h = hashlib.sha256()
    _mv = memoryview(_buf)
    while True:
        _n = _f.readinto(_buf)
        if not _n:
            break
        _h.update(_mv[:_n])
    _f.close()
    _out[_p] = binascii.hexlify(_h.digest()).decode()
print(repr(_out))
"""

_MKDIRS_CODE = """\
import os
for _d in %r:
    _at = ''
    for _part in _d.strip('/').split('/'):
        _at += '/' + _part
        try:
            os.mkdir(_at)
        except OSError:
            pass
"""

_REMOVE_CODE = """\
import os
_d = set()
for _p in %r:
    try:
        os.remove(_p)
    except OSError:
        pass
    _p = _p.rsplit("/", 1)[0]
    while _p and not (_p + "/").startswith("/data/"):
        _d.add(_p)
        _p = _p.rsplit("/", 1)[0]
for _p in sorted(_d, key=len, reverse=True):
    try:
        os.rmdir(_p)  # only a folder the removals left empty (an old layout's): rmdir keeps the rest
    except OSError:
        pass
"""
