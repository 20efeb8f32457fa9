// A board's life: removed, it leaves no listener, no frame and no run behind; put back, it starts
// clean; a frame that throws stops only its own board, which says so; a solver or a count worker
// that cannot load is said on the board, not left as a blank board or a count that never ends.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, loadFrameLoop, openPage, quiet, status, useBrowser } from "./harness.js";

const ctx = useBrowser({ blog: true });

/** Counts the listeners on the document, the window and media queries, however they end. */
function countListeners() {
  window.listeners = 0;
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const counted = (target) => target === document || target === window || target instanceof MediaQueryList;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (counted(this)) {
      window.listeners += 1;
      options?.signal?.addEventListener("abort", () => { window.listeners -= 1; });
    }
    return add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    if (counted(this)) window.listeners -= 1;
    return remove.call(this, type, listener, options);
  };
}

async function loopState(page) {
  await loadFrameLoop(page);
  return page.evaluate(() => window.frameLoop.state());
}

test("removed, a board leaves no listener, frame or run behind; put back, it starts clean", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a5&heuristic=fixed&speed=50`, { prepare: (p) => p.addInitScript(countListeners) });
  const before = await page.evaluate(() => window.listeners);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "running");
  assert.deepEqual(await loopState(page), { boards: 1, requested: true });

  const removed = await page.evaluate(async () => {
    const el = document.querySelector("knights-tour");
    const run = el.run;
    const withBoard = window.listeners;
    el.remove();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    let freed;
    try {
      run.position; // a freed run's handle is gone
      freed = false;
    } catch {
      freed = true;
    }
    window.detached = el;
    return { withBoard, without: window.listeners, freed, run: el.run };
  });
  assert.ok(removed.withBoard > removed.without, "the board had listeners of its own on the document");
  assert.equal(removed.freed, true, "the run was freed");
  assert.equal(removed.run, null);
  assert.deepEqual(await loopState(page), { boards: 0, requested: false });

  await page.evaluate(() => document.querySelector("main").prepend(window.detached));
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  assert.equal(await page.evaluate(() => window.listeners), removed.withBoard, "the same listeners again, not twice as many");
  assert.equal(await page.locator("knights-tour").getAttribute("data-placed"), "0", "a new run");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "running");
  // The board's own listeners count once: removing it again leaves what the page had without it.
  await page.evaluate(() => document.querySelector("knights-tour").remove());
  assert.equal(await page.evaluate(() => window.listeners), removed.without);
  assert.ok(before >= removed.withBoard - 2, "listeners were counted from the start");
  page.assertClean();
});

test("the frame loop stops asking for frames once every board is still", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&speed=max&autoplay=1`);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  await quiet(page); // fails by its timeout if the loop went on asking
  assert.deepEqual(await loopState(page), { boards: 1, requested: false });
  await clickSquare(page, 0, 0);
  assert.equal((await loopState(page)).requested, true, "a click wakes it");
  page.assertClean();
});

test("a board whose frame throws stops and says so; the other board keeps running", async () => {
  // A window tall enough for both boards: one out of sight would not run at all.
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`, { viewport: { width: 1280, height: 2000 } });
  await page.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.dataset.status));
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("knights-tour")) {
      for (const [name, value] of Object.entries({ board: "8x8", start: "a8", heuristic: "fixed", speed: "200" })) el.setAttribute(name, value);
      el.play();
    }
    // A fault in the roth board's own frame, as a bug in a view would throw it.
    document.querySelector("#roth").controller.tick = () => {
      throw new Error("a test's broken frame");
    };
  });
  await page.waitForFunction(() => document.querySelector("#roth").dataset.status === "failed");
  const message = page.locator("#roth .board-message");
  assert.equal(await message.isVisible(), true);
  assert.match(await message.textContent(), /This board stopped: a test's broken frame/);
  assert.match(await page.locator("#roth .status").textContent(), /a test's broken frame/);
  const placed = Number(await page.locator("#fixed").getAttribute("data-placed"));
  await page.waitForFunction((then) => Number(document.querySelector("#fixed").dataset.placed) > then + 20, placed);
  assert.equal(await status(page, 0), "running");
  assert.equal(await page.locator("#fixed .board-message").isVisible(), false);
  page.assertClean(/a test's broken frame/);
});

test("a solver that cannot be loaded is said on the board", async () => {
  const page = await openPage(ctx.browser, ctx.url, {
    prepare: (p) => p.route("**/knights-tour_bg.wasm", (route) => route.fulfill({ status: 404, body: "gone" })),
  });
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "failed");
  const message = page.locator("knights-tour .board-message");
  assert.equal(await message.isVisible(), true);
  assert.match(await message.textContent(), /could not be loaded/);
  assert.match(await page.locator("knights-tour .status").textContent(), /cannot run/);
  assert.equal(await page.getByRole("button", { name: "Play", exact: true }).isDisabled(), true);
  page.assertClean(/404|could not be loaded|WebAssembly|request failed/);
});

test("a count whose worker cannot load the solver ends with a message", async () => {
  let served = 0;
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a5`, {
    // The page's own copy of the counting part loads; the worker's does not.
    prepare: (p) => p.context().route("**/knights-tour-count_bg.wasm", (route) => (served++ === 0 ? route.continue() : route.fulfill({ status: 404, body: "gone" }))),
  });
  await page.getByRole("button", { name: "Count from start" }).click();
  const result = page.locator("knights-tour .count-result");
  await page.waitForFunction(() => /failed/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".count-result").textContent));
  assert.match(await result.textContent(), /Count failed: the solver .* could not be loaded/);
  assert.equal(await page.getByRole("button", { name: "Count from start" }).isEnabled(), true);
  page.assertClean(/404|could not be loaded|WebAssembly|request failed/);
});
