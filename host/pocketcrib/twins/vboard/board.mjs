// The virtual Pocket Crib board: the MicroPython VM from npm behind a serial line.
//
//   node board.mjs --mjs .../micropython.mjs --flash DIR [--uid HEX] [--no-display]
//                  [--pins FILE] [--heap BYTES] [--status FD] [--micropython VERSION:MPY]
//                  [--screen FIFO] [--link FD]
//
// fd 0 and 1 are the master side of a pseudo-terminal (non-blocking); the host
// (mpremote) opens the slave side as its serial port. The status fd, if given,
// gets one line "ready" once the board is up. The launcher (vboard/__init__.py) makes the
// pty, restarts this process after a BOOTSEL visit, and stands for the USB cable.
//
// What a Pico does and this does too:
// - boot.py then main.py at power-up and after a soft reset in the friendly REPL
//   (main.py is skipped after a soft reset in the raw REPL); `MPY: soft reboot`;
// - Ctrl-C interrupts running code, raw REPL (Ctrl-A), raw-paste mode (Ctrl-E A
//   Ctrl-A, with flow control), soft reset (Ctrl-D, sys.exit() at the REPL,
//   machine.soft_reset()), hard reset (machine.reset()), machine.bootloader();
// - flash: the VM's filesystem is loaded from DIR at each boot and every change
//   (file closed, renamed, removed, folder made or removed) is written through
//   to DIR at once, so what is on "flash" survives resets and a pulled cable.
// - the link jack (--link FD, a socket the launcher carries to another board: linkport.Jack):
//   machine.UART(0) on GP0/GP1 reads and writes it, never waiting, as the firmware opens it.
// The VM runs Python synchronously, so input is only looked at when the
// running code calls into the board (time.sleep*, machine.*): Ctrl-C stops any
// program that sleeps or touches a pin, but not a pure compute loop.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const opts = {
    uid: "e6614c311b7e5c2f", display: true, heap: 192 * 1024, pins: null, mjs: null, flash: null, status: -1,
    micropython: "", // "VERSION:MPY": sys reports an older MicroPython (tests)
};
for (let i = 2; i < process.argv.length; i++) {
    const a = process.argv[i];
    if (a === "--no-display") opts.display = false;
    else if (a === "--heap") opts.heap = parseInt(process.argv[++i], 10);
    else if (a.startsWith("--") && i + 1 < process.argv.length) opts[a.slice(2)] = process.argv[++i];
    else throw new Error("board.mjs: unknown argument " + a);
}
if (!opts.mjs || !opts.flash) throw new Error("board.mjs: --mjs and --flash are required");
const FLASH = path.resolve(opts.flash);
const { loadMicroPython } = await import(pathToFileURL(opts.mjs).href);

const EXIT_BOOTSEL = 7;
const FD_IN = 0;
const FD_OUT = 1;
// Top-level folders of the VM's own filesystem that are not flash.
const SYSTEM = new Set(["dev", "proc", "tmp", "home", "_vb"]);
const TMP_PREFIX = ".vbtmp-";
// A Pico's MicroPython filesystem: 1408 KiB in 4 KiB blocks.
const BLOCK = 4096;
const FLASH_BLOCKS = 352;
// Raw-paste flow-control window, as the rp2 port (half its 256-byte stdin buffer).
const PASTE_WINDOW = 128;

const PARENT = process.ppid;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const nap = (ms) => Atomics.wait(sleeper, 0, 0, ms);

// ---- the serial line ---------------------------------------------------------

let input = []; // bytes from the host not yet handled
let inHead = 0;
let lastInput = Date.now();
const rbuf = Buffer.alloc(4096);

