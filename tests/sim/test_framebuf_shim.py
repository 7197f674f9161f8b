"""The CPython framebuf stand-in draws exactly what MicroPython's framebuf draws:
the same seeded drawing calls run in the MicroPython VM and here, byte for byte."""
import subprocess
import sys

import pytest
from helpers.fbops import script

from mpvm import ROOT, run_micropython

SHIM = ROOT / "host" / "pocketcrib" / "twins" / "mpshim"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_shim_matches_micropython(tmp_path, seed):
    code = script(seed)
    rc, vm = run_micropython(code, paths=())
    assert rc == 0, vm
    path = tmp_path / "ops.py"
    path.write_text(code)
    here = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          env={"PYTHONPATH": str(SHIM)}, check=True).stdout
    assert len(vm.strip()) == 2048  # the whole 128x64 buffer, in hex
    assert here.strip() == vm.strip()


def test_font_matches_micropython():
    # The built-in 8x8 font (text()) is part of the shim: every character.
    code = "\n".join([
        "import framebuf",
        "b = bytearray(8 * 96)",
        "fb = framebuf.FrameBuffer(b, 8 * 96, 8, framebuf.MONO_VLSB)",
        "fb.text(''.join(chr(c) for c in range(32, 128)), 0, 0, 1)",
        "print(bytes(b).hex())",
    ])
    rc, vm = run_micropython(code, paths=())
    assert rc == 0, vm
    import framebuf  # the shim (conftest puts mpshim on sys.path)

    b = bytearray(8 * 96)
    fb = framebuf.FrameBuffer(b, 8 * 96, 8, framebuf.MONO_VLSB)
    fb.text("".join(chr(c) for c in range(32, 128)), 0, 0, 1)
    assert bytes(b).hex() == vm.strip()
