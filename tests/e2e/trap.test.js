// A trap of the core takes nothing else down. Real ones: the e2e build's modules have an export
// that reaches WebAssembly's `unreachable` (src/wasm/trap.rs), called through the page's own
// core.js as every call is, or in a worker by a message. On a page of two boards, one searching
// and one in play mode with moves made by clicks, the trapped instance (the first module; the
// teaching part, from inside a board's frame) is dropped and made again, and both boards start
// again from their settings and say so: the search runs to its tour, the game has its moves again,
// at the same move numbers, and takes the next. A trap of the game's referee, a worker, is the
// worker's: the game goes on. Nothing calls into a dead instance: a call would throw (its guard's
// error, or the trap's again), and the console has the one trap logged and nothing else.

import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, useBrowser } from "./harness.js";

const ctx = useBrowser();

/** A page of the site's origin with two boards: a 6x6 search playing (6 s to its tour), and a 5x5 game from a5. */
const PAGE = `<!doctype html>
<script type="module" src="/www/knights-tour.js"></script>
<knights-tour id="search" board="6x6" start="c3" heuristic="warnsdorff" speed="6" autoplay></knights-tour>
<knights-tour id="game" board="5x5" start="a5" play></knights-tour>`;

/** The moves clicked on the game's board, from a5 (row 0, col 0 from the top-left). */
const CLICKS = [[2, 1], [4, 2], [3, 4]]; // b3, c1, e2

/** Keeps every Web Worker the page starts, with its script's URL: `window.workers`, `{url, worker}` each. */
function keepWorkers() {
  window.workers = [];
  const Base = Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      window.workers.push({ url: String(url), worker: this });
    }
  };
}

/** Clicks square (row, col) of the board `id`, as a person would. */
async function click(page, id, row, col) {
  const board = page.locator(`#${id} #board`);
  await board.scrollIntoViewIfNeeded();
  const box = await board.boundingBox();
  const [rows, cols] = await page.locator(`#${id}`).evaluate((el) => [el.settings.rows, el.settings.cols]);
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / cols, box.y + ((row + 0.5) * box.height) / rows);
}

/** The game's path, each square's move number as the core gives it, and what the host says. */
const game = (page) => page.locator("#game").evaluate((el) => {
  const path = Array.from(el.path);
  return {
    path,
    numbers: path.map((square) => el.game.board.moveNumber(square)),
    placed: Number(el.dataset.placed),
    verdict: el.dataset.verdict,
  };
});

/** The notice of a board (its text, or null while hidden). */
const notice = (page, id) => page.locator(`#${id}`).evaluate((el) => {
  const box = el.shadowRoot.querySelector(".notice");
  return box.hidden ? null : box.querySelector("span").textContent;
});

/** Whether `path` on `rows` × `cols` is a knight's tour: every square once, each step a knight's move (an independent check). */
function isTour(path, rows, cols) {
  if (path.length !== rows * cols || new Set(path).size !== path.length) return false;
  return path.slice(1).every((square, i) => {
    const [dr, dc] = [Math.abs(Math.floor(square / cols) - Math.floor(path[i] / cols)), Math.abs((square % cols) - (path[i] % cols))];
    return (dr === 1 && dc === 2) || (dr === 2 && dc === 1);
  });
}

/**
 * The page of two boards, once both are in, with the game's three moves clicked; `errors`: the
 * console's errors that speak of a trap or of the core stopping, as they come.
 */
async function twoBoards() {
  const page = await openPage(ctx.browser, `${ctx.url}trap.html`, {
    prepare: async (p) => {
      await p.route("**/trap.html", (route) => route.fulfill({ body: PAGE, contentType: "text/html" }));
      await p.addInitScript(keepWorkers);
    },
    opened: (p) => p.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.dataset.status && el.dataset.status !== "loading")),
  });
  page.errors = [];
  page.on("console", (message) => message.type() === "error" && /RuntimeError|unreachable|stopped/.test(message.text()) && page.errors.push(message.text()));
  await page.waitForFunction(() => Number(document.querySelector("#game").dataset.placed) === 1);
  for (const [i, [row, col]] of CLICKS.entries()) {
    await click(page, "game", row, col);
    await page.waitForFunction((n) => {
      const el = document.querySelector("#game");
      return Number(el.dataset.placed) === n && el.dataset.verdict !== "thinking";
    }, i + 2);
  }
  return page;
}

/**
 * After a trap: both boards say they started again; the search, from its start again, runs to
 * its tour; the game has the moves it had (`before`) at the same numbers, and takes the next.
 */
