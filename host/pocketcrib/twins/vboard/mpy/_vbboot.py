# Run at each boot of the virtual board, as a port's frozen _boot.py is:
# puts the stand-in `machine` and the listening `time` in place, and runs
# boot.py / main.py the way the board's C code does.
import sys

import _vbjs


def install():
    import _vbos
    import _vbtime

    sys.modules["time"] = _vbtime
    sys.modules["utime"] = _vbtime
    sys.modules["os"] = _vbos
    sys.modules["uos"] = _vbos
    import machine  # noqa: F401  (stays in sys.modules, as a built-in would)

    if _vbjs.pretend():
        import _vbsys

        sys.modules["sys"] = _vbsys


def run(name, g):
    """Run a script from flash in the REPL's globals; sys.exit() there asks for a soft reset."""
    try:
        with open(name) as f:
            src = f.read()
        exec(compile(src, name, "exec"), g)
    except SystemExit:
        _vbjs.reset("exit")
    except BaseException as e:  # as the board does: print it, carry on to the REPL
        sys.print_exception(e)
