// The page in a real browser, driven like a person would: pick a board, click a square, play.
// Any console error or page error fails the test.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, openPage, screenshot, status, useBrowser } from "./harness.js";

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

test("the fixed order on 5x5 animates its backtracks and finishes with the textbook count", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.getByRole("button", { name: "5×5" }).click();
  await page.getByLabel("Heuristic").selectOption("fixed");
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 0, 0);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour");
  // The fixed-order search from the corner of 5x5 places 8,840 squares (the start counted).
  assert.equal(await counter(page, "placed"), 8840);
  page.assertClean();
});

test("4x4 is impossible, instantly, with the theorem's reason", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.getByRole("button", { name: "4×4" }).click();
  await clickSquare(page, 1, 1);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "impossible", null, { timeout: 2000 });
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

  // The page answers while the search runs: a round trip to the page's own thread.
  const started = Date.now();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  assert.ok(Date.now() - started < 500, `a frame took ${Date.now() - started} ms to come`);

  const frames = await page.evaluate(async () => {
    const host = document.querySelector("knights-tour");
    const pause = [...host.shadowRoot.querySelectorAll("button")].find((b) => b.textContent === "Pause");
    pause.click();
    let count = 0;
    while (document.querySelector("knights-tour").dataset.status !== "paused" && count < 10) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      count++;
    }
    return count;
  });
  assert.ok(frames <= 2, `Pause took ${frames} frames`);
  const placed = await counter(page, "placed");
  await page.waitForTimeout(300);
  assert.equal(await counter(page, "placed"), placed, "nothing runs after Pause");
  await page.getByRole("button", { name: "Step", exact: true }).click();
  assert.notEqual(await counter(page, "placed") + await counter(page, "backtracks"), placed + 0, "Step makes one move");
  page.assertClean();
});

test("bad sizes get a message, not an error", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await setBoard(page, 2000, 2000);
  assert.match(await page.locator("knights-tour .status").textContent(), /limit is 1048576/);
  await setBoard(page, 0, 5);
  assert.match(await page.locator("knights-tour .status").textContent(), /whole numbers from 1/);
  await setBoard(page, 5, 5);
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
  assert.match(await page.locator("#app .status").textContent(), /Cutting 8×8 into 1 piece…/);
  assert.match(await page.locator("#board").getAttribute("aria-label"), /start b2/);
  page.assertClean();
});
