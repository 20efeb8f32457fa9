// The parts of a board loaded on first use (www/parts.js): a compact board that only watches never
// runs a line of the full layout, its keyboard, play mode, the teaching view, counting or the
// animated exports, bundled or not, nor fetches the full layout's file; each runs once the board
// first needs it. The full layout has its keys from the start (keyboard.test.js has a compact
// board's, which come with its first key).
// What ran is read from V8's coverage (evaluated.js), not from the page's own word.

import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluatedSources } from "./evaluated.js";
import { hosted, openPage, post, useBrowser } from "./harness.js";

const ctx = useBrowser({ blog: true });

/** Each lazy part's own files, under www/. */
const PARTS = {
  full: [
    "ui/full-layout.js", "ui/full-markup.js", "ui/full-style.js", "ui/panel-controls.js", "ui/panel-actions.js", "ui/key-help.js",
    "panels/help-dialog.js", "panels/share-panel.js", "panels/hints.js",
  ],
  keys: ["ui/keyboard.js", "ui/keymap.js", "ui/choosing.js"],
  play: ["modes/play-mode.js", "run/play.js", "panels/play-view.js", "board/play-layer.js", "ui/play-style.js"],
  teach: ["panels/teaching-view.js", "panels/teaching.js", "panels/search-tree.js", "panels/play-teaching.js"],
  count: ["panels/count-part.js", "panels/counting.js", "panels/count-lesson.js", "panels/heat-legend.js", "board/heat-map.js", "panels/pace.js"],
  export: ["panels/animated-export.js"],
};

/** Starts recording what runs, before the page loads. */
const recording = (page) => page.coverage.startJSCoverage({ resetOnNavigation: false });

/**
 * The page's files (their paths under www/) that have run code since the recording started:
 * `seen`, what earlier calls found, and what ran since (the recording starts again each time).
 */
