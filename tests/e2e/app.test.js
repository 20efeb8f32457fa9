// The page in a real browser, driven like a person would: pick a board, click a square, play.
// Any console error or page error fails the test.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, loadFrameLoop, openPage, quiet, screenshot, status, useBrowser } from "./harness.js";
import { distance, over, pathColour, themeColours } from "./pixels.js";

const ctx = useBrowser();

const counter = async (page, name) => Number(await page.locator("knights-tour").getAttribute(`data-${name}`));

async function setBoard(page, rows, cols) {
  await page.getByLabel("Rows").fill(String(rows));
  await page.getByLabel("Rows").dispatchEvent("change");
  await page.getByLabel("Columns").fill(String(cols));
  await page.getByLabel("Columns").dispatchEvent("change");
}

test("the controls carry their accessible names", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  for (const name of ["Play", "Step", "Reset"]) {
    await page.getByRole("button", { name, exact: true }).waitFor();
  }
  for (const label of ["Rows", "Columns", "Heuristic", "Speed", "Backtracking", "Closed tour", "Dead-end pruning"]) {
    assert.equal(await page.getByLabel(label, { exact: true }).count(), 1, label);
  }
  assert.equal(await status(page), "idle");
  page.assertClean();
});

test("6x6: click a square, play to the end, and the counters add up", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await setBoard(page, 6, 6);
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 0, 0);
  await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status));
  const outcome = await status(page);
  assert.ok(["tour", "closed-tour"].includes(outcome), outcome);
  const placed = await counter(page, "placed");
  const backtracks = await counter(page, "backtracks");
  // Every square placed and not taken back is on the tour: placements = 36 + backtracks.
  assert.equal(placed, 36 + backtracks);
  assert.equal(await page.locator("[data-counter=depth]").textContent(), "36 / 36");
  assert.match(await page.locator("knights-tour .status").textContent(), /Found an? (open|closed) tour from a6/);
  await screenshot(page, "finished-6x6");
  page.assertClean();
});

test("the fixed order on 5x5 animates its backtracks, a red fade on the square taken back, and finishes with the textbook count", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.getByRole("button", { name: "5×5" }).click();
  await page.getByLabel("Heuristic").selectOption("fixed");
  await page.getByLabel("Speed").fill("17"); // about 10 moves a second: each one shown
  await clickSquare(page, 0, 0);
  const colours = await themeColours(page);
  await loadFrameLoop(page);
  // Frame by frame until a frame shows the first backtrack; then Pause, so that nothing but the
  // fade changes the square taken back, and its colour is read in every frame until the fade ends.
  const seen = await page.evaluate(async () => {
    const el = document.querySelector("knights-tour");
    const canvas = el.shadowRoot.querySelector("#board");
    const { cols } = el.settings;
    const cell = canvas.width / cols;
    /** The colour most of the square's pixels have, a few pixels in from its edges. */
    const colourOf = (square) => {
      const [x, y] = [(square % cols) * cell, Math.floor(square / cols) * cell].map((v) => Math.ceil(v) + 3);
      const size = Math.floor(cell) - 6;
      const { data } = canvas.getContext("2d").getImageData(x, y, size, size);
      const counts = new Map();
      for (let i = 0; i < data.length; i += 4) {
        const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const [key] = [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
      return [(key >> 16) & 255, (key >> 8) & 255, key & 255];
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // The knight's square in the last frame, and how it looked: the square the backtrack takes.
    let knight = null;
    let before = null;
    for (let i = 0; el.dataset.backtracks === "0"; i++) {
      if (i > 6000 || el.dataset.status !== "running") return { error: `no backtrack, status ${el.dataset.status}` };
      const path = el.path;
      knight = path[path.length - 1];
      before = colourOf(knight);
      await frame();
    }
    const path = Array.from(el.path);
    el.shadowRoot.querySelector("[data-action=play]").click(); // Pause
    const fade = [colourOf(knight)];
    // Paused, the frame loop goes on only while something on the board moves: the fade.
    for (let i = 0; i < 600 && window.frameLoop.state().requested; i++) {
      await frame();
      fade.push(colourOf(knight));
    }
    return { knight, before, path, fade, backtracks: Number(el.dataset.backtracks), cols, squares: el.settings.rows * cols };
  });
  assert.ok(!seen.error, seen.error);
  const { knight, before, path, fade, cols, squares } = seen;
  assert.equal(seen.backtracks, 1);
  assert.ok(!path.includes(knight), `the square taken back, ${knight}, is off the path ${path}`);
  const light = (Math.floor(knight / cols) + (knight % cols)) % 2 === 0;
  const empty = colours[light ? "light-square" : "dark-square"];
  const red = colours.backtrack;
  // How much of the backtrack's red lies over the empty square, and how far the colour is from
  // exactly that mixture.
  const redness = (colour) => {
    const along = red.map((v, i) => v - empty[i]);
    const share = colour.reduce((sum, v, i) => sum + (v - empty[i]) * along[i], 0) / along.reduce((sum, v) => sum + v * v, 0);
    return { share, off: distance(colour, over(empty, red, Math.min(1, Math.max(0, share)))) };
  };
  const list = fade.map((colour) => JSON.stringify(colour)).join(" ");
  // Before, it was the path's last square: the board's colour washed with the path's (a fifth of it).
  const onPath = over(empty, pathColour(colours, path.length, squares), 51 / 255);
  assert.ok(distance(before, onPath) <= 3, `before the backtrack the square was on the path, ${JSON.stringify(onPath)}, not ${JSON.stringify(before)}`);
  const first = redness(fade[0]);
  assert.ok(first.share > 0.4 && first.off <= 3, `the frame of the backtrack paints the square red: ${list}`);
  const shares = fade.map((colour) => redness(colour));
  assert.ok(shares.some(({ share }) => share > 0.1 && share < first.share - 0.1), `the red fades over frames, not all at once: ${list}`);
  for (let i = 1; i < shares.length; i++) {
    assert.ok(shares[i].off <= 3 && shares[i].share <= shares[i - 1].share + 0.02, `the red only fades: ${list}`);
  }
  assert.ok(distance(fade.at(-1), empty) <= 1, `once the fade is over the square is empty again: ${list}`);

  // On to the end at full speed.
  await page.getByLabel("Speed").fill("100");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour");
  // The fixed-order search from the corner of 5x5 places 8,840 squares (the start counted).
  assert.equal(await counter(page, "placed"), 8840);
  // Counts in words and counters are grouped alike, under ten thousand too.
  assert.match(await page.locator("knights-tour .status").textContent(), /in 8,840 placements and 8,815 backtracks/);
  assert.equal(await page.locator("knights-tour [data-counter=placed]").textContent(), "8,840");
  page.assertClean();
});

test("4x4 is impossible, instantly, with the theorem's reason", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.getByRole("button", { name: "4×4" }).click();
  await clickSquare(page, 1, 1);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "impossible");
  // Instantly: the theorem answers at the run's first event, without a search.
  assert.equal(await page.locator("knights-tour").evaluate((el) => el.run.position), 1);
  assert.match(await page.locator("knights-tour .status").textContent(), /no tour on 4×4/);
  assert.equal(await counter(page, "placed"), 0);
  page.assertClean();
});

