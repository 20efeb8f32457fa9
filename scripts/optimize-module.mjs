// A WebAssembly module that wasm-bindgen wrote, optimised by Binaryen's wasm-opt (npm `binaryen`,
// a dev dependency, so that no other install is needed and the version is the lock file's): a
// step of the build (scripts/build.mjs) for every module the page ships. bench/wasm.mjs runs the
// same on the module it measures: what it times and weighs is what the page ships.
//
// It runs after wasm-bindgen, not instead of stripping before it: the compiler's module keeps its
// target_features section, from which wasm-bindgen writes its compact glue (multi-value returns),
// and only the output loses the name section (which only a debugger reads: wasm-opt writes none
// without `-g`) and the producers section. `-O3` on top of that takes another few per cent at the
// same speed in V8; `-O4` is no smaller, and `-Os` and `-Oz` save 2-3 KiB more but cost 3% on the
// 8x8 search (docs/speed.md).

import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** wasm-opt's arguments besides the files: what the page's modules are made with. */
export const WASM_OPT_FLAGS = ["-O3", "--strip-producers"];

/** Optimises the module `file` in place, or into `output` (with other `flags`, to weigh them). */
export function optimizeModule(file, { flags = WASM_OPT_FLAGS, output = file } = {}) {
  const wasmOpt = path.join(root, "node_modules", ".bin", "wasm-opt");
  execFileSync(wasmOpt, [...flags, file, "-o", output], { stdio: ["ignore", "inherit", "inherit"] });
}
