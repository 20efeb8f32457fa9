#!/usr/bin/env node
// Builds of the page's module compared side by side: each loaded into the same headless Chromium
// page (an instance and a memory of its own), and the 8x8 fixed-order search (the first of
// bench/wasm-module.mjs's RUNS) timed in each in turn, the order reversed every round, after two
// warm-up rounds. One page and one process for all of them: a shared machine's load falls on
// every build alike, and differences of 1% show, where separate runs of bench/wasm.mjs move by
// 5%. Prints each build's median, 20th percentile and fastest time.
//
//   node bench/wasm-ab.mjs --build NAME       the working tree's module into target/wasm-ab/NAME
//   node bench/wasm-ab.mjs [--rounds 25] [--all] NAME...
//
// --all: every search of RUNS (8x8 fixed, 1000x1000 divide and Roth), each in turn, not the first alone.
//
// A build is made as bench/wasm.mjs makes it (cargo, wasm-bindgen, scripts/optimize-module.mjs),
// so a change is compared by building before it, applying it, building again.

import path from "node:path";
import { chromium } from "playwright-core";
import { optimizeModule } from "../scripts/optimize-module.mjs";
import { CHROMIUM_FLAGS, RUNS, buildModule, root, searches, serve } from "./wasm-module.mjs";

const dir = path.join(root, "target", "wasm-ab");
const option = (name) => process.argv.indexOf(name);

if (option("--build") >= 0) {
  const name = process.argv[option("--build") + 1];
  if (!name || name.startsWith("-")) throw new Error("--build needs a name");
  optimizeModule(buildModule(path.join(dir, name)));
  process.exit(0);
}

const rounds = option("--rounds") >= 0 ? Number(process.argv[option("--rounds") + 1]) : 25;
const names = process.argv.slice(2).filter((arg, i, args) => !["--rounds", "--all"].includes(arg) && args[i - 1] !== "--rounds");
if (names.length === 0) throw new Error("no build named: node bench/wasm-ab.mjs --build NAME first");
const { url, stop } = await serve(dir);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_FLAGS });
try {
  const search = await searches(await browser.newPage(), url, names);
  for (const { name, settings } of option("--all") >= 0 ? RUNS : RUNS.slice(0, 1)) {
    const times = names.map(() => []);
    for (let round = -2; round < rounds; round++) {
      const order = names.map((_, i) => (round % 2 === 0 ? i : names.length - 1 - i));
      for (const i of order) {
        const time = await search(i, settings);
        if (round >= 0) times[i].push(time);
      }
    }
    const at = (values, share) => [...values].sort((a, b) => a - b)[Math.floor(values.length * share)];
    console.log(`${name}, ${rounds} rounds:`);
    for (const [i, build] of names.entries()) {
      const [median, low, fastest] = [at(times[i], 0.5), at(times[i], 0.2), at(times[i], 0)];
      console.log(`  ${build.padEnd(24)} median ${median.toFixed(1)} ms   p20 ${low.toFixed(1)} ms   fastest ${fastest.toFixed(1)} ms`);
    }
  }
} finally {
  await browser.close();
  stop();
}
