// The npm package, as a blogger gets it from a CDN: `npm pack` at the repository's root makes
// knights-tour-VERSION.tgz (its prepack builds the element), which holds the element and nothing
// of the source; extracted and served gzipped from another origin than the post, with the CORS
// header a CDN sends, the snippet the embedding page documents makes boards that run, a play
// board whose worker judges the moves, and a count made in a worker, with nothing on the console.
// The manifest lists what the element has: its attributes, events and CSS properties.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { serveGzipped } from "./gzip-server.js";
import { launch, openPage } from "./harness.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "knights-tour-package-"));
const ctx = {};

/** The crate's version, which the package's must be. */
const version = readFileSync(path.join(root, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];

before(async () => {
  // Quick when the element is built already: the build only asks cargo whether anything changed.
  execFileSync("npm", ["pack", "--pack-destination", scratch, "--loglevel=error"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  ctx.tarball = path.join(scratch, `knights-tour-${version}.tgz`);
  ctx.files = execFileSync("tar", ["tzf", ctx.tarball], { encoding: "utf8" }).trim().split("\n");
  execFileSync("tar", ["xzf", ctx.tarball, "-C", scratch]);
  ctx.package = path.join(scratch, "package");
  ctx.manifest = JSON.parse(readFileSync(path.join(ctx.package, "package.json"), "utf8"));
  // The CDN: the extracted package, from its root, to any origin.
  ctx.cdn = await serveGzipped(ctx.package, { headers: { "Access-Control-Allow-Origin": "*" } });
  ctx.blog = await serveGzipped(path.join(scratch, "blog"));
  ctx.browser = await launch();
});

after(async () => {
  await ctx.browser?.close();
  await ctx.cdn?.stop();
  await ctx.blog?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test("npm pack makes knights-tour-VERSION.tgz: the built element, its types, manifest, stylesheet, README and license, no source", () => {
  const { files, manifest } = ctx;
  assert.equal(manifest.name, "knights-tour");
  assert.equal(manifest.version, version, "the package's version is the crate's");
  for (const file of files) assert.match(file, /^package\/(package\.json|README\.md|LICENSE|element\/.+)$/, `${file} is not the package's`);
  assert.deepEqual(files.filter((file) => /\.map$|\/(src|tests|bench|www|node_modules)\//.test(file)), [], "no source, tests, benches or source maps");
  const packed = new Set(files.map((file) => file.slice("package/".length)));
  const named = (file) => file.replace(/^\.\//, "");
  // What package.json points at is in the package.
  for (const file of [manifest.exports["."].default, manifest.exports["."].types, manifest.types, manifest.style, manifest.customElements, manifest.main]) {
    assert.ok(packed.has(named(file)), `${file} is in the package`);
  }
  // The element's module, the modules it loads by URL (the shared ones, the workers), and every
  // module of the core with its bindings.
  for (const file of ["core.js", "run/frame-loop.js", "panels/count-worker.js", "run/play-worker.js", "panels/gif-worker.js", "run/build-worker.js"]) {
    assert.ok(packed.has(`element/${file}`), `element/${file} is in the package`);
  }
  for (const module of ["knights-tour", "knights-tour-play", "knights-tour-count", "knights-tour-teach", "knights-tour-export"]) {
    assert.ok(packed.has(`element/wasm/${module}.js`) && packed.has(`element/wasm/${module}_bg.wasm`), `the ${module} module is in the package`);
  }
});

/** The HTML block of `file` that loads the package from jsDelivr. */
const cdnBlock = (file) => [...readFileSync(path.join(root, file), "utf8").matchAll(/```html\n([\s\S]*?)```/g)]
  .map(([, html]) => html).find((html) => html.includes("cdn.jsdelivr.net/npm/knights-tour@"));

/**
 * The snippet the README gives a blogger (its HTML block that loads the package from jsDelivr:
 * the stylesheet, the script and a board), with the CDN's address put in for this test's. The
 * paths are the package's own (its `style` and its `exports`), and the embedding page shows the
 * same block.
 */
function documentedSnippet(cdn) {
  const block = cdnBlock("README.md");
  assert.ok(block, "the README shows how to load the element from a CDN");
  assert.equal(cdnBlock("docs/embedding.md"), block, "docs/embedding.md shows the README's snippet");
  const origin = `https://cdn.jsdelivr.net/npm/knights-tour@${version}/`;
  const urls = [...block.matchAll(/(?:href|src)="https:\/\/cdn\.jsdelivr\.net\/npm\/knights-tour@([^/]+)\/([^"]+)"/g)];
  assert.deepEqual(urls.map(([, documented]) => documented), [version, version], "the snippet names the package's version");
  const named = (file) => file.replace(/^\.\//, "");
  assert.deepEqual(urls.map(([, , file]) => file), [named(ctx.manifest.style), named(ctx.manifest.exports["."].default)], "the package's stylesheet, then its module");
  return block.replaceAll(origin, cdn).trim();
}

/** A post on the blog's origin: the README's snippet as a blogger pastes it, then `boards`, between paragraphs. */
function post(name, boards) {
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>A post with knights</title>
    <link rel="icon" href="data:," />
    <style>body { font: 17px/1.6 Georgia, serif; max-width: 680px; margin: 40px auto; padding: 0 16px; }</style>
  </head>
  <body>
    <main><article>
      <h1>A post with knights</h1>
      ${[documentedSnippet(ctx.cdn.url), ...boards].map((board) => `<p>A paragraph of the post.</p>\n      ${board}`).join("\n      ")}
      <p>The end of the post.</p>
    </article></main>
  </body>
</html>
`;
  const dir = path.join(scratch, "blog", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "index.html"), html);
  return `${ctx.blog.url}${name}/`;
}

/** The element's state and the words under the board `selector`. */
const state = (page, selector) => page.locator(selector).evaluate((el) => ({
  status: el.dataset.status,
  placed: Number(el.dataset.placed ?? 0),
  verdict: el.dataset.verdict,
  words: el.shadowRoot.querySelector(".status").textContent,
}));

/** Clicks the centre of square (row, col) of the board `selector`, as a person would. */
async function clickSquare(page, selector, row, col) {
  const canvas = page.locator(selector).locator("#board");
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const [rows, cols] = await page.locator(selector).evaluate((el) => [el.settings.rows, el.settings.cols]);
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / cols, box.y + ((row + 0.5) * box.height) / rows);
}

test("the README's snippet on a post of another origin: its board runs, play mode judges in a worker, a count is made in one", async () => {
  const url = post("knights", [
    `<knights-tour id="player" board="5x5" play></knights-tour>`,
    `<knights-tour id="counter" layout="full" board="5x5" start="a1"></knights-tour>`,
  ]);
  const page = await openPage(ctx.browser, url, {
    viewport: { width: 720, height: 900 },
    opened: (page) => page.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.dataset.status && el.dataset.status !== "loading")),
  });
  // Every script came from the CDN, the post's own origin served the post alone.
  const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map(({ name }) => name));
  assert.ok(fetched.length > 0);
  assert.deepEqual(fetched.filter((name) => !name.startsWith(ctx.cdn.url) && !name.startsWith("blob:")), [], "everything of the element comes from the CDN");

  // The README's board, in view at the top of the post, runs to its tour, a square a move.
  const readme = page.locator("knights-tour").first();
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  const { rows, cols, squares } = await readme.evaluate((el) => ({ ...el.settings, squares: new Set(el.path).size }));
  assert.equal(squares, rows * cols, "a tour of every square");

  // Play mode: the start, then a hint, each judged by the core's game in the play worker.
  await clickSquare(page, "#player", 4, 0); // a1
  await page.waitForFunction(() => document.querySelector("#player").dataset.placed === "1" && document.querySelector("#player").dataset.verdict === "possible");
  await page.locator("#player").getByRole("button", { name: "Hint", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("#player").dataset.placed === "2" && document.querySelector("#player").dataset.verdict !== "thinking");
  assert.equal((await state(page, "#player")).verdict, "possible", "a hint keeps a tour possible");

  // A count in the counting worker: 304 tours of 5x5 from a corner (TOURS.md's grid).
  await page.locator("#counter").getByRole("button", { name: "Count from start", exact: true }).click();
  const result = page.locator("#counter .count-result");
  await page.waitForFunction(() => document.querySelector("#counter").shadowRoot.querySelector(".count-result")?.dataset.tours);
  assert.equal(await result.getAttribute("data-tours"), "304");

  // The workers' scripts were fetched from the CDN (each started from a module of the post's own).
  const workers = await page.evaluate(() => performance.getEntriesByType("resource").map(({ name }) => name).filter((name) => name.endsWith("-worker.js")));
  assert.deepEqual(workers.map((name) => name.slice(ctx.cdn.url.length)).sort(), ["element/panels/count-worker.js", "element/run/play-worker.js"]);
  page.assertClean();
  await page.close();
});

test("the packed manifest is the one tests/js/manifest.test.js checks against the element", () => {
  const packed = readFileSync(path.join(ctx.package, ctx.manifest.customElements), "utf8");
  assert.equal(packed, readFileSync(path.join(root, "pkg", "custom-elements.json"), "utf8"));
});
