#!/usr/bin/env node
// Trunk's post-build hook (Trunk.toml) for a release build: the WebAssembly module that
// wasm-bindgen wrote, optimised by Binaryen's wasm-opt (npm `binaryen`, a dev dependency, so that
// no other install is needed and the version is the lock file's). bench/wasm.mjs runs the same
// on the module it measures: what it times and weighs is what the page ships.
//
// It runs after wasm-bindgen, not instead of stripping before it: the compiler's module keeps its
// target_features section, from which wasm-bindgen writes its compact glue (multi-value returns),
// and only the output loses the name section (72 KiB that only a debugger reads: wasm-opt writes
// none without `-g`) and the producers section. `-O3` on top of that takes another 6% (526 KiB
// raw instead of 559; gzipped 223 KiB instead of 225) at the same speed in V8; `-O4` is no
// smaller, and `-Os` and `-Oz` save 2-3 KiB more but cost 3% on the 8x8 search (docs/speed.md).
//
// A debug build (`trunk serve`) is left as wasm-bindgen wrote it, as Trunk's own wasm-opt would.
//
//   TRUNK_PROFILE=release TRUNK_STAGING_DIR=dist node scripts/optimize-module.mjs   (what Trunk runs)

import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** wasm-opt's arguments besides the files: what the page's module is made with. */
export const WASM_OPT_FLAGS = ["-O3", "--strip-producers"];

/** Optimises the module `file` in place, or into `output` (with other `flags`, to weigh them). */
export function optimizeModule(file, { flags = WASM_OPT_FLAGS, output = file } = {}) {
  const wasmOpt = path.join(root, "node_modules", ".bin", "wasm-opt");
  execFileSync(wasmOpt, [...flags, file, "-o", output], { stdio: ["ignore", "inherit", "inherit"] });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const site = process.env.TRUNK_STAGING_DIR;
  if (!site) throw new Error("TRUNK_STAGING_DIR is not set: this is Trunk's post-build hook");
  if (process.env.TRUNK_PROFILE === "release") {
    for (const name of readdirSync(site).filter((name) => name.endsWith("_bg.wasm"))) optimizeModule(path.join(site, name));
  }
}
