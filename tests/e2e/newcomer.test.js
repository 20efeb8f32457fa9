// What a newcomer meets (issue 18), tried as a person would: on a laptop, a phone, a projector, a
// blog post and a small iframe. Each test failed on the page as it was before the fix it guards.

import assert from "node:assert/strict";
import { test } from "node:test";
import { frames, openPage, screenshot, status, textUnder, useBrowser } from "./harness.js";

const ctx = useBrowser({ blog: true });

/** `read(element, arg)` of the first board, in the page. */
const board = (page, read, arg) => page.locator("knights-tour").first().evaluate(read, arg);

/** The text of `selector` in the first board's shadow root. */
const text = (page, selector) => board(page, (element, selector) => element.shadowRoot.querySelector(selector)?.textContent ?? null, selector);

const untilStatus = (page, statuses, timeout = 30_000) => page.waitForFunction(
  (statuses) => statuses.includes(document.querySelector("knights-tour").dataset.status), statuses, { timeout, polling: 100 });

test("the default speed fits the board: a pace to follow on 8x8, the whole of 1000x1000 within about 20 s, shown as it is", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8`);
  assert.equal(await text(page, ".speed output"), "auto: 10 moves/s");
  // The slider stands where 10 moves a second is on its scale, not at some other default.
  const slider = await board(page, (element) => Number(element.shadowRoot.querySelector("#speed").value));
  assert.equal(slider, Math.round((Math.log10(10) / 6) * 99));

  await page.goto(`${ctx.url}?board=1000x1000&autoplay=1`);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "running");
  assert.match(await text(page, ".speed output"), /^auto: 50\.0\sk moves\/s$/);
  const speed = await board(page, (element) => element.controller.speed);
  assert.ok(1e6 / speed <= 20, `the walk takes ${1e6 / speed} s`);
  // The walk is under way at that pace: a hundred thousand squares in a few seconds, not 452 in 45.
  await page.waitForFunction(() => Number(document.querySelector("knights-tour").dataset.placed) >= 100_000, null, { timeout: 30_000, polling: 200 });
  assert.equal(new URL(page.url()).searchParams.get("speed"), null, "auto is the default: no speed in the link");
  await screenshot(page, "newcomer-speed-1000x1000");

  // A speed in the link is kept, and shown without "auto"; moving the slider makes it one.
  await page.goto(`${ctx.url}?board=1000x1000&speed=10`);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  assert.equal(await text(page, ".speed output"), "10 moves/s");
  assert.equal(await board(page, (element) => element.controller.speed), 10);
  await page.locator("knights-tour #speed").fill("66");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("speed") === "10000");
  assert.match(await text(page, ".speed output"), /^10\.0\sk moves\/s$/);
  page.assertClean();
});

test("an embedded board with a speed attribute keeps it, and one without walks at the board's pace", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  const speeds = await page.evaluate(() => [...document.querySelectorAll("knights-tour")].map((element) => [element.id, element.controller.speed]));
  assert.deepEqual(speeds, [["fixed", Infinity], ["roth", 300]]);
  await page.evaluate(() => document.querySelector("#roth").removeAttribute("speed"));
  await page.waitForFunction(() => document.querySelector("#roth").controller.speed === 10);
  page.assertClean();
});

/**
 * The depth chart's ink, pixel column by pixel column: for each column of the chart's canvas,
 * how many of its pixels are in the path's colour. A line is a few pixels a column; a block is
 * the chart's height.
 */
const chartInk = (page) => board(page, (element) => {
  const canvas = element.shadowRoot.querySelector(".chart");
  const { width, height } = canvas;
  const pixels = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  const ink = getComputedStyle(element).getPropertyValue("--kt-path-from").trim();
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(ink.slice(i, i + 2), 16));
  const columns = [];
  for (let x = 0; x < width; x++) {
    let count = 0;
    for (let y = 0; y < height; y++) {
      const at = 4 * (y * width + x);
      if (Math.abs(pixels[at] - r) + Math.abs(pixels[at + 1] - g) + Math.abs(pixels[at + 2] - b) < 40) count++;
    }
    columns.push(count);
  }
  return { height, columns };
});

/** The share of the chart's pixel columns with ink, and the tallest run of ink in one. */
function shape({ height, columns }) {
  const inked = columns.filter((count) => count > 0);
  return { inked: inked.length / columns.length, tallest: Math.max(...inked) / height };
}

test("the depth chart keeps its shape at full speed: a walk without take-backs is a rising line, a search a sawtooth", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&heuristic=warnsdorff&speed=max&teach=1&autoplay=1`, { viewport: { width: 1280, height: 900 } });
  await untilStatus(page, ["tour"]);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const line = shape(await chartInk(page));
  assert.ok(line.inked > 0.9, `the line crosses the chart: ${JSON.stringify(line)}`);
  assert.ok(line.tallest < 0.1, `a line, not a block: ${JSON.stringify(line)}`);
  await screenshot(page, "newcomer-chart-max");

  // The speed raised mid-run: the moves walked slowly, then the rest at once.
  await page.goto(`${ctx.url}?board=8x8&heuristic=warnsdorff&speed=20&teach=1&autoplay=1`);
  await page.waitForFunction(() => Number(document.querySelector("knights-tour").dataset.placed) >= 5, null, { polling: 50 });
  await page.locator("knights-tour #speed").fill("100");
  await untilStatus(page, ["tour"]);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const raised = shape(await chartInk(page));
  assert.ok(raised.tallest < 0.1, `still a line after raising the speed: ${JSON.stringify(raised)}`);

  // A backtracking search at full speed: ink up and down, but not a solid block either.
  await page.goto(`${ctx.url}?board=6x6&start=a6&heuristic=fixed&speed=max&teach=1&budget=200000&autoplay=1`);
  await untilStatus(page, ["budget", "tour"]);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const sawtooth = shape(await chartInk(page));
  assert.ok(sawtooth.inked > 0.9 && sawtooth.tallest > 0.1, `a sawtooth: ${JSON.stringify(sawtooth)}`);
  await screenshot(page, "newcomer-chart-sawtooth");
  page.assertClean();
});