async function bothStartedAgain(page, placedBefore, before) {
  const again = { search: "this board started again from its settings", game: "the game was played again up to where it stood" };
  for (const [id, words] of Object.entries(again)) {
    await page.waitForFunction((id) => !document.querySelector(`#${id}`).shadowRoot.querySelector(".notice").hidden, id);
    assert.equal(await notice(page, id), `The solver stopped unexpectedly and was restarted; ${words}.`);
  }
  assert.ok(Number(await page.locator("#search").getAttribute("data-placed")) < placedBefore, "the search started again");
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("#search").dataset.status), null, { timeout: 20_000 });
  const search = await page.locator("#search").evaluate((el) => Array.from(el.path));
  assert.ok(isTour(search, 6, 6), `a knight's tour of 6x6: ${search}`);
  assert.equal(search[0], 3 * 6 + 2, "from c3, its start");
  await page.waitForFunction(() => document.querySelector("#game").dataset.verdict !== "thinking");
  assert.deepEqual(await game(page), before);
  await click(page, "game", 1, 3); // d4, a move from e2
  await page.waitForFunction(() => Number(document.querySelector("#game").dataset.placed) === 5 && document.querySelector("#game").dataset.verdict !== "thinking");
  assert.deepEqual((await game(page)).numbers, [1, 2, 3, 4, 5]);
}

/**
 * The page's console has the one trap, `logged` once, and nothing else: no call into a dead
 * instance, which would throw, and no board stopped.
 */
function onlyTheTrap(page, logged) {
  assert.equal(page.errors.length, 1, page.errors.join("\n"));
  assert.match(page.errors[0], logged);
  page.assertClean(logged);
}

test("a trap of the core: both boards start again from their settings and say so, the game keeps its moves, nothing calls the dead instance", async () => {
  const page = await twoBoards();
  const before = await game(page);
  assert.deepEqual(before.numbers, [1, 2, 3, 4]);

  // The search part-way, then the trap, from the page's core.js, as every call goes.
  await page.waitForFunction(() => Number(document.querySelector("#search").dataset.placed) >= 8);
  const placedBefore = Number(await page.locator("#search").getAttribute("data-placed"));
  const trap = await page.evaluate(async () => {
    window.dropped = document.querySelector("#search").run; // made in the instance that traps
    const core = await import("/www/core.js");
    try {
      core.trap();
      return null;
    } catch (error) {
      return { runtime: error instanceof WebAssembly.RuntimeError, message: error.message };
    }
  });
  assert.deepEqual(trap, { runtime: true, message: "unreachable" }, "a real trap came out of the instance");

  await bothStartedAgain(page, placedBefore, before);
  // A run of the dead instance is fenced off: a call throws at once, not into the instance.
  const call = await page.evaluate(() => {
    try {
      return window.dropped.position;
    } catch (error) {
      return { runtime: error instanceof WebAssembly.RuntimeError, message: error.message };
    }
  });
  assert.deepEqual(call, { runtime: false, message: "the instance of the solver this call is for stopped unexpectedly, and was dropped" });

  onlyTheTrap(page, /The core's module "knights-tour" trapped/);
});

test("a trap in a board's frame, of the teaching part that holds the runs: that part is made again, and both boards start again", async () => {
  const page = await twoBoards();
  const before = await game(page);
  // The teaching part in: the runs move into it, and are made there from then on.
  await page.evaluate(async () => {
    window.core = await import("/www/core.js");
    await window.core.load("teach");
  });
  await page.waitForFunction(() => Number(document.querySelector("#search").dataset.placed) >= 8);
  const placedBefore = Number(await page.locator("#search").getAttribute("data-placed"));
  // The search board's next frame traps, as a bug in the core would make it: the error comes out
  // of that board's frame, through the frame loop, as any of its calls' would.
  await page.evaluate(() => {
    const { controller } = document.querySelector("#search");
    const tick = controller.tick;
    controller.tick = () => {
      controller.tick = tick;
      window.core.trap("teach");
    };
  });
  await bothStartedAgain(page, placedBefore, before);
  onlyTheTrap(page, /The core's module "knights-tour-teach" trapped/);
});

test("a trap in the game's referee, a worker: its instance is made again, told the game, and the game goes on", async () => {
  const page = await twoBoards();
  const before = await game(page);
  await page.evaluate(() => window.workers.find(({ url }) => url.includes("play-worker")).worker.postMessage({ type: "trap" }));
  // The worker's core traps, says so, and is made again; the page tells it the game again.
  await page.waitForFunction(() => document.querySelector("#game").game.refereeTraps === 1);
  await page.waitForFunction(() => document.querySelector("#game").dataset.verdict !== "thinking");
  assert.deepEqual(await game(page), before, "the same game, ruled on again");
  await click(page, "game", 1, 3); // d4
  await page.waitForFunction(() => Number(document.querySelector("#game").dataset.placed) === 5 && document.querySelector("#game").dataset.verdict !== "thinking");
  assert.equal(await page.locator("#game").evaluate((el) => el.game.error), null);
  assert.doesNotMatch(await page.locator("#game .status").textContent(), /stopped/);
  // The search board never knew: no notice, and its run goes on to its tour.
  assert.equal(await notice(page, "search"), null);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("#search").dataset.status), null, { timeout: 20_000 });
  onlyTheTrap(page, /The core's module "knights-tour-play" trapped in a worker/);
});
