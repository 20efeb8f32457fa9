// Painting at any size: at full speed on big boards the search goes on a slice a frame and the
// board is drawn every frame, and Pause answers at once; a big board can be zoomed and panned and
// a click still picks the square under it; a long thin board is folded so that every square shows;
// and the picture of a search, read back off the screen, has every square in its right colour.
// How long the frames take is `node bench/frames.mjs`'s to measure, not a test's: the machine is
// shared, and a bound loose enough for its noise would catch nothing.

import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, quiet, screenshot, status, useBrowser } from "./harness.js";
import { boardOnScreen, distance, emptyColour, pathColour, themeColours } from "./pixels.js";

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
  test(`${name} at full speed: the board is drawn every frame with a slice more of the search, and Pause answers at once`, async () => {
    const page = await openPage(ctx.browser, `${ctx.url}?${query}&speed=max&autoplay=1`);
    await page.waitForFunction(() => Number(document.querySelector("knights-tour").dataset.placed) > 0);
    // The counters are written as the board is drawn: each frame's are further on.
    const events = await page.locator("knights-tour").evaluate(async (el) => {
      const seen = [];
      for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        seen.push(Number(el.dataset.placed) + Number(el.dataset.backtracks));
      }
      return seen;
    });
    assert.ok(events.every((n, i) => i === 0 || n > events[i - 1]), `events as drawn, frame by frame: ${events}`);
    assert.equal(await status(page), "running");
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    assert.equal(await status(page), "paused");
    const placed = await page.locator("knights-tour").getAttribute("data-placed");
    await quiet(page); // nothing runs on: the frame loop stops asking for frames
    assert.equal(await page.locator("knights-tour").getAttribute("data-placed"), placed);
    page.assertClean();
  });
}

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
  const expected = "ss503"; // row 497, column 512 from the top-left
  await screenshot(page, "paint-1000x1000-zoomed", { zoomed: true });
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
  // The overview's module is fetched when the board is first zoomed in; it is painted once in.
  await page.waitForFunction(() => document.querySelector("knights-tour").board.painter.minimap?.box);
  await screenshot(page, "paint-1000x1000-numbers", { zoomed: true });
  page.assertClean();
});

for (const [board, least] of [["3x100000", 0.5], ["8x1000", 0.5], ["3x10000", 0.5], ["3x349525", 0.5], ["1000x8", 0.5]]) {
  test(`${board}: folded into bands, a canvas of sensible size with every square painted`, async () => {
    const page = await openPage(ctx.browser, `${ctx.url}?board=${board}&start=0,0&heuristic=warnsdorff&speed=max&autoplay=1`);
    // The search need not finish: once the board is drawn with the run, every square is painted.
    await page.waitForFunction(() => Number(document.querySelector("knights-tour").dataset.placed) > 0);
    const facts = await canvasFacts(page);
    assert.ok(facts.width >= 200 && facts.height >= 200, `${facts.width}x${facts.height} px`);
    assert.ok(facts.painted > least, `${(facts.painted * 100).toFixed(0)}% painted`);
    // A square in a late band is where the painter says, and a click there picks it (after a
    // turn of the wheel over it, where squares are smaller than a pointer is precise). The
    // overview in the corner takes its own clicks: the square is one its box leaves clear.
    const [rows, cols] = board.split("x").map(Number);
    const square = (rows - 2) * cols + Math.floor(cols * (rows > cols ? 0.77 : 0.6));
    const where = () => page.locator("knights-tour").evaluate((el, sq) => [...el.board.painter.centre(sq), el.controller.name(sq)], square);
    const box = await page.locator("#board").boundingBox();
    let [x, y] = await where();
    await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.wheel(0, -1500);
    // Zoomed in, the overview is painted once its module is in (fetched when a board is first zoomed).
    await page.waitForFunction(() => {
      const { painter } = document.querySelector("knights-tour").board;
      return painter.cell > 8 && painter.minimap?.box;
    });
    const [cx, cy, name] = await where();
    assert.equal(await page.locator("knights-tour").evaluate((el, [x, y]) => el.board.painter.minimap.at(x, y), [cx, cy]), null, "clear of the overview");
    await page.mouse.click(box.x + cx, box.y + cy);
    assert.equal(await page.locator("knights-tour").evaluate((el) => el.settings.start), name);
    if (board === "8x1000" || board === "3x10000") await screenshot(page, `paint-${board}`);
    page.assertClean();
  });
}

test("an embedded 8x1000 (compact layout, the board's own proportions) is folded too, not a strip", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.evaluate(() => {
    const el = document.createElement("knights-tour");
    el.id = "embedded";
    el.setAttribute("board", "8x1000");
    el.style.width = "600px";
    document.body.prepend(el);
  });
  await page.waitForFunction(() => document.querySelector("#embedded").dataset.status);
  await quiet(page); // laid out and drawn
  const size = await page.locator("#embedded").evaluate((el) => {
    const box = el.shadowRoot.querySelector("#board").getBoundingClientRect();
    return [el.getAttribute("layout"), box.width, box.height];
  });
  assert.equal(size[0], "compact");
  assert.ok(size[1] >= 300 && size[2] >= 300, `${size[1]}x${size[2]} px`);
  page.assertClean();
});

test("200x200 mid-run, paused: on screen, every square of the path in its move's colour and every other square the empty board's", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=200x200&start=0,0&heuristic=fixed&speed=max&autoplay=1`);
  await page.waitForFunction(() => document.querySelector("knights-tour").path.length >= 5000);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  assert.equal(await status(page), "paused");
  await quiet(page); // the board drawn as it stands
  const shot = await boardOnScreen(page);
  await screenshot(page, "paint-200x200-running");
  const colours = await themeColours(page);
  const { path, imageMode } = await page.locator("knights-tour").evaluate((el) => ({
    path: Array.from(el.path), imageMode: el.board.imageMode,
  }));
  assert.ok(imageMode, "squares this small are the picture alone, a pixel of it a square");
  const [rows, cols] = [200, 200];
  const squares = rows * cols;
  assert.ok(path.length < squares, `mid-run: ${path.length} squares on the path`);
  const at = new Map(path.map((square, index) => [square, index]));
  // The start's ring and the knight are drawn over the squares around them.
  const marked = (square) => [path[0], path.at(-1)].some((mark) =>
    Math.abs(Math.floor(mark / cols) - Math.floor(square / cols)) <= 2 && Math.abs((mark % cols) - (square % cols)) <= 2);
  const [w, h] = [shot.width / cols, shot.height / rows];
  const wrong = [];
  let checked = 0;
  for (let square = 0; square < squares; square++) {
    if (marked(square)) continue;
    const [x, y] = [Math.floor(((square % cols) + 0.5) * w), Math.floor((Math.floor(square / cols) + 0.5) * h)];
    const i = (y * shot.width + x) * 4;
    const seen = [shot.rgba[i], shot.rgba[i + 1], shot.rgba[i + 2]];
    const index = at.get(square);
    const expected = index === undefined ? emptyColour(colours, cols, square) : pathColour(colours, index, squares);
    if (distance(seen, expected) > 2) wrong.push(`square ${square} (${index === undefined ? "empty" : `move ${index + 1}`}): ${seen}, not ${expected.map(Math.round)}`);
    checked++;
  }
  assert.ok(checked >= squares - 50, `every square but those under the marks: ${checked}`);
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} squares of ${checked} in the wrong colour`);
  page.assertClean();
});