function pump() {
    // Move whatever the host has sent into `input`, without blocking.
    let n;
    try {
        n = fs.readSync(FD_IN, rbuf, 0, rbuf.length, null);
    } catch (e) {
        // EAGAIN: nothing sent; EIO: no host has the port open.
        if (e.code === "EAGAIN" || e.code === "EIO") return 0;
        throw e;
    }
    for (let i = 0; i < n; i++) input.push(rbuf[i]);
    if (n) lastInput = Date.now();
    return n;
}

function pending() {
    return input.length - inHead;
}

function take() {
    const b = input[inHead++];
    if (inHead > 4096 && inHead * 2 > input.length) {
        input = input.slice(inHead);
        inHead = 0;
    }
    return b;
}

let out = [];
let muted = false;
let swallow = ""; // output expected next that the host must not see ("OK" after a raw paste)
const tail = []; // the last output bytes, to follow the REPL's mode

function emit(b) {
    if (muted) return;
    if (swallow) {
        if (b === swallow.charCodeAt(0)) {
            swallow = swallow.slice(1);
            return;
        }
        swallow = "";
    }
    // As a Pico's USB serial, text goes out "cooked": every \n as \r\n.
    if (b === 10 && tail[tail.length - 1] !== 13) {
        out.push(13);
        watch(13);
    }
    out.push(b);
    watch(b);
    if (out.length >= 4096 && b === 10) flush();
}

function text(s) {
    for (let i = 0; i < s.length; i++) emit(s.charCodeAt(i));
}

// Traceback lines from the board's own stand-ins (machine, time, boot): a
// Pico's are built in and never show up there.
const OWN_FRAMES = /  File "\/_vb\/[^"]*", line \d+, in \S+\r\n/g;

function flush() {
    if (!out.length) return;
    let buf = Buffer.from(out);
    out = [];
    if (buf.includes('File "/_vb/')) buf = Buffer.from(buf.toString("latin1").replace(OWN_FRAMES, ""), "latin1");
    // The host not reading yet: wait a little, taking its input meanwhile. No host, or one
    // that stopped reading: the output is lost, as on USB.
    const err = writeAll(FD_OUT, buf, 3000, pump);
    if (err && err.code !== "EAGAIN" && err.code !== "EIO") throw err;
}

function writeAll(fd, buf, patience, meanwhile) {
    // Write buf to a non-blocking fd, waiting up to `patience` ms in all while it is full;
    // null when written, else the error that stopped it.
    let off = 0;
    let waited = 0;
    while (off < buf.length) {
        try {
            off += fs.writeSync(fd, buf, off, buf.length - off);
        } catch (e) {
            if (e.code !== "EAGAIN" || waited >= patience) return e;
            if (meanwhile) meanwhile();
            nap(1);
            waited++;
        }
    }
    return null;
}

// ---- following the REPL --------------------------------------------------------

let mode = "friendly"; // or "raw"
let rawLen = 0; // bytes typed on the current raw-REPL line
const RAW_BANNER = "raw REPL; CTRL-B to exit\r\n";
const FRIENDLY_BANNER = 'Type "help()" for more information.\r\n';

function watch(b) {
    tail.push(b);
    if (tail.length > 48) tail.shift();
    if (b !== 10) return;
    const s = String.fromCharCode(...tail);
    if (s.endsWith(RAW_BANNER)) {
        mode = "raw";
        rawLen = 0;
    } else if (s.endsWith(FRIENDLY_BANNER)) {
        mode = "friendly";
    }
}

// ---- the VM --------------------------------------------------------------------

let vm = null;
let pendingReset = null; // "soft" | "hard" | "bootsel", asked for by the running code
let lastPoll = 0;
let lastParentCheck = 0;

function poll() {
    // Called by running code: true if the host sent Ctrl-C (which, as on a
    // Pico, also drops the input before it).
    flush();
    const now = Date.now();
    if (now - lastPoll < 2) return false;
    if (now - lastParentCheck > 500) {
        lastParentCheck = now;
        if (process.ppid !== PARENT) process.exit(0); // the launcher is gone: so is the cable
    }
    lastPoll = now;
    pump();
    const i = input.lastIndexOf(3);
    if (i < inHead) return false;
    input = input.slice(i + 1);
    inHead = 0;
    return true;
}

