#!/usr/bin/env node
// Run a Python file (or code) in the real MicroPython VM (v1.27, WebAssembly,
// from npm) under Node, with host folders importable.
//
//   node tests/mpvm/run.mjs [--path DIR]... [--heapsize N] [--pystack N]
//                           (SCRIPT.py | -c CODE) [ARGS...]
//
// Each --path DIR is copied (recursively: .py, .mpy and data files) into the
// VM's in-memory filesystem at the same absolute path, and prepended to
// sys.path in the order given (first wins, like PYTHONPATH). The script's own
// folder is also copied and put first on sys.path, as CPython does.
// Exit code: 0 on success, 1 on an uncaught Python exception (traceback on
// stderr), N for sys.exit(N), 2 for bad usage.
//
// Steps: this VM frees garbage only between top-level calls (gc.collect()
// inside a running script just asks for a collection at the start of the next
// top-level call; the heap grows meanwhile). A script that needs an honest
// heap figure hands us a generator, `import mpvm_steps;
// mpvm_steps.hand_over(gen)` (the module exists only here; benchutil.run_steps
// does this, or runs the generator through elsewhere). After the script, we
// resume the generator once per top-level call, so at each `yield` the VM
// collects what a gc.collect() before it asked for.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { loadMicroPython } = await import(
  require.resolve("@micropython/micropython-webassembly-pyscript/micropython.mjs")
);

function usage(msg) {
  process.stderr.write(`run.mjs: ${msg}\nusage: run.mjs [--path DIR]... [--heapsize N] [--pystack N] (SCRIPT.py | -c CODE) [ARGS...]\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
const paths = [];
let heapsize = 1024 * 1024;
let pystack = 16 * 1024;
let script = null;
let code = null;
while (argv.length) {
  const a = argv.shift();
  if (a === "--path") paths.push(path.resolve(argv.shift() ?? usage("--path needs a folder")));
  else if (a === "--heapsize") heapsize = parseInt(argv.shift(), 10);
  else if (a === "--pystack") pystack = parseInt(argv.shift(), 10);
  else if (a === "-c") { code = argv.shift() ?? usage("-c needs code"); break; }
  else if (a.startsWith("-")) usage(`unknown option ${a}`);
  else { script = path.resolve(a); break; }
}
if (script === null && code === null) usage("no script given");
const scriptArgs = argv;

// Our own stdout/stderr buffering: the VM hands us one byte at a time. Node's
// writes to pipes and files are synchronous on Linux, so flushing per line
// keeps output streaming and correctly interleaved with stderr.
function makeSink(fd) {
  let buf = Buffer.alloc(4096);
  let n = 0;
  const flush = () => { if (n) { fs.writeSync(fd, buf, 0, n); n = 0; } };
  const put = (c) => {
    buf[n++] = c;
    if (c === 10 || n === buf.length) flush();
  };
  return { put, flush };
}
const out = makeSink(1);
const err = makeSink(2);

const mp = await loadMicroPython({
  heapsize, pystack, linebuffer: false,
  stdout: (bytes) => { for (const b of bytes) out.put(b); },
  stderr: (bytes) => { for (const b of bytes) err.put(b); },
});

function copyTree(src) {
  mp.FS.mkdirTree(src);
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const p = path.join(src, ent.name);
    if (ent.isDirectory()) {
      if (ent.name === "__pycache__" || ent.name.startsWith(".")) continue;
      copyTree(p);
    } else if (ent.isFile()) {
      mp.FS.writeFile(p, fs.readFileSync(p));
    }
  }
}

const syspath = [...paths];
if (script !== null) {
  if (!fs.existsSync(script)) usage(`no such file: ${script}`);
  const dir = path.dirname(script);
  mp.FS.mkdirTree(dir);
  mp.FS.writeFile(script, fs.readFileSync(script));
  syspath.unshift(dir);
}
for (const p of paths) {
  if (!fs.statSync(p, { throwIfNoEntry: false })?.isDirectory()) usage(`not a folder: ${p}`);
  copyTree(p);
}
mp.FS.chdir(script !== null ? path.dirname(script) : "/");

// The bootstrap runs inside the VM: set up sys, run the target, and turn an
// uncaught exception into a traceback on stderr plus a return code that we
// read back (runPython's own PythonError loses the traceback).
mp.globals.set("_mpvm_syspath", syspath);
mp.globals.set("_mpvm_argv", [script ?? "-c", ...scriptArgs]);
mp.globals.set("_mpvm_script", script);
mp.globals.set("_mpvm_code", code);
mp.runPython(`
import sys

class _MpvmSteps:
    gen = None

    def hand_over(self, gen):
        if self.gen is not None:
            raise RuntimeError("mpvm_steps: a generator was handed over already")
        self.gen = gen

_mpvm_steps = sys.modules["mpvm_steps"] = _MpvmSteps()

def _mpvm_guard(fn):
    """fn() -> the return code: 0, N for sys.exit(N), 1 (traceback on stderr) on an exception."""
    try:
        fn()
    except SystemExit as e:
        c = e.args[0] if e.args else 0
        if c is None:
            return 0
        if isinstance(c, int):
            return c
        print(c, file=sys.stderr)
        return 1
    except BaseException as e:
        sys.print_exception(e, sys.stderr)
        return 1
    return 0

def _mpvm_main():
    sys.path[:0] = [str(p) for p in _mpvm_syspath]
    sys.argv[:] = [str(a) for a in _mpvm_argv]
    script = _mpvm_script
    if script is None:
        src, name = str(_mpvm_code), "<string>"
    else:
        script = str(script)
        with open(script) as f:
            src = f.read()
        name = script
    g = {"__name__": "__main__", "__file__": name}
    exec(compile(src, name, "exec"), g)

def _mpvm_next():
    try:
        next(_mpvm_steps.gen)
    except StopIteration:
        _mpvm_steps.gen = None

def _mpvm_step():
    """Run the script, or resume the handed-over generator: -1 while it has more."""
    rc = _mpvm_guard(_mpvm_next if _mpvm_steps.gen is not None else _mpvm_main)
    return -1 if rc == 0 and _mpvm_steps.gen is not None else rc

`);
let rc;
do {  // one top-level call per step
  mp.runPython("_mpvm_rc = _mpvm_step()");
  rc = Number(mp.globals.get("_mpvm_rc"));
} while (rc === -1);
out.flush();
err.flush();
process.exit(rc);
