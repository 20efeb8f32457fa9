// Loading: every script a page needs before its board is live is asked for at once, not found
// import by import (each level of a module graph a round trip before the next is known, the first
// paint waiting for the last). The build bundles the page's scripts (scripts/bundle.mjs); these
// tests fail when a module is fetched that nothing asked for from the start: one left out of the
// bundles, or missing from the app page's preloads. The core's parts (www/core.js) are fetched
// once each, when loaded, and a run made before the teaching part is in moves into it. How long a
// load takes is measured by `node bench/frames.mjs --only load`, and what it weighs by
// `node bench/first-load.mjs`, not here.

import assert from "node:assert/strict";
import { test } from "node:test";
import { ELEMENT, MODULES_DIR, SHARED } from "../../scripts/bundle.mjs";
import { openPage, useBrowser } from "./harness.js";

const ctx = useBrowser({ blog: true });

/** The bindings of the core's first module, which every page fetches. */
const FIRST = `${MODULES_DIR}/knights-tour.js`;

/** Whether `path` is a chunk of the element's bundle (esbuild's names: the module's, or `chunk`, and a hash). */
const isChunk = (path) => /^www\/[a-z-]+-[A-Z0-9]{8}\.js$/.test(path);

/** Waits until every board of the page is live, then lists the scripts it fetched, by URL. */
async function scriptsFetched(page) {
  await page.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.dataset.status !== "loading"));
  return page.evaluate(() => performance.getEntriesByType("resource")
    .map(({ name }) => name)
    .filter((url) => new URL(url).pathname.endsWith(".js")));
}

test("the app page asks for its scripts from its head: its bundle, the element's bundle, the shared modules and the core's bindings", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  const fetched = await scriptsFetched(page);
  const asked = await page.evaluate(() => [...document.querySelectorAll("link[rel=modulepreload], script[src]")]
    .filter((el) => el.parentElement === document.head)
    .map((el) => el.href || el.src));
  const relative = fetched.map((url) => new URL(url).pathname.slice(1));
  assert.deepEqual(fetched.filter((url) => !asked.includes(url)), [], "scripts not preloaded from the head");
  // The element's chunks: the code it shares with its parts, and the parts the full layout shows at once.
  const chunks = relative.filter(isChunk);
  assert.ok(chunks.some((path) => path.startsWith("www/count-part-")), "the full layout's counting, at once");
  assert.deepEqual(relative.sort(), [FIRST, "www/app/app.js", ELEMENT, ...SHARED, ...chunks].sort(), "no part of the core");
  page.assertClean();
});

test("an embed's element comes as one bundle, with the modules every board of a page shares and the core's bindings", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  const site = `${ctx.blogUrl}blog/static/knights-tour/`;
  const fetched = (await scriptsFetched(page)).map((url) => (url.startsWith(site) ? url.slice(site.length) : url));
  const chunks = fetched.filter(isChunk);
  assert.ok(chunks.every((path) => path.startsWith("www/chunk-")), `no part of the element: ${chunks}`);
  assert.deepEqual(fetched.sort(), [FIRST, ELEMENT, ...SHARED, ...chunks].sort(), "no part of the core");
  page.assertClean();
});

test("a part of the core is fetched once, however often it is loaded; a part the core has not is refused in words", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  const fetched = [];
  page.on("request", (request) => /knights-tour-count(_bg\.wasm|\.js)$/.test(request.url()) && fetched.push(new URL(request.url()).pathname));
  const { refusal } = await page.evaluate(async () => {
    const core = await import("./www/core.js");
    await Promise.all([core.load("count"), core.load("count")]);
    await core.load("count");
    const refusal = await core.load("chess").then(() => null, (error) => error.message);
    return { refusal };
  });
  assert.deepEqual(fetched.sort(), [`/${MODULES_DIR}/knights-tour-count.js`, `/${MODULES_DIR}/knights-tour-count_bg.wasm`], "its bindings and its module, once each");
  assert.match(refusal, /the core has no part "chess": it has play, count, teach, export/);
  page.assertClean();
});

test("a run made before the teaching part is in moves into it: the same run, which then keeps its tree from there", async () => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5`, {
    // The teaching part arrives late: only once the test has a run of the first module going.
    prepare: (page) => page.route("**/knights-tour-teach_bg.wasm", async (route) => {
      await held;
      await route.continue();
    }),
    opened: (page) => page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot?.adoptedStyleSheets.length),
  });
  const settings = { board: "6x6", start: "a6", heuristic: "fixed" };
  // A module instance of core.js of its own (another URL), which the held part keeps from being ready.
  const before = await page.evaluate(async (settings) => {
    const core = await import("./www/core.js?moving");
    for (;;) {
      try {
        window.run = core.newTour(settings);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10)); // the first module is not in yet
      }
    }
    window.core = core;
    window.run.advance(5000, 1000, false);
    window.run.stepBack();
    window.teaching = core.load("teach");
    return { trackTree: typeof window.run.trackTree, position: window.run.position, horizon: window.run.horizon, path: Array.from(window.run.pathView()) };
  }, settings);
  assert.equal(before.trackTree, "undefined", "a run of the first module has no tree to keep");
  assert.deepEqual([before.position, before.horizon], [4999, 5000]);
  release();
  const after = await page.evaluate(async (settings) => {
    await window.teaching;
    const { run, core } = window;
    const moved = { position: run.position, horizon: run.horizon, path: Array.from(run.pathView()) };
    run.trackTree();
    // The moved run goes on as a run made in the teaching part from the start does.
    const fresh = core.newTour(settings);
    fresh.seek(run.position);
    run.advance(20000, 1000, false);
    fresh.advance(20000, 1000, false);
    const same = run.position === fresh.position && Array.from(run.pathView()).join() === Array.from(fresh.pathView()).join();
    const tree = run.tree();
    fresh.free();
    run.free();
    return { moved, same, since: tree.since, nodes: tree.square.length };
  }, settings);
  assert.deepEqual(after.moved, { position: before.position, horizon: before.horizon, path: before.path });
  assert.equal(after.same, true, "the moved run goes on as the same search");
  assert.equal(after.since, before.position, "its tree starts where it was asked for");
  assert.ok(after.nodes > 1, `${after.nodes} nodes kept`);
  page.assertClean();
});