test("a minority square on 5x5 is impossible too", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.getByRole("button", { name: "5×5" }).click();
  await clickSquare(page, 4, 1); // b1
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "impossible");
  assert.match(await page.locator("knights-tour .status").textContent(), /corners' colour/);
  page.assertClean();
});

test("a long search stays responsive and Pause takes effect within a frame or two", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.getByRole("button", { name: "10×10" }).click();
  await page.getByLabel("Heuristic").selectOption("fixed");
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 0, 0);
  await page.waitForFunction(() => Number(document.querySelector("knights-tour").dataset.placed) > 1e6);
  assert.equal(await status(page), "running");

  // The page answers while the search runs: frame after frame comes, each with a slice more of the
  // search. (How short the frames are is a benchmark's to say: `node bench/frames.mjs`.)
  const placedByFrame = await page.evaluate(async () => {
    const el = document.querySelector("knights-tour");
    const placed = [];
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      placed.push(Number(el.dataset.placed) + Number(el.dataset.backtracks));
    }
    return placed;
  });
  assert.ok(placedByFrame.every((events, i) => i === 0 || events > placedByFrame[i - 1]), `events by frame: ${placedByFrame}`);

  const paused = await page.evaluate(async () => {
    const el = document.querySelector("knights-tour");
    const pause = [...el.shadowRoot.querySelectorAll("button")].find((b) => b.textContent === "Pause");
    pause.click();
    let took = 0;
    while (el.dataset.status !== "paused" && took < 10) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      took++;
    }
    return { took, placed: el.dataset.placed, backtracks: el.dataset.backtracks, position: el.run.position };
  });
  assert.ok(paused.took <= 2, `Pause took ${paused.took} frames`);
  // Nothing runs after Pause: the frame loop stops asking for frames, and the counters stand.
  await quiet(page);
  const still = await page.locator("knights-tour").evaluate((el) => ({
    placed: el.dataset.placed, backtracks: el.dataset.backtracks, position: el.run.position,
  }));
  const { placed, backtracks, position } = paused;
  assert.deepEqual(still, { placed, backtracks, position }, "nothing runs after Pause");
  await page.getByRole("button", { name: "Step", exact: true }).click();
  const stepped = await page.locator("knights-tour").evaluate((el) => ({
    events: Number(el.dataset.placed) + Number(el.dataset.backtracks), position: el.run.position, status: el.dataset.status,
  }));
  assert.deepEqual(stepped, { events: Number(paused.placed) + Number(paused.backtracks) + 1, position: paused.position + 1, status: "paused" },
    "Step makes one move: a square placed or taken back");
  page.assertClean();
});

test("bad sizes get a message in the core's words beside the fields, not an error", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  const refusal = page.locator("knights-tour .size-error");
  await setBoard(page, 2000, 2000);
  assert.equal(await refusal.textContent(), "A 2000×2000 board has 4,000,000 squares; the limit is 1,048,576 (1024×1024). The board stays 2000×8.");
  assert.equal(await page.getByLabel("Columns").getAttribute("aria-invalid"), "true");
  await setBoard(page, 0, 5);
  assert.equal(await refusal.textContent(), "A 0×5 board has no squares: each side must be at least 1. The board stays 2000×8.");
  await setBoard(page, 5, 5);
  assert.equal(await refusal.isVisible(), false, "a size the core takes clears the refusal");
  await clickSquare(page, 2, 2);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "running");
  page.assertClean();
});

test("the board fits a phone, in dark mode", async () => {
  const page = await openPage(ctx.browser, ctx.url, { viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 7, 0);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  const board = await page.locator("#board").boundingBox();
  assert.ok(board.width <= 390 && board.width > 250, `board ${board.width}px wide`);
  await screenshot(page, "phone-dark");
  page.assertClean();
});

test("the board is reachable by keyboard: Enter to choose, arrows pick a square, Enter starts there", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.locator("#board").focus();
  await page.keyboard.press("Enter"); // choosing a start square: the cursor appears on a1
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  assert.equal(await status(page), "running");
  // Divide, the default, first cuts the board into pieces.
  assert.match(await page.locator("#app .status").textContent(), /Touring 8×8 whole…/);
  assert.match(await page.locator("#board").getAttribute("aria-label"), /start b2/);
  page.assertClean();
});
