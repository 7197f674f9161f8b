# Boot: hold B at power-up for safe boot (the game does not start and the REPL
# stays free, so a bad deploy never locks anyone out); otherwise run the game.
# An update cut short (its marker still on flash) may have left modules of two
# versions side by side: then nothing of the game is imported, the screen says
# so and the REPL stays free for `pocketcrib flash` to finish the update.
import os
import sys

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

    from saves import Saves

    saves = Saves(DATA, device_id=board.unique_id())
    try:
        b = board.Board(fast_i2c=saves.get("fast_i2c"))
    except OSError as e:
        print("Pocket Crib: no display answers on I2C%d at 0x%02x (SDA GP%d, SCL GP%d): %r"
              % (pins.I2C_ID, pins.OLED_ADDR, pins.SDA, pins.SCL, e))
        return
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
        sys.print_exception(e)
        _say(b.display, "Pocket Crib", "stopped: error", type(e).__name__, "see the REPL")


if __name__ == "__main__":
    run()
