// The package's custom-elements manifest (pkg/custom-elements.json) and the embedding page
// (docs/embedding.md) say what the element really has: its attributes are its
// `observedAttributes`, its events the ones it dispatches, its CSS properties the ones its
// stylesheet declares on `:host` for a page to set, its parts the `part=` names in its markup,
// its members methods and properties of its class. The element's modules are imported here as
// a browser would, with the few browser objects their first lines use stood in for and the
// core's WebAssembly (built, not in www/) replaced by a module that never loads: nothing here
// needs a build.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const www = path.join(root, "www");
const manifest = JSON.parse(readFileSync(path.join(root, "pkg", "custom-elements.json"), "utf8"));
const [element] = manifest.modules[0].declarations;
const embedding = readFileSync(path.join(root, "docs", "embedding.md"), "utf8");

// The core's loader and its catalogue are the build's (www/wasm/): here, a core that never loads.
register(`data:text/javascript,${encodeURIComponent(`
  const STUBS = {
    "instance.js": "export const instantiate = () => new Promise(() => {});",
    "catalogue.js": "export default { events: { kinds: {} }, heuristics: [], switches: { on: [], off: [] } };",
  };
  export async function resolve(specifier, context, next) {
    const name = specifier.match(/\\/wasm\\/(instance|catalogue)\\.js$/)?.[1];
    return name ? { url: "stub:" + name + ".js", shortCircuit: true } : next(specifier, context);
  }
  export async function load(url, context, next) {
    const name = url.startsWith("stub:") ? url.slice(5) : null;
    return name ? { format: "module", source: STUBS[name], shortCircuit: true } : next(url, context);
  }
`)}`);

/** Every stylesheet the element's modules make, by its text. */
const sheets = [];
Object.assign(globalThis, {
  window: globalThis,
  document: { addEventListener() {} },
  HTMLElement: class {},
  CSSStyleSheet: class {
    replaceSync(text) {
      sheets.push(text);
    }
  },
  customElements: { define: (name, constructor) => defined.set(name, constructor) },
  matchMedia: () => ({ matches: false, addEventListener() {} }),
});
const defined = new Map();
await import(pathToFileURL(path.join(www, "knights-tour.js")));
await import(pathToFileURL(path.join(www, "ui", "play-style.js"))); // play mode's sheet, a part loaded on first use
const Element = defined.get(element.tagName);

/** The element's JavaScript, every module but the app page's. */
const sources = readdirSync(www, { recursive: true })
  .filter((file) => file.endsWith(".js") && !file.startsWith(`app${path.sep}`))
  .map((file) => readFileSync(path.join(www, file), "utf8"));

const names = (list) => list.map(({ name }) => name).sort();
const unique = (list) => [...new Set(list)].sort();

test("the manifest's attributes are the element's observedAttributes", () => {
  assert.ok(Element, `the element defines <${element.tagName}>`);
  assert.deepEqual(names(element.attributes), [...Element.observedAttributes].sort());
});

test("the manifest's events are the ones the element dispatches", () => {
  const dispatched = sources.flatMap((source) => [...source.matchAll(/new CustomEvent\("([^"]+)"/g)].map((match) => match[1]));
  assert.deepEqual(names(element.events), unique(dispatched));
});

test("the manifest's CSS properties are the --kt- ones the element's stylesheet lets a page set, and it reads no other", () => {
  const [main] = sheets;
  const host = main.match(/:host\s*\{([^}]*)\}/)[1];
  const declared = unique([...host.matchAll(/(--kt-[a-z-]+)\s*:/g)].map((match) => match[1]));
  assert.deepEqual(names(element.cssProperties), declared);
  // Every other --kt- name is the element's own, set on its inner box by its script (the board's shape).
  const own = unique(sources.flatMap((source) => [...source.matchAll(/setProperty\("(--kt-[a-z-]+)"/g)].map((match) => match[1])));
  const read = unique([...sheets, ...sources].flatMap((text) => [...text.matchAll(/--kt-[a-z-]*[a-z]/g)].map((match) => match[0])));
  assert.deepEqual(read.filter((name) => !declared.includes(name) && !own.includes(name)), []);
  for (const name of own) assert.ok(!declared.includes(name), `${name} is set by the element, not the page`);
});

test("the manifest's parts are the part= names of the element's markup", () => {
  const parts = sources.flatMap((source) => [...source.matchAll(/\bpart="([^"]+)"/g)].flatMap((match) => match[1].split(/\s+/)));
  assert.deepEqual(names(element.cssParts), unique(parts));
});

test("the manifest's members are the element's own", () => {
  for (const { kind, name } of element.members) {
    const descriptor = Object.getOwnPropertyDescriptor(Element.prototype, name);
    assert.ok(descriptor, `the element has ${name}`);
    if (kind === "method") assert.equal(typeof descriptor.value, "function", `${name} is a method`);
    else assert.ok(descriptor.get, `${name} is a property`);
  }
});

test("the embedding page names every attribute, event, CSS property and part", () => {
  const missing = [
    ...names(element.attributes).filter((name) => !embedding.includes(`\`${name}\``)),
    ...[...names(element.events), ...names(element.cssProperties)].filter((name) => !embedding.includes(`\`${name}\``)),
    ...names(element.cssParts).filter((name) => !embedding.includes(`\`::part(${name})\``)),
  ];
  assert.deepEqual(missing, []);
});
