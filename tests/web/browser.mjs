#!/usr/bin/env node
// Drive the Pocket Crib web page in a real headless Chromium (Debian's
// /usr/bin/chromium through playwright-core) with a script of steps read as
// JSON from standard input; prints one JSON object: what the steps read.
//
// Steps: {"goto": URL} opens (and waits for the firmware's first frame),
// {"keys": ["A", "RIGHT", ...]} types keys one at a time as real key events,
// each after the page has taken the last one (gap_ms apart at least),
// {"reload": true}, {"offline": true|false}, {"wait_sw": true} (until the
// service worker controls the page), {"screenshot": FILE.png}, {"glass": NAME} reads the canvas as 64
// strings of 128 "0"/"1" (one per display pixel), {"eval": NAME, "js": CODE}.
import fs from "node:fs";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const KEY = { A: "z", B: "x", B_LONG: "X", UP: "ArrowUp", DOWN: "ArrowDown", LEFT: "ArrowLeft", RIGHT: "ArrowRight" };
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const gap = job.gap_ms ?? 160;
// Every wait ends on the page's own state (ready, steps, idle); this is only the last resort
// against a page that hangs: Chromium loading the VM on a loaded machine takes its time.
const WAIT_MS = 600000;
const result = { console: [] };

const browser = await chromium.launch({
  executablePath: CHROMIUM, headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("console", (m) => result.console.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => result.console.push(`pageerror: ${e.message}`));
  const ready = async () => {
    await page.waitForFunction(() => window.pocketcrib && (window.pocketcrib.ready || window.pocketcrib.error),
                               null, { timeout: WAIT_MS });
    const err = await page.evaluate(() => window.pocketcrib.error);
    if (err) throw new Error("the page stopped: " + err);
  };
  const settle = async () => {
    await page.waitForFunction(() => window.pocketcrib.idle || window.pocketcrib.error, null, { timeout: WAIT_MS });
    const err = await page.evaluate(() => window.pocketcrib.error);
    if (err) throw new Error("the page stopped: " + err);
  };
  for (const step of job.steps) {
    if (step.goto) {
      const t0 = Date.now();
      await page.goto(step.goto);
      await ready();
      result.load_ms = Date.now() - t0;
      result.title_ms = await page.evaluate(() => window.pocketcrib.titleMs);
    } else if (step.keys) {
      for (const k of step.keys) {
        const before = await page.evaluate(() => window.pocketcrib.steps);
        await page.keyboard.press(KEY[k]);
        await page.waitForFunction((n) => window.pocketcrib.steps > n + 1, before, { timeout: WAIT_MS });
        await settle();
        await page.waitForTimeout(gap);
      }
    } else if (step.reload) {
      await page.reload();
      await ready();
    } else if (step.offline !== undefined) {
      await context.setOffline(step.offline);
    } else if (step.wait_sw) {
      await page.evaluate(async () => { await navigator.serviceWorker.ready; });
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: WAIT_MS });
    } else if (step.glass) {
      await settle();
      await page.waitForTimeout(50);
      result[step.glass] = await page.evaluate(() => {
        const c = document.getElementById("glass");
        const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
        const s = c.width / 128;
        const rows = [];
        for (let y = 0; y < 64; y++) {
          let row = "";
          for (let x = 0; x < 128; x++) {
            const o = ((y * s + (s >> 1)) * c.width + x * s + (s >> 1)) * 4;
            row += d[o] + d[o + 1] + d[o + 2] > 0 ? "1" : "0";
          }
          rows.push(row);
        }
        return rows;
      });
    } else if (step.screenshot) {
      await settle();
      await page.setViewportSize({ width: step.width || 600, height: step.height || 760 });
      await page.waitForTimeout(100);
      await page.screenshot({ path: step.screenshot, fullPage: true });
    } else if (step.eval) {
      result[step.eval] = await page.evaluate(step.js);
    }
  }
  if (job.resources) {
    result.resources = await page.evaluate(() => performance.getEntriesByType("resource")
      .concat(performance.getEntriesByType("navigation"))
      .map((e) => ({ name: e.name, bytes: e.transferSize || e.encodedBodySize || 0 })));
  }
} catch (e) {
  result.error = String(e && e.message ? e.message : e);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(result));
