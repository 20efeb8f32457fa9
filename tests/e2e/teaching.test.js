// The teaching view: stepping both ways, jumping anywhere on the timeline, the pseudocode that
// follows the search, counting in a worker, the race and the keyboard.

import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, quiet, screenshot, useBrowser } from "./harness.js";

const ctx = useBrowser();

/** What the board and the counters show. */
const snapshot = (page) => page.locator("knights-tour").evaluate((el) => ({
  path: Array.from(el.path),
  placed: el.dataset.placed,
  backtracks: el.dataset.backtracks,
  depth: el.shadowRoot.querySelector("[data-counter=depth]").textContent,
  status: el.dataset.status,
}));

const currentLine = (page) => page.locator("knights-tour .pseudocode").getAttribute("data-current");

/** Moves the timeline to `event`, as a drag would; returns where the run stands once the input is handled. */
const seek = (page, event) => page.getByLabel("Timeline").evaluate((input, value) => {
  input.value = String(value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return input.getRootNode().host.run.position;
}, event);

test("ten steps forward and ten back leave the board and counters as they were", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a8&heuristic=fixed&teach=1`);
  for (let i = 0; i < 300; i++) await page.keyboard.press("ArrowRight");
  const before = await snapshot(page);
  assert.equal(before.status, "paused");
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  assert.notDeepEqual(await snapshot(page), before);
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowLeft");
  assert.deepEqual(await snapshot(page), before);
  await screenshot(page, "teaching-stepping");
  page.assertClean();
});

test("a jump to event 1,000,000 of the 8x8 fixed-order search lands where the native core stands", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a8&heuristic=fixed&speed=max&autoplay=1&teach=1`);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour", null, { timeout: 30_000 });
  // At once: the run stands on the event as the timeline's input is handled, not slices later.
  assert.equal(await seek(page, 1_000_000), 1_000_000);
  await quiet(page);
  // tests/fixed_order.rs pins the same figures natively: 500,025 placements, 499,975 backtracks.
  const state = await snapshot(page);
  assert.equal(state.placed, "500025");
  assert.equal(state.backtracks, "499975");
  assert.equal(state.depth, "50 / 64");
  assert.equal(state.status, "paused");
  // The timeline counts events, the run's whole 16.5 M of them (tests/fixed_order.rs).
  assert.match(await page.locator("knights-tour .position").textContent(), /^1\.00\sM of 16\.50\sM events$/);
  await screenshot(page, "teaching-jump");
  page.assertClean();
});

const passedLines = async (page) => (await page.locator("knights-tour .pseudocode").getAttribute("data-passed")).split(" ").filter(Boolean);

