# `time` on the virtual board: the VM's own clock, with sleeps that really
# sleep (the VM's own spin a CPU) and that listen to the host meanwhile, so a
# Ctrl-C stops a sleeping program and machine.Timer callbacks run on time.
# (Its sleeps stand in for time's, with the same calls: the type check is told so.)
from time import *  # noqa: F403  # pyright: ignore[reportAssignmentType, reportWildcardImportFromLibrary]
from time import sleep_us as _spin_us
from time import ticks_add as _add
from time import ticks_diff as _diff
from time import ticks_ms as _ms

import _vbjs

tick = None  # set by machine: runs due timers and feeds the watchdog check
told = 0  # what ticks_ms() last told the program: the time it stamps a sample of its buttons with


def ticks_ms():
    global told
    told = _ms()
    return told


def _service():
    if _vbjs.poll():
        raise KeyboardInterrupt
    if tick is not None:
        tick()


def sleep_ms(ms):
    end = _add(_ms(), int(ms))
    while True:
        _service()
        left = _diff(end, _ms())
        if left <= 0:
            return
        if _vbjs.wait(left if left < 10 else 10):
            raise KeyboardInterrupt


def sleep(s):
    sleep_ms(int(s * 1000))


def sleep_us(us):
    if us >= 1000:
        sleep_ms(us // 1000)
        us %= 1000
    _service()
    _spin_us(us)
