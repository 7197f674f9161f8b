# Boot: hold B at power-up for safe boot (the game does not start and the REPL
# stays free, so a bad deploy never locks anyone out); otherwise run the game.
# An update cut short (its marker still on flash) may have left modules of two
# versions side by side: then nothing of the game is imported, the screen says
# so and the REPL stays free for `pocketcrib flash` to finish the update.
import sys

# MicroPython lets a file on flash stand in for a built-in module, so every
# `import os` (time, json, binascii, machine...) first searches the filesystem
# (slow on a Pico's flash, and dozens of them before the title): each built-in goes
# into sys.modules once, by its u-name (the built-in itself, found at once),
# and every later import finds it there. A port without u-names keeps its own.
for _name in ("os", "time", "json", "binascii", "machine", "struct", "random", "array", "errno", "io"):
    try:
        sys.modules[_name] = __import__("u" + _name)
    except ImportError:
        pass
import os  # noqa: E402 (after the built-ins are in place)

DATA = "/data"
UPDATE_MARKER = "/pocketcrib.update"  # on flash while `pocketcrib flash` switches files in


def _say(display, *lines):
    # A message on the screen when something keeps the game from starting.
    display.fill(0)
    for i, text in enumerate(lines):
        display.text(text[:16], 0, i * 10, 1)
    display.show()


def update_cut_short():
    try:
        os.stat(UPDATE_MARKER)
    except OSError:
        return False
    return True


def update_incomplete():
    print("Pocket Crib: update incomplete: connect to a computer and run `pocketcrib flash`.")
    try:
        # Each file is whole, of one version or the other, and the display needs only
        # the pin map, the board and its drivers: no game module.
        import board

        _say(board.Board().display, *UPDATE_LINES)
    except Exception as e:  # no display, or board and drivers of two versions: the REPL says it
        print("Pocket Crib: (the screen cannot show it: %r)" % e)


UPDATE_LINES = ("Update", "incomplete:", "connect to a", "computer and run", "pocketcrib flash")


def _log(e):
    # The error in full on the REPL (sys.print_exception is MicroPython's; tests run this on CPython).
    show = getattr(sys, "print_exception", None)
    if show is not None:
        show(e)
    else:
        print(repr(e))


def run():
    if update_cut_short():
        update_incomplete()
        return
    import board
    import pins

    if board.safe_boot_requested():
        print("Pocket Crib: safe boot (B held at power-up): the game is not started, the REPL is free.")
        return
    import gc

    # The display first, so that whatever the saves hold there is a screen to say it on.
    try:
        b = board.Board()
    except OSError as e:
        print("Pocket Crib: no display answers on I2C%d at 0x%02x (SDA GP%d, SCL GP%d): %r"
              % (pins.I2C_ID, pins.OLED_ADDR, pins.SDA, pins.SCL, e))
        return
    saves = _open_saves(b)
    if saves is None:
        return
    if saves.get("fast_i2c"):
        b.set_i2c_speed(True)
    try:
        from ui.app import App
    except ImportError as e:
        print("Pocket Crib: the UI is not installed (ui/app.py): %r" % e)
        _say(b.display, "Pocket Crib", "UI not installed", "see the REPL")
        return
    gc.collect()
    try:
        App(b, saves).run()
    except Exception as e:  # shown, then the REPL: a crash must not look like a dead board
        _log(e)
        _say(b.display, "Pocket Crib", "stopped: error", type(e).__name__, "see the REPL")


def _open_saves(b):
    """The saves in DATA; if reading them fails all the same, the folder is set
    aside whole and the game starts on fresh saves (and says so). None only if
    even that fails (the message is on the screen)."""
    import board

    try:
        from storage.saves import Saves

        return Saves(DATA, device_id=board.unique_id())
    except Exception as e:
        _log(e)
        why = type(e).__name__
    try:
        from storage import records
        from storage.saves import Saves

        aside = records.aside_name(DATA)
        if aside is None:
            raise OSError("no name free to set %s aside" % DATA)
        os.rename(DATA, aside)
        saves = Saves(DATA, device_id=board.unique_id())
        saves.problems.append("The saves could not be read (%s); all of them are kept in %s" % (why, aside))
        return saves
    except Exception as e:
        _log(e)
        _say(b.display, "Pocket Crib", "saves unreadable", type(e).__name__, "see the REPL")
        return None


if __name__ == "__main__":
    run()
