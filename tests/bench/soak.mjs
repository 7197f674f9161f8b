#!/usr/bin/env node
// The soak in the MicroPython VM: one game per top-level call, so that the
// VM (which collects garbage only between top-level calls) frees each game's
// garbage before the heap is measured.
//
//   node tests/bench/soak.mjs GAMES --path DIR [--path DIR]...
//
// Prints soak.py's lines (HEAP <game> <bytes> ..., SOAK ...). Exit 1 on any
// Python exception (a MemoryError included), with its traceback.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(path.join(process.cwd(), "package.json"));
const { loadMicroPython } = await import(
  require.resolve("@micropython/micropython-webassembly-pyscript/micropython.mjs")
);

const argv = process.argv.slice(2);
const games = parseInt(argv.shift(), 10);
const paths = [];
while (argv.length) {
  const a = argv.shift();
  if (a === "--path") paths.push(path.resolve(argv.shift()));
  else { process.stderr.write(`soak.mjs: unknown argument ${a}\n`); process.exit(2); }
}
let line = "";
const sink = (bytes) => {
  for (const b of bytes) {
    if (b === 10) { process.stdout.write(line + "\n"); line = ""; } else line += String.fromCharCode(b);
  }
};
const mp = await loadMicroPython({ heapsize: 256 * 1024, pystack: 16 * 1024, linebuffer: false,
  stdout: sink, stderr: sink });

function copyTree(src) {
  mp.FS.mkdirTree(src);
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const p = path.join(src, ent.name);
    if (ent.isDirectory()) {
      if (ent.name !== "__pycache__" && !ent.name.startsWith(".")) copyTree(p);
    } else if (ent.isFile()) mp.FS.writeFile(p, fs.readFileSync(p));
  }
}
for (const p of paths) copyTree(p);
mp.globals.set("_soak_path", paths);

// Each call runs guarded: a traceback is printed and _soak_rc set to 1.
function call(code) {
  mp.runPython(`
try:
    ${code}
except BaseException as e:
    import sys
    sys.print_exception(e)
    _soak_rc = 1
`);
  if (Number(mp.globals.get("_soak_rc"))) {
    sink([10]);
    process.exit(1);
  }
}
mp.runPython("_soak_rc = 0");
call("import sys; sys.path[:0] = [str(p) for p in _soak_path]; import soak; _s = soak.Soak()");
for (let i = 0; i < games; i++) {
  call("_s.game()");
  call("_s.measure()");
}
call("_s.summary()");
process.exit(0);
