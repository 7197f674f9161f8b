# Checksummed record files: the storage format shared by the board and the host.
#
#   PCRIB <kind> <version>
#   <crc32 of the JSON text, 8 lowercase hex> <JSON text>     (one line per record)
#   END <number of records>
#
# Every write goes to <file>.new and is renamed over <file>, so a power cut
# leaves either the old file or the new one, never half of one. Reading never
# raises for bad data: a foreign or unreadable file is renamed to <file>.bad
# (then .bad2, .bad3: an earlier one is never overwritten), a bad line is
# skipped, a missing END is reported as truncated; each file's problems become
# a line or two of text in the caller's list. A folder where a file (or its
# .new) should be, made by a file manager or another tool, is set aside the
# same way before the file is read or written.
#
# A checksum only says the line is the one that was written, not that a
# Pocket Crib wrote it: a record must also be UTF-8 JSON holding an object,
# and pass the caller's rules (storage/fields.py), or it is bad like a damaged line.
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
_KEEP_BAD = const(3)  # set-aside copies kept of one file: .bad, .bad2, .bad3
_TAIL = const(1024)  # bytes read from the end of a file to find its last record
_MAX_LINE = const(4096)  # a longer line is not one of ours: read in pieces, and bad
_SHOWN = const(3)  # bad lines named in a problem; the rest are counted
_DIR = const(0x4000)  # S_IFDIR in os.stat()'s mode, on MicroPython as on CPython
_KEEP_FOLDERS = const(99)  # a folder cannot be removed as a .bad file is: more names for them


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


# One folder's names, each True if it is a folder, while listed(folder) holds:
# exists() and is_folder() answer from it instead of asking the filesystem (an
# os.stat on a Pico's flash is slow, and checking the saves at boot asks about
# sixty times). Any change made here drops it (_changed), so it is never stale.
_listing = None


def listed(folder):
    """Answer exists/is_folder for folder's files from one listing of it, until
    the next change made here or listed(None)."""
    global _listing
    _listing = None
    if folder is None:
        return
    names = {}
    try:
        if hasattr(os, "ilistdir"):  # MicroPython: names and types in one pass
            for entry in os.ilistdir(folder):
                names[entry[0]] = entry[1] & _DIR != 0
        else:
            for leaf in os.listdir(folder):
                names[leaf] = os.stat(folder + "/" + leaf)[0] & _DIR != 0
    except OSError:
        return
    _listing = (folder, names)


def _changed():
    global _listing
    _listing = None


def _kind(path):
    """0 if nothing is at path, 1 a file, 2 a folder."""
    known = _listing
    if known is not None:
        cut = path.rfind("/")
        if path[:cut] == known[0]:
            folder = known[1].get(path[cut + 1:])
            return 0 if folder is None else 2 if folder else 1
    try:
        return 2 if os.stat(path)[0] & _DIR else 1
    except OSError:
        return 0


def exists(path):
    return _kind(path) != 0


def is_folder(path):
    return _kind(path) == 2


def reader(path):
    """The file open for reading (binary), or None if it is missing or a folder
    (MicroPython opens a folder and fails at the first read)."""
    if _kind(path) != 1:
        return None
    try:
        return open(path, "rb")
    except OSError:
        return None


def remove(path):
    """Delete a file; a missing one is fine."""
    if _kind(path) == 0:
        return  # nothing to delete (and a folder's listing stays good)
    _changed()
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
    # step. FAT refuses; there the gap is covered by a complete <file>.new
    # winning over a missing or torn <file> (_settle).
    _changed()
    try:
        os.rename(src, dst)
    except OSError:
        remove(dst)
        os.rename(src, dst)


def aside_name(path, keep=_KEEP_BAD):
    """A free name to set a copy of the file aside under, or None when enough are kept."""
    for i in range(1, keep + 1):
        bad = path + _BAD + ("" if i == 1 else str(i))
        if not exists(bad):
            return bad
    return None


def set_aside(path, why, problems):
    """Rename a file we cannot use to a free <file>.bad name and say so."""
    bad = aside_name(path)
    if bad is not None:
        _changed()
        try:
            os.rename(path, bad)
            problems.append("%s: %s; set aside as %s" % (name(path), why, name(bad)))
            return
        except OSError:
            pass
    remove(path)
    problems.append("%s: %s; removed (%d set aside already)" % (name(path), why, _KEEP_BAD))


