# Checksummed record files: the storage format shared by the board and the host.
#
#   PCRIB <kind> <version>
#   <crc32 of the JSON text, 8 lowercase hex> <JSON text>     (one line per record)
#   END <number of records>
#
# Every write goes to <file>.new and is renamed over <file>, so a power cut
# leaves either the old file or the new one, never half of one. Reading never
# raises for bad data: a foreign or unreadable file is renamed to <file>.bad,
# a bad line is skipped, a missing END is reported as truncated; each problem
# becomes one line of text in the caller's list.
import json
import os

from micropython import const

try:
    from binascii import crc32
except ImportError:  # a port built without it: the same CRC-32 (ZIP polynomial) by hand
    crc32 = None

VERSION = const(1)
_NEW = ".new"
_BAD = ".bad"
_TAIL = const(1024)  # bytes read from the end of a file to find its last record


def _crc_py(data):
    c = 0xFFFFFFFF
    for x in data:
        c ^= x
        for _ in range(8):
            c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
    return c ^ 0xFFFFFFFF


def crc(data):
    """CRC-32 of bytes, as an unsigned int (the value the files carry in hex)."""
    if crc32 is None:
        return _crc_py(data)
    return crc32(data) & 0xFFFFFFFF


def line(record):
    """One record line, newline included."""
    text = json.dumps(record)
    return "%08x %s\n" % (crc(text.encode()), text)


