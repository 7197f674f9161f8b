// An emulated Pico: a MicroPython UF2 on rp2040js, wired as a Pocket Crib board.
//
//   node pico.mjs --rp2040js .../rp2040js/dist/esm/index.js --uf2 FILE.uf2 --bootrom B1.bin
//                 --flash IMAGE [--status FD] [--pins FILE] [--screen FIFO] [--uid HEX]
//                 [--realtime 0] [--link FD]
//
// fd 0 and 1 are the master side of a pseudo-terminal (non-blocking): the board's USB CDC
// serial port, which the host (mpremote) opens by its slave side, as with board.mjs (the VM
// board), whose launcher (vboard/__init__.py) runs this too, so both speak the same --status,
// --pins and --screen protocols.
//
// What the board has, and how:
// - flash: the UF2 written over a 2 MB image (IMAGE, made on first use, all 0xFF), kept in
//   that file so /data and the game's files survive restarts; the firmware's erase and
//   program calls (the boot ROM's RE and RP functions, patched to breakpoints) act on it;
// - the clock: the emulated TIMER (1 us ticks); a core waiting in WFI/WFE skips to the next
//   alarm, no faster than this computer's clock while idle (so a game's 30 s dim still takes
//   30 s), and as fast as it can run while busy (emulated time, not this computer's, is what
//   a figure measures);
// - I2C0 (SDA GP4, SCL GP5): an SSD1306 at 0x3C, acking only while both pins are routed to
//   I2C (function 3), each byte taking its 9 clocks at the rate the registers set; every
//   transfer to it goes to --screen as "3c HEX US IDLE" (emulated us at its stop, and of them
//   the us the core spent waiting in WFI/WFE);
// - buttons GP10-15: high when released (the pull-ups), forced by --pins as on board.mjs,
//   where "span" is emulated ms of the firmware reading GPIO_IN; GP24 (VBUS) high;
// - resets: the watchdog (machine.reset()) restarts the chip over the same flash; the boot
//   ROM's reset_usb_boot (machine.bootloader()) exits with EXIT_BOOTSEL for the launcher;
// - the link jack (--link FD, a socket the launcher carries to another board: linkport.Jack):
//   UART0 (the firmware's machine.UART on GP0/GP1), its TX FIFO sent to the socket and the
//   socket's bytes into its RX FIFO, one per character time at the baud rate set in its
//   registers (10 bits: 8N1), a byte that finds the RX FIFO full lost (an overrun);
//   "link tx US" and "link rx US" on --screen: the emulated us each of the link's DATA frames
//   (firmware/link/frame.py: sync 0xC5, kind 0x44) went out or came in, for a bench to time a
//   move across.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const opts = { status: -1, pins: null, screen: null, uid: "e6614c311b7e5c2f", realtime: "1", link: null };
for (let i = 2; i < process.argv.length; i++) {
    const a = process.argv[i];
    if (a.startsWith("--") && i + 1 < process.argv.length) opts[a.slice(2)] = process.argv[++i];
    else throw new Error("pico.mjs: unknown argument " + a);
}
for (const need of ["rp2040js", "uf2", "bootrom", "flash"]) {
    if (!opts[need]) throw new Error(`pico.mjs: --${need} is required`);
}
const { RP2040, USBCDC, ConsoleLogger, LogLevel, BasePeripheral } = await import(pathToFileURL(opts.rp2040js).href);

const EXIT_BOOTSEL = 7;
const FD_IN = 0;
const FD_OUT = 1;
const FLASH_BASE = 0x10000000;
const FLASH_SIZE = 2 * 1024 * 1024;
const SRAM_BASE = 0x20000000;
const BOOT2 = 0x20041f00; // where the boot ROM copies the second stage (256 bytes) and runs it
const NS_PER_CYCLE = 8; // 125 MHz
const SLICE = 20000; // instructions between looks at the outside world
// A firmware that gives no sign it listens for a Ctrl-C (see listens()) is taken to listen after
// this much emulated time from power-up or a soft reboot: a last resort, never reached by this
// project's game (it waits, then reads its pins, 120-150 ms from power-up) nor by a board at its REPL.
const DEAF_NS = 1000e6;
const PARENT = process.ppid;
const OLED = 0x3c;
const SDA = 4;
const SCL = 5;
const BUTTONS = [10, 11, 12, 13, 14, 15];
const VBUS = 24;
const I2C_FUNC = 3;
// Flash timings of the W25Q16JV (typical), so the clock sees an erase or program take its time.
const ERASE_4K_NS = 45e6;
const ERASE_64K_NS = 150e6;
const PAGE_NS = 0.4e6;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const nap = (ms) => Atomics.wait(sleeper, 0, 0, ms);

