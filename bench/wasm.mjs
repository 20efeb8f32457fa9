#!/usr/bin/env node
// The same searches natively and as WebAssembly in headless Chromium, measured in one go, with
// the ratio of their medians per search. Natively the time is the command line's own in-process
// measure (`--format json`: solver built and run to the end); in the browser the same from
// `new Tour` to the end, driven the way the page drives it at full speed (`advance` with a time
// budget and no recording, called again until the run ends).
//
//   node bench/wasm.mjs [--rounds 9] [--no-build]
//
// It builds what it measures first (the release binary; the wasm module with cargo, wasm-bindgen
// and wasm-opt into target/bench-wasm/, as scripts/build.mjs and scripts/optimize-module.mjs do
// for the page's first module), so the figures are never those of a stale `dist/`. Needs scripts/setup
// (wasm-bindgen, Chromium, the npm dev dependencies). Rounds alternate native and browser runs,
// one search after another, so the shared machine's noise falls on both alike; a warm-up round
// comes first.
//
// What the page ships is weighed elsewhere: what a board fetches before its first tour is held
// to its budget by scripts/first-load.mjs (a step of scripts/test) and measured in the browser by
// bench/first-load.mjs.

import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { optimizeModule } from "../scripts/optimize-module.mjs";
import { CHROMIUM_FLAGS, RUNS, buildModule, root, run, searches, serve } from "./wasm-module.mjs";

const binary = path.join(root, "target", "release", "knights-tour");
const web = path.join(root, "target", "bench-wasm");
const option = (name) => process.argv.indexOf(name);
const rounds = Number(process.argv[option("--rounds") + 1]) || 9;

function build() {
  run("cargo", ["build", "--release", "--quiet", "--bin", "knights-tour"], { stdio: ["ignore", "ignore", "inherit"] });
  optimizeModule(buildModule(web));
}

function native({ board, start, heuristic }) {
  const args = ["solve", "--board", board, "--start", start, "--format", "json"];
  if (heuristic) args.push("--heuristic", heuristic);
  return JSON.parse(run(binary, args)).stats.elapsed_ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (option("--no-build") < 0) build();
mkdirSync(web, { recursive: true });
const { url, stop } = await serve(web);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_FLAGS });
try {
  const search = await searches(await browser.newPage(), url);
  const browserRun = (settings) => search(0, settings);
  const here = RUNS.map(() => []);
  const there = RUNS.map(() => []);
  for (let round = -1; round < rounds; round++) {
    for (const [i, { settings }] of RUNS.entries()) {
      const n = native(settings);
      const w = await browserRun(settings);
      if (round >= 0) {
        here[i].push(n);
        there[i].push(w);
      }
    }
  }
  console.log(`medians of ${rounds} interleaved rounds (after a warm-up round); ratio = wasm / native`);
  for (const [i, { name }] of RUNS.entries()) {
    const [n, w] = [median(here[i]), median(there[i])];
    console.log(`  ${name.padEnd(50)} native ${n.toFixed(1).padStart(7)} ms   wasm ${w.toFixed(1).padStart(7)} ms   ratio ${(w / n).toFixed(2)}`);
  }
} finally {
  await browser.close();
  stop();
}
