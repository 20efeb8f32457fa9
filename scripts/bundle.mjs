#!/usr/bin/env node
// Trunk's post-build hook (Trunk.toml) for a release build: the page's scripts bundled, so that a
// page fetches its element in one file rather than thirty modules found level by level (each
// level a round trip before the next is known, the first paint waiting for the last).
//
// Each bundle is written over its entry's copy in the built site, under the same name: the app
// page (www/app/app.js) and the element an embed loads (www/knights-tour.js) keep their URLs,
// and the other files of www/ stay beside them, as the workers and an embedder's own imports of
// core.js expect. Two modules are not bundled: they hold what a page has once, reached by URL
// from outside the bundles as well (core.js: the one instance of the module, which an
// embedder's scripts and the tests call; run/frame-loop.js: the one frame loop, whose state the
// tests read). The app page preloads them from its head, in links this hook writes there from
// the bundle's own list of imports, so that the list cannot go stale.
//
// A bundled module keeps its own `import.meta.url`, rewritten to where its file is in the site:
// the URLs it makes relative to itself (workers, the module's bindings) stay right.
//
// A debug build (`trunk serve`) is left unbundled, its sources as written.
//
//   TRUNK_PROFILE=release TRUNK_STAGING_DIR=dist node scripts/bundle.mjs   (what Trunk runs)

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** The bundles, by their entry under the site's root: the app page's script, and the element's. */
const ENTRIES = ["www/app/app.js", "www/knights-tour.js"];

/** The modules kept out of every bundle: one instance a page, reached by URL from outside. */
export const SHARED = ["www/core.js", "www/run/frame-loop.js"];

/** The page whose script is ENTRIES[0]: its head preloads what that bundle imports. */
const PAGE = "index.html";

/** The site's URL of `file` (a path under `site`), relative to `from`'s folder. */
const relativeUrl = (site, from, file) => {
  const url = path.relative(path.dirname(path.join(site, from)), file).split(path.sep).join("/");
  return url.startsWith(".") ? url : `./${url}`;
};

/**
 * An esbuild plugin: SHARED modules stay imports (by their URL from the bundle), and a bundled
 * module's `import.meta.url` is its own file's URL in the site.
 */
const siteLayout = (site, entry) => ({
  name: "site-layout",
  setup(plugin) {
    const shared = new Set(SHARED.map((file) => path.join(site, file)));
    plugin.onResolve({ filter: /^\.\.?\// }, ({ path: specifier, resolveDir }) => {
      const file = path.join(resolveDir, specifier);
      return shared.has(file) ? { path: relativeUrl(site, entry, file), external: true } : undefined;
    });
    plugin.onLoad({ filter: /\.js$/ }, async ({ path: file }) => {
      const source = await readFile(file, "utf8");
      const own = `new URL(${JSON.stringify(relativeUrl(site, entry, file))}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", own), loader: "js" };
    });
  },
});

/**
 * Bundles each of ENTRIES in the site at `site` in place (minified, with a source map, which only
 * a debugger fetches) and returns, for each, the URLs it imports.
 */
async function bundle(site) {
  const imports = {};
  for (const entry of ENTRIES) {
    const outfile = path.join(site, entry);
    const result = await build({
      entryPoints: [outfile],
      outfile,
      absWorkingDir: site,
      bundle: true,
      format: "esm",
      target: "es2022",
      minify: true,
      // The sources in the map itself: the entry's own file in the site is the bundle now.
      sourcemap: "linked",
      metafile: true,
      write: false,
      logLevel: "warning",
      plugins: [siteLayout(site, entry)],
    });
    for (const { path: file, contents } of result.outputFiles) await writeFile(file, contents);
    const [output] = Object.values(result.metafile.outputs).filter((output) => output.entryPoint);
    imports[entry] = [...new Set(output.imports.filter((imported) => imported.external).map((imported) => imported.path))];
  }
  return imports;
}

/** Preload links for `urls` (relative to the script `entry`), put in `html` before that script's tag. */
function withPreloads(html, entry, urls) {
  const src = entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const tag = html.match(new RegExp(`^( *)<script [^>]*src="${src}"`, "m"));
  if (!tag) throw new Error(`${PAGE} has no script tag for ${entry}`);
  const [line, indent] = tag;
  const links = urls.map((url) => {
    const href = path.posix.join(path.posix.dirname(entry), url);
    return `${indent}<link rel="modulepreload" href="${href}" />\n`;
  });
  return html.replace(line, `${links.join("")}${line}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const site = process.env.TRUNK_STAGING_DIR;
  if (!site) throw new Error("TRUNK_STAGING_DIR is not set: this is Trunk's post-build hook");
  if (process.env.TRUNK_PROFILE === "release") {
    const imports = await bundle(site);
    const page = path.join(site, PAGE);
    await writeFile(page, withPreloads(await readFile(page, "utf8"), ENTRIES[0], imports[ENTRIES[0]]));
  }
}
