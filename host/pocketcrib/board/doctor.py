"""`pocketcrib doctor`: what is on the board, and what to do about it."""

import os

from pocketcrib.board import device, flash

from pocketcrib import places
from pocketcrib.errors import PocketCribError

HEAP_LOW = 60 * 1024  # below this after boot the game may run out of memory
FLASH_LOW = 64 * 1024  # room for saves (history of 500 games is ~100 KB) and an update


def _virtual_kind(port):
    """"vm" or "pico" for a virtual board running on this computer at port (see vboard.running()), else None."""
    from pocketcrib.twins import vboard

    for b in vboard.running():
        if os.path.abspath(b["port"]) == os.path.abspath(port):
            return b.get("kind", "vm")
    return None


def run(port, out):
    """Print the report; raise PocketCribError for the first problem that needs the user (after the report)."""
    problems = []
    with device.connect(port) as board:
        info = board.info()
        stamp = board.stamp()
        marker = board.update_marker()
    out(f"board          {board.port}")
    out(f"MicroPython    {info['version']} on {info['machine']} ({info['platform']})")
    out(f"unique id      {info['uid']}")
    mpy = info.get("mpy")
    ours = flash.mpy_cross_version()
    if mpy is None:
        out("  .mpy version  unknown")
        problems.append(("the board's MicroPython does not say which .mpy it loads",
                         "install a current MicroPython: pocketcrib flash --micropython RPI_PICO-*.uf2"))
    else:
        fits = mpy & 0xFF == ours[0]
        out(f".mpy version   {mpy & 0xFF}.{mpy >> 8 & 3} (mpy-cross here makes {ours[0]}.{ours[1]}: "
            f"{'compatible' if fits else 'NOT compatible'})")
        if not fits:
            problems.append((f"the board loads .mpy version {mpy & 0xFF}, mpy-cross makes {ours[0]}",
                             "update MicroPython: pocketcrib flash --micropython RPI_PICO-*.uf2"))
    kind = _virtual_kind(board.port)
    out(f"free heap      {info['heap_free'] // 1024:,} KB ({info['heap_used'] // 1024:,} KB in use)"
        + {"vm": "; a virtual board: the VM's heap grows as needed, it is not a Pico's",
           "pico": "; an emulated Pico: the stock firmware's heap, as on a board"}.get(kind, ""))
    if info["heap_free"] < HEAP_LOW and kind != "vm":
        problems.append((f"only {info['heap_free'] // 1024} KB of heap free",
                         "remove other programs from the board (boot.py, /lib)"))
    if info.get("flash_total"):
        out(f"free flash     {info['flash_free'] // 1024} KB of {info['flash_total'] // 1024} KB")
        if info["flash_free"] < FLASH_LOW:
            problems.append((f"only {info['flash_free'] // 1024} KB of flash free",
                             "remove other files from the board (`mpremote ls`)"))
    ours = places.firmware_dir()
    here = flash.firmware_version(ours)
    where = places.source()
    if marker is not None:
        out(f"Pocket Crib    update to {marker.get('version', '?')} cut short ({where}: {here})")
        problems.append(("the board's last update was cut short: it shows \"update incomplete\"",
                         "run `pocketcrib flash` to finish it; the saves are kept"))
    elif stamp is None:
        out(f"Pocket Crib    not installed ({where}: {here})")
        problems.append(("Pocket Crib is not on the board (or its last flash was cut short)",
                         "run `pocketcrib flash`"))
    else:
        same = stamp.get("tree") == flash.tree_hash(ours)
        out(f"Pocket Crib    {stamp.get('version')} ({where}: {here}: "
            f"{'the same' if same else 'different'})")
        if not same:
            problems.append((f"the board runs Pocket Crib {stamp.get('version')}, {where} has {here}",
                             "run `pocketcrib flash` to update it; saves are backed up first"))
    if problems:
        for what, hint in problems[1:]:
            out(f"problem: {what} ({hint})")
        raise PocketCribError(*problems[0])
    out("All good.")
    return True
