// Frame times of the page at full speed: the release build in Debian's Chromium, each board run
// for a few seconds at `speed=max`, the frame intervals taken from requestAnimationFrame's
// timestamps (a frame's search, paint and DOM work all delay the next one), then Pause pressed a
// few times, timed from the press to the first frame after it was handled; a built tour's board
// clicked in five fresh pages, timed from the click to the whole tour on screen (at full speed)
// or to the walk's first frame (at the default pace, a 20 s animation); twenty boards
// searching at once on one page; and the frames during a long jump back on the timeline. Prints
// a table, after the app page's load and a blog post's with two embedded boards: from
// navigation to the first paint, to the page's scripts and the module's bytes in, and to the
// boards on screen and clickable (`--only load` for those alone, `--only embed` for the post's).
// `--only build` times the making of a 1000x1000 divide run, split as the page splits it between
// the worker and its own thread.
//
//   node scripts/build.mjs && node bench/frames.mjs [--dist DIR] [--seconds S] [--only TEXT] [--loads N]
//
// Medians of noisy numbers: on a shared machine, compare two builds in one run (`--dist` each).

import { parseArgs } from "node:util";
import { launch, openPage, serve, serveBlog } from "../tests/e2e/harness.js";

/** What is measured: the page's settings, and how to read it. */
export const CASES = [
  { name: "8x8 fixed", query: "board=8x8&start=0,0&heuristic=fixed" },
  { name: "30x30 fixed", query: "board=30x30&start=0,0&heuristic=fixed" }, // moves drawn: the most in sight
  { name: "100x100 fixed", query: "board=100x100&start=0,0&heuristic=fixed" },
  { name: "200x200 fixed", query: "board=200x200&start=0,0&heuristic=fixed" },
  { name: "1000x1000 divide", query: "board=1000x1000&start=500,500", tour: true },
  // At the default pace the walk is an animation of about 20 s: the click is timed to its first
  // frame, and the frames on the way are the first two seconds of it.
  { name: "1000x1000 divide, default pace", query: "board=1000x1000&start=500,500", tour: true, pace: true },
  { name: "1000x1000 warnsdorff", query: "board=1000x1000&start=0,0&heuristic=warnsdorff" },
  { name: "1024x1024 fixed", query: "board=1024x1024&start=0,0&heuristic=fixed" },
  { name: "3x100000 warnsdorff", query: "board=3x100000&start=0,0&heuristic=warnsdorff" },
  // Twenty boards on one page take turns to be drawn (www/run/frame-loop.js): the page's frames.
  { name: "20 boards 20x20 fixed", query: "board=20x20&start=a1&heuristic=fixed", boards: 20 },
  // A jump on the timeline, from event 100 million back to just before a checkpoint: the frames
  // while millions of events are replayed, a slice a frame (in teaching view, as a teacher jumps).
  { name: "500x500 fixed, a jump back", query: "board=500x500&start=0,0&heuristic=fixed&teach=1", jump: 2 ** 25 - 1 },
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Loads of the app page timed, each in a fresh context (nothing cached): `--loads N`. */
const LOADS = 9;

/** What the page says on its console when its boards are on screen and clickable. */
const CLICKABLE = "knights-tour: clickable";

/**
 * In the page, before its scripts: notes when its boards are on screen and clickable, the first
 * frame after every element of the page says it is live (its `data-status` past `loading`), and
 * says so.
 */
const watchReady = (clickable) => {
  if (window !== window.top) return; // a frame in the page (the blog post's iframe) is not timed
  new MutationObserver((records, observer) => {
    const boards = [...document.querySelectorAll("knights-tour")];
    if (!boards.length || boards.some((el) => !el.dataset.status || el.dataset.status === "loading")) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      window.readyAt = performance.now();
      console.debug(clickable);
    }));
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-status"] });
};

/**
 * Milliseconds from navigation to: the first paint, the module's bytes in, the page's scripts
 * in (the last module script's response), and the board on screen and clickable. Medians of
 * `loads` loads.
 */
async function measureLoad(browser, url, loads) {
  const runs = [];
  for (let i = 0; i < loads; i++) {
    let told;
    const clickable = new Promise((resolve) => { told = resolve; });
    const page = await openPage(browser, url, {
      prepare: (page) => {
        page.on("console", (message) => message.text() === CLICKABLE && told());
        return page.addInitScript(watchReady, CLICKABLE);
      },
      // Nothing of Playwright's is evaluated in the page before: its own script would take the
      // page's thread for 20-30 ms of the load being timed (openPage's default waits that way).
      opened: () => clickable,
    });
    runs.push(await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource");
      const end = (test) => Math.max(0, ...resources.filter((entry) => test(entry.name)).map((entry) => entry.responseEnd));
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        wasm: end((name) => name.endsWith(".wasm")),
        scripts: end((name) => name.endsWith(".js")),
        ready: window.readyAt,
      };
    }));
    page.assertClean();
    await page.context().close();
  }
  const median = (key) => quantile(runs.map((run) => run[key]).sort((a, b) => a - b), 0.5);
  return { paint: median("paint"), wasm: median("wasm"), scripts: median("scripts"), ready: median("ready") };
}

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

