// What a WebAssembly module is made of: its code by crate and module (the function bodies' bytes,
// named by the module's name section), its data, and the rest by section. Run it on cargo's own
// output, before wasm-bindgen and wasm-opt drop the names: the shares are what to split by, not
// what ships (wasm-opt shrinks every part by a few per cent, and wasm-bindgen drops the
// `__wbindgen_describe` functions, which are listed apart).
//
//   cargo build --release --target wasm32-unknown-unknown --lib [--features ...]
//   node bench/module-parts.mjs [target/wasm32-unknown-unknown/release/knights_tour.wasm] [--depth N] [--top N] [--gzip]
//
// --depth: how many levels of a path name a group (2: `knights_tour::count`, `core::fmt`);
// --top: how many of the largest functions to list besides; --gzip: what each group and the
// data cost gzipped (level 6, as a server sends it), counted as what the module's gzipped size
// would lose without them (their bytes left out of the code section; the parts' sum is a little
// more than the whole, for what they share compresses once).
//
// What ships, named: the module as the page's build makes it (docs/speed.md), keeping the names:
//   wasm-bindgen --target web --no-typescript --keep-debug --out-dir OUT --out-name m knights_tour.wasm
//   node_modules/.bin/wasm-opt -O3 -g --strip-producers OUT/m_bg.wasm -o named.wasm

import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  options: { depth: { type: "string", default: "2" }, top: { type: "string", default: "0" }, gzip: { type: "boolean", default: false } },
  allowPositionals: true,
});
const file = positionals[0] ?? "target/wasm32-unknown-unknown/release/knights_tour.wasm";
const bytes = readFileSync(file);

/** A reader of the module's bytes: unsigned LEB128 numbers, names, and skips. */
class Reader {
  constructor(buffer, at = 0, end = buffer.length) {
    Object.assign(this, { buffer, at, end });
  }
  u32() {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = this.buffer[this.at++];
      result += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return result;
      shift += 7;
    }
  }
  name() {
    const length = this.u32();
    const text = this.buffer.toString("utf8", this.at, this.at + length);
    this.at += length;
    return text;
  }
}

const SECTIONS = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"];

const reader = new Reader(bytes, 8);
const sections = [];
while (reader.at < reader.end) {
  const id = bytes[reader.at++];
  const size = reader.u32();
  const start = reader.at;
  const section = { id, size, start, end: start + size, name: SECTIONS[id] };
  if (id === 0) section.name = `custom "${new Reader(bytes, start).name()}"`;
  sections.push(section);
  reader.at = start + size;
}

let imported = 0;
const importSection = sections.find((s) => s.id === 2);
if (importSection) {
  const r = new Reader(bytes, importSection.start);
  for (let n = r.u32(), i = 0; i < n; i++) {
    r.name();
    r.name();
    const kind = bytes[r.at++];
    if (kind === 0) {
      imported++;
      r.u32();
    } else if (kind === 1) {
      r.at++;
      const flags = r.u32();
      r.u32();
      if (flags & 1) r.u32();
    } else if (kind === 2) {
      const flags = r.u32();
      r.u32();
      if (flags & 1) r.u32();
    } else if (kind === 3) {
      r.at += 2;
    } else {
      throw new Error(`import kind ${kind}`);
    }
  }
}

const names = new Map();
const nameSection = sections.find((s) => s.name === 'custom "name"');
if (nameSection) {
  const r = new Reader(bytes, nameSection.start, nameSection.end);
  r.name();
  while (r.at < r.end) {
    const kind = bytes[r.at++];
    const size = r.u32();
    const next = r.at + size;
    if (kind === 1) for (let n = r.u32(), i = 0; i < n; i++) names.set(r.u32(), r.name());
    r.at = next;
  }
}

/** Rust's legacy mangling (`_ZN3std2io5stdio6_print17h…E`) read back to its path, roughly. */
function demangle(name) {
  if (name.startsWith("_R")) return demangleV0(name);
  if (name.startsWith("_ZN") === false && name.startsWith("__ZN")) return demangle(name.slice(1));
  if (!name.startsWith("_ZN")) return name;
  const parts = [];
  let at = 3;
  while (at < name.length && name[at] !== "E") {
    const digits = name.slice(at).match(/^\d+/);
    if (!digits) break;
    at += digits[0].length;
    parts.push(name.slice(at, at + Number(digits[0])));
    at += Number(digits[0]);
  }
  if (/^h[0-9a-f]{16}$/.test(parts.at(-1) ?? "")) parts.pop();
  return parts.join("::")
    .replace(/^_\$LT\$/, "$LT$").replaceAll("$LT$", "<").replaceAll("$GT$", ">").replaceAll("$u20$", " ").replaceAll("$RF$", "&")
    .replaceAll("$C$", ",").replaceAll("$u7b$", "{").replaceAll("$u7d$", "}").replaceAll("..", "::")
    .replaceAll("$BP$", "*").replaceAll("$u5b$", "[").replaceAll("$u5d$", "]").replaceAll("$u27$", "'");
}