def make_way(path, problems):
    """Set aside a folder that stands where the file or its .new goes, and say so.
    True if the way is clear (a folder that cannot be moved is not)."""
    clear = True
    for p in (path + _NEW, path):
        if is_folder(p):
            bad = aside_name(p, _KEEP_FOLDERS)
            _changed()
            try:
                os.rename(p, bad)
                problems.append("%s: a folder, not a file; set aside as %s" % (name(p), name(bad)))
            except (OSError, TypeError):  # TypeError: no free name left
                problems.append("%s: a folder, not a file; could not be set aside" % name(p))
                clear = False
    return clear


def _header(kind):
    return ("PCRIB %s %d\n" % (kind, VERSION)).encode()


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
        return raw[:20].decode()
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


def _parse(text):
    """The dict a checked line holds, or None (not UTF-8, not JSON, not an object)."""
    try:
        record = json.loads(text.decode())
    except (ValueError, RuntimeError, MemoryError):
        # UnicodeError is a ValueError; very deep nesting is a RecursionError
        # (a RuntimeError) on CPython.
        return None
    return record if isinstance(record, dict) else None


def _readline(f):
    """The next line (bytes, newline kept; b"" at the end). A line too long to
    be ours is cut to _MAX_LINE bytes, which then read as damaged."""
    raw = f.readline(_MAX_LINE)
    if len(raw) == _MAX_LINE and raw[-1] != 10:
        while True:
            more = f.readline(_MAX_LINE)
            if not more or more[-1] == 10:
                break
        raw += b"\n"
    return raw


def _end(raw):
    try:
        return int(raw[4:])
    except ValueError:
        return -1


class _Aside:
    """Where the bad lines of a file being repaired go: a set-aside file (made on
    the first line written), or nowhere when enough are kept (path None). The
    pass that only reads (dry) names it in its problem line."""

    def __init__(self, path, dry=False):
        self.path = path
        self.dry = dry
        self.f = None

    def write(self, raw):
        if self.path is None or self.dry:
            return
        if self.f is None:
            _changed()
            self.f = open(self.path, "wb")
        self.f.write(raw)

    def said(self):
        return "set aside in " + name(self.path) if self.path else "dropped (%d set aside already)" % _KEEP_BAD

    def close(self):
        if self.f is not None:
            self.f.close()


def _records(path, kind, problems, rules=None, settle=True, aside=None):
    """Yield (text, record) for each good record of the file, in file order:
    the checked JSON text (bytes) and the dict it holds.

    rules, if given, makes a fresh check for this pass (records in order go
    through it; it returns None for a good record, else a word for what is
    wrong). Every other line is a problem; `aside` gets the bad lines' bytes.
    """
    if not make_way(path, problems):
        return
    if settle and exists(path + _NEW):
        _settle(path, kind)
    f = reader(path)
    if f is None:
        return
    try:
        head = f.readline(_MAX_LINE)
        why = _check_header(head, kind) if head else "empty file"
        if why is not None:
            f.close()
            set_aside(path, why, problems)
            return
        check = rules() if rules is not None else None
        count = 0
        wrong = 0
        shown = []
        number = 1
        end = None  # the END line's count, while it is the last line read
        stray = 0  # the line of an END that more lines followed
        while True:
            raw = _readline(f)
            if not raw:
                break
            number += 1
            if raw.startswith(b"END "):
                if end is not None and not stray:
                    stray = number - 1
                end = _end(raw)
                continue
            if end is not None and not stray:
                stray = number - 1
            end = None
            text = _check(raw)
            if text is None and raw[-1] != 10:
                break  # a torn last line: part of the truncation, reported below
            why = "damaged"
            record = None
            if text is not None:
                record = _parse(text)
                why = "not a record" if record is None else check(record) if check is not None else None
            if why is not None:
                wrong += 1
                if len(shown) < _SHOWN:
                    shown.append("%d: %s" % (number, why))
                if aside is not None:
                    aside.write(raw)
                continue
            count += 1
            yield text, record
        if wrong:
            problems.append("%s: %d bad record%s %s (line %s%s)" % (
                name(path), wrong, "s" if wrong > 1 else "", "skipped" if aside is None else aside.said(),
                "; ".join(shown), "; ..." if wrong > len(shown) else ""))
        if stray:
            problems.append("%s line %d: END before the last record; the records after it are kept"
                            % (name(path), stray))
        if end is None:
            problems.append("%s: truncated, kept %d records" % (name(path), count))
        elif end != count + wrong and not stray:
            problems.append("%s: END says %d records, found %d" % (name(path), end, count + wrong))
    finally:
        f.close()


