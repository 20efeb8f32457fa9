#!/usr/bin/env node
// Play mode in the page: the time from a click on a square to the verdict on the board
// (`data-verdict` settled for the new position), over seeded random games clicked through the
// element in headless Chromium, as a person clicks: the start drawn among the squares, each move
// among those in reach, until the knight is stuck or the board covered.
//
//   node scripts/build.mjs && node bench/play-page.mjs [--games 20] [--games8 40]
//
// It measures the built site in dist/ (so build it first). The time runs from the click event's
// time stamp to the moment the element's data-verdict says `possible` or `impossible` for the
// new path: the board judging the click, the worker deciding (play-worker.js) and the answer
// coming back, all included. Two series: every board of up to 36 squares (each shape once,
// rows ≤ columns, 3 rows and more) with `--games` games each; and `--games8` games on 8×8,
// where a verdict is given up on after 2 s (the game goes on: the next move is judged afresh).
// Wall-clock times on a shared machine: the medians are what to read, the worst cases are noisy.

import { launch, serve } from "../tests/e2e/harness.js";

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const GAMES = option("--games", 20);
const GAMES_8X8 = option("--games8", 40);
/** A verdict not in after this long is given up on (8×8 has positions that take minutes). */
const GIVE_UP_MS = 2000;

/** SplitMix64's output folded to 32 bits: the same games on every run. */
function random(seed) {
  let state = BigInt(seed);
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) & 0xffffffffn) / 2 ** 32;
  };
}

/** Boards of up to 36 squares, rows ≤ columns, from 3 rows. */
function smallBoards() {
  const boards = [];
  for (let rows = 3; rows * rows <= 36; rows++) for (let cols = rows; rows * cols <= 36; cols++) boards.push([rows, cols]);
  return boards;
}

/**
 * In the page: listens for clicks on the board, for the worker's answers and for the verdict,
 * and keeps the times between them; `window.bench.expect(placed)` arms it for a click that
 * should make `placed` squares. A verdict's time is split four ways: from the click event to
 * the page's handler (`input`: the page's thread busy, or waiting for a processor), the handler
 * judging the click and showing the move (`click`), from there to the worker's decided answer
 * coming in (`worker`: the move posted, decided, posted back), and to data-verdict (`page`).
 */
function instrument() {
  const host = document.querySelector("knights-tour");
  const canvas = host.shadowRoot.querySelector("#board");
  const bench = { clickAt: 0, handling: 0, handled: 0, arrived: 0, placed: -1, time: null };
  window.bench = bench;
  bench.expect = (placed) => Object.assign(bench, { placed, time: null, arrived: 0 });
  canvas.addEventListener("click", (event) => Object.assign(bench, { clickAt: event.timeStamp, handling: performance.now() }), { capture: true });
  // Added after the board's own listener, so called after it.
  canvas.addEventListener("click", () => { bench.handled = performance.now(); });
  const receive = host.game.receive.bind(host.game);
  host.game.receive = (data) => {
    if (!bench.arrived && data.ruling?.placed === bench.placed && data.ruling.verdict !== "thinking") bench.arrived = performance.now();
    receive(data);
  };
  const settle = () => {
    if (bench.time !== null || Number(host.dataset.placed) !== bench.placed) return;
    if (host.dataset.verdict !== "possible" && host.dataset.verdict !== "impossible") return;
    const now = performance.now();
    const { clickAt, handling, handled, arrived } = bench;
    bench.time = { total: now - clickAt, input: handling - clickAt, click: handled - handling, worker: arrived - handled, page: now - arrived };
  };
  new MutationObserver(settle).observe(host, { attributes: true, attributeFilter: ["data-verdict", "data-placed"] });
}

/** Plays `games` random games on `rows` × `cols`; returns the times in ms (null: given up), split. */
async function games(page, rows, cols, count, draw) {
  const times = [];
  // Where the page draws each square (a long board is folded into bands), on the screen.
  const centres = await page.locator("knights-tour").evaluate((el, squares) => {
    const box = el.board.canvas.getBoundingClientRect();
    return Array.from({ length: squares }, (_, square) => {
      const [x, y] = el.board.painter.centre(square);
      return [box.left + x, box.top + y];
    });
  }, rows * cols);
  const click = (square) => page.mouse.click(...centres[square]);
  const judged = async (placed) => {
    await page.waitForFunction((placed) => Number(document.querySelector("knights-tour").dataset.placed) === placed, placed);
    const time = await page.waitForFunction(() => window.bench.time, null, { timeout: GIVE_UP_MS, polling: 5 })
      .then((handle) => handle.jsonValue(), () => null);
    times.push(time);
  };
  for (let game = 0; game < count; game++) {
    // A new game: the start taken off, then a start clicked.
    await page.locator("knights-tour").evaluate((el) => el.change({ start: null }));
    await page.evaluate(() => window.bench.expect(1));
    await click(Math.floor(draw() * rows * cols));
    await judged(1);
    for (let placed = 2; ; placed++) {
      const reach = await page.locator("knights-tour").evaluate((el) => el.game.reachable);
      if (!reach.length) break;
      await page.evaluate((placed) => window.bench.expect(placed), placed);
      await click(reach[Math.floor(draw() * reach.length)]);
      await judged(placed);
    }
  }
  return times;
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

function summary(label, times) {
  const decided = times.filter((time) => time !== null).sort((a, b) => a.total - b.total);
  const at = (q) => decided[Math.min(decided.length - 1, Math.floor(q * decided.length))].total;
  const over = (ms) => decided.filter((time) => time.total > ms);
  const given = times.length - decided.length;
  // Where the time went: the median of each part, over all verdicts and over the slow ones.
  const parts = (some) => ["input", "click", "worker", "page"].map((part) => `${part} ${median(some.map((time) => time[part])).toFixed(1)}`).join(", ");
  const slow = over(200);
  console.log(`${label}: ${times.length} verdicts; median ${at(0.5).toFixed(1)} ms, 90% ${at(0.9).toFixed(1)} ms, ` +
    `99% ${at(0.99).toFixed(1)} ms, worst ${decided[decided.length - 1].total.toFixed(1)} ms; ` +
    `over 20 ms: ${over(20).length}, over 200 ms: ${slow.length}, given up at 2 s: ${given}; ` +
    `medians of the parts (ms): ${parts(decided)}${slow.length ? `; of those over 200 ms: ${parts(slow)}` : ""}`);
}

const server = await serve();
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  const draw = random(0x706c6179);
  const small = [];
  for (const [rows, cols] of smallBoards()) {
    await page.goto(`${server.url}?board=${rows}x${cols}&play=1`);
    await page.waitForFunction(() => document.querySelector("knights-tour")?.dataset.status === "idle");
    await page.evaluate(instrument);
    const times = await games(page, rows, cols, GAMES, draw);
    summary(`  ${rows}x${cols}`, times);
    small.push(...times);
  }
  summary("every board up to 36 squares", small);
  if (GAMES_8X8 > 0) {
    await page.goto(`${server.url}?board=8x8&play=1`);
    await page.waitForFunction(() => document.querySelector("knights-tour")?.dataset.status === "idle");
    await page.evaluate(instrument);
    summary("8x8", await games(page, 8, 8, GAMES_8X8, draw));
  }
} finally {
  await browser.close();
  server.stop();
}