/**
 * Rust's v0 mangling (`_RNvNtCs…_4core3fmt5write`), which the standard library's own code comes
 * in: only its identifiers, in order, enough to group it by path (generic arguments and impls read
 * as more of the path, which the first parts are not confused by).
 */
function demangleV0(name) {
  const plain = name.slice(2).replace(/C[s][0-9A-Za-z]*_/g, "C").replace(/(?<=[A-Z])s[0-9A-Za-z]*_/g, "");
  const parts = [];
  for (let at = 0; at < plain.length;) {
    const digits = plain.slice(at).match(/^\d+/);
    if (!digits) {
      at++;
      continue;
    }
    at += digits[0].length;
    if (plain[at] === "_") at++; // an identifier that starts with a digit or an underscore
    parts.push(plain.slice(at, at + Number(digits[0])));
    at += Number(digits[0]);
  }
  return parts.filter(Boolean).join("::");
}

/**
 * The group a function counts in: for a trait's method on a type (`<T as Trait>::f`) the type's
 * path, for which the code is written; the first `depth` parts of its path.
 */
function group(path, depth) {
  if (path.startsWith("__wbindgen_describe") || path.includes("__wbindgen_describe")) return "(wasm-bindgen descriptors, dropped)";
  // wasm-bindgen's exports, into which wasm-opt inlines the binding's functions they call.
  if (/ (externref|multivalue) shim/.test(path)) return "(exports: wasm-bindgen's shims, the binding inlined)";
  let own = path;
  const impl = path.match(/^<(?:&(?:mut )?)?([^< >]+)/);
  if (impl) own = impl[1];
  const parts = own.replace(/\[[0-9a-f]+\]/g, "").split("::").filter(Boolean);
  if (parts.length <= 1) return `(other: ${own.slice(0, 30)})`;
  return parts.slice(0, depth).join("::");
}

const code = sections.find((s) => s.id === 10);
const functions = [];
{
  const r = new Reader(bytes, code.start);
  for (let n = r.u32(), i = 0; i < n; i++) {
    const size = r.u32();
    const index = imported + i;
    functions.push({ index, size, start: r.at, name: demangle(names.get(index) ?? `func${index}`) });
    r.at += size;
  }
}

const depth = Number(values.depth);
const groups = new Map();
for (const fn of functions) {
  const key = group(fn.name, depth);
  const entry = groups.get(key) ?? { bytes: 0, count: 0 };
  entry.bytes += fn.size;
  entry.count++;
  (entry.functions ??= []).push(fn);
  groups.set(key, entry);
}

const gz = (buffer) => gzipSync(buffer, { level: 6 }).length;
/** The gzipped bytes the code section would lose without `left` (functions): its bodies, gzipped with and without them. */
const codeBody = (left = new Set()) => Buffer.concat(functions.filter((fn) => !left.has(fn)).map((fn) => bytes.subarray(fn.start, fn.start + fn.size)));
const wholeCode = values.gzip ? gz(codeBody()) : 0;
const gzipShare = (fns) => wholeCode - gz(codeBody(new Set(fns)));

const kib = (n) => (n / 1024).toFixed(1).padStart(7);
const kb = (n) => (n / 1000).toFixed(1).padStart(6);
console.log(`${file}: ${kib(bytes.length)} KiB, ${functions.length} functions (${imported} imported)${values.gzip ? `, ${kb(gz(bytes)).trim()} KB gzipped` : ""}`);
console.log("\nsections");
for (const s of sections) console.log(`  ${kib(s.size)} KiB  ${values.gzip ? `${kb(gz(bytes.subarray(s.start, s.end)))} KB gz  ` : ""}${s.name}`);
const total = functions.reduce((sum, fn) => sum + fn.size, 0);
console.log(`\ncode by ${depth} levels of path (${kib(total)} KiB in all)`);
for (const [key, { bytes: size, count, functions: fns }] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes)) {
  if (size < 256) continue;
  const gzipped = values.gzip ? `${kb(gzipShare(fns))} KB gz ` : "";
  console.log(`  ${kib(size)} KiB ${gzipped}${((100 * size) / total).toFixed(1).padStart(5)}%  ${String(count).padStart(4)} fn  ${key}`);
}
const top = Number(values.top);
if (top) {
  console.log(`\nthe ${top} largest functions`);
  for (const fn of [...functions].sort((a, b) => b.size - a.size).slice(0, top)) console.log(`  ${kib(fn.size)} KiB  ${fn.name.slice(0, 150)}`);
}
