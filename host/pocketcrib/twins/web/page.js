// The Pocket Crib web page: the MicroPython VM, the firmware's .mpy files and
// the board twin (webboard.py), a canvas for the glass, keys and buttons, and
// the board's flash (/data) kept in the browser's localStorage.
import { loadMicroPython } from "./micropython.mjs";

const STORE = "pocketcrib:";          // localStorage keys: STORE + "data/<file>", STORE + "device"
const SCALE = 4;                       // canvas pixels per display pixel (the simulator's PNG scale)
const KEYMAP = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  k: "UP", j: "DOWN", h: "LEFT", l: "RIGHT", w: "UP", s: "DOWN",
  z: "A", a: "A", " ": "A", Enter: "A", x: "B", b: "B", Backspace: "B", X: "B_LONG", B: "B_LONG",
};
const LONG_MS = 700;                   // a held B on screen is B held on the device (pause)

const status = document.getElementById("status");
const canvas = document.getElementById("glass");
const ctx = canvas.getContext("2d");
const share = document.getElementById("share");
const api = { ready: false, error: null, steps: 0 };
window.pocketcrib = api;               // for tests and the curious

function say(text) { status.textContent = text; }

function fail(what, e) {
  api.error = `${what}: ${e && e.message ? e.message : e}`;
  say(`Pocket Crib stopped: ${api.error}`);
  console.error(e);
}

function hashParams() {
  const out = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    const [k, v] = part.split("=");
    if (k) out[decodeURIComponent(k)] = decodeURIComponent(v || "");
  }
  return out;
}

function b64encode(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function b64decode(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function mkdirs(FS, path) {
  const dir = path.slice(0, path.lastIndexOf("/"));
  if (dir) FS.mkdirTree(dir);
}

// --- the flash: /data <-> localStorage ---------------------------------------

const persisted = new Map();           // file name -> mtime we last stored

function restoreData(FS) {
  FS.mkdirTree("/data");
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(STORE + "data/")) continue;
    const name = key.slice(STORE.length + 5);
    FS.writeFile("/data/" + name, b64decode(localStorage.getItem(key)));
    persisted.set(name, FS.stat("/data/" + name).mtime.getTime());
  }
}

function persistData(FS) {
  // Between two steps every save is whole (the firmware writes a new file,
  // then renames it), so what is copied here is always a consistent flash.
  const names = FS.readdir("/data").filter((n) => n !== "." && n !== "..");
  for (const name of names) {
    const st = FS.stat("/data/" + name);
    if (FS.isDir(st.mode)) continue;
    const mtime = st.mtime.getTime() + st.size / 1e9;
    if (persisted.get(name) === mtime) continue;
    try {
      localStorage.setItem(STORE + "data/" + name, b64encode(FS.readFile("/data/" + name)));
      persisted.set(name, mtime);
    } catch (e) {
      say("This browser's storage is full: the game cannot be kept (" + e.name + ")");
    }
  }
  for (const name of [...persisted.keys()]) {
    if (!names.includes(name)) {
      localStorage.removeItem(STORE + "data/" + name);
      persisted.delete(name);
    }
  }
}

function deviceId() {
  let id = localStorage.getItem(STORE + "device");
  if (!id) {
    const b = crypto.getRandomValues(new Uint8Array(4));
    id = "web" + [...b].map((x) => x.toString(16).padStart(2, "0")).join("").slice(0, 5);
    localStorage.setItem(STORE + "device", id);
  }
  return id;
}

// --- the glass ----------------------------------------------------------------

function drawGlass(state) {
  // The same mapping as the simulator's panel (host/pocketcrib/twins/panel.py, Panel.lit).
  const [on, allOn, inverted, segRemap, comRemap, contrast] = state.split(" ", 6).map(Number);
  const hex = state.slice(state.lastIndexOf(" ") + 1);
  const level = 60 + Math.floor((contrast * 195) / 255);
  const img = ctx.createImageData(128 * SCALE, 64 * SCALE);
  const px = img.data;
  for (let y = 0; y < 64; y++) {
    const row = comRemap ? y : 63 - y;
    for (let x = 0; x < 128; x++) {
      let lit = false;
      if (on) {
        if (allOn) lit = true;
        else {
          const seg = 127 - x;
          const i = ((row >> 3) * 128 + seg) * 2;
          const b = parseInt(hex.substr(i, 2), 16);
          lit = (((b >> (row & 7)) & 1) === 1) !== !!inverted;
        }
      }
      const r = lit ? Math.floor((level * 7) / 10) : 0;
      const g = lit ? Math.floor((level * 9) / 10) : 0;
      const bl = lit ? level : 0;
      for (let dy = 0; dy < SCALE; dy++) {
        let o = ((y * SCALE + dy) * 128 * SCALE + x * SCALE) * 4;
        for (let dx = 0; dx < SCALE; dx++, o += 4) {
          px[o] = r; px[o + 1] = g; px[o + 2] = bl; px[o + 3] = 255;
        }
      }
    }
  }
  ctx.putImageData(img, 0, 0);
}

