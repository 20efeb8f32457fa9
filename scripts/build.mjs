#!/usr/bin/env node
// Builds the page from the crate and www/: the core's WebAssembly modules, each a release build
// of the crate for wasm32 with the Cargo features of its part (src/wasm/mod.rs), post-processed by
// wasm-bindgen (the CLI of Cargo.lock's version) and optimised by wasm-opt
// (scripts/optimize-module.mjs); the catalogue asked of the core once, here; www/ and index.html
// copied; the page's scripts bundled and minified by esbuild (scripts/bundle.mjs).
//
//   node scripts/build.mjs                                  the site, into dist/ (scripts/serve)
//   node scripts/build.mjs --features count-allocations     the site the e2e tests test (liveBytes,
//                                                           and every module's trap)
//   node scripts/build.mjs --package                        the element alone, into element/, as
//                                                           npm packs it (package.json's prepack)
//
// The site is dist/index.html (the app page) and dist/www/: the element (www/knights-tour.js, its
// chunks, core.js, the workers) and its sources as written beside them, the core's modules in
// www/wasm/. The package's element/ is the element's files of the same tree, without the app, the
// sources or source maps: every URL in it is relative to the element's module, so the folder
// works from any path of any origin (a CDN). Each module's post-processing is kept in
// target/modules/, by the hash of what cargo built: a second build only asks cargo whether
// anything changed, and bundles again.

import { execFile, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { transformSync } from "esbuild";
import { parseArgs } from "node:util";
import { MODULES_DIR, bundle } from "./bundle.mjs";
import { WASM_OPT_FLAGS } from "./optimize-module.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(root, "target");
const run = promisify(execFile);

/**
 * The core's modules the page loads, by file name, with their Cargo features: the first module
 * and the parts www/core.js loads on first use. `runs`: it holds runs on the page's thread (a
 * build that counts allocations counts them there).
 */
export const MODULES = [
  { name: "knights-tour", features: ["tour"], runs: true },
  { name: "knights-tour-play", features: ["play"] },
  { name: "knights-tour-count", features: ["count"] },
  { name: "knights-tour-teach", features: ["teach"], runs: true },
  { name: "knights-tour-export", features: ["export"] },
];

/** The module the build runs for the catalogue, which it writes into the page's scripts; never shipped. */
const CATALOGUE = { name: "knights-tour-catalogue", features: ["catalogue"] };

/** Files of the package that are not built: its types and manifest (pkg/). */
const PACKAGE_FILES = ["knights-tour.d.ts", "custom-elements.json"];

/**
 * The element's stylesheet (pkg/knights-tour.css, the package's "style"), which a post links
 * before its first paint: each board's box before its code arrives. Beside the element in the
 * site and the package alike, minified (its comments stay in pkg/).
 */
const STYLESHEET = "www/knights-tour.css";

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const say = (words) => console.log(`== build: ${words}`);

/** Cargo's release build of the crate's library for wasm32 with `features` alone: resolves to its bytes. */
async function compile(features) {
  const args = ["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown", "--lib", "--no-default-features", "--features", features.join(",")];
  const cargo = spawn("cargo", args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  const [code] = await once(cargo, "exit");
  if (code !== 0) throw new Error(`cargo ${args.join(" ")} failed`);
  // The next build writes the same file: its bytes are taken now.
  return readFileSync(path.join(target, "wasm32-unknown-unknown", "release", "knights_tour.wasm"));
}

/**
 * wasm-bindgen's bindings and module for `bytes` (cargo's output), named `name`, optimised unless
 * `raw`, in a folder of target/modules/ kept by the bytes' hash: made once for the same bytes.
 * Resolves to the folder.
 */
async function postProcess(name, features, bytes, { raw = false } = {}) {
  const folder = path.join(target, "modules", [name, ...features].join("+"));
  const key = createHash("sha256").update(bytes).update(raw ? "raw" : WASM_OPT_FLAGS.join(" ")).digest("hex");
  const stamp = path.join(folder, "stamp");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === key) return folder;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const input = path.join(folder, "cargo.wasm");
  writeFileSync(input, bytes);
  await run("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", folder, "--out-name", name, input]);
  rmSync(input);
  if (!raw) {
    const wasm = path.join(folder, `${name}_bg.wasm`);
    await run(path.join(root, "node_modules", ".bin", "wasm-opt"), [...WASM_OPT_FLAGS, wasm, "-o", wasm]);
  }
  writeFileSync(stamp, key);
  return folder;
}

