"""Self-tests of the MicroPython VM harness (tests/mpvm): sources, .mpy, exit codes, the runner."""

import os
import subprocess
import sys
import textwrap

import pytest

from mpvm import ROOT, RUNNER, MpyCrossError, compile_tree, run_micropython

CORE = ROOT / "tests" / "core"  # skiptest.py

DEMO = """\
from micropython import const

_TEN = const(10)
PIPS = bytes(min(r + 1, _TEN) for r in range(13))


def total(cards):
    t = 0
    for c in cards:
        t += PIPS[c >> 2]
    return t
"""

TESTS = """\
MICROPYTHON_SKIP = ("test_heavy",)


def test_ok():
    from pkg.demo import total
    assert total(bytes((0, 4, 48))) == 13


def test_bad():
    assert 1 == 2, "one is not two"


def test_heavy():
    raise RuntimeError("must be skipped on MicroPython")


def test_cannot_run_here():
    from skiptest import skip

    skip("nothing to measure here")
"""


def make_tree(tmp_path):
    src = tmp_path / "src"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "demo.py").write_text(DEMO)
    return src


def test_runs_code_in_micropython():
    rc, out = run_micropython("import sys\nprint(sys.implementation.name, sys.implementation._mpy & 0xff)")
    assert rc == 0, out
    assert out.split() == ["micropython", "6"]


def test_imports_sources_from_paths(tmp_path):
    src = make_tree(tmp_path)
    rc, out = run_micropython(
        "from pkg.demo import total\nimport pkg.demo\nprint(total(b'\\x00\\x04\\x30'), pkg.demo.__file__)",
        paths=[src],
    )
    assert rc == 0, out
    value, where = out.split()
    assert value == "13"
    assert where.endswith("pkg/demo.py")


def test_imports_mpy_cross_output(tmp_path):
    src = make_tree(tmp_path)
    rc, out = run_micropython(
        "from pkg.demo import total\nimport pkg.demo\nprint(total(b'\\x00\\x04\\x30'), pkg.demo.__file__)",
        paths=[src],
        use_mpy=True,
    )
    assert rc == 0, out
    value, where = out.split()
    assert value == "13"
    assert where.endswith("pkg/demo.mpy")


def test_use_mpy_can_compile_only_some_paths(tmp_path):
    src = make_tree(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / "helper.py").write_text("X = 1\n")
    code = "import pkg.demo, helper\nprint(pkg.demo.__file__.rsplit('.')[-1], helper.__file__.rsplit('.')[-1])"
    rc, out = run_micropython(code, paths=[src, other], use_mpy=[src])
    assert rc == 0, out
    assert out.split() == ["mpy", "py"]


def test_mpy_cross_errors_say_why(tmp_path):
    (tmp_path / "broken.py").write_text("x = (1,\n")
    with pytest.raises(MpyCrossError, match="SyntaxError"):
        compile_tree(tmp_path, tmp_path / "out")


def test_compile_tree_mirrors_layout(tmp_path):
    src = make_tree(tmp_path)
    out = tmp_path / "out"
    compile_tree(src, out)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.mpy")) == [
        "pkg/__init__.mpy",
        "pkg/demo.mpy",
    ]
    assert (out / "pkg" / "demo.mpy").read_bytes()[:2] == b"M\x06"


def test_runs_a_script_file_with_args(tmp_path):
    script = tmp_path / "hello.py"
    script.write_text("import sys\nprint('args', sys.argv[1:])\nprint('no newline', end='')\n")
    rc, out = run_micropython(script, paths=[], args=["a", "b"])
    assert rc == 0, out
    assert out == "args ['a', 'b']\nno newline"


def test_uncaught_exception_fails_with_traceback():
    code = textwrap.dedent("""\
        print("before")
        def f():
            raise ValueError("bad card 5X")
        f()
        """)
    rc, out = run_micropython(code)
    assert rc == 1
    assert out.startswith("before\n")
    assert "Traceback" in out
    assert "ValueError: bad card 5X" in out


def test_sys_exit_code_passes_through():
    assert run_micropython("import sys\nsys.exit(3)")[0] == 3
    assert run_micropython("import sys\nsys.exit()")[0] == 0


STEPS = """\
import gc
import sys
from benchutil import run_steps


def main():
    junk = [bytearray(100) for _ in range(1000)]
    junk = None
    gc.collect()
    print("in place", gc.mem_alloc())
    yield
    print("after a step", gc.mem_alloc())
    yield
    print("step 2", len(sys.argv))
    if sys.argv[1] == "fail":
        raise ValueError("in step 2")
    sys.exit(int(sys.argv[1]))


run_steps(main())
print("script done")
"""


def test_a_handed_over_generator_runs_one_step_per_top_level_call(tmp_path):
    # The VM frees garbage only between top-level calls: the 100 KB of junk
    # is still counted in its own call, and gone in the next one.
    script = tmp_path / "steps.py"
    script.write_text(STEPS)
    bench = ROOT / "tests" / "bench"
    rc, out = run_micropython(script, paths=[bench], args=["0"])
    assert rc == 0, out
    lines = out.splitlines()
    assert [ln.split()[0] for ln in lines] == ["script", "in", "after", "step"], out
    in_place, after = int(lines[1].split()[-1]), int(lines[2].split()[-1])
    assert in_place > 100_000 > after + 80_000, out
    assert lines[3] == "step 2 2"
    rc, out = run_micropython(script, paths=[bench], args=["4"])
    assert rc == 4, out
    rc, out = run_micropython(script, paths=[bench], args=["fail"])
    assert rc == 1
    assert "ValueError: in step 2" in out


def test_device_only_modules_are_absent():
    rc, out = run_micropython("import machine")
    assert rc == 1
    assert "ImportError" in out


def test_runner_counts_failures_and_skips(tmp_path):
    (tmp_path / "test_demo.py").write_text(TESTS)
    src = make_tree(tmp_path)
    rc, out = run_micropython(RUNNER, paths=[src, tmp_path, CORE], use_mpy=True, args=["test_demo"])
    assert rc == 1, out
    assert out.splitlines()[-1] == "1 passed, 1 failed, 2 skipped"
    assert "FAIL test_demo.test_bad: AssertionError: one is not two" in out
    assert "SKIP test_demo.test_cannot_run_here: nothing to measure here" in out


def test_runner_on_cpython_skips_what_cannot_run_here(tmp_path):
    # The same module under CPython (no MICROPYTHON_SKIP there): SkipTest is unittest's.
    (tmp_path / "test_demo.py").write_text(TESTS)
    src = make_tree(tmp_path)
    shim = ROOT / "host" / "pocketcrib" / "twins" / "mpshim"  # micropython.const
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, (src, tmp_path, CORE, shim))))
    run = subprocess.run([sys.executable, str(RUNNER), "test_demo"], capture_output=True, text=True, env=env,
                         timeout=60)
    assert run.returncode == 1, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1] == "1 passed, 2 failed, 1 skipped"
    assert "SKIP test_demo.test_cannot_run_here: nothing to measure here" in run.stdout
