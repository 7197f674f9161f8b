"""Pocket Crib host tool: flash the Pico, pull and export scores, simulator, virtual board."""

# One version for the tool and the firmware it carries (flash stamps it on the board).
__version__ = "0.2.0"
