# Fresh scratch folders for file tests, on CPython and in the MicroPython VM
# (whose in-memory filesystem has no tempfile module).
import os

_made = [0]


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def folder():
    """A new, empty folder's path."""
    try:
        import atexit
        import shutil
        import tempfile
    except ImportError:  # the MicroPython VM: its /tmp is in memory and goes with it
        pass
    else:
        path = tempfile.mkdtemp(prefix="pcrib-")
        atexit.register(shutil.rmtree, path, True)  # a run leaves no folders behind
        return path
    while True:
        _made[0] += 1
        path = "/tmp/pcrib-%d" % _made[0]
        if not _exists(path):
            os.mkdir(path)
            return path


def exists(path):
    return _exists(path)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
