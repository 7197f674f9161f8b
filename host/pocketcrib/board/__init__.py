"""The board side: the board over USB serial (device), installing the firmware (flash),
backing up its saves (backup) and checking it (doctor)."""