test("the pseudocode lights every line the search passes, pruning with its reason", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&heuristic=fixed&prune=1&teach=1`);
  await page.keyboard.press("ArrowRight");
  assert.equal(await currentLine(page), "order", "the start placed, checked, its moves ordered");
  assert.deepEqual(await passedLines(page), ["place", "done", "prune", "order"]);
  assert.match(await page.locator("knights-tour .pseudocode li.current").textContent(),
    /by Fixed order \(textbook\): tries the eight moves in the same textbook order from every square$/, "how the heuristic orders, in the core's words");
  const lit = new Set();
  const seen = new Set();
  let cut = null;
  for (let i = 0; i < 400 && seen.size < 3; i++) {
    await page.keyboard.press("ArrowRight");
    const current = await currentLine(page);
    seen.add(current);
    for (const role of await passedLines(page)) lit.add(role);
    if (current === "prune" && !cut) {
      cut = await page.locator("knights-tour .trace-note").textContent();
      assert.match(await page.locator("knights-tour .pseudocode li.current").textContent(), /no single path can cover/);
      assert.match(await page.locator("knights-tour .why").textContent(), /is cut:/);
    }
  }
  assert.deepEqual([...seen].sort(), ["back", "order", "prune"], "placements, take-backs and cuts within 400 steps");
  for (const role of ["try", "recurse", "place", "done", "prune", "order", "back"]) assert.ok(lit.has(role), `${role} lit`);
  assert.match(cut, /^Cut: (a free square has no way on left|more free squares have only one way left|the free squares have fallen apart)/);
  page.assertClean();
});

test("a restart of random ties lights its own line", async () => {
  // Closed tours of 6x6 without pruning: an attempt gives up after 1,024 backtracks or more.
  const settings = { board: "6x6", start: "a6", heuristic: "random", closed: true, seed: "5", restarts: 50 };
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&heuristic=random&closed=1&seed=5&restarts=50&teach=1`);
  assert.match(await page.locator("knights-tour .pseudocode").textContent(), /start over/);
  // Where the first restart comes, from a run of the same settings in the core.
  const restart = await page.evaluate(async (settings) => {
    const { newTour } = await import("./www/core.js");
    const tour = newTour(settings);
    while (tour.lastEvent()[0] !== 2) tour.advance(1, 100, false);
    const position = tour.position;
    tour.free();
    return position;
  }, settings);
  await page.locator("knights-tour").evaluate((el, position) => {
    el.controller.seek(position);
    el.changed();
  }, restart);
  await page.waitForFunction(() => document.querySelector("knights-tour .pseudocode, knights-tour").shadowRoot.querySelector(".pseudocode").dataset.current === "restart");
  assert.match(await page.locator("knights-tour .pseudocode li.current").textContent(), /start over/);
  // One step back is the attempt before, taken back to its last square.
  await page.keyboard.press("ArrowLeft");
  assert.equal(await currentLine(page), "back");
  page.assertClean();
});

test("the ends of a search light their own lines: tour, dead end, and a start a theorem rules out", async () => {
  for (const [query, line, why] of [
    ["board=5x5&start=a5&heuristic=warnsdorff&speed=max", "done", /Every square is visited/],
    ["board=8x8&start=a8&heuristic=warnsdorff&backtracking=0&speed=max", null, null],
    ["board=5x5&start=b5&heuristic=fixed&speed=max", "theorem", /This run needs no search/],
  ]) {
    const page = await openPage(ctx.browser, `${ctx.url}?${query}&teach=1&autoplay=1`);
    await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status));
    const status = await page.locator("knights-tour").getAttribute("data-status");
    const expected = line ?? (status === "dead-end" ? "dead-end" : "done");
    assert.equal(await currentLine(page), expected, `${query}: ${status}`);
    if (why) assert.match(await page.locator("knights-tour .why").textContent(), why);
    page.assertClean();
    await page.context().close();
  }
});