/** Frame intervals with `boards` boards of `query` searching at full speed on one page for `seconds`. */
async function measureBoards(browser, url, { query, boards }, seconds) {
  // A window that holds every board: one out of sight would do no frame work (frame-loop.js).
  const page = await openPage(browser, url, { viewport: { width: 1900, height: 2400 } });
  await page.evaluate(async ([query, count]) => {
    const settings = new URLSearchParams(query);
    const added = [];
    const grid = document.createElement("div");
    grid.style.cssText = "display:flex;flex-wrap:wrap;gap:8px";
    document.body.prepend(grid);
    for (let i = 0; i < count; i++) {
      const el = document.createElement("knights-tour");
      el.style.width = "300px";
      for (const [name, value] of settings) el.setAttribute(name, value);
      el.setAttribute("speed", "max");
      grid.append(el);
      added.push(el);
    }
    while (!added.every((el) => el.dataset.status)) await new Promise((resolve) => requestAnimationFrame(resolve));
    for (const el of added) el.play();
    const outside = added.filter((el) => el.getBoundingClientRect().bottom > innerHeight).length;
    if (outside) throw new Error(`${outside} of the boards are out of the window: they would not run`);
  }, [query, boards]);
  await page.evaluate(recordFrames);
  await page.waitForTimeout(seconds * 1000);
  const times = await page.evaluate(() => window.frameTimes);
  page.assertClean();
  await page.context().close();
  const intervals = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
  return { frames: intervals.length, p50: quantile(intervals, 0.5), p95: quantile(intervals, 0.95), longest: intervals.at(-1), pause: null, pauseMax: null, clickToTour: null };
}

/** Frame intervals while a run at full speed, paused past event 100 million, jumps back to event `jump`. */
async function measureJump(browser, url, { query, jump }) {
  const page = await openPage(browser, `${url}?${query}&speed=max&autoplay=1`);
  await page.waitForFunction(() => document.querySelector("knights-tour").run?.position >= 100e6, null, { timeout: 120_000, polling: 200 });
  await page.locator("knights-tour [data-action=play]").click();
  const times = await page.evaluate(async (target) => {
    const el = document.querySelector("knights-tour");
    const timeline = el.shadowRoot.querySelector("#timeline");
    const stamps = [performance.now()];
    timeline.value = String(target);
    timeline.dispatchEvent(new Event("input", { bubbles: true }));
    while (el.run.position !== target) stamps.push(await new Promise((resolve) => requestAnimationFrame(resolve)));
    return stamps;
  }, jump);
  page.assertClean();
  await page.context().close();
  const intervals = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
  return { frames: intervals.length, p50: quantile(intervals, 0.5), p95: quantile(intervals, 0.95), longest: intervals.at(-1), pause: null, pauseMax: null, clickToTour: null };
}

/** Clicks on a built tour's board timed: each a fresh page. */
const TOUR_CLICKS = 5;

/** How long a page may take to settle (warm up) before its board is clicked, in milliseconds. */
const SETTLE_MS = 3000;

/** How long the walk at the default pace is watched after its first frame, in milliseconds. */
const PACE_WATCHED_MS = 2000;

/**
 * The time from a click on the board to the whole tour on screen (the first frame once the run
 * says it found one), and the frame intervals on the way: `TOUR_CLICKS` clicks, the median time,
 * the frames of every click together. With `pace`, at the default speed: to the first frame
 * that shows the walk under way, and the frames from the click to `PACE_WATCHED_MS` after it.
 */
async function measureTour(browser, url, query, pace = false) {
  const intervals = [];
  const times = [];
  for (let i = 0; i < TOUR_CLICKS; i++) {
    const page = await openPage(browser, `${url}?${query}${pace ? "" : "&speed=max"}`);
    // The run of the address's start made first (and with it any worker started), and the page's
    // thread warmed (run/warm-up.js): a person's click comes after the page has settled. (Clicked
    // at once, before the warm-up and while V8 still optimises what the load ran, the tour took
    // 1.2 to 1.6 times as long.) A build from before the warm-up is given the same few seconds.
    await page.waitForFunction(() => document.querySelector("knights-tour").run !== null);
    const warmed = () => performance.getEntriesByName("knights-tour: warmed").length > 0;
    await page.waitForFunction(warmed, null, { timeout: SETTLE_MS }).catch(() => {});
    // The click on the board is what a person does: the run is made in its handler.
    await page.evaluate(recordFrames);
    await page.evaluate((pace) => {
      const el = document.querySelector("knights-tour");
      const shown = () => (pace ? el.run?.position > 0 : ["tour", "closed-tour"].includes(el.dataset.status));
      window.tourShown = new Promise((resolve) => {
        el.shadowRoot.querySelector("#board").addEventListener("pointerdown", (event) => {
          const at = event.timeStamp;
          const seen = () => (shown() ? requestAnimationFrame((t) => resolve(t - at)) : requestAnimationFrame(seen));
          requestAnimationFrame(seen);
        }, { once: true });
      });
    }, pace);
    const box = await page.locator("#board").boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    times.push(await page.evaluate(() => window.tourShown));
    if (pace) await page.waitForTimeout(PACE_WATCHED_MS);
    // The frames from the click to the tour: the run is over after them.
    const stamps = await page.evaluate(() => window.frameTimes);
    intervals.push(...stamps.slice(1).map((t, j) => t - stamps[j]));
    page.assertClean();
    await page.context().close();
  }
  intervals.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  return {
    frames: intervals.length, p50: quantile(intervals, 0.5), p95: quantile(intervals, 0.95),
    longest: intervals.at(-1), pause: null, pauseMax: null, clickToTour: quantile(times, 0.5),
  };
}

