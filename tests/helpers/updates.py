"""Helpers for the update tests: firmware versions to flash, a cable pulled at a chosen step of a
flash, the virtual board's screen, and what the firmware shows when an update was cut short.
"""

import hashlib
import importlib.util
import shutil
from pathlib import Path

from mpremote.transport_serial import SerialTransport
from helpers.watch import WAIT

from pocketcrib.board import device

# Two versions differing in three modules chained so that no mix of them imports: score

from pocketcrib import places
# and games, games and menus, each of one version need each other's names.
def _version(v):
    return {"rules/score.py": f"\nPROBE_{v} = 1\n",
            "rules/solitaires.py": f"\nfrom rules.score import PROBE_{v}  # noqa: E402,F401\nGAMES_{v} = 1\n",
            "ui/menus.py": f"\nfrom rules.solitaires import GAMES_{v}  # noqa: E402,F401\n"}


OLD, NEW = _version("OLD"), _version("NEW")


def firmware_copy(dest, change=None):
    """A checkout's firmware/ and hardware/ copied under dest, with `change` appended to its files."""
    fw = Path(dest) / "firmware"
    shutil.copytree(places.firmware_dir(), fw, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(places.firmware_dir().parent / "hardware", fw.parent / "hardware")
    for name, text in (change or {}).items():
        with open(fw / name, "a") as f:
            f.write(text)
    return fw


def modules(built):
    """The importable module names of a build ("rules.solitaires", ...)."""
    return sorted(t[1:-4].replace("/", ".").removesuffix(".__init__") for t in built if t.endswith(".mpy"))


class Cable:
    """Records the board operations of a flash, and pulls the cable at operation `at` (an index, or
    a function of the operations so far that says when).

    An operation is a command run on the board (Board.exec) or a file staged
    (Board.stage); a file is cut in the middle, after its first chunk is sent.
    """

    def __init__(self, monkeypatch, vb, at=None):
        self.vb, self.at, self.ops = vb, at, []
        real_exec, real_stage = device.Board.exec, device.Board.stage
        cable = self

        def exec_(board, code, what="running a command"):
            if cable.count(("exec", what)):
                vb.unplug()
            return real_exec(board, code, what)

        def stage(board, path, data, progress=None):
            cut = cable.count(("stage", path))

            def tick(written, size):
                if cut and cable.vb.proc is not None:
                    vb.unplug()  # mid-file: what is written so far stays on the flash
                if progress:
                    progress(written, size)

            return real_stage(board, path, data, tick)

        monkeypatch.setattr(device.Board, "exec", exec_)
        monkeypatch.setattr(device.Board, "stage", stage)

    def count(self, op):
        """Record op; True if the cable goes now: at its index `at`, or where at(ops) first says so."""
        self.ops.append(op)
        if callable(self.at):
            return self.vb.proc is not None and self.at(self.ops)
        return len(self.ops) - 1 == self.at


def changes_board(op):
    """True for an operation that writes, renames or removes on the board's flash."""
    kind, what = op
    return kind == "stage" or what.startswith(("copying", "switching", "removing", "making"))


def files(flash_dir):
    """{path on the board: bytes} of everything in a virtual board's flash folder."""
    root = Path(flash_dir)
    return {"/" + p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def board_screen(vb, code=None):
    """The display's RAM, read with the game stopped (Ctrl-C, no reset), with `code`'s output if given."""
    t = SerialTransport(vb.port, baudrate=115200)
    try:
        t.enter_raw_repl(soft_reset=False, timeout_overall=WAIT)
        ram, _on = t.eval("__import__('machine').display_ram()")
        out = t.exec(code) if code else b""
        t.exit_raw_repl()
    finally:
        t.close()
    return ram, out


def lit(ram):
    return sum(bin(b).count("1") for b in ram)


def update_incomplete_screen():
    """The display RAM firmware/main.py draws for an update cut short, drawn here by its own code."""
    import framebuf  # the CPython stand-in (mpshim)

    spec = importlib.util.spec_from_file_location("pocketcrib_main", places.firmware_dir() / "main.py")
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)

    class Panel(framebuf.FrameBuffer):
        def __init__(self):
            self.buffer = bytearray(128 * 64 // 8)
            super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)

        def show(self):
            pass

    panel = Panel()
    main._say(panel, *main.UPDATE_LINES)
    return bytes(panel.buffer)


def sha(data):
    return hashlib.sha256(data).hexdigest()
