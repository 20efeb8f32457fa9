// Nothing runs off screen: an autoplaying board below the fold waits until the reader scrolls to
// it; a board scrolled away, or in a hidden tab, asks for no animation frame and does no search,
// and goes on where it stood when it comes back; with every board still, the page's frame loop
// asks for no frame at all. Frames are counted by wrapping `requestAnimationFrame` before the
// page's scripts run; the waits here poll on timers, so that only the page asks for frames.

import assert from "node:assert/strict";
import { test } from "node:test";
import { hosted, openPage, post, useBrowser } from "./harness.js";

const ctx = useBrowser();

/** A post: a board at the top that finishes at once, a tall paragraph, and an autoplaying board below the fold. */
const POST = post({
  head: `<script type="module" src="www/knights-tour.js"></script>`,
  body: `<knights-tour id="top" board="5x5" start="a1" heuristic="warnsdorff" speed="max" autoplay></knights-tour>
    <p style="height: 2400px">A paragraph long enough to push the next board well below the fold.</p>
    <knights-tour id="below" board="5x5" start="a5" heuristic="fixed" speed="40" autoplay></knights-tour>
    <p style="height: 2400px">And more after it.</p>`,
});

/** Counts the page's calls to requestAnimationFrame: `window.frameRequests`. */
function countFrameRequests() {
  window.frameRequests = 0;
  const request = window.requestAnimationFrame;
  window.requestAnimationFrame = function (callback) {
    window.frameRequests += 1;
    return request.call(this, callback);
  };
}

const POLL = { polling: 50 };

/** The board `id`'s status, placements so far, status words and running time. */
const read = (page, id) => page.evaluate((id) => {
  const board = document.getElementById(id);
  return {
    status: board.dataset.status,
    placed: Number(board.dataset.placed),
    words: board.shadowRoot.querySelector(".status").textContent,
    time: board.controller?.runningTime() ?? 0,
    path: Array.from(board.path),
  };
}, id);

/** The frames the page asks for over `ms` of its own time (a timer, which asks for none), from none. */
const framesOver = (page, ms = 1000) => page.evaluate(async (ms) => {
  window.frameRequests = 0;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return window.frameRequests;
}, ms);

/** Waits until the board `id` has placed more than `than` squares. */
const placedOver = (page, id, than) => page.waitForFunction(
  ([id, than]) => Number(document.getElementById(id).dataset.placed) > than, [id, than], POLL);

/** Waits until the page's frame loop asks for no frame (every board in sight drawn and still). */
async function quiet(page) {
  await page.evaluate(async () => {
    const url = performance.getEntriesByType("resource").map(({ name }) => name).find((name) => name.endsWith("/run/frame-loop.js"));
    window.frameLoop ??= await import(url);
  });
  await page.waitForFunction(() => !window.frameLoop.state().requested, null, POLL);
}

/** Hides the page's tab, or shows it again, as the browser says so: `document.visibilityState` and its event. */
const tab = (page, hidden) => page.evaluate((hidden) => {
  if (hidden) Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  else delete document.visibilityState;
  document.dispatchEvent(new Event("visibilitychange"));
}, hidden);

const scrollTo = (page, y) => page.evaluate((y) => new Promise((resolve) => {
  scrollTo(0, y);
  // The observer hears of it by the next rendering; two timers' worth is past that.
  setTimeout(resolve, 100);
}), y);

test("an autoplaying board below the fold waits to be seen, stops when scrolled away or hidden, and goes on where it was", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}long-post.html`, {
    prepare: async (p) => {
      await hosted(`${ctx.url}long-post.html`, POST)(p);
      await p.addInitScript(countFrameRequests);
    },
    opened: (p) => p.waitForFunction(() => ["top", "below"].every((id) => document.getElementById(id).dataset.status), null, POLL),
  });
  const below = page.locator("#below");

  // The board in view ran and finished; the one below the fold has its run, and has not started.
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.getElementById("top").dataset.status), null, POLL);
  await page.waitForFunction(() => document.getElementById("below").dataset.status === "idle", null, POLL);
  await quiet(page);
  assert.equal(await framesOver(page), 0, "with one board finished and one waiting out of sight, no frame is asked for");
  const waiting = await read(page, "below");
  assert.equal(waiting.status, "idle");
  assert.equal(waiting.placed, 0, "no event before it is seen");
  assert.match(waiting.words, /Ready to start from a5.*It sets off when it comes into view\./);

  // Scrolled into view, it sets off.
  await below.scrollIntoViewIfNeeded();
  await placedOver(page, "below", 6);
  assert.equal((await read(page, "below")).status, "running");
  assert.ok(await framesOver(page, 300) > 0, "a running board in sight asks for frames");

  // Scrolled away, it stands still and asks for no frame.
  await scrollTo(page, 0);
  const away = await read(page, "below");
  assert.equal(await framesOver(page), 0, "a running board out of sight asks for no frame");
  const still = await read(page, "below");
  assert.equal(still.placed, away.placed, "no search out of sight");
  assert.deepEqual(still.path, away.path);

  // Back in view, it goes on from where it stood: the same path, and the time away not counted.
  await below.scrollIntoViewIfNeeded();
  await placedOver(page, "below", away.placed);
  const back = await read(page, "below");
  assert.ok(back.time - away.time < 900, `the second away is not the run's time: ${away.time} ms, then ${back.time} ms`);

  // Paused by hand, every board is still: no frame over a second.
  await page.locator("#below").getByRole("button", { name: "Pause", exact: true }).click();
  await quiet(page);
  assert.equal(await framesOver(page), 0, "with every board finished or paused, no frame is asked for");

  // Played by hand, then hidden with the tab: no frame, no search, until the tab is shown again.
  await page.locator("#below").getByRole("button", { name: "Play", exact: true }).click();
  const played = (await read(page, "below")).placed;
  await placedOver(page, "below", played + 2);
  await tab(page, true);
  const hidden = await read(page, "below");
  assert.equal(await framesOver(page), 0, "a board in a hidden tab asks for no frame");
  assert.equal((await read(page, "below")).placed, hidden.placed, "no search in a hidden tab");
  await tab(page, false);
  await placedOver(page, "below", hidden.placed);

  // Played by hand and scrolled away: the same.
  await scrollTo(page, 0);
  const left = await read(page, "below");
  assert.equal(await framesOver(page), 0, "a board started by hand asks for no frame out of sight");
  assert.equal((await read(page, "below")).placed, left.placed);
  await below.scrollIntoViewIfNeeded();
  await placedOver(page, "below", left.placed);
  page.assertClean();
});