// ---- the flash image ----------------------------------------------------------

const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
let flashFd;
{
    let old = null;
    try {
        old = fs.readFileSync(opts.flash);
    } catch (e) {
        if (e.code !== "ENOENT") throw e;
    }
    if (old) flash.set(old.subarray(0, FLASH_SIZE));
    const uf2 = fs.readFileSync(opts.uf2);
    // Every block for the main flash is written, wherever it lands (a UF2 carrying a filesystem
    // image at 0x100A0000 gets it into flash as a Pico's boot ROM would); the same UF2 is written
    // once, as if copied onto the BOOTSEL drive, so the files the firmware writes later survive
    // power-ups (IMAGE.uf2-sha256 says which UF2 the image holds).
    const stampPath = opts.flash + ".uf2-sha256";
    const sha = createHash("sha256").update(uf2).digest("hex");
    let stamp = "";
    try {
        stamp = fs.readFileSync(stampPath, "utf8").trim();
    } catch (e) {
        // a new image, or one from before stamps: write the UF2
    }
    let blocks = 0;
    for (let off = 0; off + 512 <= uf2.length && !(old && stamp === sha); off += 512) {
        const b = uf2.subarray(off, off + 512);
        if (b.readUInt32LE(0) !== 0x0a324655 || b.readUInt32LE(4) !== 0x9e5d5157) continue;
        if (b.readUInt32LE(8) & 1) continue; // "not main flash"
        const addr = b.readUInt32LE(12) - FLASH_BASE;
        const size = b.readUInt32LE(16);
        if (addr < 0 || addr + size > FLASH_SIZE || size > 476) continue;
        flash.set(b.subarray(32, 32 + size), addr);
        blocks++;
    }
    if (!blocks && !(old && stamp === sha)) {
        console.error(`pico.mjs: ${opts.uf2} holds no UF2 blocks for the RP2040's flash`);
        process.exit(2);
    }
    flashFd = fs.openSync(opts.flash, old ? "r+" : "w+");
    fs.writeSync(flashFd, flash, 0, FLASH_SIZE, 0);
    fs.writeFileSync(stampPath, sha + "\n");
}

function persist(start, end) {
    fs.writeSync(flashFd, flash, start, end - start, start);
}

const romImage = fs.readFileSync(opts.bootrom);
const uidBytes = Buffer.from(opts.uid.padStart(16, "0").slice(-16), "hex");

// ---- the serial line (pty) ---------------------------------------------------

let hostBytes = []; // from the host, not yet given to the device
const rbuf = Buffer.alloc(4096);
let toHost = [];

function pump() {
    let n;
    try {
        n = fs.readSync(FD_IN, rbuf, 0, rbuf.length, null);
    } catch (e) {
        if (e.code === "EAGAIN" || e.code === "EIO") return 0; // nothing sent; no host has the port open
        throw e;
    }
    for (let i = 0; i < n; i++) hostBytes.push(rbuf[i]);
    return n;
}

function flushHost() {
    if (!toHost.length) return;
    const buf = Buffer.from(toHost);
    toHost = [];
    let off = 0;
    let waited = 0;
    while (off < buf.length) {
        try {
            off += fs.writeSync(FD_OUT, buf, off, buf.length - off);
        } catch (e) {
            if (e.code === "EIO") return; // no host: lost, as on USB
            if (e.code !== "EAGAIN" || waited >= 3000) return;
            nap(1);
            waited++;
        }
    }
}

// ---- the --screen FIFO ---------------------------------------------------------