async function ran(page, seen = new Set()) {
  const entries = await page.coverage.stopJSCoverage();
  await recording(page);
  const files = await evaluatedSources(entries, async (url) => (await page.request.get(url)).text());
  return new Set([...seen, ...[...files].map((url) => new URL(url).pathname.replace(/^.*?\/www\//, ""))]);
}

/** The parts of which some file is among `files` (see `ran`), each with those files. */
const partsIn = (files) => Object.fromEntries(Object.entries(PARTS)
  .map(([name, own]) => [name, own.filter((file) => files.has(file))])
  .filter(([, own]) => own.length));

test("a compact board that plays its run runs no part it does not use; play mode runs once the visitor plays", async () => {
  // The blog post: two compact boards that autoplay, and the app's embed in a frame.
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`, { prepare: recording });
  // Read through: each board runs once it comes into view.
  for (const board of ["#fixed", "#roth"]) {
    await page.locator(board).scrollIntoViewIfNeeded();
    await page.waitForFunction((board) => ["tour", "closed-tour"].includes(document.querySelector(board).dataset.status), board, { timeout: 30_000 });
  }
  const watched = await ran(page);
  assert.ok(watched.has("modes/run-mode.js") && watched.has("board/render.js"), `the run's own code ran: ${[...watched]}`);
  // The embed in the frame is the app page, whose script runs the full layout's part (and so its
  // keys) with the element whatever the layout (www/app/app.js): the post's own boards run none
  // (see below).
  assert.deepEqual(partsIn(watched), { full: PARTS.full, keys: PARTS.keys });

  await page.locator("#fixed").getByLabel("Play it yourself").check();
  await page.waitForFunction(() => document.querySelector("#fixed").dataset.mode === "play");
  const played = await ran(page, watched);
  assert.deepEqual(partsIn(played), { full: PARTS.full, keys: PARTS.keys, play: PARTS.play }, "after Play it yourself");
  page.assertClean();
  await page.context().close();
});

test("the app runs counting with its panel, the teaching view when it is turned on, and the GIF's part when one is asked for", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a1&speed=max&autoplay=1`, { prepare: recording });
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  let seen = await ran(page);
  assert.deepEqual(Object.keys(partsIn(seen)), ["full", "keys", "count"]);

  await page.getByRole("checkbox", { name: "Teaching view" }).check();
  await page.locator("knights-tour .pseudocode li").first().waitFor();
  seen = await ran(page, seen);
  assert.deepEqual(Object.keys(partsIn(seen)), ["full", "keys", "teach", "count"]);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "GIF" }).click();
  await download;
  seen = await ran(page, seen);
  assert.deepEqual(Object.keys(partsIn(seen)), ["full", "keys", "teach", "count", "export"]);
  page.assertClean();
  await page.context().close();
});

test("a post with an autoplaying board and a play board: play's part of the core is fetched only once the first board runs", async () => {
  const post = `<!doctype html><meta charset="utf-8"><script type="module" src="/www/knights-tour.js"></script>
<knights-tour id="watch" board="6x6" heuristic="warnsdorff" autoplay></knights-tour>
<knights-tour id="game" board="6x6" start="a1" play></knights-tour>`;
  const fetched = [];
  const page = await openPage(ctx.browser, `${ctx.url}two-boards.html`, {
    prepare: async (p) => {
      await p.route("**/two-boards.html", (route) => route.fulfill({ body: post, contentType: "text/html" }));
      // When each request went out, against when the first board was first seen running.
      await p.addInitScript(() => {
        window.firstRunning = null;
        new MutationObserver(() => {
          if (window.firstRunning === null && document.querySelector("#watch")?.dataset.status === "running") window.firstRunning = performance.now();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-status"] });
      });
      p.on("request", (request) => fetched.push(request.url()));
    },
  });
  await page.waitForFunction(() => document.querySelector("#game").dataset.verdict, null, { timeout: 30_000 });
  const timings = await page.evaluate(() => ({
    running: window.firstRunning,
    play: performance.getEntriesByType("resource").find(({ name }) => name.includes("knights-tour-play_bg.wasm"))?.startTime ?? null,
  }));
  assert.ok(fetched.some((url) => url.includes("knights-tour-play_bg.wasm")), "the game fetched play's module");
  assert.ok(timings.running !== null && timings.play !== null, JSON.stringify(timings));
  assert.ok(timings.play >= timings.running, `play's module was asked for at ${timings.play.toFixed(0)} ms, the first board ran at ${timings.running.toFixed(0)} ms`);
  page.assertClean();
  await page.context().close();
});

test("a post's compact board fetches none of the full layout's files; a board of the full layout added to it fetches them and shows its panel", async () => {
  const url = `${ctx.url}full-later.html`;
  const page = await openPage(ctx.browser, url, {
    prepare: async (page) => {
      await hosted(url, post({
        head: `<script type="module" src="/www/knights-tour.js"></script>`,
        body: `<knights-tour id="post" board="5x5" start="a1" speed="max" autoplay></knights-tour>`,
      }))(page);
      await recording(page);
    },
  });
  const fetched = () => page.evaluate(() => performance.getEntriesByType("resource").map(({ name }) => new URL(name).pathname));
  const fullPart = (paths) => paths.filter((path) => /^\/www\/full-layout-[A-Z0-9]{8}\.js$/.test(path));
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("#post").dataset.status));
  assert.deepEqual(fullPart(await fetched()), [], "the compact board fetched no file of the full layout");
  assert.deepEqual(partsIn(await ran(page)), {}, "nor ran any part");
  assert.equal(await page.locator("#post").getByRole("complementary", { name: "Controls" }).count(), 0, "and has no panel");

  await page.evaluate(() => {
    const board = document.createElement("knights-tour");
    board.id = "app";
    board.setAttribute("layout", "full");
    board.setAttribute("board", "6x6");
    document.body.append(board);
  });
  const panel = page.locator("#app").getByRole("complementary", { name: "Controls" });
  await panel.waitFor();
  await page.waitForFunction(() => document.querySelector("#app").dataset.status === "idle");
  assert.equal(fullPart(await fetched()).length, 1, "the full layout's file, once it was asked for");
  assert.deepEqual(Object.keys(partsIn(await ran(page))), ["full", "keys", "count"], "its code, its keys, and its counting's");
  assert.equal(await panel.getByRole("button", { name: "Count from start" }).isVisible(), true);
  assert.equal(await page.locator("#app").getByLabel("Rows").inputValue(), "6", "its panel shows its settings");
  assert.equal(await page.locator("#post").getByRole("complementary", { name: "Controls" }).count(), 0, "the compact board is as it was");
  page.assertClean();
  await page.context().close();
});
