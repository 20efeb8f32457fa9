// What a newcomer meets (issue 18), tried as a person would: on a laptop, a phone, a projector, a
// blog post and a small iframe. Each test failed on the page as it was before the fix it guards.

import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, screenshot, status, useBrowser } from "./harness.js";

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
  const ink = getComputedStyle(element).getPropertyValue("--path-from").trim();
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