def _complete(path, kind):
    """True if the file has our header and an END matching its good records."""
    n = 0
    f = reader(path)
    if f is None:
        return False
    try:
        if _check_header(f.readline(_MAX_LINE), kind) is not None:
            return False
        while True:
            raw = _readline(f)
            if not raw:
                return False
            if raw.startswith(b"END "):
                return raw == b"END %d\n" % n and not f.read(1)  # the whole file, newline and all
            if _check(raw) is None:
                return False
            n += 1
    finally:
        f.close()


def _settle(path, kind):
    # A <file>.new is left only by a write cut short. If <file> is whole the
    # cut came before the rename and the old state stands; if <file> is
    # missing or torn, a complete <file>.new is the newest good state (the
    # rename was cut short on a filesystem that cannot rename over a file).
    new = path + _NEW
    if not _complete(path, kind) and _complete(new, kind):
        _replace(new, path)
    else:
        remove(new)


def scan(path, kind, problems, rules=None):
    """Yield each good record (a dict) in file order; problems get a line each."""
    for _, record in _records(path, kind, problems, rules):
        yield record


def read(path, kind, rules=None):
    """(records, problems): every good record of the file, and what was wrong with it."""
    problems = []
    records = list(scan(path, kind, problems, rules))
    return records, problems


def write(path, kind, records, problems=None):
    """Replace the file with these records, atomically. A folder in the way is set
    aside first (said in `problems`, if given)."""
    if not make_way(path, [] if problems is None else problems):
        return
    new = path + _NEW
    _changed()
    f = open(new, "wb")
    try:
        f.write(_header(kind))
        n = 0
        for record in records:
            f.write(line(record).encode())
            n += 1
        f.write(b"END %d\n" % n)
    finally:
        f.close()
    _replace(new, path)


def append(path, kind, record, keep=0, rules=None):
    """Add a record at the end, keeping only the newest `keep` (0: all); returns problems.

    Streams the old file through twice (count, then copy) so its size never
    matters for RAM; bad lines found on the way are set aside.
    """
    problems = []
    if not make_way(path, problems):
        return problems
    aside = aside_name(path)
    total = 0
    for _ in _records(path, kind, problems, rules, True, _Aside(aside, True)):
        total += 1
    _copy(path, kind, total + 1 - keep if keep and total + 1 > keep else 0, record, rules, aside)
    return problems


def check(path, kind, problems, rules=None):
    """Read a file through, reporting problems; a file with any is rewritten with
    its good records, the bad lines set aside. Returns the number of good records."""
    before = len(problems)
    if not make_way(path, problems):
        return 0
    aside = aside_name(path)
    total = 0
    for _ in _records(path, kind, problems, rules, True, _Aside(aside, True)):
        total += 1
    if len(problems) > before and exists(path):
        _copy(path, kind, 0, None, rules, aside)
    return total


def _copy(path, kind, drop, record, rules, aside_path):
    # The good records of the file, less the first `drop`, plus `record`; the
    # bad lines go to the set-aside file the pass before named.
    aside = _Aside(aside_path)
    new = path + _NEW
    _changed()
    f = open(new, "wb")
    try:
        f.write(_header(kind))
        n = 0
        for text, _ in _records(path, kind, [], rules, False, aside):
            if drop:
                drop -= 1
                continue
            f.write(("%08x " % crc(text)).encode())
            f.write(text)
            f.write(b"\n")
            n += 1
        if record is not None:
            f.write(line(record).encode())
            n += 1
        f.write(b"END %d\n" % n)
    finally:
        f.close()
        aside.close()
    _replace(new, path)


def last(path, kind, rules=None):
    """The file's last good record, read from its tail; None if it has none."""
    f = reader(path)
    if f is None:
        return None
    try:
        size = os.stat(path)[6]
        if _check_header(f.readline(_MAX_LINE), kind) is not None:
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
        record = _parse(text) if text is not None else None
        if record is not None and (rules is None or rules()(record) is None):
            return record
    if start:
        # No whole record in the window (very long records): one full pass.
        found = None
        for record in scan(path, kind, [], rules):
            found = record
        return found
    return None
