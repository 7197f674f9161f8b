"""One UF2 for a new board: MicroPython and a filesystem that already holds the game.

A maker's first flash is one file dragged onto the RPI-RP2 drive. `pocketcrib uf2` takes the
MicroPython UF2 they downloaded and appends to it a LittleFS image of its filesystem region
holding what `pocketcrib flash` would put on the board (compiled for that MicroPython's .mpy
version, with the version stamp), so the board boots to the title with no serial step.

Where the filesystem goes is read from the UF2 itself: the rp2 port declares its region in the
firmware's binary info (a block-device entry; pico-sdk's binary_info), and its `_boot.py`
mounts that region as LittleFS v2 with 4096-byte blocks and progsize=256. MicroPython's blocks
are copied unchanged; only the block numbers in their headers count the added ones too.
"""

import io
import json
import struct
from pathlib import Path

from pocketcrib.board import backup, device, flash
from pocketcrib.errors import PocketCribError
from pocketcrib.scores import pcr

# UF2 (github.com/microsoft/uf2): 512-byte blocks, a 32-byte header, 476 bytes of payload room.
BLOCK = 512
MAGIC_START = (0x0A324655, 0x9E5D5157)
MAGIC_END = 0x0AB16F30
FAMILY_PRESENT = 0x2000
RP2040 = 0xE48BFF56
FLASH_BASE = 0x10000000
PAGE = 256  # the payload of each block written here, as the RP2040's boot ROM likes them

# pico-sdk binary info: a marker in the image's first 256 bytes after the 256-byte boot stage 2.
BI_START, BI_END = 0x7188EBF2, 0xE71AA390
BI_ID_AND_STRING, BI_BLOCK_DEVICE = 6, 7
BI_PROGRAM_VERSION = 0x11A9BC3A
TAG_RP = 0x5052

# The rp2 port's LittleFS (extmod/vfs_lfsx.c with _boot.py's progsize=256).
FS_BLOCK = 4096
FS_READ, FS_PROG, FS_LOOKAHEAD = 32, 256, 32


class Image:
    """A MicroPython UF2 as read: its blocks, and its flash contents by address."""

    def __init__(self, path):
        self.path = Path(path)
        try:
            data = self.path.read_bytes()
        except OSError as e:
            raise PocketCribError(f"cannot read {path}: {e.strerror}",
                                  "check the path of the MicroPython UF2") from None
        if not data or len(data) % BLOCK or not _is_block(data[:BLOCK]):
            raise PocketCribError(f"{path} is not a UF2 file",
                                  "give the .uf2 downloaded from micropython.org/download/RPI_PICO")
        self.blocks = []
        self.flash = {}
        for i in range(0, len(data), BLOCK):
            block = data[i:i + BLOCK]
            if not _is_block(block):
                raise PocketCribError(f"{path} is not a UF2 file (block {i // BLOCK} is damaged)",
                                      "download the MicroPython UF2 again")
            flags, addr, size, _, _, family = struct.unpack_from("<6I", block, 8)
            if not flags & FAMILY_PRESENT or family != RP2040:
                raise PocketCribError(f"{path} is not for an RP2040 (UF2 family 0x{family:08x})",
                                      "use MicroPython's UF2 for the Raspberry Pi Pico (RPI_PICO)")
            self.blocks.append(block)
            self.flash[addr] = block[32:32 + size]
        self.info = _binary_info(self)
        if "filesystem" not in self.info:
            raise PocketCribError(f"{path} declares no filesystem in its binary info",
                                  "use a MicroPython UF2 of the rp2 port (1.20 or newer)")

    def read(self, addr, n):
        """n bytes of flash at addr (0xFF where the UF2 writes nothing)."""
        out = bytearray(b"\xff" * n)
        page = addr - addr % PAGE
        while page < addr + n:
            chunk = self.flash.get(page)
            if chunk:
                lo, hi = max(addr, page), min(addr + n, page + len(chunk))
                out[lo - addr:hi - addr] = chunk[lo - page:hi - page]
            page += PAGE
        return bytes(out)

    def end(self):
        """The first flash address past what the UF2 writes."""
        return max(a + len(p) for a, p in self.flash.items())


def _is_block(b):
    return (len(b) == BLOCK and struct.unpack_from("<2I", b) == MAGIC_START
            and struct.unpack_from("<I", b, BLOCK - 4)[0] == MAGIC_END)


def _binary_info(image):
    """{"version": "v1.28.0", "filesystem": (address, size)} from the image's binary info."""
    head = image.read(FLASH_BASE + 0x100, 0x100)
    at = head.find(struct.pack("<I", BI_START))
    if at < 0 or at % 4:
        return {}
    start, end, mapping, marker = struct.unpack_from("<4I", head, at + 4)
    if marker != BI_END or not start <= end or end - start > 4096:
        return {}
    # Binary info may point at data copied into RAM at boot: the table says where it came from.
    moved = []
    for i in range(16):
        src, dst, dst_end = struct.unpack("<3I", image.read(mapping + 12 * i, 12))
        if src in (0, 0xFFFFFFFF):
            break
        moved.append((src, dst, dst_end))

    def read(addr, n):
        for src, dst, dst_end in moved:
            if dst <= addr < dst_end:
                addr = src + addr - dst
                break
        return image.read(addr, n)

    def text(addr):
        s = read(addr, 64)
        return s[:s.find(b"\0")].decode("ascii", "replace") if b"\0" in s else ""

    info = {}
    for entry in range(start, end, 4):
        ptr, = struct.unpack("<I", read(entry, 4))
        kind, tag = struct.unpack("<HH", read(ptr, 4))
        if kind == BI_BLOCK_DEVICE:  # (MicroPython tags its own, "MP")
            _name, addr, size = struct.unpack("<3I", read(ptr + 4, 12))
            info["filesystem"] = (addr, size)
        elif kind == BI_ID_AND_STRING and tag == TAG_RP:
            key, s = struct.unpack("<2I", read(ptr + 4, 8))
            if key == BI_PROGRAM_VERSION:
                info["version"] = text(s)
    return info