test("deep into a run of 100 million events, a far jump is replayed a slice a frame, and a step back is undone in place, at once", async () => {
  // 500x500 leaves room for few checkpoints: by 100 million events they lie millions of events
  // apart (every power of two, 2²³ here), so a replay from one is long.
  const page = await openPage(ctx.browser, `${ctx.url}?board=500x500&start=0,0&heuristic=fixed&speed=max&teach=1&autoplay=1`);
  await page.waitForFunction(() => document.querySelector("knights-tour").run?.position >= 100e6, null, { timeout: 60_000, polling: 200 });
  await page.keyboard.press(" ");
  assert.equal(await page.locator("knights-tour").getAttribute("data-status"), "paused");
  // A jump far back replays millions of events, a slice a frame: the page is drawn meanwhile, the
  // run nearer its target each frame. (How long those frames take: `node bench/frames.mjs`.) The
  // target is the event just before a checkpoint, so the replay is a whole spacing long.
  const target = 2 ** 26 - 1;
  const positions = await page.evaluate(async (target) => {
    const el = document.querySelector("knights-tour");
    const timeline = el.shadowRoot.querySelector("#timeline");
    timeline.value = String(target);
    timeline.dispatchEvent(new Event("input", { bubbles: true }));
    const seen = [el.run.position];
    while (el.controller.seeking) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      seen.push(el.run.position);
    }
    return seen;
  }, target);
  assert.equal(positions.at(-1), target);
  assert.ok(positions.length > 2, `the jump was made in ${positions.length - 1} frames, not sliced`);
  assert.ok(positions.every((p, i) => i === 0 || p > positions[i - 1]), `the replay goes on towards ${target} frame by frame: ${positions}`);
  // From there a step back by replay would replay millions of events; undone in place, it is
  // the key's handler and its DOM writes alone.
  const steps = await page.evaluate(async () => {
    const el = document.querySelector("knights-tour");
    const times = [];
    const start = el.run.position;
    for (let i = 0; i < 30; i++) {
      // The key's handler undoes the event: timed alone, without the frame that paints it.
      const before = performance.now();
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true, composed: true }));
      times.push(performance.now() - before);
      await new Promise((resolve) => requestAnimationFrame(resolve)); // painted
    }
    return { start, end: el.run.position, times };
  });
  assert.equal(steps.end, steps.start - 30, "thirty events back");
  // A bound on time, kept because it is the promise (a step back answers at once, whatever the
  // run's length) and lies far from the noise on both sides: measured on the 2-core machine, a
  // median of 1.7 ms undone in place and of 65 ms by replay; the median of thirty shrugs off a
  // stall of the shared machine.
  const median = steps.times.toSorted((a, b) => a - b)[15];
  assert.ok(median < 10, `a step back took ${median.toFixed(1)} ms (median): ${steps.times.map((t) => t.toFixed(1)).join(", ")}`);
  page.assertClean();
});

test("the tree of tried moves grows with the search, follows the timeline, and Knuth's estimate says how big it all is", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&heuristic=fixed&teach=1&speed=max`, { viewport: { width: 1024, height: 768 } });
  await page.getByRole("button", { name: "Tree", exact: true }).click();
  assert.equal(await page.getByRole("button", { name: "Tree", exact: true }).getAttribute("aria-pressed"), "true");
  const tree = page.locator("knights-tour .tree");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour", null, { timeout: 20_000 });
  await quiet(page); // the tree drawn as the run ended
  const tried = async () => Number((await tree.getAttribute("aria-label")).match(/([\d.,]+(?:\s?k)?) moves tried/)[1].replace(/,/g, "").replace(/\s?k$/, "e3"));
  const label = await tree.getAttribute("aria-label");
  assert.match(label, /^Tree of tried moves, \d+ moves deep: [\d.,]+(\sk)? moves tried( and [\d.,]+(\sk)? deeper ones left out)?; the path so far a6 b4 c2 /);
  const whole = await tried();
  assert.ok(whole > 1000, label);
  // The tree drawn starts below the moves never taken back, which are said in words.
  assert.match(await page.locator("knights-tour .tree-note").textContent(), /^Above the top row: \d+ moves never taken back \(a6 b4 c2 … /);
  // 6x6 from a corner in the fixed order: a tree of some 10^10 placements, by the estimate.
  const estimate = await page.locator("knights-tour .estimate").textContent();
  assert.match(estimate, /^Knuth's estimate of the whole tree: about [\d.]+\sB placements \(2,000 random paths\), and as many take-backs: [\d.]+\sB moves in all\. The search found its tour after [\d,]+ placements and [\d,]+ take-backs: /);
  assert.doesNotMatch(estimate, /would take|Made so far/, "what was made, not a forecast");
  await screenshot(page, "teaching-tree-6x6");
  // Back on the timeline, the tree is as it was then: fewer moves tried.
  await seek(page, Math.floor(Number(await page.getByLabel("Timeline").getAttribute("max")) / 2));
  await quiet(page); // landed, and the tree drawn there
  assert.ok(await tried() < whole, "half-way, fewer moves tried");
  // No tree where there is no search to draw.
  await page.locator("knights-tour").evaluate((el) => el.setAttribute("heuristic", "divide"));
  assert.match(await page.locator("knights-tour .tree-note").textContent(), /builds its tour without a search/);
  page.assertClean();
});

test("counting 5x5 from a corner gives 304, with the progress bar at 100%", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a5`);
  await page.getByRole("button", { name: "Count from start" }).click();
  const result = page.locator("knights-tour .count-result");
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".count-result").dataset.tours);
  assert.equal(await result.getAttribute("data-tours"), "304");
  assert.match(await result.textContent(), /304 tours from a5/);
  assert.equal(await page.locator("knights-tour .count-progress").evaluate((bar) => bar.value), 1);
  page.assertClean();
});

