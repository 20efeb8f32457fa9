// The page's WebAssembly module for the benches (bench/wasm.mjs, wasm-opt.mjs, wasm-ab.mjs,
// wasm-perf.mjs): built as scripts/build.mjs builds the page's, cargo's release build for wasm32
// (with every part: the searches are the same in each module that has them) and then
// wasm-bindgen's glue for the web, into a folder of the bench's own (so that it never measures a
// stale `dist/`; wasm-opt is the bench's to run, scripts/optimize-module.mjs); the searches they
// time, and how they time them in Chromium.

import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs `command` in the repository, returning its output; throws with its stderr if it fails. */
export function run(command, args, options = {}) {
  const done = spawnSync(command, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 30, ...options });
  if (done.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${done.error ?? done.stderr}`);
  return done.stdout;
}

/**
 * Builds the page's first module (the `tour` part, as scripts/build.mjs builds it: its searches,
 * its allocator) and its glue into `dir`; returns the module's path.
 */
export function buildModule(dir) {
  const quiet = { stdio: ["ignore", "ignore", "inherit"] };
  run("cargo", ["build", "--release", "--quiet", "--lib", "--target", "wasm32-unknown-unknown", "--no-default-features", "--features", "tour"], quiet);
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

/** Chromium's flags for the benches: headless, nothing in the background. */
export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

/** Serves `dir` (with an index.html written into it) on a free port until `stop()`; `{ url, stop }`. */
export async function serve(dir) {
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>bench</title>\n");
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  const server = spawn("python3", ["-m", "http.server", "--bind", "127.0.0.1", "-d", dir, String(port)], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => server.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.kill();
  throw new Error("the static server did not start");
}

/**
 * Loads into `page` the builds served under each of `folders` ("" for the served folder itself),
 * each an instance and a memory of its own, and returns `search(i, settings)`: one search in
 * build `i`, timed in the page from `new Tour` to its end, driven as the page drives it at full
 * speed (`advance` with a time budget and no recording, called again until the run ends).
 */
export async function searches(page, url, folders = [""]) {
  await page.goto(url);
  await page.evaluate(async (folders) => {
    window.builds = [];
    for (const folder of folders) {
      const bindings = await import(`/${folder}${folder && "/"}knights-tour.js`);
      await bindings.default({ module_or_path: `/${folder}${folder && "/"}knights-tour_bg.wasm` });
      window.builds.push((settings) => {
        const started = performance.now();
        const tour = new bindings.Tour(settings);
        while (tour.status() === "searching") tour.advance(0xffffffff, 50, false);
        const elapsed = performance.now() - started;
        if (tour.status() === "searching") throw new Error("the search did not end");
        tour.free();
        return elapsed;
      });
    }
  }, folders);
  return (i, settings) => page.evaluate(([i, settings]) => window.builds[i](settings), [i, settings]);
}