// --- keys ---------------------------------------------------------------------

const queue = [];

function wireKeys() {
  window.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const name = KEYMAP[e.key];
    if (!name) return;
    if (e.repeat && (name === "A" || name === "B" || name === "B_LONG")) return;
    e.preventDefault();
    queue.push(name);
  });
  for (const button of document.querySelectorAll(".pad button")) {
    const name = button.dataset.key;
    let timer = null;
    let long = false;
    button.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      button.classList.add("held");
      if (name !== "B") { queue.push(name); return; }
      long = false;
      timer = setTimeout(() => { long = true; queue.push("B_LONG"); }, LONG_MS);
    });
    const up = () => {
      button.classList.remove("held");
      if (name === "B" && timer !== null) {
        clearTimeout(timer);
        timer = null;
        if (!long) queue.push("B");
      }
    };
    button.addEventListener("pointerup", up);
    button.addEventListener("pointerleave", up);
    button.addEventListener("contextmenu", (e) => e.preventDefault());
  }
}

// --- the board's clock, random source and sound ------------------------------------------------

globalThis.pocketcribDate = () => {
  const d = new Date();
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

globalThis.pocketcribRandom16 = () => crypto.getRandomValues(new Uint16Array(1))[0];

let audio = null;
globalThis.pocketcribBeep = (freq, ms) => {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    gain.gain.value = 0.05;
    osc.frequency.value = freq;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + ms / 1000);
  } catch (e) { /* no sound here */ }
};

// --- boot -----------------------------------------------------------------------

async function main() {
  const t0 = performance.now();
  const [mp, firmware] = await Promise.all([
    loadMicroPython({ url: new URL("micropython.wasm", import.meta.url).href, linebuffer: true,
                      stdout: (line) => console.log(line), stderr: (line) => console.error(line) }),
    fetch("firmware.json").then((r) => { if (!r.ok) throw new Error(`firmware.json: HTTP ${r.status}`); return r.json(); }),
  ]);
  const FS = mp.FS;
  for (const [path, data] of Object.entries(firmware.files)) {
    mkdirs(FS, "/fw" + path);
    FS.writeFile("/fw" + path, b64decode(data));
  }
  restoreData(FS);
  const params = hashParams();
  const seed = /^\d+$/.test(params.seed || "") ? params.seed : "None";
  mp.runPython(`import sys\nsys.path.insert(0, "/fw")\nimport webboard\nwebboard.boot(${JSON.stringify(deviceId())}, ${seed})`);
  const wb = mp.pyimport("webboard");
  if (params.code && !wb.open_code(params.code)) say(`Not a deal code: ${params.code}`);
  api.version = firmware.version;
  api.bootMs = performance.now() - t0;
  api.press = (name) => queue.push(name);
  api.dealCode = () => wb.deal_code();
  api.glass = () => wb.glass();
  api.random32 = () => wb.board.random32();
  wireKeys();
  share.addEventListener("click", async () => {
    const code = wb.deal_code();
    if (!code) return;
    const url = `${location.origin}${location.pathname}#code=${code}`;
    try { await navigator.clipboard.writeText(url); document.getElementById("shared").textContent = "copied: " + url; }
    catch (e) { document.getElementById("shared").textContent = url; }
  });
  if (status.textContent.startsWith("Loading")) say(`Firmware ${firmware.version}. Press a key.`);
  let lastPersist = 0;
  const tick = () => {
    try {
      let took = false;
      if (queue.length) wb.press(queue.shift());
      took = wb.step() || took;
      api.steps++;
      const state = wb.glass();
      if (state) {
        drawGlass(state);
        api.frames = (api.frames || 0) + 1;
        share.disabled = !wb.deal_code();
      }
      const now = performance.now();
      if (took || now - lastPersist > 2000) { persistData(FS); lastPersist = now; }
      api.idle = queue.length === 0;
      setTimeout(tick, queue.length ? 0 : 10);
    } catch (e) {
      fail("the firmware", e);
    }
  };
  drawGlass(wb.glass());
  api.ready = true;
  api.titleMs = performance.now();
  window.addEventListener("pagehide", () => persistData(FS));
  tick();
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(() => { /* offline play needs it; the page works without */ });
}
main().catch((e) => fail("loading", e));
