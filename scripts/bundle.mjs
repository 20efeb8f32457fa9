// The page's scripts bundled and minified (esbuild), a step of the build (scripts/build.mjs): so
// that a page fetches its element in one file rather than thirty modules found level by level
// (each level a round trip before the next is known, the first paint waiting for the last).
//
// Each bundle is written over its entry's copy in the built site, under the same name: the
// element an embed loads (www/knights-tour.js), the app page's script (www/app/app.js), and each
// worker's script keep their URLs, and the other files of www/ stay beside them, as an
// embedder's own imports of core.js expect. The element's bundle is split where it imports a
// module on first use (`import()`): each such part is a file of its own beside it, fetched when
// first used. Each part imports the element's module first (see `siteLayout`): so the element's
// code is one chunk that every part imports, rather than a chunk for each set of parts that share
// a module (a compact board would fetch eight files where it needs two, and compress each
// alone), and the element's file only names that chunk. The app page's script imports the full
// layout's part before the element (www/app/app.js says why), by the part's file's name. Two
// modules are not bundled into others:
// they hold what a page has once, reached by URL from outside the bundles as well (core.js: the
// one instance of each of the core's modules, which an embedder's scripts and the tests call;
// run/frame-loop.js: the one frame loop, whose state the tests read); each is a bundle of its
// own. The app page's bundle imports the element's, as an embed's page does: a page with both (a
// post with an embed) fetches the element once. The app page preloads what its bundle imports, in
// links written into its head from the bundles' own lists of imports, so that the list cannot go
// stale. The core's bindings (wasm-bindgen's glue) are minified where they are.
//
// A bundled module keeps its own `import.meta.url`, rewritten to where its file is in the site:
// the URLs it makes relative to itself (workers, the core's modules) stay right.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, transform } from "esbuild";

/** The element's module, which an embed loads, and whose bundle is split by use. */
export const ELEMENT = "www/knights-tour.js";

/** The app page's script, and the page whose head preloads what it imports. */
const APP = "www/app/app.js";
const PAGE = "index.html";

/**
 * The parts of the element (modules it imports on first use) that the app page's board, of the
 * full layout, loads at once: the full layout itself, which its script imports before the element
 * (by the part's file: see `bundle`), and counting, on its screen from the start (www/parts.js).
 * The app page preloads them, and what they import.
 */
const APP_PARTS = ["www/ui/full-layout.js", "www/panels/count-part.js"];

/** The modules kept out of every other bundle: one instance a page, reached by URL from outside. */
export const SHARED = ["www/core.js", "www/run/frame-loop.js"];

/** The workers' scripts, each a bundle of its own: a worker fetches its script and nothing else but its module. */
export const WORKERS = ["www/panels/count-worker.js", "www/run/play-worker.js", "www/panels/gif-worker.js", "www/run/build-worker.js"];

/** Where the build puts the core's modules (wasm-bindgen's glue and the .wasm files). */
export const MODULES_DIR = "www/wasm";

/** The site's URL of `file` (a path under `site`), relative to `from`'s folder. */
const relativeUrl = (site, from, file) => {
  const url = path.relative(path.dirname(path.join(site, from)), file).split(path.sep).join("/");
  return url.startsWith(".") ? url : `./${url}`;
};

/**
 * An esbuild plugin: the modules `kept` (a map from a module's path under `site` to the file, a
 * path under `site`, that stays an import in its place: its own, or a part's bundle) stay imports,
 * by their URL from the bundle, and a bundled module's `import.meta.url` is its own file's URL in
 * the site (the bundle, and its chunks, are in `entry`'s folder). Where the bundle is `split`, a
 * module imported on first use (a part) imports `entry` before anything else: esbuild puts the
 * code each set of entries share in a chunk of its own, and every module of the element is then
 * shared by the element and every part, one set. (A part runs after the element, or runs it: the
 * import adds nothing to a page but the chunk's name.)
 */
