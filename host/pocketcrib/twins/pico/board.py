"""An emulated Pico for tests and benches: EmulatedPico, the virtual board's launcher running
pico.mjs, and Frames, its display watched with the emulated time of each frame."""

from pocketcrib.twins.pico import check
from pocketcrib.twins.vboard import VirtualBoard


class Frames:
    """An emulated Pico's display, watched through its --screen FIFO (make it before the board
    starts): every frame it showed, with the emulated us at which it was first complete."""

    def __init__(self, path):
        from pocketcrib.twins.vboard import view

        self.screen = view.Screen(path)
        self.first = {}  # frame (MONO_VLSB bytes) -> emulated us
        self.on_at = None  # emulated us the panel was first switched on
        self.screen.watch = self._saw

    def _saw(self, panel, us):
        if panel.on:
            if self.on_at is None:
                self.on_at = us
            self.first.setdefault(bytes(panel.frame()), us)

    def read(self):
        """Take the transfers sent so far; the frame shown now."""
        self.screen.read()
        return bytes(self.screen.panel.frame())

    def close(self):
        self.screen.close()


class EmulatedPico(VirtualBoard):
    """A virtual board that is an emulated Pico: VirtualBoard's start/press/seen/stop/unplug,
    with image the board's flash image (made on first use)."""

    def __init__(self, image, uf2=None, bootrom=None, **kw):
        super().__init__(image, pico=check(uf2, bootrom), **kw)