test("a closed tour that reaches every square but cannot close: not called stuck at once, then said as it is", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=50x50&start=49,0&closed=1&heuristic=warnsdorff&speed=max&teach=1`);
  // When the search started and when it was first called stuck, on the page's clock.
  await board(page, (element) => {
    window.times = {};
    new MutationObserver(() => {
      const now = performance.now();
      if (element.dataset.status === "running") window.times.running ??= now;
      if (element.hasAttribute("data-stuck")) window.times.stuck ??= now;
    }).observe(element, { attributes: true });
  });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").hasAttribute("data-stuck"), null, { timeout: 60_000, polling: 100 });
  const { running, stuck } = await page.evaluate(() => window.times);
  // Millions of events in under a second are no reason yet: it takes seconds of watching.
  assert.ok(stuck - running >= 4000, `called stuck ${Math.round(stuck - running)} ms after it started`);
  const words = await text(page, ".stuck-words");
  assert.match(words, /^Stuck: every square was reached \(a path of all 2,500, [\d.]+\s[kMB]? ?events ago\), but no such path has closed/);
  assert.doesNotMatch(words, /2,500 of 2,500/);
  assert.match(await text(page, ".status"), /every square was reached, but no path so far closes/);
  assert.match(await text(page, ".stall-note"), /the path first held every square/);
  await screenshot(page, "newcomer-stuck-closed");
  page.assertClean();
});

test("Knuth's estimate counts the take-backs in its time, and shows under Depth as well as under Tree", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a1&heuristic=fixed&speed=10&teach=1`, { viewport: { width: 1280, height: 900 } });
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".estimate").textContent !== "");
  assert.equal(await board(page, (element) => element.shadowRoot.querySelector(".chart").hidden), false, "the depth chart is shown");
  const words = await text(page, ".estimate");
  const match = /about ([\d.]+)\sB placements \(2,000 random paths\), and as many take-backs: ([\d.]+)\sB moves in all\. At 10 moves a second, all of it would take about (\d+) years\./.exec(words);
  assert.ok(match, words);
  const [placements, moves, years] = match.slice(1).map(Number);
  assert.ok(Math.abs(moves / placements - 2) < 0.01, `moves are placements and take-backs: ${words}`);
  const expected = (moves * 1e9) / 10 / (365.25 * 86400);
  assert.ok(Math.abs(years - expected) / expected < 0.02, `${years} years for ${moves} B moves at 10 a second (${expected.toFixed(1)})`);
  await page.getByRole("button", { name: "Tree", exact: true }).click();
  assert.equal(await text(page, ".estimate"), words, "the same estimate under Tree");
  page.assertClean();
});