test("a video being recorded pauses with its board out of sight: no frame asked for, and it is saved once back", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a1&heuristic=warnsdorff&speed=max&autoplay=1`, { prepare: (p) => p.addInitScript(countFrameRequests) });
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status), null, POLL);
  await page.getByLabel("WebM length").selectOption("5");
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByRole("button", { name: "WebM", exact: true }).click();
  const line = page.locator("knights-tour .export-progress p");
  await page.waitForFunction(() => /Recording WebM… [1-9]\d*%/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".export-progress p").textContent), null, POLL);
  await tab(page, true);
  const hidden = await line.textContent();
  assert.equal(await framesOver(page), 0, "a recording asks for no frame while its board is out of sight");
  assert.equal(await line.textContent(), hidden, "and stands still");
  await tab(page, false);
  assert.equal((await download).suggestedFilename(), "knights-tour-5x5-a1.webm");
  await page.waitForFunction(() => /^WebM saved/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".export-progress p").textContent), null, POLL);
  page.assertClean();
});

/**
 * Counts the progress messages the page's workers send it (`window.workerMessages`), and notes
 * when one sends anything else, its job's end (`window.workerEnded`): heard before the page's own
 * listener, so a write the end brings is known to come after it.
 */
function countWorkerMessages() {
  window.workerMessages = 0;
  window.workerEnded = false;
  const Base = Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", ({ data }) => {
        if (data?.type === "progress") window.workerMessages += 1;
        else window.workerEnded = true;
      });
    }
  };
}

test("a GIF's worker goes on with its board out of sight, and its progress is written once the board is back", async () => {
  // Divide's tour of a million squares: its GIF takes seconds to encode.
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&speed=max&autoplay=1`, { prepare: (p) => p.addInitScript(countWorkerMessages) });
  await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status), null, POLL);
  await page.getByRole("button", { name: "GIF", exact: true }).click();
  const percent = () => page.evaluate(() => {
    const words = document.querySelector("knights-tour").shadowRoot.querySelector(".export-progress p").textContent;
    return Number(words.match(/Encoding GIF… (\d+)%/)?.[1] ?? NaN);
  });
  await page.waitForFunction(() => /Encoding GIF… \d+%/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".export-progress p").textContent), null, POLL);
  await tab(page, true);
  const hidden = await percent();
  const away = await page.evaluate(async () => {
    const line = document.querySelector("knights-tour").shadowRoot.querySelector(".export-progress");
    let writes = 0;
    // What the GIF's end writes (its file saved) is no progress: writes count until the job ends.
    const observer = new MutationObserver((records) => (writes += window.workerEnded ? 0 : records.length));
    observer.observe(line, { subtree: true, childList: true, characterData: true, attributes: true });
    const messages = window.workerMessages;
    // A quarter of a second: the worker reports every 50 ms, and takes a second or more in all.
    await new Promise((resolve) => setTimeout(resolve, 250));
    observer.disconnect();
    return { writes, messages: window.workerMessages - messages, ended: window.workerEnded };
  });
  assert.ok(away.messages > 0, "the worker went on reporting");
  assert.equal(away.writes, 0, "its progress was not written out of sight");
  await tab(page, false);
  if (away.ended) {
    // A fast machine: the file was made while the board was out of sight, and said so.
    await page.waitForFunction(() => /^GIF saved/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".export-progress p").textContent), null, POLL);
  } else {
    const back = await percent();
    assert.ok(back > hidden, `back in sight, the progress is where the worker is: ${hidden}%, then ${back}%`);
    await page.getByRole("button", { name: "Cancel", exact: true }).last().click();
  }
  page.assertClean();
});
