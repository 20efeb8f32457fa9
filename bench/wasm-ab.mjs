#!/usr/bin/env node
// Builds of the page's module compared side by side: each loaded into the same headless Chromium
// page (an instance and a memory of its own), and the 8x8 fixed-order search (the first of
// bench/wasm-module.mjs's RUNS) timed in each in turn, the order reversed every round, after two
// warm-up rounds. One page and one process for all of them: a shared machine's load falls on
// every build alike, and differences of 1% show, where separate runs of bench/wasm.mjs move by
// 5%. Prints each build's median, 20th percentile and fastest time.
//
//   node bench/wasm-ab.mjs --build NAME       the working tree's module into target/wasm-ab/NAME
//   node bench/wasm-ab.mjs [--rounds 25] NAME...
//
// A build is made as bench/wasm.mjs makes it (cargo, wasm-bindgen, scripts/optimize-module.mjs),
// so a change is compared by building before it, applying it, building again.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { chromium } from "playwright-core";
import { optimizeModule } from "../scripts/optimize-module.mjs";
import { RUNS, buildModule, root } from "./wasm-module.mjs";

const dir = path.join(root, "target", "wasm-ab");
const option = (name) => process.argv.indexOf(name);

if (option("--build") >= 0) {
  const name = process.argv[option("--build") + 1];
  if (!name || name.startsWith("-")) throw new Error("--build needs a name");
  optimizeModule(buildModule(path.join(dir, name)));
  process.exit(0);
}

const rounds = option("--rounds") >= 0 ? Number(process.argv[option("--rounds") + 1]) : 25;
const names = process.argv.slice(2).filter((arg, i, args) => arg !== "--rounds" && args[i - 1] !== "--rounds");
if (names.length === 0) throw new Error("no build named: node bench/wasm-ab.mjs --build NAME first");
writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>a/b</title>\n");

const probe = net.createServer().listen(0, "127.0.0.1");
await once(probe, "listening");
const { port } = probe.address();
probe.close();
const server = spawn("python3", ["-m", "http.server", "--bind", "127.0.0.1", "-d", dir, String(port)], { stdio: "ignore" });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});
try {
  const page = await browser.newPage();
  for (let i = 0; ; i++) {
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      break;
    } catch (error) {
      if (i === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await page.evaluate(async (names) => {
    window.builds = [];
    for (const name of names) {
      const bindings = await import(`/${name}/knights-tour.js`);
      await bindings.default({ module_or_path: `/${name}/knights-tour_bg.wasm` });
      window.builds.push((settings) => {
        const started = performance.now();
        const tour = new bindings.Tour(settings);
        while (tour.status() === "searching") tour.advance(0xffffffff, 50, false);
        tour.free();
        return performance.now() - started;
      });
    }
  }, names);
  const { name, settings } = RUNS[0];
  const times = names.map(() => []);
  for (let round = -2; round < rounds; round++) {
    const order = names.map((_, i) => (round % 2 === 0 ? i : names.length - 1 - i));
    for (const i of order) {
      const time = await page.evaluate(([i, s]) => window.builds[i](s), [i, settings]);
      if (round >= 0) times[i].push(time);
    }
  }
  const at = (values, share) => [...values].sort((a, b) => a - b)[Math.floor(values.length * share)];
  console.log(`${name}, ${rounds} rounds:`);
  for (const [i, build] of names.entries()) {
    const [median, low, fastest] = [at(times[i], 0.5), at(times[i], 0.2), at(times[i], 0)];
    console.log(`  ${build.padEnd(24)} median ${median.toFixed(1)} ms   p20 ${low.toFixed(1)} ms   fastest ${fastest.toFixed(1)} ms`);
  }
} finally {
  await browser.close();
  server.kill();
}