test("words: the setting named, one placement, one way to write a board, no timeline where nothing moved", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?restarts=5&heuristic=fixed`);
  const notice = await text(page, ".notice span");
  assert.match(notice, /restarts="5": restarts need the random heuristic/);
  assert.doesNotMatch(notice, /null|undefined/);

  await page.goto(`${ctx.url}?board=1x1&heuristic=warnsdorff&autoplay=1`);
  await untilStatus(page, ["tour"]);
  assert.match(await text(page, ".status"), /in 1 placement and 0 backtracks\./);

  for (const query of ["board=3x4&closed=1&heuristic=fixed", "board=3x3&heuristic=fixed", "board=4x8&start=b2&heuristic=fixed", "board=5x5&start=b1&heuristic=fixed"]) {
    await page.goto(`${ctx.url}?${query}&autoplay=1&teach=1`);
    await untilStatus(page, ["impossible", "no-tour"]);
    const status = await text(page, ".status");
    assert.doesNotMatch(status, /\dx\d/, `one way to write a board: ${status}`);
    assert.match(status, /\d×\d/);
    // A theorem settled it: no move was made, so there is nothing to step back through.
    assert.doesNotMatch(await text(page, ".why"), /Step back|timeline/, query);
  }
  page.assertClean();
});

test("a race board does not suggest what races beside it", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&race=fixed,warnsdorff&speed=max`);
  await page.locator("#race-second").evaluate((element) => element.dataset.status);
  await page.getByRole("button", { name: "Play both" }).click();
  await page.waitForFunction(() => document.querySelector("#race-second").dataset.status === "tour", null, { timeout: 30_000 });
  const words = await page.locator("#race-second").evaluate((element) => element.shadowRoot.querySelector(".status").textContent);
  assert.match(words, /^Found an open tour from a1/);
  assert.doesNotMatch(words, /fixed order/, words);
  page.assertClean();
});

test("Copy says it copied, and Play after the end says Replay and keeps the run's time", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a5&heuristic=fixed&speed=max`);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: ctx.url });
  await page.getByRole("button", { name: "Copy link" }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".copied").textContent !== "");
  assert.equal(await text(page, ".copied"), "Copied the link.");
  assert.equal(await page.getByRole("status").filter({ hasText: "Copied" }).count(), 1, "said to a screen reader too");

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await untilStatus(page, ["tour"]);
  const first = await text(page, "[data-counter=elapsed]");
  const placed = await status(page) && await page.locator("knights-tour").getAttribute("data-placed");
  await page.getByRole("button", { name: "Replay", exact: true }).click();
  await untilStatus(page, ["running", "paused", "tour"]);
  await untilStatus(page, ["tour"]);
  assert.equal(await text(page, "[data-counter=elapsed]"), first, "the time the run took, kept");
  assert.equal(await page.locator("knights-tour").getAttribute("data-placed"), placed, "the same run again");
  assert.equal(await page.getByRole("button", { name: "Replay", exact: true }).count(), 1);
  page.assertClean();
});

/** The distinct colours among the board canvas's pixels in a box of its middle, `size` CSS px a side. */
const boardColours = (page, size = 120) => board(page, (element, size) => {
  const canvas = element.shadowRoot.querySelector("#board");
  const ratio = canvas.width / canvas.clientWidth;
  const side = Math.round(size * ratio);
  const [x, y] = [Math.round((canvas.width - side) / 2), Math.round((canvas.height - side) / 2)];
  const pixels = canvas.getContext("2d").getImageData(x, y, side, side).data;
  const seen = new Set();
  for (let i = 0; i < pixels.length; i += 4) seen.add(`${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`);
  return seen.size;
}, size);

test("a huge board shows no false checkerboard: below two pixels a square, one flat tint and the path", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000`);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await boardColours(page), 1, "an empty 1000x1000 is one tint, not an aliased checkerboard");
  await screenshot(page, "newcomer-1000x1000-empty");
  // Zoomed in until a square is several pixels, the squares are checkered again.
  await page.locator("knights-tour #board").focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press("+");
  await page.waitForFunction(() => document.querySelector("knights-tour").board.painter.cell >= 3);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.ok(await boardColours(page) >= 2, "zoomed in, the checkering is back");
  page.assertClean();
});

