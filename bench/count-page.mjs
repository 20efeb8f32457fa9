#!/usr/bin/env node
// Counting in the page against counting natively, in one run: each count by the page's own
// buttons in the release build in Chromium (from the click to the answer on the panel: the
// worker started, the module loaded, Knuth's estimate of a listing made, the count run in slices
// of 200 ms with a report after each) and by `knights-tour count` as a process (start to exit),
// rounds interleaved so that the shared machine's noise falls on both alike. Prints the medians
// and their ratio, page / native, in wall-clock time and in CPU time (the command line's, as its
// parent sees it; the page's renderer processes', whose worker thread does the count): on a
// machine shared with other work the wall clock measures the others too, and the CPU time is
// the figure to compare. Prints the load average at the start, the longest wait between two of
// the page's frames while it counted (of every round; on a loaded machine the page's thread waits
// for a core too) and the time the page's own thread spent on the count (script, layout and
// style, by Chromium's metrics: what a frame could have waited for); checks that both answered
// alike (the page's total against the sum of the command line's grid, from every square).
//
//   node bench/count-page.mjs [--rounds 3] [--no-build] [--long]
//
// It builds what it measures first (`node scripts/build.mjs`, `cargo build --release`) unless
// told not to. `--long` adds 7x7 from every square (by class: on two cores the page counts its
// classes in two workers, 3 GiB each, so the command line is given their 6 GiB: two counts at
// once, about 1.5 minutes) and 7x8 closed from a corner (about 10 s).

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launch, openPage, serve } from "../tests/e2e/harness.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const binary = path.join(root, "target", "release", "knights-tour");
const { values: options } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, "no-build": { type: "boolean" }, long: { type: "boolean" } },
});
const rounds = Number(options.rounds);

const CASES = [
  { name: "6x10 closed from a1", query: "board=6x10&start=a1&closed=1", button: "Count from start", args: ["--board", "6x10", "--start", "a1", "--closed"] },
  { name: "6x6 from every square", query: "board=6x6", button: "Count from every square", args: ["--board", "6x6", "--every-start"] },
  { name: "5x10 from every square", query: "board=5x10", button: "Count from every square", args: ["--board", "5x10", "--every-start"] },
  ...(options.long ? [
    { name: "7x7 from every square", query: "board=7x7", button: "Count from every square", args: ["--board", "7x7", "--every-start", "--max-memory", "6G"] },
    { name: "7x8 closed from a1", query: "board=7x8&start=a1&closed=1", button: "Count from start", args: ["--board", "7x8", "--start", "a1", "--closed"] },
  ] : []),
];

