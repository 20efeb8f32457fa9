// Embedding and sharing: the custom element in a blog post served from a sub-path, links that
// carry every setting, junk that falls back to defaults, and the exports.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { clickSquare, frames, hosted, openPage, post, screenshot, useBrowser } from "./harness.js";

const ctx = useBrowser({ blog: true });

const finished = (selector) => (sel) => !["idle", "running", "paused"].includes(document.querySelector(sel)?.dataset.status ?? "idle");

test("a blog post with two elements and an iframe: all three run to the end, independently, each once the reader scrolls to it", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  await page.waitForFunction(finished(), "#fixed", { timeout: 30_000 });
  // Below the fold, each waits for the reader (offscreen.test.js has the details).
  assert.equal(await page.locator("#roth").getAttribute("data-placed"), "0");
  await page.locator("#roth").scrollIntoViewIfNeeded();
  await page.waitForFunction(finished(), "#roth", { timeout: 30_000 });
  const frame = page.frameLocator("#frame");
  await page.locator("#frame").scrollIntoViewIfNeeded();
  await frame.locator("knights-tour[data-status=tour], knights-tour[data-status=closed-tour]").waitFor({ timeout: 30_000 });

  const fixed = page.locator("#fixed");
  assert.equal(await fixed.getAttribute("data-status"), "tour");
  assert.equal(await fixed.getAttribute("data-placed"), "8840", "5x5 fixed order from a5: the textbook count");
  const roth = page.locator("#roth");
  assert.ok(["tour", "closed-tour"].includes(await roth.getAttribute("data-status")));
  assert.equal(await roth.getAttribute("data-theme"), "dark");
  assert.equal(await roth.locator("#board").evaluate((c) => c.getRootNode().host.path.length), 36);
  assert.equal(await frame.locator("knights-tour").getAttribute("data-placed"), "64");
  await screenshot(page, "blog-post");
  page.assertClean();
});

test("attributes changed later take effect", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  await page.waitForFunction(finished(), "#fixed", { timeout: 30_000 });
  await page.locator("#fixed").evaluate((el) => {
    el.setAttribute("board", "6x6");
    el.setAttribute("start", "a6");
  });
  await page.waitForFunction(() => {
    const el = document.querySelector("#fixed");
    return el.dataset.status === "tour" && el.path.length === 36;
  }, null, { timeout: 30_000 });
  // 6x6 fixed order from a6 (0,0) places 248,169 squares.
  assert.equal(await page.locator("#fixed").getAttribute("data-placed"), "248169");
  page.assertClean();
});

test("heuristic=\"divide\" as an attribute: an embedded board builds its tour and walks it", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  await page.waitForFunction(finished(), "#fixed", { timeout: 30_000 });
  await page.locator("#fixed").evaluate((el) => {
    const seen = new Set();
    new MutationObserver(() => el.dataset.phase && seen.add(el.dataset.phase)).observe(el, { attributes: true });
    window.seenPhases = seen;
    el.setAttribute("board", "12x12");
    el.setAttribute("start", "c3");
    el.setAttribute("speed", "2000");
    el.setAttribute("heuristic", "divide");
  });
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("#fixed").dataset.status), null, { timeout: 10_000 });
  const fixed = page.locator("#fixed");
  assert.equal(await fixed.getAttribute("data-placed"), "144");
  assert.equal(await fixed.getAttribute("data-backtracks"), "0");
  assert.deepEqual(await page.evaluate(() => [...window.seenPhases]), ["pieces", "seams", "walk"]);
  assert.match(await fixed.locator(".status").textContent(), /by divide and conquer: 4 pieces joined at 3 seams/);
  page.assertClean();
});

test("a link restores every setting exactly, and the address bar follows changes", async () => {
  const search = "?board=6x6&start=c3&heuristic=pohl&backtracking=0&closed=1&prune=1&speed=250&theme=dark";
  const page = await openPage(ctx.browser, `${ctx.url}${search}`);
  const board = page.locator("knights-tour");
  assert.equal(await page.getByLabel("Rows").inputValue(), "6");
  assert.equal(await page.getByLabel("Columns").inputValue(), "6");
  assert.equal(await page.getByLabel("Heuristic").inputValue(), "pohl");
  assert.equal(await page.getByLabel("Backtracking").isChecked(), false);
  assert.equal(await page.getByLabel("Closed tour").isChecked(), true);
  assert.equal(await page.getByLabel("Dead-end pruning").isChecked(), true);
  assert.equal(await board.locator("output[for=speed]").textContent(), "250 moves/s");
  assert.equal(await board.getAttribute("data-theme"), "dark");
  assert.match(await board.locator(".status").textContent(), /Ready to start from c3/);
  assert.equal(new URL(page.url()).search, search, "the canonical link is the one opened");

  const history = await page.evaluate(() => history.length);
  await page.getByLabel("Heuristic").selectOption("fixed");
  // Each choice says what it does, in the core's words.
  assert.equal(await page.getByLabel("Heuristic").locator("option[value=warnsdorff]").getAttribute("title"),
    "Warnsdorff: moves to the square with the fewest onward moves (Warnsdorff 1823).");
  assert.equal(new URL(page.url()).search, search.replace("pohl", "fixed"));
  await page.getByRole("button", { name: "5×5" }).click();
  // The start stays the square the board calls it, c3, its row counted from the bottom.
  assert.match(page.url(), /board=5x5&start=c3&heuristic=fixed/);
  assert.match(await board.locator(".status").textContent(), /Ready to start from c3/);
  // Taller, it is still c3 (not the square as far from the top); too small a board drops it.
  await page.getByRole("button", { name: "10×10" }).click();
  assert.match(page.url(), /board=10x10&start=c3&/);
  await page.getByRole("button", { name: "3×4" }).click();
  assert.match(page.url(), /board=3x4&start=c3&/);
  await page.getByLabel("Rows").fill("2");
  await page.getByLabel("Rows").press("Enter");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("board") === "2x4");
  assert.doesNotMatch(page.url(), /start=/);
  assert.equal(await page.evaluate(() => history.length), history, "the history is not filled");
  page.assertClean();
});