let screenFd = -1;
if (opts.screen) {
    try {
        screenFd = fs.openSync(opts.screen, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    } catch (e) {
        screenFd = -1; // no viewer
    }
}

function screenOut(line) {
    if (screenFd < 0) return;
    const buf = Buffer.from(line + "\n", "latin1");
    let off = 0;
    const end = Date.now() + 2000;
    while (off < buf.length) {
        try {
            off += fs.writeSync(screenFd, buf, off, buf.length - off);
        } catch (e) {
            if (e.code === "EAGAIN" && Date.now() < end) {
                nap(1);
                continue;
            }
            try {
                fs.closeSync(screenFd);
            } catch (e2) {
                // gone
            }
            screenFd = -1; // a viewer that stopped reading: the display is unplugged
            return;
        }
    }
}

// ---- the --pins file (the presser) -----------------------------------------------

let pinLevels = {};
let pinsStamp = "";
let pinsChecked = 0;
let pinsSince = -1; // emulated ms when the firmware first read the pins these levels force
let pinsIdle = 0; // the core's waiting (ns) by then
let pinsTold = true;

function readPins(now) {
    if (!opts.pins || now - pinsChecked <= 20) return false;
    pinsChecked = now;
    let changed = false;
    try {
        const st = fs.statSync(opts.pins);
        const stamp = st.mtimeMs + ":" + st.ino;
        if (stamp !== pinsStamp) {
            pinsStamp = stamp;
            pinLevels = JSON.parse(fs.readFileSync(opts.pins, "utf8"));
            pinsSince = -1;
            pinsTold = typeof pinLevels.n !== "number";
            changed = true;
        }
    } catch (e) {
        if (Object.keys(pinLevels).length) changed = true;
        pinLevels = {};
        pinsStamp = "";
    }
    return changed;
}

function tellPins() {
    pinsTold = true;
    const n = pinLevels.n;
    // On the --screen FIFO too, in the display's timeline: "pin N FIRST_US TOLD_US IDLE_US", the
    // emulated us the firmware first read these levels, when it had read them for their span, and
    // the core's waiting at the first read (a bench times a key from there to its frame).
    const us = (ns) => Math.round(ns / 1000);
    screenOut(`pin ${n} ${us(pinsSince * 1e6)} ${us(mcu.clock.nanos)} ${us(pinsIdle)}`);
    if (pinLevels.then && typeof pinLevels.then === "object") {
        pinLevels = pinLevels.then;
        applyPins();
    }
    try {
        fs.writeFileSync(opts.pins + ".seen", String(n));
    } catch (e) {
        // nobody left to tell
    }
}

function level(gp) {
    const v = pinLevels[String(gp)];
    if (v !== undefined) return !!v;
    return true; // released buttons and the other inputs read high; VBUS is high on USB
}

let mcu = null;

function applyPins() {
    if (!mcu) return;
    for (const gp of [...BUTTONS, VBUS]) mcu.gpio[gp].setInputValue(level(gp));
}

function gpioRead() {
    // The firmware read GPIO_IN: a program runs (it listens for a Ctrl-C); forced levels held
    // for their span (emulated) are taken.
    listens("program");
    if (pinsTold) return;
    const now = mcu.clock.nanos / 1e6;
    if (pinsSince < 0) {
        pinsSince = now;
        pinsIdle = idleNs;
    } else if (now - pinsSince >= (pinLevels.span || 0)) tellPins();
}

// ---- the link jack on UART0 (--link FD) ---------------------------------------------
// rp2040js's UART sends a byte the moment DR is written, says its TX FIFO is always empty and
// raises the TX interrupt again at once whenever it is cleared: the stock firmware (which
// enables the TX interrupt with its RX one) would spend all its time in the handler. So UART0
// gets a PL011's TX side here: a 32-byte FIFO sent a character time a byte (FR: TXFF, TXFE,
// BUSY as they are), its interrupt raised as the FIFO drains through the trigger level (4, the
// level the firmware sets), and cleared by ICR only.

const linkFd = opts.link ? Number(opts.link) : -1;
const linkBuf = Buffer.alloc(4096);
const FIFO = 32;
const TX_LEVEL = 4;
const UART_TXINTR = 1 << 5;
const FR_BUSY = 1 << 3;
const FR_RXFE = 1 << 4;
const FR_TXFF = 1 << 5;
const FR_RXFF = 1 << 6;
const FR_TXFE = 1 << 7;
let linkIn = []; // bytes come over the cable, not yet on the wire into the RX FIFO
let linkOut = []; // bytes sent out of the TX FIFO, not yet handed to the socket
let txFifo = [];
let linkFeeding = false; // a byte is on the wire into the RX FIFO
let linkSending = false; // a byte is on the wire out of the TX FIFO
let rxAlarm = null;
let txAlarm = null;
let overruns = 0;
let lastIn = -1; // the byte before, each way: a DATA frame's sync and kind, seen go by
let lastOut = -1;
const SYNC = 0xc5;
const DATA = 0x44;

function frameSeen(way, last, b) {
    if (last === SYNC && b === DATA) screenOut(`link ${way} ${Math.round(mcu.clock.nanos / 1000)}`);
}

function linkPump() {
    // The socket's bytes in, the firmware's out; never waiting.
    if (linkFd < 0) return;
    if (linkOut.length) {
        try {
            fs.writeSync(linkFd, Buffer.from(linkOut));
        } catch (e) {
            // EAGAIN: the other end is not reading: lost on the cable, as noise would lose them
        }
        linkOut = [];
    }
    let n = 0;
    try {
        n = fs.readSync(linkFd, linkBuf, 0, linkBuf.length, null);
    } catch (e) {
        n = 0; // EAGAIN: nothing came
    }
    if (!n) return;
    for (let i = 0; i < n; i++) linkIn.push(linkBuf[i]);
    if (!linkFeeding) linkNext();
}

function charNs() {
    // One character on the wire: start, 8 data bits, stop, at the rate UART0's divider sets.
    const uart = mcu.uart[0];
    const baud = uart.baudDivider ? uart.baudRate : 115200;
    return (10 * 1e9) / baud;
}

function linkNext() {
    // The next byte takes a character time to arrive; then it is in the RX FIFO.
    linkFeeding = linkIn.length > 0;
    if (linkFeeding) rxAlarm.schedule(charNs());
}

function linkArrived() {
    const uart = mcu.uart[0];
    const b = linkIn.shift();
    frameSeen("rx", lastIn, b);
    lastIn = b;
    if (uart.enabled && uart.rxEnabled) {
        if (uart.rxFIFO.full) overruns++;
        else uart.feedByte(b);
    }
    linkNext();
}

function linkSent() {
    // A byte has left the TX FIFO down the wire.
    const uart = mcu.uart[0];
    const before = txFifo.length;
    const b = txFifo.shift();
    frameSeen("tx", lastOut, b);
    lastOut = b;
    linkOut.push(b);
    if (before > TX_LEVEL && txFifo.length <= TX_LEVEL) uart.interruptStatus |= UART_TXINTR;
    linkSending = txFifo.length > 0;
    if (linkSending) txAlarm.schedule(charNs());
    uart.checkInterrupts();
}

function attachLink() {
    linkIn = [];
    linkOut = [];
    txFifo = [];
    linkFeeding = false;
    linkSending = false;
    if (linkFd < 0) return;
    const uart = mcu.uart[0];
    rxAlarm = mcu.clock.createAlarm(linkArrived);
    txAlarm = mcu.clock.createAlarm(linkSent);
    uart.onByte = (b) => {
        if (txFifo.length >= FIFO || !uart.enabled || !uart.txEnabled) return; // lost, as on a PL011
        txFifo.push(b);
        if (!linkSending) {
            linkSending = true;
            txAlarm.schedule(charNs());
        }
    };
    Object.defineProperty(uart, "flags", {
        get: () => (uart.rxFIFO.full ? FR_RXFF : 0) | (uart.rxFIFO.empty ? FR_RXFE : 0) |
            (txFifo.length ? 0 : FR_TXFE) | (txFifo.length >= FIFO ? FR_TXFF : 0) | (linkSending ? FR_BUSY : 0),
    });
    uart.checkInterrupts = () => mcu.setInterrupt(uart.irq, !!(uart.interruptStatus & uart.interruptMask));
}

// ---- the chip ----------------------------------------------------------------------

class Registers extends BasePeripheral {
    // A block the emulator lacks: registers that read back what was written (0 at reset),
    // some read from a function instead.
    constructor(chip, name, read) {
        super(chip, name);
        this.regs = new Map();
        this.read = read;
    }

    readUint32(offset) {
        const v = this.read ? this.read(offset) : undefined;
        return v ?? this.regs.get(offset) ?? 0;
    }

    writeUint32(offset, value) {
        this.regs.set(offset, value >>> 0);
    }
}

let pendingReset = null; // "hard" | "bootsel"
let noise = 0x2545f491; // the ring oscillator's random bit, from a fixed seed: runs repeat

function romFunctions(view) {
    const table = view.getUint16(0x14, true);
    const found = {};
    for (let p = table; ; p += 4) {
        const code = view.getUint16(p, true);
        if (!code) break;
        found[String.fromCharCode(code & 255, code >> 8)] = view.getUint16(p + 2, true) & ~1;
    }
    return found;
}

// Boot ROM functions replaced by BKPT n; BX LR, and what each does here.
const ROM_BREAKS = { IF: 1, EX: 2, RE: 3, RP: 4, FC: 5, CX: 6, UB: 7 };

function onBreak(n) {
    const r = mcu.core.registers;
    if (n === 3) {
        // flash_range_erase(addr, count, block_size, block_cmd)
        const start = r[0] >>> 0;
        const end = Math.min(FLASH_SIZE, start + (r[1] >>> 0));
        flash.fill(0xff, start, end);
        mcu.flash.fill(0xff, start, end);
        persist(start, end);
        const big = r[2] >= 65536 && (end - start) % 65536 === 0;
        busyNs += big ? ((end - start) / 65536) * ERASE_64K_NS : Math.ceil((end - start) / 4096) * ERASE_4K_NS;
        erases++;
        flashNs += busyNs;
    } else if (n === 4) {
        // flash_range_program(addr, data, count): bits can only go from 1 to 0
        const start = r[0] >>> 0;
        const count = Math.min(r[2] >>> 0, FLASH_SIZE - start);
        for (let i = 0; i < count; i++) flash[start + i] &= mcu.readUint8((r[1] + i) >>> 0);
        mcu.flash.set(flash.subarray(start, start + count), start);
        persist(start, start + count);
        busyNs += Math.ceil(count / 256) * PAGE_NS;
        programs++;
        flashNs += busyNs;
    } else if (n === 7) {
        pendingReset = "bootsel";
    } else if (n === 0 || n >= 8) {
        // The firmware's hard fault or panic (BKPT 0): say where, for whoever reads the log.
        const c = mcu.core;
        const sp = c.SP >>> 0;
        const stacked = sp >= SRAM_BASE ? mcu.readUint32(sp + 24).toString(16) : "?";
        pendingReset = "fault";
        fault = `BKPT ${n} at 0x${c.PC.toString(16)}, lr 0x${c.LR.toString(16)}, ipsr ${c.IPSR}, ` +
            `stacked pc 0x${stacked}, after ${(mcu.clock.nanos / 1e6).toFixed(1)} ms`;
    }
    // the rest (connect, exit XIP, flush cache, enter XIP) have nothing to do here
}

let busyNs = 0; // time a breakpointed ROM call takes, added to the clock after it
let erases = 0;
let programs = 0;
let flashNs = 0;
let fault = "";

function ssiWithUid(ssi) {
    // The flash's unique id (command 0x4B, 4 dummy bytes, then 8 bytes out), as
    // machine.unique_id() reads it at startup; the rest of the SSI as rp2040js has it.
    let seq = -1;
    const write = ssi.writeUint32.bind(ssi);
    const read = ssi.readUint32.bind(ssi);
    ssi.writeUint32 = (offset, value) => {
        if (offset === 0x60 && seq < 0 && value === 0x4b) seq = 0;
        write(offset, value);
    };
    ssi.readUint32 = (offset) => {
        if (offset === 0x60 && seq >= 0) {
            const i = seq++;
            if (i >= 12) seq = -1;
            return i >= 5 && i < 13 ? uidBytes[i - 5] : 0;
        }
        return read(offset);
    };
}

// ---- the display on I2C0 --------------------------------------------------------------

function attachDisplay(i2c) {
    let bytes = null; // the transfer to the display, while one is open
    const later = (fn) => {
        // A byte on the bus: 9 clocks (8 bits and the ack) at the rate set in the registers.
        const cycles = i2c.sclHighPeriod + i2c.sclLowPeriod + (i2c.spikelen || 0) + 8;
        const ns = (9 * cycles * 1e9) / mcu.clkSys;
        mcu.clock.createAlarm(fn).schedule(ns);
    };
    const routed = () => mcu.gpio[SDA].functionSelect === I2C_FUNC && mcu.gpio[SCL].functionSelect === I2C_FUNC;
    i2c.onStart = () => i2c.completeStart();
    i2c.onConnect = (address, mode) => {
        const ack = routed() && address === OLED;
        bytes = ack && mode === 0 ? [] : null;
        later(() => i2c.completeConnect(ack && mode === 0));
    };
    i2c.onWriteByte = (value) => {
        if (bytes) bytes.push(value);
        later(() => i2c.completeWrite(bytes !== null));
    };
    i2c.onReadByte = () => later(() => i2c.completeRead(0xff));
    i2c.onStop = () => {
        if (bytes && bytes.length) {
            const hex = Buffer.from(bytes).toString("hex");
            screenOut(`${OLED.toString(16)} ${hex} ${Math.round(mcu.clock.nanos / 1000)} ${Math.round(idleNs / 1000)}`);
        }
        bytes = null;
        i2c.completeStop();
    };
}

// ---- USB CDC: the serial port ------------------------------------------------------------

// When the firmware listens for a Ctrl-C. MicroPython takes one as an interrupt only while it
// runs a Python program (boot.py, main.py, the REPL's code: its interrupt char is set then), or
// as a key at its REPL's prompt. From power-up (or a soft reboot) until main.py starts, a Ctrl-C
// that comes in is put in stdin, where the game never reads it, and `mpremote` waits in vain for
// the raw REPL (a real Pico passes that window before a host has opened its port; emulated ten
// times slower, a host can be quicker). So the host's bytes are held from power-up and from each
// soft reboot until the firmware shows it listens (listening says how), and the port is
// announced (the launcher's "ready") once the host's line state is set too:
// - "repl": a prompt came out (">>> ", the raw REPL's banner and ">", or the ">" after a raw
//   REPL's run: "\x04>");
// - "program": a program read its pins (GPIO_IN): main.py runs, its interrupt char set;
// - "waits": the core waits for an interrupt (WFI/WFE) on USB, the host's bytes welcome: at the
//   REPL, for its input (whose prompt may still sit in the device's buffer, sent with the
//   echo of the host's first byte), or in a program's sleep (MicroPython 1.28 does not wait
//   from power-up or a soft reboot until it runs main.py or its REPL: measured);
// - "deaf": neither, DEAF_NS after power-up or the soft reboot (the last resort).
let cdc = null;
let readWanted = null; // {endpoint, size}: the device waits for OUT data
let said = ""; // the end of what the device last sent the host
let lineSet = false; // the host's SET_CONTROL_LINE_STATE (DTR) acknowledged: the device sends it output
let listening = ""; // "repl" | "program" | "waits" | "deaf", or "" while it may not listen (see above)
let deafAt = DEAF_NS; // emulated ns: the last resort for listening
let atPrompt = false; // its last output was a REPL's prompt: no program runs (or reads its pins)

function listens(how) {
    if (!listening) listening = how;
}

function attachUsb() {
    cdc = new USBCDC(mcu.usbCtrl);
    const control = mcu.usbCtrl.onEndpointWrite;
    mcu.usbCtrl.onEndpointWrite = (endpoint, buffer) => {
        // rp2040js sends SET_CONTROL_LINE_STATE once the device is configured (cdc.initialized);
        // the device's next empty packet on endpoint 0 is that request's status stage: taken.
        const sent = cdc.initialized;
        control(endpoint, buffer);
        if (endpoint === 0 && buffer.length === 0 && sent) lineSet = true;
    };
    cdc.onSerialData = (data) => {
        for (const b of data) toHost.push(b);
        said = (said + Buffer.from(data).toString("latin1")).slice(-64);
        atPrompt = said.endsWith(">>> ") || said.endsWith("raw REPL; CTRL-B to exit\r\n>") || said.endsWith("\x04>");
        if (atPrompt) {
            listens("repl");
        } else if (said.endsWith("soft reboot\r\n")) {
            // Ctrl-D (or sys.exit()) at a REPL: boot.py and, from the friendly REPL, main.py next.
            listening = "";
            deafAt = mcu.clock.nanos + DEAF_NS;
            said = "";
        }
    };
    // OUT data only when the host has sent some: empty answers would keep the device busy.
    mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
        if (endpoint === cdc.outEndpoint) {
            readWanted = { endpoint, size };
            feedUsb();
        }
    };
}

