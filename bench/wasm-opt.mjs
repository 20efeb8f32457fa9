#!/usr/bin/env node
// wasm-opt's levels weighed: the module as wasm-bindgen writes it, with wasm-opt not run, run to
// drop the name section and nothing else, and at each level; for each its size, raw
// and gzipped, and the three searches of bench/wasm.mjs timed in Node's V8 (Chromium's engine)
// by the process's CPU time (user + system), which a shared machine's load disturbs far less than
// wall time. Rounds run every module on a search before the next search, in alternating order;
// two warm-up rounds first, so that V8's optimising tier has compiled what is hot. This is how
// scripts/optimize-module.mjs's flags were chosen (docs/speed.md).
//
//   node bench/wasm-opt.mjs [--rounds 15] [--no-build]

import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { WASM_OPT_FLAGS, optimizeModule } from "../scripts/optimize-module.mjs";
import { RUNS, buildModule, root } from "./wasm-module.mjs";

const option = (name) => process.argv.indexOf(name);
const rounds = Number(process.argv[option("--rounds") + 1]) || 15;
const dir = path.join(root, "target", "bench-wasm-opt");

/** What wasm-opt is asked, by the name printed; null: not run. */
const VARIANTS = {
  "no wasm-opt": null,
  "names dropped only": ["--strip-debug"],
  "-O3": ["-O3"],
  "-O4": ["-O4"],
  "-Os": ["-Os"],
  "-Oz": ["-Oz"],
  [`shipped: ${WASM_OPT_FLAGS.join(" ")}`]: WASM_OPT_FLAGS,
};

const plain = path.join(dir, "knights-tour_bg.wasm");
if (option("--no-build") < 0) buildModule(dir);
const modules = {};
for (const [i, [name, flags]] of Object.entries(VARIANTS).entries()) {
  // Each its own copy of the glue: one module instance per import.
  const own = path.join(dir, String(i));
  mkdirSync(own, { recursive: true });
  copyFileSync(path.join(dir, "knights-tour.js"), path.join(own, "knights-tour.js"));
  const file = path.join(own, "knights-tour_bg.wasm");
  if (flags) optimizeModule(plain, { flags, output: file });
  else copyFileSync(plain, file);
  const bytes = readFileSync(file);
  const bindings = await import(path.join(own, "knights-tour.js"));
  await bindings.default({ module_or_path: bytes });
  modules[name] = { bindings, raw: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const names = Object.keys(modules);
const times = Object.fromEntries(names.map((name) => [name, RUNS.map(() => [])]));
for (let round = -2; round < rounds; round++) {
  for (const [i, { settings }] of RUNS.entries()) {
    for (const name of round % 2 ? names : [...names].reverse()) {
      const { Tour } = modules[name].bindings;
      const started = cpuMs();
      const tour = new Tour(settings);
      while (tour.status() === "searching") tour.advance(0xffffffff, 50, false);
      tour.free();
      if (round >= 0) times[name][i].push(cpuMs() - started);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`CPU ms, medians of ${rounds} interleaved rounds: ${RUNS.map(({ name }) => name.split(" (")[0]).join(" | ")}`);
for (const name of names) {
  const { raw, gzipped } = modules[name];
  const cells = times[name].map((values) => median(values).toFixed(1).padStart(7));
  console.log(`  ${name.padEnd(34)} ${kib(raw).padStart(10)} raw ${kib(gzipped).padStart(10)} gzipped ${cells.join(" ")}`);
}
