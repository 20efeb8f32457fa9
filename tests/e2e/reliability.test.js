// Unbreakable: the page fuzzed through its attributes and its address (seeded, so a failure can
// be replayed), a soak of a thousand searches on one element with the memory sampled, twenty
// boards on one page, and faults: a frozen tab, a count cancelled and started again.
//
// Sizes for CI; longer on demand: PAGE_FUZZ_CASES (2,000 by default), URL_FUZZ_CASES (60),
// SOAK_SEARCHES (1,000) and FUZZ_SEED (the generator's seed) in the environment, or
// `scripts/fuzz`, which runs everything ten times as long. The figures are printed as
// `reliability: {...}` lines (docs/reliability.md quotes them).

import assert from "node:assert/strict";
import { test } from "node:test";
import { launch, noteWorkers, openPage, useBrowser } from "./harness.js";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const PAGE_CASES = env("PAGE_FUZZ_CASES", 2000);
const URL_CASES = env("URL_FUZZ_CASES", 60);
const SOAK_SEARCHES = env("SOAK_SEARCHES", 1000);
const SEED = env("FUZZ_SEED", 20261124);
/** Soak searches before the first look at what the page holds: the engine and caches settle. */
const WARM_UP = Math.min(200, Math.floor(SOAK_SEARCHES / 2));

/** The states a board may be in; anything else is a failure. */
const STATUSES = ["idle", "running", "paused", "tour", "closed-tour", "no-tour", "impossible", "dead-end", "budget", "failed"];

const ctx = useBrowser({ blog: true });

const report = (what, figures) => console.log(`reliability: ${JSON.stringify({ what, ...figures })}`);

