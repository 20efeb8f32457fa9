// Frame times of the page at full speed: the release build in Debian's Chromium, each board run
// for a few seconds at `speed=max`, the frame intervals taken from requestAnimationFrame's
// timestamps (a frame's search, paint and DOM work all delay the next one), then Pause pressed a
// few times, timed from the press to the first frame after it was handled. Prints a table.
//
//   trunk build --release && node bench/frames.mjs [--dist DIR] [--seconds S] [--only TEXT]
//
// Medians of noisy numbers: on a shared machine, compare two builds in one run (`--dist` each).

import { parseArgs } from "node:util";
import { launch, openPage, serve } from "../tests/e2e/harness.js";

/** What is measured: the page's settings, and how to read it. */
export const CASES = [
  { name: "8x8 fixed", query: "board=8x8&start=0,0&heuristic=fixed" },
  { name: "30x30 fixed", query: "board=30x30&start=0,0&heuristic=fixed" }, // moves drawn: the most in sight
  { name: "100x100 fixed", query: "board=100x100&start=0,0&heuristic=fixed" },
  { name: "200x200 fixed", query: "board=200x200&start=0,0&heuristic=fixed" },
  { name: "1000x1000 divide", query: "board=1000x1000&start=500,500", tour: true },
  { name: "1000x1000 warnsdorff", query: "board=1000x1000&start=0,0&heuristic=warnsdorff" },
  { name: "1024x1024 fixed", query: "board=1024x1024&start=0,0&heuristic=fixed" },
  { name: "3x100000 warnsdorff", query: "board=3x100000&start=0,0&heuristic=warnsdorff" },
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Records every frame's timestamp in the page, from now on. */
const recordFrames = () => {
  window.frameTimes = [];
  const loop = (t) => {
    window.frameTimes.push(t);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
};

/** Resolves, in the page, with ms from the next press of Play/Pause to the first frame after it was handled. */
const armPress = () => {
  const el = document.querySelector("knights-tour");
  const button = el.shadowRoot.querySelector("[data-action=play]");
  window.pressed = new Promise((resolve) => {
    button.addEventListener("pointerdown", (event) => {
      const at = event.timeStamp;
      button.addEventListener("click", () => requestAnimationFrame((t) => resolve(t - at)), { once: true });
    }, { once: true });
  });
};

/** Frame intervals of one run at full speed for `seconds`, and the Pause latencies after it. */
export async function measure(browser, url, { query, tour }, seconds) {
  const page = await openPage(browser, `${url}?${query}&speed=max`);
  const play = page.locator("knights-tour [data-action=play]");
  let clickToTour = null;
  if (tour) {
    // The click on the board is what a person does: the run is built in its handler.
    await page.evaluate(recordFrames);
    await page.evaluate(() => {
      const el = document.querySelector("knights-tour");
      window.tourShown = new Promise((resolve) => {
        el.shadowRoot.querySelector("#board").addEventListener("pointerdown", (event) => {
          const at = event.timeStamp;
          const seen = () => (["tour", "closed-tour"].includes(el.dataset.status)
            ? requestAnimationFrame((t) => resolve(t - at)) : requestAnimationFrame(seen));
          requestAnimationFrame(seen);
        }, { once: true });
      });
    });
    const box = await page.locator("#board").boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    clickToTour = await page.evaluate(() => window.tourShown);
  } else {
    await play.click();
    await page.evaluate(recordFrames);
    await page.waitForTimeout(seconds * 1000);
  }
  // A built tour's frames are those from the click to the tour: the run is over after them.
  const times = await page.evaluate(() => window.frameTimes);
  const intervals = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
  const pauses = [];
  for (let i = 0; i < 6; i++) {
    if ((await page.locator("knights-tour").getAttribute("data-status")) !== "running") break;
    await page.evaluate(armPress);
    const box = await play.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    pauses.push(await page.evaluate(() => window.pressed));
    await play.click(); // play on, and let it run a little before the next press
    await page.waitForTimeout(300);
  }
  pauses.sort((a, b) => a - b);
  page.assertClean();
  await page.context().close();
  return {
    frames: intervals.length,
    p50: quantile(intervals, 0.5),
    p95: quantile(intervals, 0.95),
    pause: pauses.length ? quantile(pauses, 0.5) : null,
    pauseMax: pauses.length ? pauses[pauses.length - 1] : null,
    clickToTour,
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: { dist: { type: "string" }, seconds: { type: "string", default: "3" }, only: { type: "string" } },
  });
  const server = await serve(args.dist);
  const browser = await launch();
  const rows = [];
  try {
    for (const c of CASES.filter((c) => !args.only || c.name.includes(args.only))) {
      const r = await measure(browser, server.url, c, Number(args.seconds));
      const ms = (x) => (x === null ? "—" : x.toFixed(1));
      rows.push([c.name, String(r.frames), ms(r.p50), ms(r.p95), ms(r.pause), ms(r.pauseMax), ms(r.clickToTour)]);
      console.error(`${c.name}: done`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
  const head = ["board", "frames", "p50 ms", "p95 ms", "Pause ms", "Pause max", "click→tour ms"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((cell, i) => (i ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ");
  console.log(line(head));
  for (const row of rows) console.log(line(row));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
