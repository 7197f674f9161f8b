"""Play by key presses in the MicroPython VM (or CPython): argv = data folder,
seed, then key names (or wait:S, seconds with no key). Prints the frame drawn last as hex, and the history."""
import sys

import uiboard
from storage.saves import Saves
from ui import app as app_module
from ui.app import App


def main(argv):
    data = argv[0]
    seed = int(argv[1])
    board = uiboard.Board()
    saves = Saves(data, device_id="51a1a7e0")
    app = App(board, saves, seed=seed)
    app.step()
    for name in argv[2:]:
        if name.startswith("wait:"):
            uiboard.wait(app, int(float(name[5:]) * 1000))
        else:
            uiboard.press(app, name)
    print("FROM", app_module.__file__)
    print("SCREEN", type(app.screen).__name__)
    print("FRAME", uiboard.frame_hex(board.display))
    for r in saves.history():
        print("GAME", r["variant"], r["seed"], r["score"], r["won"])


main(sys.argv[1:])