// ---- the display cable to a viewer (--screen FIFO) ----------------------------
// Every I2C transfer to the display also goes out as a text line "ADDR HEX" to a
// viewer that holds the FIFO open for reading (`pocketcrib vboard --play`), which
// feeds them to the simulator's own panel. No viewer, or one that stops reading
// for two seconds: the screen is not sent, as with a display unplugged.
let screenFd = -1;
if (opts.screen) {
    try {
        screenFd = fs.openSync(opts.screen, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    } catch (e) {
        screenFd = -1;
    }
}

function screenOut(line) {
    if (screenFd < 0) return;
    if (writeAll(screenFd, Buffer.from(line + "\n", "latin1"), 2000, null) === null) return;
    try {
        fs.closeSync(screenFd);
    } catch (e) {
        // already gone
    }
    screenFd = -1;
}

let pinLevels = {};
let pinsChecked = 0;
let pinsStamp = "";
let pinsSince = -1; // when the firmware first read a pin these levels force
let pinsTold = false; // FILE.seen written for these levels
// A key (JSON {"key": gp, "n": n, "debounce": ms, "hold": ms}): pressed, then let go, by the
// program's own samples. phase "wait" (down from the first sample after the last key's),
// "down" (until a sample debounce ms after the first that read it down), "hold" (B held: hold
// ms more from that sample), "up" (let go, until a sample debounce ms after the first that
// read it up); then n is told and the key is done.
let key = null;
let keyAt = -1; // the program's time in the sample that began the phase, or -1 before one
let lastKey = -1; // ...and in the sample that ended the last key
const TICKS_MASK = 0x3fffffff; // MicroPython's ticks_ms() wraps at 2**30

function readPins(now) {
    // The forced levels, read again from --pins FILE if it changed (looked at every 20 ms at most).
    if (now - pinsChecked <= 20) return;
    pinsChecked = now;
    try {
        const st = fs.statSync(opts.pins);
        const stamp = st.mtimeMs + ":" + st.ino; // each write is a new file: two in one clock tick differ
        if (stamp !== pinsStamp) {
            pinsStamp = stamp;
            pinLevels = JSON.parse(fs.readFileSync(opts.pins, "utf8"));
            pinsSince = -1;
            pinsTold = false;
            key = null;
            if (typeof pinLevels.key === "number") {
                key = { gp: pinLevels.key, n: pinLevels.n, debounce: pinLevels.debounce || 0,
                    hold: pinLevels.hold || 0, phase: "wait" };
                pinLevels = { n: pinLevels.n };
                keyAt = -1;
            }
        }
    } catch (e) {
        pinLevels = {};
        key = null;
    }
}

function tellPins() {
    // Write n to FILE.seen: the forced levels are taken. Their "then" levels, if any, hold
    // from the next read on: a key let go here, at once, however long the presser takes to
    // hear of it (a key held into the next sample might auto-repeat).
    const n = pinLevels.n;
    pinsTold = true;
    key = null;
    if (pinLevels.then && typeof pinLevels.then === "object") pinLevels = pinLevels.then;
    try {
        fs.writeFileSync(opts.pins + ".seen", String(n));
    } catch (e) {
        // nobody left to tell
    }
}

function keyLevel(t) {
    // The key's level in the program's sample stamped t (ms, its ticks_ms()): it goes down
    // and up only on samples, never on a clock the program did not see, so however long the
    // program goes without sampling (busy, or a busy computer) each key is one press: never
    // down at a sample after the one that took the press (where it would repeat, or turn a
    // long B), never let go before the press is taken, the next key never down in the sample
    // that took this one's release.
    const since = (t - keyAt) & TICKS_MASK;
    switch (key.phase) {
        case "wait":
            if (t === lastKey) return 1;
            key.phase = "down";
            keyAt = t;
            return 0;
        case "down":
            if (since < key.debounce) return 0;
            key.phase = key.hold ? "hold" : "up";
            keyAt = key.hold ? t : -1;
            return 0;
        case "hold":
            if (since >= key.hold) {
                key.phase = "up";
                keyAt = -1;
            }
            return 0;
        default:
            if (keyAt < 0) keyAt = t;
            else if (((t - keyAt) & TICKS_MASK) >= key.debounce) {
                lastKey = t;
                tellPins();
            }
            return 1;
    }
}

function pinLevel(gp, t) {
    // A level forced from outside, or -1; t: the program's time (its last ticks_ms()).
    // --pins FILE holds JSON {"gp": level, ...}; with "n" (a number) and "span" (ms) as
    // well, the board writes n to FILE.seen once the firmware has been reading the forced
    // pins for span ms: the presser's sign that a press (or a release) was taken, however
    // busy the firmware was; with "then" ({"gp": level, ...}) too, those levels are forced
    // from then on. Or a key (see keyLevel): n told once it is pressed and let go.
    if (!opts.pins) return -1;
    const now = Date.now();
    readPins(now);
    if (key !== null) return key.gp === gp ? keyLevel(t) : -1;
    const v = pinLevels[String(gp)];
    if (v === undefined) return -1;
    if (!pinsTold && typeof pinLevels.n === "number") {
        if (pinsSince < 0) {
            pinsSince = now;
        } else if (now - pinsSince >= (pinLevels.span || 0)) {
            tellPins();
        }
    }
    return v ? 1 : 0;
}

function pinsUnread() {
    // At the REPL no program runs, so nothing reads the pins: levels forced meanwhile
    // are told at once (a key typed during a `scores pull` is lost, as on the device)
    // rather than held until the presser gives up on them.
    if (!opts.pins) return;
    readPins(Date.now());
    if (!pinsTold && typeof pinLevels.n === "number") tellPins();
}

// ---- the link jack (--link FD) ---------------------------------------------------
// UART0's wires: bytes the firmware writes go to the socket at once (a full socket loses them,
// as a cable's noise would: the link layer repeats); reads take what has come, never waiting.
const linkFd = opts.link ? Number(opts.link) : -1;
const linkBuf = Buffer.alloc(512); // the rp2 port's rxbuf as the firmware opens it

function linkRead(n) {
    if (linkFd < 0) return "";
    try {
        const got = fs.readSync(linkFd, linkBuf, 0, Math.min(n, linkBuf.length), null);
        return linkBuf.toString("hex", 0, got);
    } catch (e) {
        return ""; // EAGAIN: nothing came
    }
}

function linkWrite(hex) {
    if (linkFd < 0) return;
    try {
        fs.writeSync(linkFd, Buffer.from(hex, "hex"));
    } catch (e) {
        // EAGAIN: the other end is not reading: lost on the cable
    }
}

// The RP2040's RTC: unset (2021-01-01) at power-up, kept over soft resets,
// running on from whatever the host sets (mpremote's `rtc --set` and friends).
let rtc = null;

const boardApi = {
    rtc_now: () => (rtc === null ? -1 : rtc.value + Math.floor((Date.now() - rtc.at) / 1000)),
    rtc_set: (seconds) => {
        rtc = { value: Number(seconds), at: Date.now() };
    },
    uid: () => opts.uid,
    pretend: () => opts.micropython,
    display: () => opts.display,
    poll: () => poll(),
    wait: (ms) => {
        // Sleep up to ms, waking early for input; true if it was Ctrl-C.
        const end = Date.now() + ms;
        for (;;) {
            if (poll()) return true;
            const left = end - Date.now();
            if (left <= 0) return false;
            nap(Math.min(left, 5));
        }
    },
    pin: (gp, t) => pinLevel(gp, t),
    screen: () => screenFd >= 0,
    i2c: (addr, hex) => screenOut(addr.toString(16) + " " + hex),
    link: () => linkFd >= 0,
    link_read: (n) => linkRead(n),
    link_write: (hex) => linkWrite(hex),
    reset: (kind) => {
        // "exit" (sys.exit() in main.py) must not undo a machine.reset() made just before.
        if (kind !== "exit" || !pendingReset) pendingReset = kind;
    },
};

function hostPath(p) {
    // The file in FLASH standing for the VM's path p, or null if p is not on flash.
    const abs = path.posix.resolve(vm.FS.cwd(), String(p));
    const top = abs.split("/")[1];
    if (!top || SYSTEM.has(top)) return null;
    return path.join(FLASH, abs);
}

function loadFlash(FS, dir, at) {
    for (const name of fs.readdirSync(dir)) {
        const src = path.join(dir, name);
        if (name.startsWith(TMP_PREFIX)) {
            fs.rmSync(src, { force: true }); // a write cut short by a pulled cable
            continue;
        }
        const dst = at + "/" + name;
        if (fs.statSync(src).isDirectory()) {
            FS.mkdir(dst);
            loadFlash(FS, src, dst);
        } else {
            FS.writeFile(dst, fs.readFileSync(src));
        }
    }
}

function usedBlocks(FS, at) {
    let n = 0;
    for (const name of FS.readdir(at)) {
        if (name === "." || name === "..") continue;
        if (at === "/" && SYSTEM.has(name)) continue;
        const p = at === "/" ? "/" + name : at + "/" + name;
        const st = FS.stat(p);
        if (FS.isDir(st.mode)) n += 1 + usedBlocks(FS, p);
        else n += Math.max(1, Math.ceil(st.size / BLOCK));
    }
    return n;
}

function writeThrough(FS) {
    // Every change to the VM's filesystem goes to FLASH at once.
    const O_CREAT = 64;
    const O_TRUNC = 512;
    const host = (fn) => {
        // A failure of this computer's disk is an I/O error on the board, not a crash of the VM.
        try {
            fn();
        } catch (e) {
            console.error("vboard: flash write failed: " + e.message);
            throw new FS.ErrnoError(29);
        }
    };
    const copyOut = (p) => {
        const dst = hostPath(p);
        if (!dst) return;
        let data;
        try {
            data = FS.readFile(p);
        } catch (e) {
            return; // already removed again
        }
        const tmp = path.join(path.dirname(dst), TMP_PREFIX + path.basename(dst));
        host(() => {
            fs.writeFileSync(tmp, data);
            fs.renameSync(tmp, dst);
        });
    };
    const wrap = (name, after) => {
        const orig = FS[name];
        FS[name] = (...args) => {
            const r = orig.apply(FS, args);
            after(r, ...args);
            return r;
        };
    };
    wrap("open", (stream, p, flags) => {
        if (typeof flags === "string" ? flags[0] !== "r" : flags & (O_CREAT | O_TRUNC)) stream.vbDirty = true;
    });
    wrap("write", (n, stream) => {
        stream.vbDirty = true;
    });
    wrap("ftruncate", (r, fd) => {
        const stream = FS.getStream(fd);
        if (stream) stream.vbDirty = true;
    });
    wrap("truncate", (r, p) => {
        if (typeof p === "string") copyOut(p);
    });
    const close = FS.close;
    FS.close = (stream) => {
        const dirty = stream.vbDirty;
        const p = stream.path;
        const r = close.call(FS, stream);
        if (dirty && p) copyOut(p);
        return r;
    };
    wrap("rename", (r, a, b) => {
        const ha = hostPath(a);
        const hb = hostPath(b);
        if (ha && hb) host(() => fs.renameSync(ha, hb));
        else if (hb) copyOut(b);
        else if (ha) host(() => fs.rmSync(ha, { recursive: true, force: true }));
    });
    wrap("unlink", (r, p) => {
        const h = hostPath(p);
        if (h) host(() => fs.rmSync(h, { force: true }));
    });
    wrap("rmdir", (r, p) => {
        const h = hostPath(p);
        if (h) host(() => fs.rmSync(h, { recursive: true, force: true }));
    });
    wrap("mkdir", (r, p) => {
        const h = hostPath(p);
        if (h) host(() => fs.mkdirSync(h, { recursive: true }));
    });
    // os.statvfs: a Pico's flash, less what the files take.
    const statfsNode = FS.statfsNode;
    FS.statfsNode = (node) => {
        const r = statfsNode.call(FS, node);
        const free = Math.max(0, FLASH_BLOCKS - usedBlocks(FS, "/"));
        return Object.assign(r, { bsize: BLOCK, frsize: BLOCK, blocks: FLASH_BLOCKS, bfree: free, bavail: free });
    };
}

// Emscripten's errno numbers (what its FS throws) -> MicroPython's (what a Pico
// raises, and what the VM's own errno module and mpremote expect): the npm VM
// passes Emscripten's through, so open("/nope") would say OSError: 44, not ENOENT.
const MP_ERRNO = {
    63: 1, 44: 2, 29: 5, 8: 9, 6: 11, 48: 12, 2: 13, 10: 16, 20: 17, 75: 18, 43: 19, 54: 20, 31: 21,
    28: 22, 41: 23, 33: 24, 59: 25, 22: 27, 51: 28, 70: 29, 69: 30, 37: 36, 52: 38, 55: 39, 32: 40, 138: 95,
};

function micropythonErrnos(FS) {
    const names = ["open", "close", "read", "write", "llseek", "stat", "lstat", "fstat", "mkdir", "rmdir",
        "unlink", "rename", "readdir", "chdir", "truncate", "ftruncate", "statfs", "statfsStream",
        "readlink", "getStreamChecked"];
    for (const name of names) {
        const orig = FS[name];
        if (typeof orig !== "function") continue;
        FS[name] = (...args) => {
            try {
                return orig.apply(FS, args);
            } catch (e) {
                if (!e || e.name !== "ErrnoError" || e.vbMapped) throw e;
                const mapped = new FS.ErrnoError(MP_ERRNO[e.errno] ?? e.errno);
                mapped.vbMapped = true;
                throw mapped;
            }
        };
    }
}

async function newVM() {
    vm = null;
    const mp = await loadMicroPython({
        heapsize: opts.heap,
        stdout: (data) => {
            for (let i = 0; i < data.length; i++) emit(data[i]);
        },
        linebuffer: false,
    });
    const FS = mp.FS;
    vm = mp;
    for (const d of ["/home/web_user", "/home", "/tmp"]) {
        try {
            FS.rmdir(d);
        } catch (e) {
            // not there in this build
        }
    }
    loadFlash(FS, FLASH, "");
    // The stand-ins (machine, time with sleeps that listen to the host) are
    // imported once per boot, like a port's frozen modules, and their files removed.
    mp.registerJsModule("_vbjs", boardApi);
    FS.mkdir("/_vb");
    for (const name of fs.readdirSync(path.join(HERE, "mpy"))) {
        if (name.endsWith(".py")) FS.writeFile("/_vb/" + name, fs.readFileSync(path.join(HERE, "mpy", name)));
    }
    mp.runPython("import sys\nsys.path.append('/_vb')\nimport _vbboot\n_vbboot.install()\nsys.path.remove('/_vb')\ndel sys, _vbboot\n");
    for (const name of FS.readdir("/_vb")) if (name !== "." && name !== "..") FS.unlink("/_vb/" + name);
    FS.rmdir("/_vb");
    writeThrough(FS);
    micropythonErrnos(FS);
    return mp;
}

function runFile(name) {
    // Run boot.py or main.py as the board does (sys.exit() there means a soft reset).
    if (!fs.existsSync(path.join(FLASH, name))) return;
    vm.runPython("import _vbboot\n_vbboot.run(" + JSON.stringify(name) + ", globals())\ndel _vbboot\n");
    flush();
}

let booted = false;

async function boot() {
    // From power-up or a reset: a fresh VM over the same flash.
    for (;;) {
        await newVM();
        if (!booted) {
            booted = true;
            if (opts.status >= 0) {
                fs.writeSync(Number(opts.status), "ready\n");
                fs.closeSync(Number(opts.status));
            }
        }
        runFile("boot.py");
        if (!pendingReset && mode === "friendly") runFile("main.py");
        const kind = pendingReset;
        pendingReset = null;
        if (!kind) break;
        restart(kind); // boot.py or main.py ended in sys.exit() or a reset
    }
    if (mode === "raw") {
        muted = true;
        vm.replInit();
        muted = false;
        vm.replProcessChar(1); // prints the raw REPL banner and prompt
    } else {
        vm.replInit(); // the friendly banner and prompt
    }
    flush();
}

function restart(kind) {
    flush();
    if (kind === "bootsel") process.exit(EXIT_BOOTSEL);
    if (kind === "hard") {
        mode = "friendly";
        input = [];
        inHead = 0;
    } else {
        text("MPY: soft reboot\r\n");
    }
}

async function reset() {
    const kind = pendingReset || "soft";
    pendingReset = null;
    restart(kind);
    await boot();
}

// ---- the REPL, with raw-paste mode in front ---------------------------------------

let paste = null; // {state: 1 after Ctrl-E, 2 after "A", 3 taking data; data: []}

function feed(b) {
    // One byte to the VM's REPL; a promise if it led to a reset.
    if (mode === "raw") {
        if (b === 1 || b === 3 || b === 4) rawLen = 0;
        else if (b !== 2) rawLen++;
    }
    const r = vm.replProcessChar(b);
    if (r !== 0 || pendingReset) return reset();
    return null;
}

function handle(b) {
    if (paste === null) {
        if (mode === "raw" && rawLen === 0 && b === 5) {
            paste = { state: 1, data: [] };
            return null;
        }
        return feed(b);
    }
    if (paste.state === 1 || paste.state === 2) {
        if (b === (paste.state === 1 ? 0x41 : 0x01)) {
            paste.state++;
            if (paste.state === 3) {
                text("R\x01" + String.fromCharCode(PASTE_WINDOW & 255, PASTE_WINDOW >> 8));
                flush();
            }
            return null;
        }
        // Not a raw-paste request after all: the bytes go to the REPL as they came.
        const seen = paste.state === 1 ? [5] : [5, 0x41];
        paste = null;
        for (const s of seen) feed(s);
        return feed(b);
    }
    if (b !== 4) {
        paste.data.push(b);
        if (paste.data.length % PASTE_WINDOW === 0) {
            emit(1); // room for another window
            flush();
        }
        return null;
    }
    // End of data: acknowledge, then run it through the raw REPL, whose "OK"
    // the host must not see in this mode.
    const code = paste.data;
    paste = null;
    text("\x04");
    flush();
    if (!code.length) code.push(10);
    for (const c of code) vm.replProcessChar(c);
    swallow = "OK";
    return feed(4);
}

async function main() {
    await boot();
    for (;;) {
        if (!pending() && !pump()) {
            flush();
            if (process.ppid !== PARENT) process.exit(0); // the launcher is gone: so is the cable
            pinsUnread(); // here, between commands, no Python code is running
            // Idle: look for input often just after some, rarely after a quiet spell.
            nap(Date.now() - lastInput < 200 ? 1 : 10);
            continue;
        }
        while (pending()) {
            const r = handle(take());
            if (r) await r;
        }
        flush();
    }
}

await main();
