// Painting at any size: frames stay short at full speed on big boards and Pause answers at once;
// a big board can be zoomed and panned and a click still picks the square under it; a long thin
// board is folded so that every square shows. The thresholds are loose for a shared 2-core
// machine: `node bench/frames.mjs` reports the real figures.

import assert from "node:assert/strict";
import { test } from "node:test";
import { measure } from "../../bench/frames.mjs";
import { openPage, screenshot, status, useBrowser } from "./harness.js";

const ctx = useBrowser();

/** The board's canvas: its CSS size and how much of it is painted (not transparent). */
const canvasFacts = (page) => page.locator("#board").evaluate((canvas) => {
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
  const box = canvas.getBoundingClientRect();
  return { width: box.width, height: box.height, painted: painted / (data.length / 4) };
});

const view = (page) => page.locator("knights-tour").evaluate((el) => {
  const { zoom, x, y, base } = el.board.painter.view;
  return { zoom, x, y, base };
});

/** The start square's name after a click at (dx, dy) CSS pixels from the canvas's centre. */
async function clickFromCentre(page, dx, dy) {
  const box = await page.locator("#board").boundingBox();
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
  return page.locator("knights-tour").evaluate((el) => el.settings.start);
}

for (const [name, query] of [
  ["200x200 fixed order", "board=200x200&start=0,0&heuristic=fixed"],
  ["1000x1000 Warnsdorff", "board=1000x1000&start=0,0&heuristic=warnsdorff"],
]) {
  test(`${name} at full speed: frames p95 under 50 ms, and Pause answers within 100 ms`, async () => {
    const result = await measure(ctx.browser, ctx.url, { query }, 2);
    assert.ok(result.frames > 20, `only ${result.frames} frames in 2 s`);
    assert.ok(result.p95 < 50, `frame p95 ${result.p95.toFixed(1)} ms (p50 ${result.p50.toFixed(1)})`);
    assert.ok(result.pause !== null, "the run was still going when Pause was pressed");
    assert.ok(result.pause < 100, `Pause took ${result.pause.toFixed(1)} ms (median; worst ${result.pauseMax.toFixed(1)})`);
  });
}

test("1000x1000 by divide: from the click to the tour on screen in under a second", async () => {
  const result = await measure(ctx.browser, ctx.url, { query: "board=1000x1000", tour: true }, 0);
  assert.ok(result.clickToTour < 1000, `click to tour ${result.clickToTour.toFixed(0)} ms`);
});

test("1000x1000: the wheel, the keys and a drag zoom and pan, a click still picks the square under it, and an overview shows where", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&start=500,500&speed=max&autoplay=1`);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  const board = page.locator("#board");
  const box = await board.boundingBox();
  const before = await board.screenshot();
  const { base } = await view(page);

  // The wheel zooms around the pointer.
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await page.mouse.wheel(0, -400);
  await page.waitForFunction(() => document.querySelector("knights-tour").board.painter.view.zoom > 1);
  assert.notDeepEqual(await board.screenshot(), before, "the view changed");

  // The keys: 0 back to the whole board, + six times about the middle.
  await board.focus();
  await page.keyboard.press("0");
  assert.equal((await view(page)).zoom, 1);
  for (let i = 0; i < 6; i++) await page.keyboard.press("+");
  const zoom = 1.5 ** 6;
  assert.ok(Math.abs((await view(page)).zoom - zoom) < 1e-9);
  // Ctrl with an arrow pans and does not step the search.
  const placed = await page.locator("knights-tour").getAttribute("data-placed");
  await page.keyboard.press("Control+ArrowRight");
  assert.ok((await view(page)).x > 0);
  assert.equal(await page.locator("knights-tour").getAttribute("data-placed"), placed);
  await page.keyboard.press("Control+ArrowLeft");
  assert.ok(Math.abs((await view(page)).x - (1000 - 1000 / zoom) / 2) < 1e-6, "back where it was");

  // A drag pans, and is not a click: the run is not started over.
  const cell = base * zoom;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 40, { steps: 5 });
  await page.mouse.up();
  assert.match(await status(page), /tour/, "the drag's click was swallowed");
  // The middle of the board was under the canvas's centre; now what was 80 and 40 px on is. A
  // click in the middle of the square 12 columns right and 3 rows up of that must pick it.
  const [dx, dy] = [12.5 * cell - 80, -2.5 * cell - 40];
  const expected = "497,512";
  await screenshot(page, "paint-1000x1000-zoomed");
  assert.equal(await clickFromCentre(page, dx, dy), expected);
  page.assertClean();
});

test("1000x1000 zoomed in close: move numbers are drawn, and the overview is in the corner", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&start=500,500&speed=max&autoplay=1`);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  const board = page.locator("#board");
  await board.focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press("+");
  const { zoom, base } = await view(page);
  assert.ok(base * zoom >= 26, `${(base * zoom).toFixed(1)} px a square, enough for numbers`);
  assert.equal(await page.locator("knights-tour").evaluate((el) => el.board.painter.imageMode), false);
  await screenshot(page, "paint-1000x1000-numbers");
  page.assertClean();
});