test("junk parameters show a notice and a working default board", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=0x0&start=zz99&heuristic=%3Cscript%3E&speed=fast&wat=1`);
  const notice = page.locator("knights-tour .notice");
  await notice.waitFor();
  const text = await notice.textContent();
  // In sight without a scroll, in a desktop window 860 px tall.
  const box = await notice.boundingBox();
  assert.ok(box.y + box.height <= 860, `the notice ends at ${box.y + box.height} px`);
  for (const part of ['board="0x0"', 'start="zz99"', 'heuristic="<script>": unknown heuristic', "expected one of divide, fixed, warnsdorff, roth, pohl, random",
    'speed="fast"', "(0.1 to 10,000,000)", '"wat" is not a setting']) {
    assert.ok(text.includes(part), `${part} in: ${text}`);
  }
  assert.equal(await page.getByLabel("Rows").inputValue(), "8");
  assert.equal(new URL(page.url()).search, "", "the address bar shows what is in force");
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 7, 0);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  await screenshot(page, "junk-parameters");
  page.assertClean();
});

test("embed=1 is just the board and a bar, filling the frame without scrolling", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?embed=1&board=5x5&start=a5`, { viewport: { width: 420, height: 500 } });
  assert.equal(await page.locator(".masthead").isVisible(), false);
  assert.equal(await page.getByLabel("Rows").count(), 0, "no full panel");
  const scroll = await page.evaluate(() => document.scrollingElement.scrollHeight - innerHeight);
  assert.ok(scroll <= 0, `the page scrolls by ${scroll}px`);
  const link = page.getByRole("link", { name: /full app/i });
  const href = await link.getAttribute("href");
  assert.equal(href, `${ctx.url}?board=5x5&start=a5`);
  page.assertClean();
});

async function runSixBySix(page) {
  await page.getByRole("button", { name: "6×6" }).click();
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 0, 0);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
}

async function exported(page, name) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name, exact: true }).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), "utf8") };
}

test("exports: SVG with a vertex per square, JSON in the command line's shape, moves, PNG", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await runSixBySix(page);

  const drawing = await exported(page, "SVG");
  assert.equal(drawing.name, "knights-tour-6x6-a6.svg");
  const vertices = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    if (doc.querySelector("parsererror")) return -1;
    const line = doc.querySelector("polyline, polygon");
    return line.getAttribute("points").trim().split(/\s+/).length;
  }, drawing.text);
  assert.equal(vertices, 36);

  const json = JSON.parse((await exported(page, "JSON")).text);
  assert.deepEqual(Object.keys(json), ["rows", "cols", "start", "heuristic", "closed", "outcome", "reason", "tour", "stats"]);
  assert.deepEqual(Object.keys(json.stats), ["placements", "backtracks", "elapsed_ms"]);
  assert.deepEqual(json.start, [0, 0]);
  assert.ok(["tour", "closed-tour"].includes(json.outcome));
  assert.equal(json.tour.length, 36);
  assert.equal(new Set(json.tour.map(([r, c]) => r * 6 + c)).size, 36, "every square once");
  for (let i = 1; i < json.tour.length; i++) {
    const [dr, dc] = [Math.abs(json.tour[i][0] - json.tour[i - 1][0]), Math.abs(json.tour[i][1] - json.tour[i - 1][1])];
    assert.ok((dr === 1 && dc === 2) || (dr === 2 && dc === 1), `move ${i} is a knight's move`);
  }

  const moves = (await exported(page, "Moves")).text.trim().split("\n");
  assert.equal(moves.length, 36);
  assert.equal(moves[0], "a6");

  const image = await exported(page, "PNG");
  assert.equal(image.name, "knights-tour-6x6-a6.png");
  page.assertClean();
});

