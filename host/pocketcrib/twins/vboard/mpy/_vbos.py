# `os` on the virtual board: the VM's own, except that ilistdir gives
# (name, type, inode, size) as a Pico's LittleFS does (`mpremote fs ls` takes
# the sizes from there); the VM's gives three and mpremote showed every size as 0.
from os import *  # noqa: F403  # pyright: ignore[reportAssignmentType, reportWildcardImportFromLibrary]
from os import ilistdir as _ilistdir
from os import stat as _stat

_FILE = 0x8000


def ilistdir(path=None):
    for entry in _ilistdir() if path is None else _ilistdir(path):
        if len(entry) > 3:
            yield entry
            continue
        name, kind, inode = entry[0], entry[1], entry[2]
        size = 0
        if kind == _FILE:
            where = name if path in (None, "", ".") else path.rstrip("/") + "/" + name
            try:
                size = _stat(where)[6]
            except OSError:
                pass
        yield (name, kind, inode, size)