/** Keeps every Web Worker the page starts in `window.workers`, for a test to talk to. */
/** Keeps every Worker the page makes in `window.workers`, each with its script and whether it was ended. */
function keepWorkers() {
  window.workers = [];
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(script, options) {
      super(script, options);
      Object.assign(this, { script: String(script), ended: false });
      window.workers.push(this);
    }

    terminate() {
      this.ended = true;
      super.terminate();
    }
  };
}

test("Cancel ends the count's worker, and the page stays usable meanwhile and after", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x10&start=a1&closed=1&speed=max`, { prepare: (p) => p.addInitScript(keepWorkers) });
  await page.getByRole("button", { name: "Count from start" }).click();
  const progress = page.locator("knights-tour .count-progress");
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".count-progress").value > 0);
  // The page answers while the worker counts (6x10 closed: seconds): a run plays to its end.
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  await page.getByRole("button", { name: "Cancel" }).click();
  const stopped = await progress.evaluate((bar) => bar.value);
  assert.ok(stopped > 0 && stopped < 1, `stopped at ${stopped}`);
  // Cancel ends the worker: nothing the count was about to say can come any more.
  const counting = await page.evaluate(() => window.workers.filter((worker) => worker.script.includes("count-worker")).map((worker) => worker.ended));
  assert.deepEqual(counting, [true]);
  assert.match(await page.locator("knights-tour .count-result").textContent(), /^Cancelled the count of closed tours from a1 on 6×10/);
  assert.equal(await progress.evaluate((bar) => bar.value), stopped, "no progress after Cancel");
  assert.equal(await page.getByRole("button", { name: "Count from start" }).isEnabled(), true);
  page.assertClean();
});

test("the race: one Play button, and Warnsdorff beats the fixed order", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a8&speed=100000&race=fixed,warnsdorff`);
  await page.getByRole("button", { name: "Play both" }).click();
  await page.locator("#race-second[data-status=tour]").waitFor({ timeout: 10_000 });
  assert.match(await page.locator("#race-result").textContent(), /Warnsdorff wins: a tour in 64 placements\. Fixed order \(textbook\): still searching\./);
  await screenshot(page, "race");
  await page.getByRole("button", { name: "Close race" }).click();
  assert.equal(await page.locator("#race").isVisible(), false);
  assert.ok(!page.url().includes("race="), page.url());
  page.assertClean();
});

test("keyboard shortcuts, listed in a help overlay", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&speed=5`);
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  assert.equal(await help.isVisible(), true);
  assert.match(await help.textContent(), /Space.*Play \/ Pause.*Step back.*Home.*Zoom in.*Pan when zoomed/s);
  await page.keyboard.press("Escape");
  assert.equal(await help.isVisible(), false);
  await page.keyboard.press(" ");
  assert.equal(await page.locator("knights-tour").getAttribute("data-status"), "running");
  await page.keyboard.press(" ");
  assert.equal(await page.locator("knights-tour").getAttribute("data-status"), "paused");
  await page.keyboard.press("Home");
  assert.equal(await page.locator("knights-tour").getAttribute("data-status"), "idle");
  page.assertClean();
});
