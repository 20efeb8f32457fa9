#!/usr/bin/env node
// V8's own machine code for the page's hot search, with where its time goes: the 8x8
// fixed-order search (the first of bench/wasm-module.mjs's RUNS) run over and over in headless
// Chromium under Linux `perf`, and the hottest WebAssembly function annotated instruction by
// instruction. What V8 makes of the module (its spills, its register moves, its checks) is what
// decides the wasm/native ratio of bench/wasm.mjs; Node's V8 is older and compiles differently.
//
//   node bench/wasm-perf.mjs [--seconds 8] [--no-build] [--module DIR]
//
// Writes target/wasm-perf/hot.annot (perf annotate of the hottest wasm function: share of samples,
// address, instruction) and prints the run's median time and the top symbols. `--module DIR`
// profiles a wasm-bindgen output folder already built (knights-tour.js and knights-tour_bg.wasm).
//
// How: Chromium in one process (--single-process --no-zygote, and --no-sandbox so that V8 may
// write files) with V8's --perf-prof, which writes each compiled function's name and code bytes
// to jit-PID.dump in its working directory; `perf record -k 1` (the clock that dump uses) on
// that process; `perf inject --jit` turns the dump into symbols with code, which `perf annotate`
// disassembles. Needs `perf` with permission to profile (perf_event_paranoid <= 1, or root).

import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { optimizeModule } from "../scripts/optimize-module.mjs";
import { RUNS, buildModule, root, searches, serve } from "./wasm-module.mjs";

const option = (name) => process.argv.indexOf(name);
const value = (name, otherwise) => (option(name) >= 0 ? process.argv[option(name) + 1] : otherwise);
const seconds = Number(value("--seconds", 8));
const out = path.join(root, "target", "wasm-perf");
const web = path.resolve(value("--module", path.join(out, "module")));

mkdirSync(web, { recursive: true });
if (option("--module") < 0 && option("--no-build") < 0) optimizeModule(buildModule(web));
/** Removes what V8 and perf leave in `out` (a dump and a small library per compiled function). */
function clean({ data }) {
  const files = data ? /^(jit-.*\.dump|jitted-.*\.so|isolate-.*\.log|perf.*\.data.*)$/ : /^(jit-.*\.dump|jitted-.*\.so|isolate-.*\.log)$/;
  for (const name of readdirSync(out).filter((name) => files.test(name))) rmSync(path.join(out, name));
}
mkdirSync(out, { recursive: true });
clean({ data: true });

const { url, stop } = await serve(web);
// V8 writes its jit dump into the browser's working directory, which is this process's.
process.chdir(out);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--single-process",
    "--no-zygote",
    "--disable-gpu",
    "--js-flags=--perf-prof --no-write-protect-code-memory --interpreted-frames-native-stack",
  ],
});
try {
  const search = await searches(await browser.newPage(), url);
  const { settings, name } = RUNS[0];
  // Warm-up: the optimising tier compiles the hot function in the background.
  for (let i = 0; i < 3; i++) await search(0, settings);
  // One process: the browser's, which playwright started as this process's child.
  const pid = execFileSync("pgrep", ["-P", String(process.pid), "-f", "chromium"], { encoding: "utf8" }).split("\n")[0];
  const perf = spawn("perf", ["record", "-q", "-k", "1", "-e", "cpu-clock", "-p", pid, "-o", "perf.data"], { stdio: "inherit" });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const times = [];
  for (const until = Date.now() + seconds * 1000; Date.now() < until; ) times.push(await search(0, settings));
  perf.kill("SIGINT");
  await once(perf, "exit");
  times.sort((a, b) => a - b);
  console.log(`${name}: ${times.length} runs under perf, median ${times[times.length >> 1].toFixed(1)} ms`);
} finally {
  await browser.close();
  stop();
}

execFileSync("perf", ["inject", "--jit", "-i", "perf.data", "-o", "perf.jit.data"], { stdio: ["ignore", "ignore", "inherit"] });
const report = execFileSync("perf", ["report", "-i", "perf.jit.data", "--stdio", "--sort", "sym"], {
  encoding: "utf8",
  maxBuffer: 1 << 28,
  stdio: ["ignore", "pipe", "ignore"],
});
const symbols = report.split("\n").filter((line) => /^\s+\d/.test(line));
console.log(symbols.slice(0, 5).join("\n"));
const hot = symbols.map((line) => line.replace(/^.*\[\.\] /, "")).find((symbol) => symbol.includes("wasm-function"));
if (!hot) throw new Error("no WebAssembly function among the samples");
const annotation = execFileSync("perf", ["annotate", "-i", "perf.jit.data", "--stdio", "-s", hot], {
  encoding: "utf8",
  maxBuffer: 1 << 28,
  stdio: ["ignore", "pipe", "ignore"],
});
writeFileSync("hot.annot", annotation);
clean({ data: false });
console.log(`${hot}: annotated in ${path.join(out, "hot.annot")}`);