/**
 * What making a 1000x1000 divide run costs, called directly in the page (medians of `reps`):
 * all on the page's thread (`newTour`, as before the worker), the worker's part (`buildTour`,
 * here timed on the page's thread, alone) and what is left to the page's thread
 * (`Tour.built` from the worker's words).
 */
async function measureBuild(browser, url, reps) {
  const page = await openPage(browser, `${url}?board=1000x1000`);
  const times = await page.evaluate(async (reps) => {
    const core = await import("./www/core.js");
    await core.ready;
    const { buildTour } = await import("./www/wasm/knights-tour.js");
    const settings = { board: "1000x1000", start: "500,500" };
    const times = { newTour: [], buildTour: [], built: [] };
    for (let i = 0; i < reps; i++) {
      let t = performance.now();
      core.newTour(settings).free();
      times.newTour.push(performance.now() - t);
      t = performance.now();
      const words = buildTour(settings);
      times.buildTour.push(performance.now() - t);
      t = performance.now();
      core.builtTour(settings, words).free();
      times.built.push(performance.now() - t);
    }
    return times;
  }, reps);
  page.assertClean();
  await page.context().close();
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, quantile(list.sort((a, b) => a - b), 0.5)]));
}

/** Frame intervals of one run at full speed for `seconds`, and the Pause latencies after it. */
async function measure(browser, url, { query, tour, pace, boards, jump }, seconds) {
  if (boards) return measureBoards(browser, url, { query, boards }, seconds);
  if (jump) return measureJump(browser, url, { query, jump });
  if (tour) return measureTour(browser, url, query, pace);
  const page = await openPage(browser, `${url}?${query}&speed=max`);
  const play = page.locator("knights-tour [data-action=play]");
  await play.click();
  await page.evaluate(recordFrames);
  await page.waitForTimeout(seconds * 1000);
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
    longest: intervals.at(-1),
    pause: pauses.length ? quantile(pauses, 0.5) : null,
    pauseMax: pauses.length ? pauses[pauses.length - 1] : null,
    clickToTour: null,
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      dist: { type: "string" }, seconds: { type: "string", default: "3" }, only: { type: "string" },
      loads: { type: "string", default: String(LOADS) },
    },
  });
  const server = await serve(args.dist);
  const browser = await launch();
  const rows = [];
  try {
    if (args.only === "build") {
      const build = await measureBuild(browser, server.url, 7);
      const ms = (x) => `${x.toFixed(0)} ms`;
      console.log(`1000x1000 divide run made (median of 7): on the page's thread ${ms(build.newTour)}; ` +
        `in the worker ${ms(build.buildTour)}, then on the page's thread ${ms(build.built)}`);
      return;
    }
    const ms = (x) => `${x.toFixed(0)} ms`;
    const told = (load) => `first paint ${ms(load.paint)}, scripts in ${ms(load.scripts)}, module in ${ms(load.wasm)}`;
    if (!args.only || "load".includes(args.only)) {
      const load = await measureLoad(browser, server.url, Number(args.loads));
      console.log(`load (median of ${args.loads}): ${told(load)}, board on screen and clickable ${ms(load.ready)}`);
    }
    if (!args.only || "embed load".includes(args.only)) {
      // The fixture blog post: two elements from the built site in a sub-path, and an iframe.
      const blog = await serveBlog(args.dist);
      try {
        const load = await measureLoad(browser, `${blog.url}blog/post/`, Number(args.loads));
        console.log(`embed load (median of ${args.loads}): ${told(load)}, both boards on screen and clickable ${ms(load.ready)}`);
      } finally {
        blog.stop();
      }
    }
    for (const c of CASES.filter((c) => !args.only || c.name.includes(args.only))) {
      const r = await measure(browser, server.url, c, Number(args.seconds));
      const ms = (x) => (x === null ? "—" : x.toFixed(1));
      rows.push([c.name, String(r.frames), ms(r.p50), ms(r.p95), ms(r.longest), ms(r.pause), ms(r.pauseMax), ms(r.clickToTour)]);
      console.error(`${c.name}: done`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
  if (!rows.length) return;
  const head = ["board", "frames", "p50 ms", "p95 ms", "longest ms", "Pause ms", "Pause max", "click→tour ms"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((cell, i) => (i ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ");
  console.log(line(head));
  for (const row of rows) console.log(line(row));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