function feedUsb() {
    if (!readWanted || !hostBytes.length || !cdc.initialized) return;
    if (!listening && mcu.clock.nanos >= deafAt) listens("deaf");
    if (!listening) return;
    const n = Math.min(readWanted.size, hostBytes.length);
    const chunk = Uint8Array.from(hostBytes.slice(0, n));
    hostBytes = hostBytes.slice(n);
    const { endpoint } = readWanted;
    readWanted = null;
    mcu.usbCtrl.endpointReadDone(endpoint, chunk);
}

// ---- power-up ------------------------------------------------------------------------

function powerUp() {
    mcu = new RP2040();
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.loadBootrom(new Uint32Array(romImage.buffer, romImage.byteOffset, romImage.length / 4));
    const rom = new DataView(mcu.bootrom.buffer);
    const funcs = romFunctions(rom);
    for (const [name, n] of Object.entries(ROM_BREAKS)) {
        rom.setUint16(funcs[name], 0xbe00 | n, true); // BKPT n
        rom.setUint16(funcs[name] + 2, 0x4770, true); // BX LR
    }
    mcu.onBreak = onBreak;
    // Blocks rp2040js leaves unmodelled that this firmware reads: the chip-reset register
    // (its "restarted by a debugger" flag must read 0) and the ring oscillator's random bit.
    mcu.peripherals[0x40064] = new Registers(mcu, "VREG_AND_CHIP_RESET");
    mcu.peripherals[0x40060] = new Registers(mcu, "ROSC", (offset) => {
        if (offset === 0x18) return 0x80001000; // STATUS: stable, enabled
        if (offset !== 0x1c) return undefined;
        noise ^= noise << 13;
        noise ^= noise >>> 17;
        noise ^= noise << 5;
        return noise & 1;
    });
    mcu.peripherals[0x40058].onWatchdogTrigger = () => {
        pendingReset = pendingReset || "hard";
    };
    ssiWithUid(mcu.peripherals[0x18000]);
    const sioRead = mcu.sio.readUint32.bind(mcu.sio);
    mcu.sio.readUint32 = (offset) => {
        if (offset === 4) gpioRead();
        return sioRead(offset);
    };
    mcu.flash.set(flash);
    for (const pin of mcu.gpio) pin.setInputValue(true);
    for (const pin of mcu.qspi) pin.setInputValue(true); // flash CS high: BOOTSEL not held
    applyPins();
    mcu.adc.channelValues[3] = Math.round(((5.0 / 3) * 4095) / 3.3); // VSYS/3 on USB power
    attachDisplay(mcu.i2c[0]);
    attachUsb();
    attachLink();
    readWanted = null;
    said = "";
    lineSet = false;
    listening = "";
    deafAt = DEAF_NS;
    atPrompt = false;
    // As the boot ROM does for a flash boot: the second stage copied to the top of SRAM and
    // run there, with the stack below it; it sets up XIP and enters the image's vector table.
    mcu.sram.set(flash.subarray(0, 256), BOOT2 - SRAM_BASE);
    mcu.core.SP = BOOT2;
    mcu.core.LR = 0;
    mcu.core.PC = BOOT2;
}

