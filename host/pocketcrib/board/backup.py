"""The board's saves (/data) to and from a zip archive with a manifest.

manifest.json in the archive: {"device": id, "created": ISO time, "firmware":
version or null, "bytes": total, "files": [{"path", "size", "sha256"}]}.

A restore checks the whole archive before the board is touched (every name,
size and hash, each entry read no further than its size), and that the board
has the flash for it; it copies the files beside /data (into /data.restore),
checks them there by hash, and only then puts them in place in one short
program on the board. Any failure before that leaves /data as it was.
"""

import hashlib
import io
import json
import os
import re
import time
import zipfile
import zlib
from pathlib import Path

from pocketcrib.board import device

from pocketcrib import places
from pocketcrib.errors import PocketCribError
from pocketcrib.words import counted


def backup(board, output=None):
    """Copy every file under /data into an archive; (path, manifest)."""
    files = board.walk(device.DATA)
    stamp = board.stamp()
    manifest = {"device": board.uid(), "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "firmware": stamp.get("version") if stamp else None, "bytes": 0, "files": []}
    contents = {}
    for path in sorted(files):
        data = board.read_file(path)
        contents[path] = data
        manifest["files"].append({"path": path, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
        manifest["bytes"] += len(data)
    if output is None:
        stamp_time = time.strftime("%Y%m%d-%H%M%S")
        output = places.data_dir() / "backups" / f"{manifest['device']}-{stamp_time}.zip"
    output = Path(output)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps(manifest, indent=1))
        for path, data in contents.items():
            z.writestr("data/" + path[len(device.DATA) + 1:], data)
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        tmp = output.with_name(output.name + ".tmp")
        tmp.write_bytes(buf.getvalue())
        os.replace(tmp, output)
    except OSError as e:
        raise PocketCribError(f"cannot write the backup {output}: {e.strerror}",
                              "check the folder exists and is writable") from None
    return output, manifest


STAGE = device.DATA + ".restore"  # where a restore copies the files before they replace /data
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_MAX_FILES = 64
_MAX_BYTES = 2 * 1024 * 1024  # a Pico's whole flash: no backup of /data is bigger
_MAX_MANIFEST = 1024 * 1024
_BLOCK = 4096  # LittleFS block on the RP2040: every file takes whole blocks
_SPARE = 8 * _BLOCK  # left free for the filesystem itself


def read_archive(archive):
    """(manifest, {board path: bytes}) from a backup, checked against its manifest
    (ValueError inside, a PocketCribError out: the board is not touched)."""
    try:
        with zipfile.ZipFile(archive) as z:
            manifest = json.loads(_member(z, "manifest.json", None, _MAX_MANIFEST))
            entries = manifest.get("files") if isinstance(manifest, dict) else None
            if not isinstance(entries, list) or len(entries) > _MAX_FILES:
                raise ValueError(f"the manifest has no list of at most {_MAX_FILES} files")
            if not isinstance(manifest.get("device"), (str, type(None))):
                raise ValueError("the manifest's device is not a board id")
            files = {}
            total = 0
            for entry in entries:
                path, size, digest = _entry(entry)
                if path in files:
                    raise ValueError(f"{path} is in the manifest twice")
                total += size
                if total > _MAX_BYTES:
                    raise ValueError(f"it holds more than a board's flash ({_MAX_BYTES // 1024} KB)")
                data = _member(z, "data/" + path[len(device.DATA) + 1:], size, size)
                if hashlib.sha256(data).hexdigest() != digest:
                    raise ValueError(f"{path} does not match its hash")
                files[path] = data
    except FileNotFoundError:
        raise PocketCribError(f"no backup at {archive}",
                              "give the path of a .zip made by `pocketcrib backup`") from None
    except (OSError, ValueError, RecursionError, EOFError, NotImplementedError, zlib.error,
            zipfile.BadZipFile) as e:
        raise PocketCribError(f"{archive} is not a usable Pocket Crib backup: {e}",
                              "pick another archive; the board was not touched") from None
    return manifest, files


def _entry(entry):
    """(path, size, sha256) of a manifest entry that is one we could have written."""
    if not isinstance(entry, dict):
        raise ValueError("a manifest entry is not an object")
    path, size, digest = entry.get("path"), entry.get("size"), entry.get("sha256")
    if not isinstance(path, str) or not path.startswith(device.DATA + "/") \
            or not _NAME.fullmatch(path[len(device.DATA) + 1:]):
        # /data holds files only (the firmware makes no folders): one safe name under it.
        raise ValueError(f"a manifest path is not a file name under {device.DATA}: {str(path)[:60]!r}")
    if type(size) is not int or not 0 <= size <= _MAX_BYTES:
        raise ValueError(f"{path}: its size is not a size")
    if not isinstance(digest, str) or not _HEX64.fullmatch(digest):
        raise ValueError(f"{path}: its sha256 is not a SHA-256 in hex")
    return path, size, digest


def _member(z, name, size, limit):
    """The bytes of one archive member, reading no more than `limit` (a member
    that says one size and inflates to more is refused, not unpacked)."""
    try:
        info = z.getinfo(name)
    except KeyError:
        raise ValueError(f"{name} is missing") from None
    if info.file_size > limit or (size is not None and info.file_size != size):
        raise ValueError(f"{name} is not the size its manifest gives")
    try:
        with z.open(info) as f:
            data = f.read(limit + 1)
    except (zlib.error, EOFError, NotImplementedError, RuntimeError, zipfile.BadZipFile) as e:
        # A damaged member (a flipped bit in its deflate stream, its CRC, its method or flags:
        # an unknown method, or "encrypted", which zipfile tells by a RuntimeError).
        raise ValueError(f"{name} is damaged ({e})") from None
    if len(data) > limit or (size is not None and len(data) != size):
        raise ValueError(f"{name} is not the size its manifest gives")
    return data


def restore(board, archive, force=False, checked=None):
    """Make the board's /data exactly the archive's, all or nothing; the manifest.
    checked: read_archive(archive), if already done."""
    manifest, files = checked or read_archive(archive)
    uid = board.uid()
    if manifest.get("device") not in (None, uid) and not force:
        raise PocketCribError(f"{archive} was made from board {manifest.get('device')}, this is board {uid}",
                              "add --force to restore it here anyway")
    present = board.walk(device.DATA)
    left = board.walk(STAGE)  # a restore cut short before: its copies go
    need = sum(_blocks(len(d)) for d in files.values()) * _BLOCK + _SPARE
    free = board.info().get("flash_free")
    if isinstance(free, int) and need > free + sum(_blocks(n) for n in left.values()) * _BLOCK:
        raise PocketCribError(f"the board has {free // 1024} KB of flash free, the restore needs "
                              f"{need // 1024} KB beside the saves it replaces",
                              "nothing was changed; free some flash or restore a smaller backup")
    board.remove(list(left))
    staged = {STAGE + p[len(device.DATA):]: p for p in files}
    board.makedirs({STAGE})
    for stage, path in sorted(staged.items()):
        board.write_file(stage, files[path])
    got = board.hashes(sorted(staged))
    wrong = [p for s, p in staged.items() if got.get(s) != hashlib.sha256(files[p]).hexdigest()]
    if wrong:
        board.remove(sorted(staged))
        raise PocketCribError(f"{len(wrong)} of the files did not arrive intact on the board, e.g. {wrong[0]}",
                              "the board's saves are unchanged; run the restore again")
    stale = sorted(p for p in present if p not in files)
    board.exec(_SWITCH_CODE % (stale, device.DATA, sorted(staged.items()), STAGE),
               "putting the restored files in place")
    got = board.hashes(sorted(files))
    wrong = [p for p, data in files.items() if got.get(p) != hashlib.sha256(data).hexdigest()]
    if wrong:
        raise PocketCribError(f"{counted(len(wrong), 'restored file')} did not arrive intact, e.g. {wrong[0]}",
                              "run the restore again")
    return manifest


def _blocks(size):
    return max(1, -(-size // _BLOCK))


# On the board, in one go: the files the archive has not got are removed (and
# any folder left empty), each checked copy is renamed into place.
_SWITCH_CODE = """\
import os
for _p in %r:
    try:
        os.remove(_p)
    except OSError:
        pass
try:
    os.mkdir(%r)
except OSError:
    pass
for _s, _p in %r:
    try:
        os.rmdir(_p)  # a folder where the file goes (never made by the game)
    except OSError:
        pass
    os.rename(_s, _p)
try:
    os.rmdir(%r)
except OSError:
    pass
"""