def name(path):
    """The file's own name, for messages."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def remove(path):
    """Delete a file; a missing one is fine."""
    try:
        os.remove(path)
    except OSError:
        pass


def delete(path):
    """Delete a record file and any unfinished <file>.new, so neither comes back."""
    remove(path + _NEW)
    remove(path)


def _replace(src, dst):
    # LittleFS (the Pico's flash) and POSIX rename over an existing file in one
    # step. FAT refuses; there the gap is covered by read() promoting a
    # complete <file>.new when <file> itself is missing.
    try:
        os.rename(src, dst)
    except OSError:
        remove(dst)
        os.rename(src, dst)


def set_aside(path, why, problems):
    """Rename a file we cannot use to <file>.bad and say so."""
    bad = path + _BAD
    try:
        remove(bad)
        os.rename(path, bad)
        problems.append("%s: %s; set aside as %s" % (name(path), why, name(bad)))
    except OSError:
        remove(path)
        problems.append("%s: %s; removed" % (name(path), why))


def _header(kind):
    return "PCRIB %s %d\n" % (kind, VERSION)


def _check_header(head, kind):
    """None if the header line is ours for this kind, else why not."""
    parts = head.split()
    if len(parts) != 3 or parts[0] != b"PCRIB":
        return "not a Pocket Crib file"
    if parts[1] != kind.encode():
        return "holds %s, not %s" % (_text(parts[1]), kind)
    if parts[2] != b"%d" % VERSION:
        return "version %s is not supported" % _text(parts[2])
    return None


def _text(raw):
    try:
        return raw.decode()
    except UnicodeError:
        return "?"


def _check(raw):
    """The JSON text of a record line (bytes), or None if the line is damaged."""
    end = len(raw)
    while end and (raw[end - 1] == 10 or raw[end - 1] == 13):
        end -= 1
    if end < 11 or raw[8] != 0x20:
        return None
    text = raw[9:end]
    try:
        want = int(raw[:8], 16)
    except ValueError:
        return None
    if crc(text) != want:
        return None
    return text


def _lines(path, kind, problems, promote=True):
    """Yield the checked JSON text (bytes) of each good record, reporting the rest."""
    try:
        f = open(path, "rb")
    except OSError:
        if not promote or not _promote(path, kind):
            return
        f = open(path, "rb")
    try:
        head = f.readline()
        why = _check_header(head, kind) if head else "empty file"
        if why is not None:
            f.close()
            set_aside(path, why, problems)
            return
        count = 0
        skipped = 0
        number = 1
        end = -1
        while True:
            raw = f.readline()
            if not raw:
                break
            number += 1
            if raw.startswith(b"END "):
                try:
                    end = int(raw[4:])
                except ValueError:
                    end = -2
                break
            text = _check(raw)
            if text is None and raw[-1] != 10:
                break  # a torn last line: part of the truncation, reported below
            if text is None:
                skipped += 1
                problems.append("%s line %d: damaged record skipped" % (name(path), number))
                continue
            count += 1
            yield text
        if end == -1:
            problems.append("%s: truncated, kept %d records" % (name(path), count))
        elif end != count + skipped:
            problems.append("%s: END says %d records, found %d" % (name(path), end, count + skipped))
    finally:
        f.close()


def _complete(path, kind):
    """True if the file has our header and an END matching its good records."""
    n = 0
    try:
        f = open(path, "rb")
    except OSError:
        return False
    try:
        if _check_header(f.readline(), kind) is not None:
            return False
        while True:
            raw = f.readline()
            if not raw:
                return False
            if raw.startswith(b"END "):
                return raw == b"END %d\n" % n  # the whole file, newline and all
            if _check(raw) is None:
                return False
            n += 1
    finally:
        f.close()


def _promote(path, kind):
    # Only reached when <file> is missing: a complete <file>.new is the newest
    # good state (the rename was cut short on a filesystem that cannot rename
    # over a file); a torn one is just removed.
    new = path + _NEW
    if not exists(new):
        return False
    if _complete(new, kind):
        os.rename(new, path)
        return True
    remove(new)
    return False


def scan(path, kind, problems):
    """Yield each good record (a dict) in file order; problems get one line each."""
    for text in _lines(path, kind, problems):
        try:
            record = json.loads(text)
        except ValueError:
            record = None
        if isinstance(record, dict):
            yield record
        else:
            problems.append("%s: a record is not a JSON object; skipped" % name(path))


def read(path, kind):
    """(records, problems): every good record of the file, and what was wrong with it."""
    problems = []
    records = list(scan(path, kind, problems))
    return records, problems


def write(path, kind, records):
    """Replace the file with these records, atomically."""
    new = path + _NEW
    f = open(new, "w")
    try:
        f.write(_header(kind))
        n = 0
        for record in records:
            f.write(line(record))
            n += 1
        f.write("END %d\n" % n)
    finally:
        f.close()
    _replace(new, path)


def append(path, kind, record, keep=0):
    """Add a record at the end, keeping only the newest `keep` (0: all); returns problems.

    Streams the old file through twice (count, then copy) so its size never
    matters for RAM.
    """
    problems = []
    total = 0
    for _ in _lines(path, kind, problems):
        total += 1
    _copy(path, kind, total + 1 - keep if keep and total + 1 > keep else 0, record)
    return problems


def check(path, kind, problems):
    """Read a file through, reporting problems; a file with damaged lines is rewritten
    with its good records. Returns the number of good records."""
    before = len(problems)
    total = 0
    for _ in _lines(path, kind, problems):
        total += 1
    if len(problems) > before and exists(path):
        _copy(path, kind, 0, None)
    return total


def _copy(path, kind, drop, record):
    # The good records of the file, less the first `drop`, plus `record`.
    new = path + _NEW
    f = open(new, "w")
    try:
        f.write(_header(kind))
        n = 0
        for text in _lines(path, kind, [], False):
            if drop:
                drop -= 1
                continue
            f.write("%08x " % crc(text))
            f.write(text.decode())
            f.write("\n")
            n += 1
        if record is not None:
            f.write(line(record))
            n += 1
        f.write("END %d\n" % n)
    finally:
        f.close()
    _replace(new, path)


def last(path, kind):
    """The file's last good record, read from its tail; None if it has none."""
    try:
        size = os.stat(path)[6]
        f = open(path, "rb")
    except OSError:
        return None
    try:
        if _check_header(f.readline(), kind) is not None:
            return None
        start = size - _TAIL if size > _TAIL else 0
        f.seek(start)
        tail = f.read()
    finally:
        f.close()
    lines = tail.split(b"\n")
    # The window's first line may be cut; the header never checks as a record.
    first = 1 if start else 0
    for i in range(len(lines) - 1, first - 1, -1):
        text = _check(lines[i])
        if text is None:
            continue
        try:
            record = json.loads(text)
        except ValueError:
            continue
        if isinstance(record, dict):
            return record
    if start:
        # No whole record in the window (very long records): one full pass.
        found = None
        for record in scan(path, kind, []):
            found = record
        return found
    return None