test("10x3 is one board with every rank labelled; a board too long to see is folded, every band named", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=10x3&speed=max&autoplay=1`);
  await untilStatus(page, ["tour", "closed-tour"]);
  const layout = () => board(page, (element) => {
    const { painter } = element.board;
    return { count: painter.grid.count, cell: painter.cell, drawn: painter.axes.drawn };
  });
  const tall = await layout();
  assert.equal(tall.count, 1, "one board, not two");
  assert.deepEqual(tall.drawn.ranks, ["10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]);
  assert.deepEqual(tall.drawn.files, ["a", "b", "c"]);
  await screenshot(page, "newcomer-10x3");

  // 8x1000 would have squares of half a pixel: folded, and each band says which files it holds.
  await page.goto(`${ctx.url}?board=8x1000&speed=max&autoplay=1`);
  await untilStatus(page, ["tour", "closed-tour"]);
  const wide = await layout();
  assert.ok(wide.count > 1 && wide.cell >= 4, JSON.stringify(wide));
  assert.equal(wide.drawn.ranks.length, wide.count, `every band named: ${wide.drawn.ranks}`);
  // Named by their files, as the squares are: the first band from a, the last to all (the 1000th).
  assert.equal(wide.drawn.ranks[0].split("–")[0], "a");
  assert.equal(wide.drawn.ranks.at(-1).split("–")[1], "all");
  await screenshot(page, "newcomer-8x1000");
  page.assertClean();
});

/** A phone: 390×844 CSS pixels at 3 device pixels each, touch, on `url`. */
async function phone(url, prepare) {
  const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  await prepare?.(page);
  await page.goto(url);
  await page.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((element) => element.live));
  page.assertClean = () => assert.deepEqual(problems, []);
  return page;
}

/** A touch gesture through the browser's own input: `steps` of touch points, the first pressed, the last lifted. */
async function touch(page, steps) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: steps[0] });
  for (const points of steps.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  // Each event is handled by the time the browser says it is dispatched; what the moves scrolled
  // or zoomed is on screen in the frames after.
  await frames(page);
}

/** Notes when the page's scroll comes to rest: `window.scrollEnded`. */
const noteScrollEnd = (page) => page.addInitScript(() => addEventListener("scrollend", () => (window.scrollEnded = true)));

test("on a phone, a swipe that starts on the board scrolls the page; a pinch zooms the board, and then a drag pans it", async () => {
  const page = await phone(`${ctx.blogUrl}blog/post/`, noteScrollEnd);
  const canvas = await page.locator("#fixed #board").boundingBox();
  assert.ok(canvas.width > 300 && canvas.width < 390, `the board is most of the phone's width: ${canvas.width}`);
  const [x, y] = [canvas.x + canvas.width / 2, canvas.y + canvas.height / 2];
  const view = () => page.locator("#fixed").evaluate((element) => {
    const { zoom, x, y } = element.board.painter.view;
    return { zoom, x, y };
  });
  // One finger, up across the board: the page scrolls, the board stays as it was.
  await touch(page, Array.from({ length: 11 }, (_, i) => [{ x, y: y + 60 - 12 * i }]));
  await page.waitForFunction(() => window.scrollEnded); // a swipe's scroll glides on after the finger lifts
  assert.ok(await page.evaluate(() => scrollY) > 60, `the page scrolled ${await page.evaluate(() => scrollY)} px`);
  assert.deepEqual(await view(), { zoom: 1, x: 0, y: 0 });
  await page.evaluate(() => scrollTo(0, 0));
  // Two fingers apart: the board zooms, the page stays.
  await touch(page, Array.from({ length: 11 }, (_, i) => [{ x: x - 20 - 6 * i, y, id: 0 }, { x: x + 20 + 6 * i, y, id: 1 }]));
  const zoomed = await view();
  assert.ok(zoomed.zoom > 1.2, `pinched to ${zoomed.zoom}`);
  assert.equal(await page.evaluate(() => scrollY), 0);
  // Zoomed in, one finger drags the board, not the page.
  await touch(page, Array.from({ length: 11 }, (_, i) => [{ x: x + 40 - 8 * i, y: y + 40 - 8 * i }]));
  const panned = await view();
  assert.ok(panned.x > zoomed.x && panned.y > zoomed.y, `panned from ${JSON.stringify(zoomed)} to ${JSON.stringify(panned)}`);
  assert.equal(await page.evaluate(() => scrollY), 0);
  await screenshot(page, "newcomer-phone-zoomed");
  page.assertClean();
});