for (const [board, least] of [["3x100000", 0.5], ["8x1000", 0.5], ["3x10000", 0.5], ["3x349525", 0.5], ["1000x8", 0.5]]) {
  test(`${board}: folded into bands, a canvas of sensible size with every square painted`, async () => {
    const page = await openPage(ctx.browser, `${ctx.url}?board=${board}&start=0,0&heuristic=warnsdorff&speed=max&autoplay=1`);
    await page.waitForTimeout(1000); // the search need not finish: the squares are painted either way
    const facts = await canvasFacts(page);
    assert.ok(facts.width >= 200 && facts.height >= 200, `${facts.width}x${facts.height} px`);
    assert.ok(facts.painted > least, `${(facts.painted * 100).toFixed(0)}% painted`);
    // A square in a late band is where the painter says, and a click there picks it (after a
    // turn of the wheel over it, where squares are smaller than a pointer is precise).
    const [rows, cols] = board.split("x").map(Number);
    const square = (rows - 2) * cols + Math.floor(cols * 0.77);
    const where = () => page.locator("knights-tour").evaluate((el, sq) => [...el.board.painter.centre(sq), el.controller.name(sq)], square);
    const box = await page.locator("#board").boundingBox();
    let [x, y] = await where();
    await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.wheel(0, -1500);
    await page.waitForFunction(() => document.querySelector("knights-tour").board.painter.cell > 8);
    const [cx, cy, name] = await where();
    await page.mouse.click(box.x + cx, box.y + cy);
    assert.equal(await page.locator("knights-tour").evaluate((el) => el.settings.start), name);
    if (board === "8x1000" || board === "3x10000") await screenshot(page, `paint-${board}`);
    page.assertClean();
  });
}

test("an embedded 8x1000 (compact layout, the board's own proportions) is folded too, not a strip", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  const size = await page.evaluate(async () => {
    const el = document.createElement("knights-tour");
    el.setAttribute("board", "8x1000");
    el.style.width = "600px";
    document.body.prepend(el);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const box = el.shadowRoot.querySelector("#board").getBoundingClientRect();
    return [el.getAttribute("layout"), box.width, box.height];
  });
  assert.equal(size[0], "compact");
  assert.ok(size[1] >= 300 && size[2] >= 300, `${size[1]}x${size[2]} px`);
  page.assertClean();
});

test("200x200 mid-run: the picture of the search as it goes", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=200x200&start=0,0&heuristic=fixed&speed=max&autoplay=1`);
  await page.waitForTimeout(1500);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  assert.equal(await status(page), "paused");
  await screenshot(page, "paint-200x200-running");
  page.assertClean();
});