const siteLayout = (site, entry, kept, split) => ({
  name: "site-layout",
  setup(plugin) {
    const stays = new Map(Object.entries(kept).map(([file, instead]) => [path.join(site, file), path.join(site, instead)]));
    const parts = new Set();
    plugin.onResolve({ filter: /^\.\.?\// }, ({ path: specifier, resolveDir, kind }) => {
      const file = path.join(resolveDir, specifier);
      if (kind === "dynamic-import") parts.add(file);
      return stays.has(file) ? { path: relativeUrl(site, entry, stays.get(file)), external: true } : undefined;
    });
    plugin.onLoad({ filter: /\.js$/ }, async ({ path: file }) => {
      let source = await minifySheets(await readFile(file, "utf8"));
      if (split && parts.has(file)) source = `import ${JSON.stringify(path.join(site, entry))};\n${source}`;
      const own = `new URL(${JSON.stringify(relativeUrl(site, entry, file))}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", own), loader: "js" };
    });
  },
});

/** `files` (paths under a site), each kept as itself (see `siteLayout`). */
const itself = (files) => Object.fromEntries(files.map((file) => [file, file]));

/** A style module's sheet as it is written: `sheet.replaceSync(String.raw`…`)`, the CSS between the backquotes. */
const SHEET = /(\.replaceSync\(String\.raw`)([^`$]*)(`\))/g;

/**
 * `source` with the CSS of each sheet it writes (`SHEET`) minified by esbuild: the element's
 * styles are a module (www/ui/component-style.js says why), which esbuild's JavaScript minifier
 * leaves as written, comments and all; minified they are a third smaller (2.5 KB of the
 * element's 27 KB gzipped).
 */
async function minifySheets(source) {
  const sheets = [...source.matchAll(SHEET)];
  for (const [whole, open, css, close] of sheets) {
    const { code } = await transform(css, { loader: "css", minify: true });
    source = source.replace(whole, () => `${open}${code.trim()}${close}`);
  }
  return source;
}

/**
 * Bundles `entry` of the site at `site` in place, keeping the modules `kept` out (see
 * `siteLayout`), split by use with `split`; returns the files written (paths under `site`), and
 * what the entry's own file and each module it imports on first use (by its path under `site`)
 * import statically: `{file, imports}` (files and imports as paths under `site`, external imports
 * by their URL from the entry).
 */
async function bundleEntry(site, entry, { kept, split = false, sourcemap }) {
  const result = await build({
    entryPoints: [path.join(site, entry)],
    ...(split ? { outdir: path.dirname(path.join(site, entry)), splitting: true, chunkNames: "[name]-[hash]" } : { outfile: path.join(site, entry) }),
    absWorkingDir: site,
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: true,
    // Linked, with the sources in the map itself (the entry's own file in the site is the
    // bundle now): only a debugger fetches it.
    sourcemap: sourcemap ? "linked" : false,
    metafile: true,
    write: false,
    logLevel: "warning",
    plugins: [siteLayout(site, entry, kept, split)],
  });
  // Outputs and their chunks are named by their paths under the site (the working folder).
  const { outputs } = result.metafile;
  const own = Object.values(outputs).find((output) => output.entryPoint === entry);
  const named = split ? namedEarly(own, outputs) : [];
  for (const { path: file, text } of result.outputFiles) {
    await writeFile(file, outputs[path.relative(site, file)] === own ? withImports(text, named) : text);
  }
  const entries = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint) continue;
    const statics = output.imports.filter((imported) => imported.kind === "import-statement");
    entries[output.entryPoint] = {
      file,
      imports: statics.map((imported) => (imported.external ? path.posix.join(path.posix.dirname(entry), imported.path) : imported.path)),
    };
  }
  return { files: result.outputFiles.map(({ path: file }) => path.relative(site, file)), ...entries[entry], parts: entries };
}

/**
 * The external modules (by URL) that the chunks `output` (an entry's, in the metafile's `outputs`)
 * imports statically import, and it does not: added to its imports, to be named in its file too
 * (`withImports`), so that a page asks for them with the chunk rather than a round trip after it.
 * The entry's file of a split bundle is only a name for its chunk (see `siteLayout`).
 */
function namedEarly(output, outputs) {
  const statics = (imports) => imports.filter(({ kind }) => kind === "import-statement");
  const own = new Set(output.imports.map(({ path: url }) => url));
  const theirs = statics(output.imports).filter(({ external }) => !external)
    .flatMap(({ path: chunk }) => statics(outputs[chunk].imports).filter(({ external }) => external));
  const named = [...new Set(theirs.map(({ path: url }) => url))].filter((url) => !own.has(url));
  output.imports.push(...named.map((url) => ({ path: url, kind: "import-statement", external: true })));
  return named;
}

/** The module `text` with a static import of each of `urls` at its end, before its source map's comment (which stays last). */
function withImports(text, urls) {
  const imports = urls.map((url) => `import ${JSON.stringify(url)};\n`).join("");
  const map = text.lastIndexOf("//# sourceMappingURL=");
  return map < 0 ? `${text}${imports}` : `${text.slice(0, map)}${imports}${text.slice(map)}`;
}

/** Minifies the ES module `file` of the site where it is (no bundling: its imports stay). */
async function minifyModule(site, file) {
  const source = await readFile(path.join(site, file), "utf8");
  const { code } = await transform(source, { loader: "js", format: "esm", target: "es2022", minify: true });
  await writeFile(path.join(site, file), code);
}

/**
 * Bundles the site at `site` in place (minified; with source maps where `sourcemap`), minifies
 * the core's bindings `glue` (paths under `site`), and preloads from the app page's head what its
 * bundle imports. Returns the files of the element (paths under `site`): its bundle and chunks,
 * SHARED, the workers, and the core's modules' bindings.
 */
export async function bundle(site, { sourcemap = true, glue = [] } = {}) {
  const element = await bundleEntry(site, ELEMENT, { kept: itself(SHARED), split: true, sourcemap });
  for (const part of APP_PARTS) if (!element.parts[part]) throw new Error(`the element imports no ${part} on first use (APP_PARTS)`);
  // The app page's script imports a part by its bundle's file.
  const bundled = Object.fromEntries(APP_PARTS.map((part) => [part, element.parts[part].file]));
  const app = await bundleEntry(site, APP, { kept: { ...itself([...SHARED, ELEMENT]), ...bundled }, sourcemap });
  for (const shared of SHARED) await bundleEntry(site, shared, { kept: {}, sourcemap });
  for (const worker of WORKERS) await bundleEntry(site, worker, { kept: {}, sourcemap });
  for (const file of glue) await minifyModule(site, file);
  // The app page fetches its bundle, what that imports, what the element's bundle imports, and the
  // parts its board loads at once with what they import.
  const parts = APP_PARTS.flatMap((part) => [element.parts[part].file, ...element.parts[part].imports]);
  const preloads = [...app.imports, ...element.imports, ...parts];
  const page = path.join(site, PAGE);
  await writeFile(page, withPreloads(await readFile(page, "utf8"), APP, [...new Set(preloads)]));
  return [...element.files, ...SHARED, ...WORKERS, ...glue].filter((file) => !file.endsWith(".map"));
}

/** Preload links for `files` (paths under the site), put in `html` before the script tag of `entry`. */
function withPreloads(html, entry, files) {
  const src = entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const tag = html.match(new RegExp(`^( *)<script [^>]*src="${src}"`, "m"));
  if (!tag) throw new Error(`${PAGE} has no script tag for ${entry}`);
  const [line, indent] = tag;
  const links = files.map((file) => `${indent}<link rel="modulepreload" href="${file}" />\n`);
  return html.replace(line, `${links.join("")}${line}`);
}