/** Records every height each `knights-tour` and its board's canvas take, from the page's first frame. */
const watchHeights = (page) => page.addInitScript(() => {
  window.heights = {};
  const note = (key, height) => (window.heights[key] ??= new Set()).add(Math.round(height));
  const watch = new ResizeObserver((entries) => {
    for (const entry of entries) note(entry.target.dataset.watch, entry.contentRect.height);
  });
  const look = () => document.querySelectorAll("knights-tour").forEach((element, i) => {
    if (element.dataset.watch) return;
    element.dataset.watch = `board ${element.id || i}`;
    watch.observe(element);
    const canvas = element.shadowRoot?.querySelector("#board");
    if (canvas) {
      canvas.dataset.watch = `canvas ${element.id || i}`;
      watch.observe(canvas);
    }
  });
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
});

const heights = (page) => page.evaluate(() => Object.fromEntries(Object.entries(window.heights).map(([key, set]) => [key, [...set]])));

test("an embed keeps its height while a run goes and when it ends: two boards in a post on a phone, a 320×360 iframe", async () => {
  const page = await phone(`${ctx.blogUrl}blog/post/`, watchHeights);
  // Read through: each board runs once it comes into view.
  for (const id of ["fixed", "roth"]) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((id) => ["tour", "closed-tour"].includes(document.getElementById(id).dataset.status), id);
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const seen = await heights(page);
  for (const id of ["fixed", "roth"]) assert.equal(seen[`board ${id}`].length, 1, `${id} took heights ${seen[`board ${id}`]}`);
  page.assertClean();

  // Filling a small iframe, the board has what the bar leaves: the same before, during and after.
  const frame = await phone(`${ctx.url}?board=8x8&start=a1&speed=40&autoplay=1&embed=1`, watchHeights);
  await frame.setViewportSize({ width: 320, height: 360 });
  await frame.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status), null, { timeout: 30_000 });
  await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const during = await frame.locator("knights-tour #board").boundingBox();
  await frame.evaluate(() => { window.heights = {}; document.querySelectorAll("[data-watch]").forEach((el) => delete el.dataset.watch); });
  // A run that ends at once, in the longest words: a theorem, not a search.
  await frame.goto(`${ctx.url}?board=4x4&start=a1&embed=1`);
  await frame.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const before = await frame.locator("knights-tour #board").boundingBox();
  await frame.getByRole("button", { name: "Play", exact: true }).click();
  await frame.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "impossible");
  await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const after = await frame.locator("knights-tour #board").boundingBox();
  assert.equal(after.height, before.height, "the board keeps its size when the longest words come");
  // A verdict before any move leaves nothing to replay: Play stays Play, and waits for a square.
  assert.equal(await frame.getByRole("button", { name: "Play", exact: true }).isDisabled(), true);
  assert.equal(await frame.getByRole("button", { name: "Replay", exact: true }).count(), 0);
  // The bar's rows (buttons, speed, three lines of status, the Play it yourself switch) leave the
  // board about 140 px; a status that wraps at the end took it down to 120.
  assert.ok(during.height >= 136, `the 8x8 board is ${during.height} px tall in 320×360`);
  await screenshot(frame, "newcomer-embed-320x360-impossible");

  // A box of 300×250, shorter than the bar: the board keeps more than half of it (it was 2 px
  // tall), and the bar scrolls in the rest, its last line within reach.
  await frame.setViewportSize({ width: 300, height: 250 });
  await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const tiny = await frame.locator("knights-tour #board").boundingBox();
  assert.ok(tiny.height >= 90, `the 4x4 board is ${tiny.height} px tall in 300×250`);
  const last = frame.getByLabel("Play it yourself");
  await last.scrollIntoViewIfNeeded();
  const reached = await last.boundingBox();
  assert.ok(reached.y >= tiny.y + tiny.height && reached.y + reached.height <= 250, `the bar's last line at ${reached.y}`);
  await screenshot(frame, "newcomer-embed-300x250");
  frame.assertClean();
});

