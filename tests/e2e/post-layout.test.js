// A blog post that loads the element with a plain module script (no `blocking="render"`) paints
// its text at once, and its text stays where it was painted when the boards' code arrives: the
// package's stylesheet (pkg/knights-tour.css, the one `"style"` of package.json names) gives
// each board its box before the element is defined, the box the element then fills. The
// element's script is held back for a while, as a slow network would, so that the text is laid
// out without it first; the browser's own account of layout shifts (PerformanceObserver,
// `layout-shift`) must stay at most 0.05, and every paragraph's place on the page must be the
// same before the code and once both boards run.

import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { serveGzipped } from "./gzip-server.js";
import { launch, openPage } from "./harness.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "knights-tour-post-layout-"));
const ctx = {};

/** How long the element's script is held back: long enough that the text is painted without it. */
const HELD_MS = 1500;

before(async () => {
  // The built element (dist/www, as scripts/test builds it) with the package's stylesheet beside it.
  cpSync(path.join(root, "dist", "www"), path.join(scratch, "element"), { recursive: true });
  cpSync(path.join(root, "pkg", "knights-tour.css"), path.join(scratch, "element", "knights-tour.css"));
  const paragraph = "The knight moves two squares one way and one the other. A tour visits every square " +
    "once: the textbook search tries the moves in a fixed order and takes them back when it is stuck.";
  mkdirSync(path.join(scratch, "post"));
  writeFileSync(path.join(scratch, "post", "index.html"), `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Backtracking, explained by a knight</title>
    <style>body { font: 17px/1.6 Georgia, serif; max-width: 680px; margin: 40px auto; padding: 0 16px; }</style>
    <link rel="stylesheet" href="../element/knights-tour.css" />
    <script type="module" src="../element/knights-tour.js"></script>
  </head>
  <body>
    <h1>Backtracking, explained by a knight</h1>
    <p>${paragraph}</p>
    <knights-tour board="5x5" start="a5" heuristic="fixed" speed="4" autoplay></knights-tour>
    <p>${paragraph}</p>
    <knights-tour board="6x6" start="c3" heuristic="roth" speed="30" autoplay></knights-tour>
    <p>${paragraph}</p>
  </body>
</html>
`);
  ctx.server = await serveGzipped(scratch);
  ctx.browser = await launch();
});

after(async () => {
  await ctx.browser?.close();
  await ctx.server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** In the page, before anything of it: the layout shifts the browser reports, summed as CLS counts them (`window.shifted`). */
const observeShifts = () => {
  window.shifted = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifted += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
};

/** Every paragraph's top and the boards' boxes, in page coordinates. */
const layout = (page) => page.evaluate(() => ({
  paragraphs: [...document.querySelectorAll("p")].map((p) => p.getBoundingClientRect().top + scrollY),
  boards: [...document.querySelectorAll("knights-tour")].map((el) => {
    const { top, height } = el.getBoundingClientRect();
    return { top: top + scrollY, height };
  }),
}));

// A phone, a column just under the width at which the bar puts its speed on the buttons' line
// (600 px), and a 680 px column.
const SCREENS = [["a phone", { width: 390, height: 844 }], ["a 560 px screen", { width: 560, height: 800 }], ["a 680 px column", { width: 1280, height: 900 }]];

for (const [name, viewport] of SCREENS) {
  test(`on ${name}, the text is painted before the boards' code and stays put when they run (CLS at most 0.05)`, async () => {
    let release;
    const held = new Promise((resolve) => (release = resolve));
    const page = await openPage(ctx.browser, `${ctx.server.url}post/`, {
      viewport,
      waitUntil: "commit",
      prepare: async (page) => {
        await page.addInitScript(observeShifts);
        await page.route(/\/element\/knights-tour\.js$/, async (route) => {
          await held;
          await route.continue();
        });
      },
      // The text, painted while the element's script is still on its way.
      opened: async (page) => {
        await page.waitForFunction(() => document.querySelectorAll("p").length === 3 && performance.getEntriesByName("first-contentful-paint").length);
      },
    });
    assert.equal(await page.evaluate(() => customElements.get("knights-tour")), undefined, "the element is not defined yet");
    const painted = await layout(page);
    assert.ok(painted.boards.every(({ height }) => height > 250), `each board holds a box before its code arrives: ${JSON.stringify(painted.boards)}`);
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    release();
    // Both boards are live (their code and the core are in), and the first runs; the second, if
    // below the fold, waits to be seen (autoplay starts in view).
    await page.waitForFunction(() => {
      const boards = [...document.querySelectorAll("knights-tour")];
      return boards.every((el) => el.dataset.status && el.dataset.status !== "loading") && boards[0].dataset.status === "running";
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const running = await layout(page);
    for (const [i, top] of painted.paragraphs.entries()) {
      assert.ok(Math.abs(running.paragraphs[i] - top) <= 1, `paragraph ${i + 1} stays where it was painted: ${top} then ${running.paragraphs[i]}`);
    }
    for (const [i, box] of painted.boards.entries()) {
      assert.ok(Math.abs(running.boards[i].height - box.height) <= 1, `board ${i + 1} keeps its box: ${box.height} then ${running.boards[i].height} px tall`);
    }
    const shifted = await page.evaluate(() => window.shifted);
    assert.ok(shifted <= 0.05, `cumulative layout shift ${shifted.toFixed(3)} is at most 0.05`);
    page.assertClean();
    await page.context().close();
  });
}
