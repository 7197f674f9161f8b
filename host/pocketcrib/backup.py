"""The board's saves (/data) to and from a zip archive with a manifest.

manifest.json in the archive: {"device": id, "created": ISO time, "firmware":
version or null, "bytes": total, "files": [{"path", "size", "sha256"}]}.
"""

import hashlib
import io
import json
import os
import time
import zipfile
from pathlib import Path

from pocketcrib import device, places
from pocketcrib.errors import PocketCribError


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


def read_archive(archive):
    """(manifest, {board path: bytes}) from a backup, checked against its manifest."""
    try:
        with zipfile.ZipFile(archive) as z:
            manifest = json.loads(z.read("manifest.json"))
            files = {}
            for entry in manifest["files"]:
                path = entry["path"]
                if not path.startswith(device.DATA + "/") or ".." in path.split("/"):
                    raise ValueError(f"path outside /data: {path}")
                data = z.read("data/" + path[len(device.DATA) + 1:])
                if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                    raise ValueError(f"{path} does not match its hash")
                files[path] = data
    except FileNotFoundError:
        raise PocketCribError(f"no backup at {archive}",
                              "give the path of a .zip made by `pocketcrib backup`") from None
    except (OSError, KeyError, TypeError, ValueError, zipfile.BadZipFile) as e:
        raise PocketCribError(f"{archive} is not a usable Pocket Crib backup: {e}",
                              "pick another archive; the board was not touched") from None
    return manifest, files


def restore(board, archive, force=False):
    """Make the board's /data exactly the archive's; the manifest."""
    manifest, files = read_archive(archive)
    uid = board.uid()
    if manifest.get("device") not in (None, uid) and not force:
        raise PocketCribError(f"{archive} was made from board {manifest.get('device')}, this is board {uid}",
                              "add --force to restore it here anyway")
    present = board.walk(device.DATA)
    board.makedirs({p.rsplit("/", 1)[0] for p in files} | {device.DATA})
    for path, data in sorted(files.items()):
        board.write_file(path, data)
    board.remove([p for p in present if p not in files])
    got = board.hashes(sorted(files))
    wrong = [p for p, data in files.items() if got.get(p) != hashlib.sha256(data).hexdigest()]
    if wrong:
        raise PocketCribError(f"{len(wrong)} restored files differ on the board, e.g. {wrong[0]}",
                              "run the restore again")
    return manifest
