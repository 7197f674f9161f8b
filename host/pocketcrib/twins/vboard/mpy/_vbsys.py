# `sys` as an older MicroPython shows it, for a virtual board started with
# --micropython VERSION:MPY (tests of a board that needs updating). Everything
# but the version facts is the VM's own sys.
from sys import *  # noqa: F403  # pyright: ignore[reportWildcardImportFromLibrary]

import _vbjs

_version, _mpy = _vbjs.pretend().split(":")


class _Implementation:
    name = "micropython"
    version = tuple(int(x) for x in _version.split(".")) + ("",)
    _machine = "Raspberry Pi Pico with RP2040"
    _mpy = int(_mpy, 0)


implementation = _Implementation()
version = "3.4.0; MicroPython v" + _version
