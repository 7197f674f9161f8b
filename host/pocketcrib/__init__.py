"""Pocket Crib host tool: flash the Pico, pull and export scores, simulator, virtual board."""