def mpy_of(version):
    """What sys.implementation._mpy says on an RP2040 running MicroPython `version` ("v1.28.0"):
    .mpy 6.3 from 1.23 on, 6.2 in 1.22, 6.1 in 1.20 and 1.21; the arch is armv6m."""
    try:
        minor = int(version.lstrip("v").split(".")[1].split("-")[0])
    except (IndexError, ValueError):
        raise PocketCribError(f"cannot tell the MicroPython version of this UF2 ({version or 'none given'})",
                              "use an official MicroPython UF2 for RPI_PICO") from None
    if minor < 20:
        raise PocketCribError(f"MicroPython {version} is too old for Pocket Crib", "use 1.22 or newer")
    sub = 3 if minor >= 23 else 2 if minor == 22 else 1
    return 6 | sub << 8 | 4 << 10  # 4: armv6m


def game_files(firmware, mpy, version):
    """{path: bytes}: what `pocketcrib flash` puts on a board, and its stamp."""
    built = flash.build(firmware, mpy)
    stamp = {"version": version, "format": pcr.FORMAT, "tree": flash.tree_hash(firmware),
             "files": sorted(built)}
    return dict(built, **{device.STAMP: json.dumps(stamp, sort_keys=True).encode()})


def data_files(backup_zip):
    """{/data/...: bytes} of a backup, checked as `restore` checks it."""
    _manifest, files = backup.read_archive(backup_zip)
    return files


def filesystem(files, size):
    """A LittleFS image of `size` bytes holding files ({"/path": bytes}), as the rp2 port mounts it."""
    from littlefs import LittleFS, errors

    fs = LittleFS(block_size=FS_BLOCK, block_count=size // FS_BLOCK, read_size=FS_READ, prog_size=FS_PROG,
                  cache_size=4 * FS_PROG, lookahead_size=FS_LOOKAHEAD, disk_version=0x00020000)
    try:
        for path in sorted(files):
            parts = path.strip("/").split("/")
            for i in range(1, len(parts)):
                folder = "/" + "/".join(parts[:i])
                if not _exists(fs, folder, errors):
                    fs.mkdir(folder)
            with fs.open(path, "wb") as f:
                f.write(files[path])
    except errors.LittleFSError as e:
        if e.code == errors.LittleFSError.Error.LFS_ERR_NOSPC:
            need = sum(len(b) for b in files.values())
            raise PocketCribError(f"the game ({need // 1024} KB in {len(files)} files) does not fit the "
                                  f"UF2's filesystem region ({size // 1024} KB)",
                                  "use a MicroPython UF2 with a larger filesystem") from None
        raise
    return bytes(fs.context.buffer)


def _exists(fs, path, errors):
    try:
        fs.stat(path)
        return True
    except errors.LittleFSError as e:  # a missing path is its "no entry"; anything else is a real fault
        if e.code == errors.LittleFSError.Error.LFS_ERR_NOENT:
            return False
        raise


def write(micropython, out, firmware, backup_zip=None):
    """Write `out`: the MicroPython UF2 with the game's filesystem. (files, bytes written, image)."""
    image = Image(micropython)
    fs_addr, fs_size = image.info["filesystem"]
    if image.end() > fs_addr:
        raise PocketCribError(f"{micropython}: MicroPython overlaps its own filesystem region",
                              "use an official MicroPython UF2 for RPI_PICO")
    files = game_files(firmware, mpy_of(image.info.get("version", "")), flash.firmware_version(firmware))
    if backup_zip is not None:
        files.update(data_files(backup_zip))
    fs = filesystem(files, fs_size)
    pages = [(fs_addr + o, fs[o:o + PAGE]) for o in range(0, fs_size, PAGE)]
    total = len(image.blocks) + len(pages)
    uf2 = io.BytesIO()
    for n, block in enumerate(image.blocks):
        uf2.write(block[:20] + struct.pack("<2I", n, total) + block[28:])
    for n, (addr, payload) in enumerate(pages, len(image.blocks)):
        head = struct.pack("<8I", *MAGIC_START, FAMILY_PRESENT, addr, PAGE, n, total, RP2040)
        uf2.write(head + payload + b"\0" * (BLOCK - 36 - PAGE) + struct.pack("<I", MAGIC_END))
    data = uf2.getvalue()
    tmp = Path(str(out) + ".part")
    try:
        tmp.write_bytes(data)
        tmp.replace(out)
    except OSError as e:
        if tmp.parent.is_dir():
            tmp.unlink(missing_ok=True)
        raise PocketCribError(f"cannot write {out}: {e.strerror}", "choose a folder you can write to") from None
    return files, len(data), image


def read_back(path):
    """(image, {path: bytes}) of a UF2 written by write(): its filesystem region mounted."""
    from littlefs import LittleFS

    image = Image(path)
    addr, size = image.info["filesystem"]
    fs = LittleFS(block_size=FS_BLOCK, block_count=size // FS_BLOCK, read_size=FS_READ, prog_size=FS_PROG,
                  cache_size=4 * FS_PROG, lookahead_size=FS_LOOKAHEAD, mount=False)
    fs.context.buffer[:] = image.read(addr, size)
    fs.mount()
    files = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            p = root.rstrip("/") + "/" + name
            with fs.open(p, "rb") as f:
                files[p] = f.read()
    return image, files
