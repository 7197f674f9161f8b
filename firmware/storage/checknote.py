# The history checked whole once, not at every boot. After a check that found
# nothing wrong, checked.pcr keeps the history's size and CRC-32 and those of
# the rules it passed (storage/fields.py): a boot that finds the same skips reading 500
# games through again. A history changed in any way (or new rules, a write cut
# short, a checked.pcr that is not exactly what would be written now) is
# checked whole, as always. Loaded by saves.py only at boot and when a game is
# recorded, then let go.
from storage import records

_KIND = "checked"


def _fingerprint(path):
    """[size, CRC-32] of a whole file, read in pieces; None if it cannot be read, or
    if this port has no crc32 (then no file is ever taken for unchanged)."""
    if records.crc32 is None:
        return None
    f = records.reader(path)
    if f is None:
        return None
    # One buffer read into again and again: a new piece per read made this
    # several times slower on a Pico.
    piece = bytearray(1024)
    view = memoryview(piece)
    size = 0
    c = 0
    try:
        while True:
            n = f.readinto(piece)
            if not n:
                return [size, c & 0xFFFFFFFF]
            size += n
            c = records.crc32(view[:n], c)
    finally:
        f.close()


def _note(root, shapes):
    """What checked.pcr would hold for the history now, or None (then no skipping)."""
    history = _fingerprint(root + "/history.pcr")
    source = getattr(shapes, "__file__", None)
    rules = _fingerprint(source) if type(source) is str else None
    if history is None or rules is None:
        return None
    return {"history": history, "rules": rules}


def unchanged(root, shapes):
    """True if the history is the very file last checked whole, by the same rules."""
    if records.exists(root + "/history.pcr.new"):
        return False  # a write cut short: the check settles it
    now = _note(root, shapes)
    return now is not None and records.last(root + "/checked.pcr", _KIND) == now


def passed(root, shapes, problems=None):
    """The history has just passed a whole check: say so in checked.pcr. Returns
    the problems (a folder set aside where checked.pcr goes), also added to
    `problems` if given."""
    out = [] if problems is None else problems
    now = _note(root, shapes)
    if now is None:
        records.remove(root + "/checked.pcr")
    else:
        records.write(root + "/checked.pcr", _KIND, (now,), out)
    return out