/** A small seeded generator (xorshift), so that every case can be replayed from FUZZ_SEED. */
function generator(seed) {
  let state = BigInt.asUintN(64, BigInt(seed) * 0x9e3779b97f4a7c15n + 1n);
  const next = () => {
    state ^= BigInt.asUintN(64, state << 13n);
    state ^= state >> 7n;
    state ^= BigInt.asUintN(64, state << 17n);
    return Number(state % 0x100000000n) / 0x100000000;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  const junk = () => {
    const alphabet = ["a", "Z", "9", " ", ",", "x", "×", "-", ".", "%", "<", "\"", "&", "💥", "\u0000", "\u202e", "ß", "٣", "８"];
    return Array.from({ length: 1 + Math.floor(next() * 10) }, () => pick(alphabet)).join("");
  };
  return { next, pick, junk };
}

/** Values of each attribute as people and programs mangle them, from right to far off. */
const VALUES = {
  board: ["5x5", "8x8", "3x10", "6X6", "7×7", " 12 x 9 ", "1x1", "4x4", "100x100", "40x1", "0x5", "-3x3", "1025x1024", "99999999999x2", "8x", "x8", "1e3x2", ""],
  start: ["a1", "h8", "A8", "c3", "0,0", "4,6", " 2 , 2 ", "-1,0", "z99", "a0", "1,2,3", "[1,2]", "a1b", ""],
  heuristic: ["divide", "fixed", "warnsdorff", "roth", "pohl", "random", "Random", " roth ", "knight", "", "1"],
  backtracking: ["1", "0", "true", "false", "on", "off", "yes", "maybe", ""],
  closed: ["1", "0", "true", "off", "2", ""],
  prune: ["1", "0", "on", "nope"],
  seed: ["0", "1", "42", "18446744073709551615", "18446744073709551616", "-1", "1.5", "NaN", "0x10"],
  speed: ["1", "10", "0.1", "0.05", "10000000", "1e8", "max", "MAX", "-4", "Infinity", "NaN", "", "5 moves"],
  autoplay: ["", "1", "0", "true", "later"],
  theme: ["light", "dark", "auto", "DARK", "blue", ""],
  teach: ["1", "0", "x"],
  race: ["fixed,warnsdorff", "roth,pohl", "fixed", "a,b", ""],
  layout: ["compact"],
};
const NAMES = Object.keys(VALUES);

test(`the element fuzzed through its attributes: ${PAGE_CASES} cases, every one a status or a notice, no error, no frozen frame`, async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  const random = generator(SEED);
  await page.evaluate(() => {
    const el = document.createElement("knights-tour");
    el.id = "fuzzed";
    document.querySelector("article").append(el);
    // The longest wait between two frames, from here on.
    window.longestFrame = 0;
    let last = performance.now();
    const tick = (now) => {
      window.longestFrame = Math.max(window.longestFrame, now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.waitForFunction(() => document.querySelector("#fuzzed").dataset.status);
  const seen = new Map();
  for (let batch = 0; batch < PAGE_CASES; batch += 20) {
    const cases = [];
    for (let i = batch; i < Math.min(PAGE_CASES, batch + 20); i++) {
      const changes = Array.from({ length: 1 + Math.floor(random.next() * 4) }, () => {
        const name = random.next() < 0.05 ? random.junk() : random.pick(NAMES);
        const value = random.next() < 0.15 ? random.junk() : random.pick(VALUES[name] ?? [""]);
        return [name, value];
      });
      cases.push(changes);
    }
    // Twenty cases a frame, then a frame to let the boards run: the statuses are read after each.
    const statuses = await page.evaluate(async (cases) => {
      const el = document.querySelector("#fuzzed");
      const statuses = [];
      for (const changes of cases) {
        for (const [name, value] of changes) {
          try {
            el.setAttribute(name, value);
          } catch {
            // a name the DOM refuses (InvalidCharacterError) is no attribute: nothing to fuzz
          }
        }
        // The element reads a script's changes once its task is done: each case is read alone.
        await null;
        statuses.push(el.dataset.status);
      }
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      statuses.push(el.dataset.status);
      return statuses;
    }, cases);
    for (const status of statuses) {
      assert.ok(STATUSES.includes(status), `after cases ${batch}..${batch + 19} (seed ${SEED}): status ${status}`);
      seen.set(status, (seen.get(status) ?? 0) + 1);
    }
  }
  const longest = await page.evaluate(() => window.longestFrame);
  report("attribute fuzz", { cases: PAGE_CASES, seed: SEED, statuses: Object.fromEntries(seen), longestFrameMs: Math.round(longest) });
  // A bound on time, kept because it is the promise (the page never freezes, whatever it is
  // given) and lies far from the noise: fifty times the frame loop's 10 ms budget.
  assert.ok(longest < 500, `a frame waited ${Math.round(longest)} ms`);
  page.assertClean();
  await page.context().close();
});

test(`the app fuzzed through its address: ${URL_CASES} mangled links, each a working board`, async () => {
  const random = generator(SEED + 1);
  const context = await ctx.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const problems = [];
  const page = await context.newPage();
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(error.message));
  let notices = 0;
  for (let i = 0; i < URL_CASES; i++) {
    const params = Array.from({ length: 1 + Math.floor(random.next() * 5) }, () => {
      const name = random.next() < 0.1 ? random.junk() : random.pick([...NAMES, "embed"]);
      const value = random.next() < 0.2 ? random.junk() : random.pick(VALUES[name] ?? ["1", "0"]);
      return `${encodeURIComponent(name)}=${random.next() < 0.1 ? value : encodeURIComponent(value)}`;
    }).join("&");
    await page.goto(`${ctx.url}?${params}`);
    await page.waitForFunction(() => document.querySelector("#app")?.dataset.status, null, { timeout: 10_000 });
    const status = await page.locator("#app").getAttribute("data-status");
    assert.ok(STATUSES.includes(status), `?${params}: status ${status}`);
    notices += Number(await page.locator("#app .notice").isVisible());
    assert.deepEqual(problems, [], `?${params}`);
  }
  report("address fuzz", { cases: URL_CASES, seed: SEED + 1, withNotice: notices });
  await context.close();
});

/** The settings of soak search `i`: boards, heuristics and options in turn, the largest early. */
function soakSettings(i, random) {
  const boards = ["8x8", "5x5", "6x6", "3x10", "4x7", "10x10", "7x7", "12x12", "30x30", "5x6"];
  return {
    board: i === 3 ? "200x200" : random.pick(boards),
    heuristic: random.pick(["divide", "fixed", "warnsdorff", "roth", "pohl", "random"]),
    start: random.pick(["a1", "c3", "b2", "0,0"]),
    prune: random.pick(["0", "1"]),
    closed: random.next() < 0.2 ? "1" : "0",
    seed: String(i),
    speed: "max",
  };
}

test(`a soak: ${SOAK_SEARCHES} searches on one element, with steps back, jumps and counts, and no memory that only grows`, async () => {
  // Our own browser, with the garbage collector at hand and the heap measured exactly.
  const soakBrowser = await launch(["--js-flags=--expose-gc", "--enable-precise-memory-info"]);
  try {
    await soak(soakBrowser);
  } finally {
    await soakBrowser.close();
  }
});

/**
 * The page's JavaScript objects, counted by kind and constructor from a heap snapshot (after a
 * garbage collection): what a leak of our own objects would make grow. The engine's compiled
 * code and the browser's own buffers are left out.
 */
async function jsObjects(cdp) {
  const chunks = [];
  const take = ({ chunk }) => chunks.push(chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", take);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  cdp.off("HeapProfiler.addHeapSnapshotChunk", take);
  const { snapshot: { meta }, nodes, strings } = JSON.parse(chunks.join(""));
  const [kinds] = meta.node_types;
  const stride = meta.node_fields.length;
  const [type, name] = ["type", "name"].map((field) => meta.node_fields.indexOf(field));
  const ours = new Set(["object", "closure", "array", "string", "concatenated string", "sliced string", "regexp", "bigint"]);
  const counts = new Map();
  for (let i = 0; i < nodes.length; i += stride) {
    const kind = kinds[nodes[i + type]];
    if (!ours.has(kind)) continue;
    // Strings by kind only: their text is the page's words, which change as it runs.
    const key = kind.includes("string") ? kind : `${kind} ${strings[nodes[i + name]].slice(0, 60)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function soak(soakBrowser) {
  const page = await openPage(soakBrowser, `${ctx.url}?teach=1`, { viewport: { width: 1280, height: 860 } });
  const cdp = await page.context().newCDPSession(page);
  let warm = null;
  const random = generator(SEED + 2);
  const samples = [];
  const started = Date.now();
  for (let i = 0; i < SOAK_SEARCHES; i++) {
    const settings = soakSettings(i, random);
    const action = random.pick(["back", "jump", "none", "none"]);
    const count = i % 100 === 50;
    const sample = i % 100 === 0 || i === SOAK_SEARCHES - 1;
    const figures = await page.evaluate(async ({ settings, action, count, sample }) => {
      const el = document.querySelector("knights-tour");
      for (const [name, value] of Object.entries(settings)) el.setAttribute(name, value);
      el.play();
      // Until it ends, or fifteen frames of it (a quarter of a second at 60 frames a second).
      for (let frame = 0; frame < 15 && el.dataset.status === "running"; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      const root = el.shadowRoot;
      if (action === "back") for (let k = 0; k < 5; k++) document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
      if (action === "jump" && el.run) {
        const timeline = root.querySelector("#timeline");
        timeline.value = String(Math.floor(el.run.position / 2));
        timeline.dispatchEvent(new Event("input", { bubbles: true }));
        while (el.controller.seeking) await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      if (count) {
        el.setAttribute("board", "5x5");
        el.setAttribute("start", "a5");
        await null; // the element reads them once this task is done, as before a person's click
        root.querySelector("[data-action=count]").click();
        while (!root.querySelector(".count-result").dataset.tours) await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      if (!sample) return null;
      // Between runs: no start, so no run; what the module holds then is what it keeps for good.
      el.removeAttribute("start");
      gc();
      const { liveBytes, memoryBytes } = await import("./www/core.js");
      return { heap: performance.memory.usedJSHeapSize, wasm: memoryBytes(), live: liveBytes(), status: el.dataset.status };
    }, { settings, action, count, sample });
    if (figures) samples.push({ search: i, ...figures });
    if (i === WARM_UP - 1) warm = await jsObjects(cdp);
  }
  const end = await jsObjects(cdp);
  const grown = [...end].map(([key, count]) => [key, count - (warm.get(key) ?? 0)]).sort((a, b) => b[1] - a[1]);
  const mb = (bytes) => Math.round(bytes / 1e5) / 10;
  report("soak", {
    searches: SOAK_SEARCHES, seconds: Math.round((Date.now() - started) / 1000),
    heapMB: samples.map((s) => mb(s.heap)), wasmMemoryMB: samples.map((s) => mb(s.wasm)),
    wasmLiveBytes: samples.map((s) => s.live),
    jsObjectsAfterWarmUp: [...warm.values()].reduce((a, b) => a + b, 0),
    jsObjectsAtEnd: [...end.values()].reduce((a, b) => a + b, 0),
    mostGrown: grown.slice(0, 3),
  });
  // Between runs the module holds exactly what it held after the first; and after warm-up no
  // kind of JavaScript object is retained once a search (or ten): nothing of ours leaks. (The
  // heap's size, sampled above, still creeps as the engine compiles more code and the browser
  // keeps its timing entries; the module's memory grows to the most a run ever needed, and stays.)
  for (const sample of samples.slice(1)) {
    assert.equal(sample.live, samples[1].live, `wasm bytes held between runs at search ${sample.search}`);
  }
  const runs = SOAK_SEARCHES - WARM_UP;
  for (const [key, count] of grown.slice(0, 5)) {
    assert.ok(count < Math.max(100, runs / 10), `${count} more of "${key}" after ${runs} searches: ${JSON.stringify(grown.slice(0, 5))}`);
  }
  page.assertClean();
}

test("twenty boards on one page, all searching at full speed, take turns to be drawn", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`, { viewport: { width: 1600, height: 2600 } });
  const turns = await page.evaluate(async () => {
    // Twenty boards over the post, every one in the window: a board out of sight does no work.
    const wall = document.createElement("div");
    wall.style.cssText = "position: absolute; inset: 0 0 auto; display: flex; flex-wrap: wrap; background: white";
    for (let i = 0; i < 20; i++) {
      const el = document.createElement("knights-tour");
      el.style.width = "300px";
      for (const [name, value] of Object.entries({ board: "20x20", start: "a1", heuristic: "fixed", speed: "max" })) {
        el.setAttribute(name, value);
      }
      wall.append(el);
    }
    document.body.append(wall);
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const boards = [...wall.children];
    while (!boards.every((el) => el.dataset.status)) await frame();
    const outside = boards.filter((el) => el.getBoundingClientRect().bottom > innerHeight).length;
    if (outside) throw new Error(`${outside} of the twenty boards are out of the window`);
    for (const el of boards) el.play();
    // A board's counters are written when it is drawn, and at full speed they are further on each
    // time: count the frames in which each board's changed.
    const last = boards.map((el) => el.dataset.placed);
    const drawn = boards.map(() => 0);
    for (let i = 0; i < 150; i++) {
      await frame();
      boards.forEach((el, b) => {
        if (el.dataset.placed !== last[b]) drawn[b] += 1;
        last[b] = el.dataset.placed;
      });
    }
    return { drawn, running: boards.filter((el) => el.dataset.status === "running").length };
  });
  report("twenty boards", { framesEachWasDrawnIn: turns.drawn });
  assert.equal(turns.running, 20, "the fixed order runs on and on in 20x20");
  // The frame loop draws the longest-waiting boards first, as many as its budget allows and one at
  // least: in 150 frames every board has had several turns, however slow the drawing. (The frame
  // times with twenty boards: `node bench/frames.mjs --only boards`.)
  assert.ok(turns.drawn.every((count) => count >= 5), `frames each board was drawn in, of 150: ${turns.drawn}`);
  page.assertClean();
  await page.context().close();
});

test("a tab hidden and shown again (a laptop asleep) goes on where it was, without a leap", async () => {
  // A hidden tab gets no frames; then, shown again, one frame comes with the time since. The
  // frames are held back here exactly so: requestAnimationFrame's callbacks wait, then run.
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a8&heuristic=fixed&speed=200&teach=1&autoplay=1`);
  await page.waitForFunction(() => Number(document.querySelector("knights-tour").dataset.placed) > 50);
  await page.evaluate(() => {
    const held = [];
    const real = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => (held.push(callback), -1);
    window.held = held;
    window.show = () => {
      window.requestAnimationFrame = real;
      for (const callback of held) real(callback);
    };
  });
  // The frame asked for before the tab went has come, and asked for the next: held back.
  await page.waitForFunction(() => window.held.length > 0);
  const hidden = Number(await page.locator("knights-tour").getAttribute("data-placed"));
  // Hidden for a second and a half of the page's clock, the one frames are timed by: not a wait
  // for something to happen, but the time that passes while nothing may.
  const since = await page.evaluate(() => performance.now());
  await page.waitForFunction((since) => performance.now() - since >= 1500, since, { polling: 100 });
  assert.equal(Number(await page.locator("knights-tour").getAttribute("data-placed")), hidden, "nothing ran while hidden");
  await page.evaluate(() => window.show());
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  const woke = Number(await page.locator("knights-tour").getAttribute("data-placed"));
  // 200 moves a second: the first frame back makes up at most a quarter of a second of them.
  assert.ok(woke >= hidden && woke <= hidden + 50, `placed ${hidden} when hidden, ${woke} on the first frame back`);
  await page.waitForFunction((then) => Number(document.querySelector("knights-tour").dataset.placed) > then + 20, woke);
  assert.equal(await page.locator("knights-tour").getAttribute("data-status"), "running");
  page.assertClean();
  await page.context().close();
});

test("a count cancelled mid-way leaves nothing behind: its worker, and its memory with it, ended at once; the next counts exact", async () => {
  // 6x10 closed: seconds of the frontier's sweep, long enough to be cancelled part way.
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x10&start=a1&closed=1`, { prepare: noteWorkers });
  const root = "knights-tour";
  const result = () => page.locator(root).evaluate((el) => el.shadowRoot.querySelector(".count-result").textContent);
  // How many count workers the page started, and ended.
  const counters = () => page.evaluate(() => {
    const counting = window.workers.filter((worker) => worker.url.endsWith("/panels/count-worker.js"));
    return { started: counting.length, ended: counting.filter((worker) => worker.ended).length };
  });
  await page.getByRole("button", { name: "Count from start" }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".count-progress").value > 0);
  await page.getByRole("button", { name: "Cancel" }).click();
  assert.match(await result(), /^Cancelled the count of closed tours from a1 on 6×10 at (sweep \d+ of \d+, )?column \d+ of \d+/);
  const cancelled = await counters();
  assert.ok(cancelled.started >= 1 && cancelled.ended === cancelled.started, `every worker of the count ended: ${JSON.stringify(cancelled)}`);
  assert.equal(await page.getByRole("button", { name: "Cancel" }).isDisabled(), true);
  // 5x5 from the corner: 304 tours; 6x6 closed from a corner: 9,862 closed tours, each counted
  // in both directions (McKay's figure, OEIS A001230). Each count's worker ends with it.
  for (const [query, tours] of [[{ board: "5x5", start: "a5", closed: "0" }, "304"], [{ board: "6x6", start: "a6", closed: "1" }, "19724"]]) {
    await page.locator(root).evaluate((el, query) => {
      for (const [name, value] of Object.entries(query)) el.setAttribute(name, value);
    }, query);
    await page.getByRole("button", { name: "Count from start" }).click();
    await page.waitForFunction((tours) => document.querySelector("knights-tour").shadowRoot.querySelector(".count-result").dataset.tours === tours, tours, { timeout: 30_000 });
    const after = await counters();
    assert.ok(after.started > cancelled.started && after.ended === after.started, `${tours}: ${JSON.stringify(after)}`);
  }
  page.assertClean();
  await page.context().close();
});