// ---- running -------------------------------------------------------------------------------

const realtime = opts.realtime !== "0";
let idleNs = 0; // emulated time the core has spent waiting for an interrupt (WFI/WFE)
let credit = 0; // emulated ns an idle core may still skip ahead (refilled by this computer's clock)
let lastWall = performance.now();
let lastLook = 0;

function outside() {
    // The world between slices: the host's bytes, the presser, the launcher.
    const now = Date.now();
    if (pump() || hostBytes.length) feedUsb();
    flushHost();
    linkPump();
    if (readPins(now)) applyPins();
    if (atPrompt && !pinsTold) {
        // At a REPL's prompt no program runs, so nothing reads the pins: levels forced meanwhile
        // are taken at once (a key typed during a `scores pull` is lost, as on the device) rather
        // than held until the presser gives up on them.
        if (pinsSince < 0) {
            pinsSince = mcu.clock.nanos / 1e6;
            pinsIdle = idleNs;
        }
        tellPins();
    }
    if (now - lastLook > 500) {
        lastLook = now;
        if (process.env.POCKETCRIB_PICO_DEBUG) {
            const c = mcu.core;
            console.error(`pico: ${(mcu.clock.nanos / 1e6).toFixed(1)} ms pc ${c.PC.toString(16)} waiting ${c.waiting} ` +
                `usb ${cdc.initialized} in ${hostBytes.length} want ${!!readWanted} ` +
                `flash: ${erases} erases, ${programs} programs, ${(flashNs / 1e6).toFixed(1)} ms` +
                (linkFd >= 0 ? `; link: ${linkIn.length} in, ${txFifo.length} out, ${overruns} overruns` : ""));
        }
        if (process.ppid !== PARENT) process.exit(0); // the launcher is gone: so is the cable
    }
}

