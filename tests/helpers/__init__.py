"""What the CPython tests share: driving the simulator (drive, scenes, snapshot, fbops), the
virtual boards (watch, updates, vboards), records played by the firmware (cribgames,
gridgames, oddrecords), power cuts (powercut), the texts a screen draws (texts), the web page (webdrive) and a reference
computation (patience2_reference). Imported as a package: `from helpers import drive`.
The portable helpers the MicroPython VM runs too stay beside their tests (tests/core:
scratch, skiptest; tests/bench: benchutil, uiboard)."""
