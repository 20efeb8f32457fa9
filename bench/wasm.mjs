#!/usr/bin/env node
// The same runs natively and as WebAssembly in headless Chromium, measured in one go, with the
// ratio of their medians. Natively the time is the command line's own in-process measure
// (`--format json`: solver built and run to the end); in the browser the same from `new Tour`
// to the end, driven the way the page drives it at full speed (`advance` with a time budget,
// called again until the run ends).
//
//   scripts/setup && cargo build --release && trunk build --release
//   node bench/wasm.mjs [--rounds 9]
//
// Rounds alternate native and browser runs, so the shared machine's noise falls on both alike.

import { spawnSync, spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const binary = path.join(root, "target", "release", "knights-tour");
const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 9;

const RUNS = [
  { name: "8x8 fixed order from the corner (16.5 M events)", settings: { rows: 8, cols: 8, start: "0,0", heuristic: "fixed" } },
  { name: "1000x1000 default (divide: build and walk)", settings: { rows: 1000, cols: 1000, start: "0,0" } },
  { name: "1000x1000 Roth's rule (a search, no backtracks)", settings: { rows: 1000, cols: 1000, start: "0,0", heuristic: "roth" } },
];

function native({ rows, cols, start, heuristic }) {
  const args = ["solve", "--board", `${rows}x${cols}`, "--start", start, "--format", "json"];
  if (heuristic) args.push("--heuristic", heuristic);
  const run = spawnSync(binary, args, { encoding: "utf8", maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`${binary} ${args.join(" ")}: ${run.stderr}`);
  return JSON.parse(run.stdout).stats.elapsed_ms;
}

async function serve() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  const server = spawn("python3", ["-m", "http.server", "--bind", "127.0.0.1", "-d", path.join(root, "dist"), String(port)], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { url: `http://127.0.0.1:${port}/`, server };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the static server did not start");
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { url, server } = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.evaluate(async () => {
    const bindings = await import("/knights-tour.js");
    await bindings.default({ module_or_path: "/knights-tour_bg.wasm" });
    window.runOnce = (settings) => {
      const started = performance.now();
      const tour = new bindings.Tour(settings);
      while (tour.status() === "searching") tour.advance(0xffffffff, 50, false);
      const elapsed = performance.now() - started;
      tour.free();
      return elapsed;
    };
  });
  console.log(`medians of ${rounds} alternating rounds (a warm-up round first)`);
  for (const { name, settings } of RUNS) {
    native(settings);
    await page.evaluate((s) => window.runOnce(s), settings);
    const here = [];
    const there = [];
    for (let i = 0; i < rounds; i++) {
      here.push(native(settings));
      there.push(await page.evaluate((s) => window.runOnce(s), settings));
    }
    const [n, w] = [median(here), median(there)];
    console.log(`  ${name.padEnd(50)} native ${n.toFixed(1).padStart(7)} ms   wasm ${w.toFixed(1).padStart(7)} ms   ratio ${(w / n).toFixed(2)}`);
  }
} finally {
  await browser.close();
  server.kill();
}
