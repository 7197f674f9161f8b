"""CPython stand-in for MicroPython's `micropython` module.

The firmware runs unchanged on CPython (tests, the simulator); this folder goes
on sys.path there so `from micropython import const` works. Never deployed.
"""


def const(value):
    return value


def native(func):
    return func


def viper(func):
    return func


def mem_info(*args):
    pass


def opt_level(*args):
    return 0


def alloc_emergency_exception_buf(size):
    pass


def schedule(func, arg):
    func(arg)