for (const [name, viewport, deviceScaleFactor] of [["1024x768", { width: 1024, height: 768 }, 1], ["1024x768 at 120% zoom", { width: 853, height: 640 }, 1.2], ["800x600", { width: 800, height: 600 }, 1]]) {
  test(`large text on a projector, ${name}: every word 20 px or more, the board and the algorithm in one screen`, async () => {
    const context = await ctx.browser.newContext({ viewport, deviceScaleFactor });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    await page.goto(`${ctx.url}?board=8x8&start=a1&heuristic=warnsdorff&teach=1&projector=1`);
    await page.waitForFunction(() => document.querySelector("knights-tour")?.dataset.status === "idle");
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".why").textContent.includes("in the order tried"));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.deepEqual(await textUnder(page, 19.9), [], "no word under 20 px");
    const seen = await page.evaluate(() => {
      const element = document.querySelector("knights-tour");
      const box = (selector) => element.shadowRoot.querySelector(selector).getBoundingClientRect().toJSON();
      return { board: box("#board"), algorithm: box(".pseudocode-box"), labels: element.board.painter.axes.size, width: innerWidth, height: innerHeight, scrollY };
    });
    const inView = ({ left, top, right, bottom }) => left >= 0 && top >= 0 && right <= seen.width + 0.5 && bottom <= seen.height + 0.5;
    assert.equal(seen.scrollY, 0);
    assert.ok(inView(seen.board), `the board ${JSON.stringify(seen.board)} is not all in ${seen.width}×${seen.height}`);
    assert.ok(inView(seen.algorithm), `the algorithm ${JSON.stringify(seen.algorithm)} is not all in ${seen.width}×${seen.height}`);
    assert.ok(seen.board.right <= seen.algorithm.left, "side by side");
    assert.ok(seen.board.height >= 280, `the board is ${seen.board.height} px`);
    assert.ok(seen.labels >= 20, `the edges' labels are ${seen.labels} px`);
    await screenshot(page, `newcomer-projector-${name.replace(/\W+/g, "-")}`);
    // The tree's labels are large too.
    await page.getByRole("button", { name: "Tree", exact: true }).click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const treeFont = await page.evaluate(() => document.querySelector("knights-tour").shadowRoot.querySelector(".tree").getContext("2d").font);
    assert.ok(parseFloat(treeFont) >= 20, `tree labels in ${treeFont}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test("large text is a setting: the panel's checkbox, the link's projector=1, an attribute", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&teach=1`, { viewport: { width: 1024, height: 768 } });
  assert.ok((await textUnder(page, 19.9)).length > 0, "small text until asked");
  await page.getByLabel("Large text (projector)").check();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("projector") === "1");
  assert.deepEqual(await textUnder(page, 19.9), []);
  await page.getByLabel("Large text (projector)").uncheck();
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("projector"));
  await page.goto(`${ctx.blogUrl}blog/post/`);
  await page.waitForFunction(() => document.querySelector("#fixed").live);
  await page.evaluate(() => document.querySelector("#fixed").setAttribute("projector", ""));
  await page.waitForFunction(() => document.querySelector("#fixed").hasAttribute("data-projector"));
  const status = await page.locator("#fixed").evaluate((element) => parseFloat(getComputedStyle(element.shadowRoot.querySelector(".status")).fontSize));
  assert.ok(status >= 20, `an embedded board's status at ${status} px`);
  page.assertClean();
});
