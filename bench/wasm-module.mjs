// The page's WebAssembly module for the benches (bench/wasm.mjs, bench/wasm-opt.mjs): built as
// Trunk builds it, cargo's release build for wasm32 and then wasm-bindgen's glue for the web, into
// a folder of the bench's own (so that it never measures a stale `dist/`; wasm-opt is the
// bench's to run, scripts/optimize-module.mjs), and the searches they time.

import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs `command` in the repository, returning its output; throws with its stderr if it fails. */
export function run(command, args, options = {}) {
  const done = spawnSync(command, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 30, ...options });
  if (done.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${done.error ?? done.stderr}`);
  return done.stdout;
}

/** Builds the module and its glue into `dir`; returns the module's path. */
export function buildModule(dir) {
  const quiet = { stdio: ["ignore", "ignore", "inherit"] };
  run("cargo", ["build", "--release", "--quiet", "--lib", "--target", "wasm32-unknown-unknown"], quiet);
  const module = path.join(root, "target", "wasm32-unknown-unknown", "release", "knights_tour.wasm");
  run("wasm-bindgen", ["--target", "web", "--out-dir", dir, "--out-name", "knights-tour", module], quiet);
  return path.join(dir, "knights-tour_bg.wasm");
}

/** The searches timed: the textbook search, the default's construction, a search without backtracking. */
export const RUNS = [
  { name: "8x8 fixed order from the corner (16.5 M events)", settings: { board: "8x8", start: "0,0", heuristic: "fixed" } },
  { name: "1000x1000 default (divide: build and walk)", settings: { board: "1000x1000", start: "0,0" } },
  { name: "1000x1000 Roth's rule (a search, no backtracks)", settings: { board: "1000x1000", start: "0,0", heuristic: "roth" } },
];