function idle(core, clock) {
    // The core waits for an interrupt: to the next alarm, no faster than real time.
    if (lineSet && readWanted) listens("waits");
    const before = clock.nanos;
    wait(core, clock);
    idleNs += clock.nanos - before;
}

function wait(core, clock) {
    const wall = performance.now();
    credit = Math.min(credit + (wall - lastWall) * 1e6, 20e6);
    lastWall = wall;
    const next = clock.nextAlarm ? clock.nanosToNextAlarm : Infinity;
    if (!realtime && next !== Infinity) {
        clock.tick(next);
        return;
    }
    if (next <= credit) {
        credit -= Math.max(0, next);
        clock.tick(Math.max(0, next));
        return;
    }
    if (credit > 0 && (next !== Infinity || realtime)) {
        clock.tick(credit); // waiting on the host: its time passes as this computer's does
        credit = 0;
    }
    // Nothing due yet: wait a little for the host, then look again.
    outside();
    if (core.waiting) nap(1);
}

let announced = false;

function announce() {
    // The port is there for the host once the device has its line state and listens (see
    // listens()): "ready HOW MS" on the status fd, how it was known and the emulated ms.
    if (announced || !lineSet) return;
    if (!listening && mcu.clock.nanos >= deafAt) listens("deaf");
    if (!listening) return;
    announced = true;
    if (opts.status >= 0) {
        fs.writeSync(Number(opts.status), `ready ${listening} ${(mcu.clock.nanos / 1e6).toFixed(1)}\n`);
        fs.closeSync(Number(opts.status));
    }
}

function run() {
    powerUp();
    for (;;) {
        const { core, clock } = mcu;
        for (let i = 0; i < SLICE; i++) {
            if (core.waiting) {
                idle(core, clock);
                i += 200;
            } else {
                clock.tick(core.executeInstruction() * NS_PER_CYCLE);
                if (busyNs) {
                    clock.tick(busyNs);
                    busyNs = 0;
                }
            }
            if (pendingReset) break;
        }
        if (!core.waiting) lastWall = performance.now(); // busy: no credit for the time spent
        outside();
        announce();
        if (pendingReset) {
            const kind = pendingReset;
            pendingReset = null;
            flushHost();
            if (kind === "bootsel") process.exit(EXIT_BOOTSEL);
            if (kind === "fault") {
                console.error("pico.mjs: " + fault);
                process.exit(3);
            }
            powerUp(); // a hard reset: the same flash, a new chip
        }
    }
}

run();
