#!/usr/bin/env node
// What one compact <knights-tour> fetches before its first tour runs, read off the built element
// without a browser: the element's module and every module it imports statically (its chunks,
// core.js, the frame loop), the core's first module (its bindings and its .wasm), and the
// package's stylesheet, each gzipped as a server sends it (level 6), summed. Exits 1 over the
// budget: a step of scripts/test, so that a change that makes a blog post's first load heavier
// fails there. bench/first-load.mjs measures the same in Chromium (what the page really asks
// for, before and after its first tour) and agrees with this list.
//
//   node scripts/first-load.mjs [element]     the package's element/ (node scripts/build.mjs --package)
//   node scripts/first-load.mjs dist/www      the site's element

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * KB (1,000 bytes) gzipped that one compact board may fetch before its first tour runs: issue 30's
 * promise to a blog post (119.5 KB when it was set; what it is made of is in docs/speed.md, The
 * page's weight). A change that makes it heavier fails here: find the weight to take off first.
 */
export const FIRST_LOAD_BUDGET_KB = 120;

/** The core's first module (scripts/build.mjs's MODULES[0]), which instance.js fetches beside its bindings. */
const FIRST_MODULE = "knights-tour";

/** The modules `file` (a path under `folder`) imports statically, by path under `folder`: esbuild's `import…from"./x.js"` and `import"./x.js"`. */
function staticImports(folder, file) {
  const source = readFileSync(path.join(folder, file), "utf8");
  const specifiers = [...source.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1]);
  return specifiers.map((specifier) => path.posix.join(path.posix.dirname(file), specifier));
}

/** The files one compact board fetches before its first tour runs, by path under `folder`, with their gzipped sizes. */
export function firstLoad(folder) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of staticImports(folder, file)) visit(imported);
  };
  visit("knights-tour.js");
  files.add(`wasm/${FIRST_MODULE}.js`);
  files.add(`wasm/${FIRST_MODULE}_bg.wasm`);
  if (existsSync(path.join(folder, "knights-tour.css"))) files.add("knights-tour.css");
  return [...files].map((file) => ({ file, bytes: gzipSync(readFileSync(path.join(folder, file)), { level: 6 }).length }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = path.resolve(root, process.argv[2] ?? "element");
  const files = firstLoad(folder).sort((a, b) => b.bytes - a.bytes);
  const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(`one compact board's first load, from ${path.relative(root, folder) || "."}/: ${kb(total)} gzipped, ${files.length} files`);
  for (const { file, bytes } of files) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
  const budget = FIRST_LOAD_BUDGET_KB * 1000;
  console.log(`the budget: ${kb(budget)}: ${total <= budget ? "within" : `OVER by ${kb(total - budget)}`}`);
  process.exitCode = total <= budget ? 0 : 1;
}