test("share: the link, the iframe and the element for the current settings; the element's snippet makes a post that paints its text at once", async () => {
  const context = await ctx.browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${ctx.url}?board=5x5&start=a5&heuristic=fixed&speed=4`);
  await page.locator("knights-tour[data-status]").waitFor();
  const snippet = page.locator("knights-tour .snippet");

  await page.getByRole("button", { name: "Copy link" }).click();
  assert.equal(await snippet.inputValue(), page.url());
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());

  await page.getByRole("button", { name: "Copy iframe" }).click();
  assert.match(await snippet.inputValue(), /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?board=5x5&amp;start=a5&amp;heuristic=fixed&amp;speed=4&amp;embed=1"/);

  await page.getByRole("button", { name: "Copy element" }).click();
  const element = await snippet.inputValue();
  assert.match(element, /^<link rel="stylesheet" href="http:\/\/127\.0\.0\.1:\d+\/www\/knights-tour\.css" \/>\n/);
  assert.match(element, /\n<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/www\/knights-tour\.js"><\/script>\n/);
  assert.match(element, /<knights-tour board="5x5" start="a5" heuristic="fixed" speed="4"><\/knights-tour>$/);
  assert.doesNotMatch(element, /blocking/, "nothing holds the post's first paint");

  // A post made of the snippet between paragraphs: its board takes its box before its code is in
  // (the script held back), and runs once it is.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/www/knights-tour.js", async (route) => { await held; await route.continue(); });
  const url = `${ctx.url}a-post.html`;
  await hosted(url, post({ head: "", body: `<main style="max-width:560px">\n<p>Before.</p>\n${element}\n<p id="after">After.</p>\n</main>` }))(page);
  // Not to its load, nor its DOMContentLoaded: both wait for the module script held back.
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("#after").waitFor();
  await frames(page);
  const after = async () => (await page.locator("#after").boundingBox()).y;
  const box = await page.locator("knights-tour").boundingBox();
  assert.ok(box.height > 200, `the board's box is held before its code arrives: ${box.height} px`);
  const before = await after();
  release();
  await page.locator("knights-tour").getByRole("button", { name: "Play" }).click();
  await page.waitForFunction(() => (document.querySelector("knights-tour")?.dataset.status ?? "idle") !== "idle");
  assert.equal(await after(), before, "the text after the board did not move when it came");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a compact board's Save menu, by keyboard: PNG and GIF, the GIF's part loaded only then, its progress and words in the bar", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  await page.waitForFunction(finished(), "#fixed", { timeout: 30_000 });
  const board = page.locator("#fixed");
  // Which code runs when is parts.test.js's to read from V8's coverage; here, the board's parts.
  const loaded = () => board.evaluate((el) => el.parts.get("export") !== null);
  assert.equal(await loaded(), false, "no GIF's part before a GIF is asked for");
  const save = board.getByRole("button", { name: "Save" });
  const menu = board.getByRole("menu", { name: "Save" });
  const focused = () => board.evaluate((el) => el.shadowRoot.activeElement?.textContent ?? null);
  await save.focus();
  await page.keyboard.press("Enter");
  await menu.waitFor(); // the menu's code comes when the reader first reaches for the bar (controls.js)
  assert.equal(await save.getAttribute("aria-expanded"), "true");
  assert.equal(await focused(), "PNG image", "the first item has focus");
  await page.keyboard.press("ArrowDown");
  assert.equal(await focused(), "GIF animation");
  await page.keyboard.press("ArrowDown");
  assert.equal(await focused(), "PNG image", "round again");
  await page.keyboard.press("Escape");
  assert.equal(await menu.isVisible(), false);
  assert.match(await focused(), /^Save/, "Escape gives focus back to the button");
  assert.equal(await board.getAttribute("data-status"), "tour", "no key reached the board's shortcuts");

  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 120_000 }), page.keyboard.press("Enter")]);
  assert.equal(download.suggestedFilename(), "knights-tour-5x5-a5.gif");
  assert.equal(readFileSync(await download.path()).subarray(0, 6).toString("latin1"), "GIF89a");
  assert.equal(await menu.isVisible(), false, "chosen, the menu closes");
  assert.equal(await loaded(), true);
  await board.locator(".export-progress p", { hasText: /^GIF saved: 300×300, \d+ kB\.$/ }).waitFor();

  await save.click();
  const [picture] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: "PNG image" }).click()]);
  assert.equal(picture.suggestedFilename(), "knights-tour-5x5-a5.png");
  assert.equal(await board.locator(".export-progress p").textContent(), "Saved knights-tour-5x5-a5.png.");
  await board.scrollIntoViewIfNeeded();
  await save.click();
  await screenshot(page, "embed-save-menu", { zoomed: true });
  await page.mouse.click(5, 5); // a press anywhere else closes it
  assert.equal(await menu.isVisible(), false);
  page.assertClean();
});