/**
 * What a module's build depends on: the crate's sources and manifests, the compiler, the flags
 * from the environment, the module's features. Cargo's own check cannot serve: the modules are the
 * same crate with other features, and a cdylib's file is the same for every feature set, so cargo
 * builds a module again whenever another was built since.
 */
function inputsOf(features) {
  const hash = createHash("sha256").update(features.join(",")).update(execFileSync("rustc", ["-vV"]));
  for (const name of ["RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS", ...Object.keys(process.env).filter((key) => key.startsWith("CARGO_PROFILE_")).sort()]) {
    hash.update(`${name}=${process.env[name] ?? ""}\n`);
  }
  const files = ["Cargo.toml", "Cargo.lock", ".cargo/config.toml", ...readdirSync(path.join(root, "src"), { recursive: true }).map((file) => path.join("src", file))];
  for (const file of files.sort()) {
    const full = path.join(root, file);
    if (existsSync(full) && statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex");
}

/**
 * Builds every module, one cargo build after another, each one's post-processing going on while
 * cargo builds the next; a module whose inputs are those of its last build is not built again.
 * `countAllocations`: the e2e build's modules: those that hold runs count their allocations, and
 * each has the core's `trap`. Resolves to `{name: folder}`, the catalogue's among them.
 */
async function buildModules({ countAllocations }) {
  const folders = {};
  const pending = [];
  for (const { name, features, runs } of [...MODULES, CATALOGUE]) {
    const shipped = name !== CATALOGUE.name;
    const e2e = countAllocations && shipped ? [...(runs ? ["count-allocations"] : []), "trap"] : [];
    const all = [...features, ...e2e];
    const inputs = inputsOf(all);
    const last = path.join(target, "modules", `${[name, ...all].join("+")}.inputs`);
    const folder = path.join(target, "modules", [name, ...all].join("+"));
    if (existsSync(last) && readFileSync(last, "utf8") === inputs && existsSync(path.join(folder, "stamp"))) {
      folders[name] = folder;
      continue;
    }
    const began = performance.now();
    const bytes = await compile(all);
    say(`${name} (${all.join(", ")}) compiled in ${seconds(began)}`);
    pending.push(postProcess(name, all, bytes, { raw: !shipped }).then((made) => {
      folders[name] = made;
      writeFileSync(last, inputs);
    }));
  }
  const began = performance.now();
  await Promise.all(pending);
  say(`modules post-processed (wasm-bindgen, wasm-opt) ${seconds(began)} after the last compile`);
  return folders;
}

/**
 * What the core's `catalogue()` says, asked of the catalogue module in `folder`, as two modules of
 * the page: `catalogue.js`, what every board needs (core.js), and `catalogue-parts.js`, the words
 * only the parts show (counting's methods and sequences; each heuristic's summary, tie-break and
 * the settings it has no use for, which the full layout and the teaching view show), so that a
 * post's board does not fetch them. Returns `{file: source}`.
 */
async function catalogueModules(folder) {
  const bindings = await import(pathToFileURL(path.join(folder, `${CATALOGUE.name}.js`)).href);
  await bindings.default({ module_or_path: readFileSync(path.join(folder, `${CATALOGUE.name}_bg.wasm`)) });
  const { counting, heuristics, ...first } = bindings.catalogue();
  const board = heuristics.map(({ name, label, searches, seeded }) => ({ name, label, searches, seeded }));
  const parts = { counting, heuristics: Object.fromEntries(heuristics.map(({ name, summary, tiebreak, unused }) => [name, { summary, tiebreak, unused }])) };
  const written = (what, value) => `// Written by scripts/build.mjs: what the core's catalogue() says (src/front/catalogue.rs), ${what},\n` +
    `// asked of the wasm32 build once, at build time, rather than by every page (www/core.js).\n` +
    `export default ${JSON.stringify(value)};\n`;
  return {
    "catalogue.js": written("what every board needs", { ...first, heuristics: board }),
    "catalogue-parts.js": written("the words only the parts show", parts),
  };
}

/** The site in `site`: www/ and index.html, the modules of `folders` in www/wasm/, bundled. Returns the element's files. */
async function assemble(site, folders, { sourcemap }) {
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(path.join(root, "www"), path.join(site, "www"), { recursive: true });
  cpSync(path.join(root, "index.html"), path.join(site, "index.html"));
  const modules = path.join(site, MODULES_DIR);
  const glue = [];
  for (const { name } of MODULES) {
    cpSync(path.join(folders[name], `${name}.js`), path.join(modules, `${name}.js`));
    cpSync(path.join(folders[name], `${name}_bg.wasm`), path.join(modules, `${name}_bg.wasm`));
    glue.push(`${MODULES_DIR}/${name}.js`);
  }
  for (const [file, source] of Object.entries(await catalogueModules(folders[CATALOGUE.name]))) writeFileSync(path.join(modules, file), source);
  const sheet = readFileSync(path.join(root, "pkg", path.basename(STYLESHEET)), "utf8");
  writeFileSync(path.join(site, STYLESHEET), transformSync(sheet, { loader: "css", minify: true }).code);
  const element = await bundle(site, { sourcemap, glue });
  return [...element, STYLESHEET, ...MODULES.map(({ name }) => `${MODULES_DIR}/${name}_bg.wasm`)];
}

/** The element's `files` (paths under `site`, all in www/) copied into `out`, with the package's own files. */
function packageElement(site, files, out) {
  rmSync(out, { recursive: true, force: true });
  for (const file of files) {
    const inside = path.relative("www", file);
    mkdirSync(path.dirname(path.join(out, inside)), { recursive: true });
    cpSync(path.join(site, file), path.join(out, inside));
  }
  for (const file of PACKAGE_FILES) cpSync(path.join(root, "pkg", file), path.join(out, file));
}

/** Replaces the folder `out` with `staged` in one step: a server of `out` never serves half a build. */
function replace(staged, out) {
  const old = `${out}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(out)) renameSync(out, old);
  renameSync(staged, out);
  rmSync(old, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { features: { type: "string", default: "" }, package: { type: "boolean", default: false } } });
  const extra = values.features.split(",").filter(Boolean);
  const unknown = extra.filter((feature) => feature !== "count-allocations");
  if (unknown.length) throw new Error(`unknown feature ${unknown.join(", ")}: the build takes count-allocations (the others are the modules')`);
  if (values.package && extra.length) throw new Error("the package is built as it ships: without count-allocations");
  const began = performance.now();
  const folders = await buildModules({ countAllocations: extra.includes("count-allocations") });
  const out = path.join(root, values.package ? "element" : "dist");
  const staged = `${out}.new`;
  const bundled = performance.now();
  if (values.package) {
    const site = path.join(target, "modules", "site");
    const files = await assemble(site, folders, { sourcemap: false });
    packageElement(site, files, staged);
    rmSync(site, { recursive: true, force: true });
  } else {
    await assemble(staged, folders, { sourcemap: true });
  }
  replace(staged, out);
  say(`${path.relative(root, out)}/ assembled and bundled in ${seconds(bundled)}; ${seconds(began)} in all`);
  // Every file of the package's element, for a reader to see what it ships.
  if (values.package) for (const file of readdirSync(out, { recursive: true }).sort()) console.log(`   ${file}`);
}