function run(command, args) {
  const done = spawnSync(command, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "pipe"] });
  if (done.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${done.error ?? done.stderr}`);
  return done.stdout;
}

/** Linux's clock ticks a second (USER_HZ), in which /proc counts CPU time. */
const TICK_MS = 10;

/** User and system CPU time in ms from a /proc/PID/stat line, its own (`at` 13) or its waited-for children's (15). */
function cpu(pid, at) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[at - 2]) + Number(fields[at - 1])) * TICK_MS;
}

/** A native count as a process: wall and CPU ms, and its answer (a grid's total, from every square). */
function native(args) {
  const [started, before] = [performance.now(), cpu("self", 15)];
  const out = run(binary, ["count", ...args]);
  const [ms, cpuMs] = [performance.now() - started, cpu("self", 15) - before];
  const numbers = out.trim().split(/\s+/).map(BigInt);
  return { ms, cpuMs, tours: String(numbers.reduce((a, b) => a + b, 0n)) };
}

/** The CPU ms of every renderer process of the browser whose process is `browserPid`. */
function rendererCpu(browserPid) {
  const parent = (pid) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
  const ours = (pid) => {
    for (let p = pid; p > 1; p = parent(p)) if (p === browserPid) return true;
    return false;
  };
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer") && ours(Number(pid))) total += cpu(pid, 13);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A count in the page, by its button: wall and CPU ms from the click to the answer, and the answer. */
/** The time the page's own thread spent running script, laying out and styling, in ms, so far (Chromium's metrics). */
async function mainThreadMs(page) {
  page.cdp ??= await page.context().newCDPSession(page);
  await page.cdp.send("Performance.enable");
  const { metrics } = await page.cdp.send("Performance.getMetrics");
  const value = (name) => metrics.find((metric) => metric.name === name).value;
  return (value("ScriptDuration") + value("LayoutDuration") + value("RecalcStyleDuration")) * 1000;
}

async function inPage(page, { button }, browserPid) {
  const before = rendererCpu(browserPid);
  const mainBefore = await mainThreadMs(page);
  const counted = await page.evaluate((label) => new Promise((resolve) => {
    const root = document.querySelector("knights-tour").shadowRoot;
    const result = root.querySelector(".count-result");
    // The longest wait between two frames of the page while it counts: a count on the page's
    // thread, or a report too heavy to handle, would show here.
    let [longest, last, counting] = [0, 0, true];
    // What made a frame long, by Chromium's Long Animation Frames: the page's own work in it
    // (script, style, layout, paint) against the frame's whole wait, and the scripts that ran.
    const long = [];
    const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
    observer.observe({ type: "long-animation-frame" });
    const frame = (now) => {
      if (last) longest = Math.max(longest, now - last);
      last = now;
      if (counting) requestAnimationFrame(frame);
    };
    const watch = new MutationObserver(() => {
      if (!result.dataset.tours) return;
      counting = false;
      watch.disconnect();
      long.push(...observer.takeRecords());
      observer.disconnect();
      const worst = long.sort((a, b) => b.blockingDuration - a.blockingDuration)[0];
      const rendering = (frame) => (frame.renderStart ? frame.startTime + frame.duration - frame.renderStart : 0);
      const busy = (frame) => frame.scripts.reduce((sum, script) => sum + script.duration, 0) + rendering(frame);
      const where = (script) => `${script.sourceFunctionName || "?"}@${script.sourceURL.split("/").pop()}:${script.sourceCharPosition}`;
      const blame = worst?.scripts.map((script) => `${script.invoker || script.invokerType} ${Math.round(script.duration)} ms (${where(script)})`).join(", ");
      resolve({
        ms: performance.now() - started,
        tours: result.dataset.tours,
        frameMs: longest,
        // The most the page's own work held up a frame (its scripts and its rendering).
        busyMs: Math.max(0, ...long.map(busy)),
        blame: worst ? `${Math.round(worst.duration)} ms frame, ${Math.round(worst.blockingDuration)} ms blocking: ${blame || "no script"}` : "none",
      });
    });
    watch.observe(result, { attributes: true, attributeFilter: ["data-tours"] });
    const started = performance.now();
    requestAnimationFrame(frame);
    [...root.querySelectorAll("button")].find((b) => b.textContent === label).click();
  }), button);
  return { ...counted, cpuMs: rendererCpu(browserPid) - before, mainMs: (await mainThreadMs(page)) - mainBefore };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!options["no-build"]) {
  spawnSync("cargo", ["build", "--release", "--quiet", "--bin", "knights-tour"], { cwd: root, stdio: "inherit" });
  spawnSync("node", ["scripts/build.mjs"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const { url, stop } = await serve();
// A flag of no meaning to Chromium, to find its browser process by, and its renderers under it.
const marker = `--count-page-bench=${process.pid}`;
const browser = await launch([marker]);
const browserPid = Number(readdirSync("/proc").find((pid) => {
  try {
    return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(marker);
  } catch {
    return false;
  }
}));
try {
  const pages = [];
  for (const count of CASES) pages.push(await openPage(browser, `${url}?${count.query}`));
  const here = CASES.map(() => []);
  const there = CASES.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, count] of CASES.entries()) {
      const n = native(count.args);
      const w = await inPage(pages[i], count, browserPid);
      if (n.tours !== w.tours) throw new Error(`${count.name}: the page counted ${w.tours}, the command line ${n.tours}`);
      here[i].push(n);
      there[i].push(w);
    }
  }
  for (const page of pages) page.assertClean();
  console.log(`medians of ${rounds} interleaved rounds; load average at the start ${load}; ratio = page / native`);
  const s = (ms) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
  for (const [i, { name }] of CASES.entries()) {
    const [n, w] = [median(here[i].map((r) => r.ms)), median(there[i].map((r) => r.ms))];
    const [nc, wc] = [median(here[i].map((r) => r.cpuMs)), median(there[i].map((r) => r.cpuMs))];
    const frame = Math.max(...there[i].map((r) => r.frameMs));
    const main = median(there[i].map((r) => r.mainMs));
    console.log(`  ${name.padEnd(24)} wall: native ${s(n)}, page ${s(w)}, ratio ${(w / n).toFixed(2)}   ` +
      `CPU: native ${s(nc)}, page ${s(wc)}, ratio ${(wc / nc).toFixed(2)}   ` +
      `longest frame ${frame.toFixed(0)} ms, page's thread ${main.toFixed(0)} ms, ` +
      `most work in a frame ${Math.max(...there[i].map((r) => r.busyMs)).toFixed(0)} ms`);
    for (const r of there[i]) console.log(`    worst frame of a round: ${r.blame}`);
  }
} finally {
  await browser.close();
  stop();
}
