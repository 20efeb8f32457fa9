// What a page fetches to show its boards, gzipped, by file; and Lighthouse's mobile scores of a
// post and of the app. The element is the npm package's (element/, `node scripts/build.mjs
// --package`), served gzipped from another origin than the posts, as a CDN serves it (with the
// CORS and Timing-Allow-Origin headers jsDelivr sends); the app is the site (dist/).
//
//   node bench/first-load.mjs [--budget KB] [--no-build]
//   node bench/first-load.mjs --slow [--runs 3] [--no-build]
//   node bench/first-load.mjs --lighthouse [--runs 3] [--no-build]
//
// Bytes (the default): for one compact autoplaying board, what it fetches before its first tour
// runs (from navigation to the first frame its status is past "idle"), and what it fetches
// after, until nothing more comes for a while; for a post with an autoplaying board and a play
// board, the same, and what the first move on the play board fetches; for the app page, what it
// fetches before its board is live. Bodies as they crossed the network (the gzipped bytes),
// KB = 1,000 bytes. Exits 1 if the compact board's first load is over the budget
// (scripts/first-load.mjs, FIRST_LOAD_BUDGET_KB).
//
// --slow: the sample post (two autoplaying boards between paragraphs, as --lighthouse loads it)
// and the one-board post on a slow phone, as Lighthouse's mobile preset throttles one (its
// "Slow 4G" as Chrome's DevTools apply it: 562.5 ms a round trip, 1,474.6 kbit/s down, 675 up;
// the CPU 4 times slower), 390x844: from navigation to the first contentful paint (the text),
// and to the first frame at which a board runs; the median of the runs, which fails over 6 s.
//
// --lighthouse: Lighthouse 12.2.3 (installed on first use into target/lighthouse/, not a
// dependency of the project), its default mobile run (a slow 4G and a 4x slower CPU, simulated),
// three times each on a sample post (two boards between paragraphs, the snippet of
// docs/embedding.md) and on the app; prints the median run by performance score.

import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { launch, openPage } from "../tests/e2e/harness.js";
import { serveGzipped } from "../tests/e2e/gzip-server.js";
import { FIRST_LOAD_BUDGET_KB } from "../scripts/first-load.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    budget: { type: "string", default: String(FIRST_LOAD_BUDGET_KB) },
    lighthouse: { type: "boolean", default: false },
    slow: { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
  },
});

const LIGHTHOUSE = "12.2.3";
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

if (!values["no-build"]) {
  for (const args of [["--package"], []]) execFileSync("node", ["scripts/build.mjs", ...args], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

const scratch = mkdtempSync(path.join(tmpdir(), "knights-tour-first-load-"));
// What jsDelivr sends with a file of a package's version: any origin may fetch it, and keep it.
const CDN_HEADERS = { "Access-Control-Allow-Origin": "*", "Timing-Allow-Origin": "*", "Cache-Control": "public, max-age=31536000, immutable" };
const cdn = await serveGzipped(root, { headers: CDN_HEADERS });
const blog = await serveGzipped(scratch);
const element = `${cdn.url}element/`;

/** A post on the blog's origin: the package's stylesheet and module from the CDN, and `boards` between paragraphs. */
function post(name, boards, title = "A post with knights") {
  const paragraph = "The knight moves two squares one way and one the other. A tour visits every square once: " +
    "the textbook search tries the moves in a fixed order and takes them back when it is stuck.";
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A sample post with knight's tours, to measure what the element costs a page." />
    <title>${title}</title>
    <link rel="icon" href="data:," />
    <style>body { font: 17px/1.6 Georgia, serif; max-width: 680px; margin: 40px auto; padding: 0 16px; color: #222; }</style>
    <link rel="stylesheet" href="${element}knights-tour.css" />
    <script type="module" src="${element}knights-tour.js"></script>
  </head>
  <body>
    <main><article>
      <h1>${title}</h1>
      ${boards.map((board) => `<p>${paragraph}</p>\n      ${board}`).join("\n      ")}
      <p>${paragraph}</p>
    </article></main>
  </body>
</html>
`;
  mkdirSync(path.join(scratch, name), { recursive: true });
  writeFileSync(path.join(scratch, name, "index.html"), html);
  return `${blog.url}${name}/`;
}

/** The sample post's boards, between its paragraphs (--slow, --lighthouse). */
const SAMPLE_BOARDS = [
  `<knights-tour board="5x5" start="a5" heuristic="fixed" speed="4" autoplay></knights-tour>`,
  `<knights-tour board="6x6" start="c3" heuristic="roth" speed="30" autoplay></knights-tour>`,
];

/**
 * In the page, before its scripts: notes the time of the first frame at which a board's status
 * is past "idle" (running, or already ended), as `window.firstRun`.
 */
const watchFirstRun = () => {
  new MutationObserver((records, observer) => {
    const running = [...document.querySelectorAll("knights-tour")].some((el) => !["loading", "idle", undefined].includes(el.dataset.status));
    if (!running) return;
    observer.disconnect();
    window.firstRun = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-status"] });
};

/**
 * Records what `page` and its workers fetch from `origin` (a worker's requests are not in the
 * page's resource timing, but they are in the browser's account of the network). Returns a
 * function that resolves to `{name, start, bytes}` a request: its start (epoch ms) and its body
 * as it crossed the network (gzipped; nothing for one served from the cache).
 */
function recordFetches(page, origin) {
  const files = [];
  page.context().on("requestfinished", (request) => {
    if (!request.url().startsWith(origin)) return;
    const name = request.url().slice(origin.length) || "(the page)";
    // The browser tells no size (-1) for a response it took from its cache.
    files.push(request.sizes().then(({ responseBodySize: size }) => ({ name: size < 0 ? `${name} (cached)` : name, start: request.timing().startTime, bytes: Math.max(0, size) })));
  });
  return () => Promise.all(files);
}

/** The epoch time of `window.firstRun` (see `watchFirstRun`), or of now. */
const epoch = (page, what = "now") => page.evaluate((what) => performance.timeOrigin + (what === "firstRun" ? window.firstRun : performance.now()), what);

/** Waits until the page and its workers have asked for nothing new for `quiet` ms. */
async function settled(page, quiet = 1500) {
  let asked = 0;
  const count = () => asked++;
  page.context().on("request", count);
  for (let seen = -1; seen !== asked;) {
    seen = asked;
    await new Promise((resolve) => setTimeout(resolve, quiet));
  }
  page.context().off("request", count);
}

/** Prints `files` as a table, the total last; returns the total. */
function table(title, files) {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`\n${title}: ${kb(total)} gzipped, ${files.length} files`);
  for (const file of [...files].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(file.bytes).padStart(9)}  ${file.name}`);
  return total;
}

async function bytes() {
  const browser = await launch();
  let files;
  const open = (url, origin, opened) => openPage(browser, url, {
    viewport: { width: 390, height: 844 },
    prepare: (page) => {
      files = recordFetches(page, origin);
      return page.addInitScript(watchFirstRun);
    },
    opened,
  });
  const firstRun = (page) => page.waitForFunction(() => window.firstRun);
  const before = (list, time) => list.filter((file) => file.start <= time);
  const after = (list, time) => list.filter((file) => file.start > time);

  const compact = await open(post("compact", [`<knights-tour autoplay></knights-tour>`]), cdn.url, firstRun);
  const ran = await epoch(compact, "firstRun");
  await settled(compact);
  const compactFiles = await files();
  const first = table("one compact autoplaying board (8x8, divide), before its first tour runs", before(compactFiles, ran));
  table("  then, until nothing more comes", after(compactFiles, ran));
  compact.assertClean();

  const both = await open(post("post", [
    `<knights-tour autoplay board="6x6" heuristic="warnsdorff"></knights-tour>`,
    `<knights-tour play board="6x6"></knights-tour>`,
  ]), cdn.url, firstRun);
  const bothRan = await epoch(both, "firstRun");
  await settled(both);
  const bothFiles = await files();
  table("a post with an autoplaying board and a play board, before the first tour runs", before(bothFiles, bothRan));
  table("  then, until nothing more comes", after(bothFiles, bothRan));
  const moved = await epoch(both);
  const player = both.locator("knights-tour[play]");
  await player.locator("#board").scrollIntoViewIfNeeded();
  const box = await player.locator("#board").boundingBox();
  await both.mouse.click(box.x + box.width / 12, box.y + (box.height * 11) / 12); // a1
  await both.waitForFunction(() => document.querySelector("knights-tour[play]").dataset.verdict);
  await settled(both);
  table("  then, on the play board's first move", after(await files(), moved));
  both.assertClean();

  const site = await serveGzipped(path.join(root, "dist"));
  const app = await open(site.url, site.url, (page) => page.waitForFunction(() => document.querySelector("knights-tour")?.dataset.status && document.querySelector("knights-tour").dataset.status !== "loading"));
  const live = await epoch(app);
  table("the app page, before its board is live", before(await files(), live));
  app.assertClean();
  await site.stop();
  await browser.close();

  const budget = Number(values.budget) * 1000;
  console.log(`\nOne compact board's first load: ${kb(first)} gzipped, the budget ${kb(budget)}: ${first <= budget ? "within" : "OVER"}.`);
  return first <= budget;
}

/** Lighthouse's mobile preset as Chrome's DevTools apply it (its `throttling` constants: rtt 150 ms times 3.75, 1,638.4 kbit/s times 0.9). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1638.4 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** What the first autoplaying board may take on such a phone, from navigation to its first running frame. */
const SLOW_BUDGET_MS = 6000;

/** The time from navigation to the text's first paint and to the first board running, on a throttled phone, the median of the runs. */
async function slow() {
  const browser = await launch();
  const runs = Number(values.runs);
  const pages = {
    "the sample post (two boards)": post("slow-two", SAMPLE_BOARDS, "Backtracking, explained by a knight"),
    "one compact board (8x8, divide)": post("slow-one", [`<knights-tour autoplay></knights-tour>`]),
  };
  console.log(`Slow 4G (${SLOW_4G.latency} ms a round trip, ${Math.round((SLOW_4G.downloadThroughput * 8) / 1024)} kbit/s), CPU ${CPU_SLOWDOWN}x slower, 390x844, ${runs} runs each, medians:`);
  let within = true;
  for (const [name, url] of Object.entries(pages)) {
    const times = [];
    for (let run = 0; run < runs; run++) {
      const page = await openPage(browser, url, {
        viewport: { width: 390, height: 844 },
        prepare: async (page) => {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
          await page.addInitScript(watchFirstRun);
        },
        opened: (page) => page.waitForFunction(() => window.firstRun, null, { timeout: 60000 }),
      });
      times.push(await page.evaluate(() => ({ paint: performance.getEntriesByName("first-contentful-paint")[0].startTime, run: window.firstRun })));
      page.assertClean();
      await page.context().close();
    }
    const median = (key) => times.map((time) => time[key]).sort((a, b) => a - b)[Math.floor(runs / 2)];
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`  ${name}: text painted at ${s(median("paint"))}, first board running at ${s(median("run"))} (runs: ${times.map((time) => s(time.run)).join(", ")})`);
    within &&= median("run") <= SLOW_BUDGET_MS;
  }
  await browser.close();
  console.log(`The first board runs within ${SLOW_BUDGET_MS / 1000} s: ${within ? "yes" : "NO"}.`);
  return within;
}

/** Lighthouse's CLI, installed on first use into target/lighthouse/ (not a dependency of the project). */
function lighthouseCli() {
  const prefix = path.join(root, "target", "lighthouse");
  const cli = path.join(prefix, "node_modules", "lighthouse", "cli", "index.js");
  const installed = existsSync(cli) && JSON.parse(readFileSync(path.join(prefix, "node_modules", "lighthouse", "package.json"), "utf8")).version === LIGHTHOUSE;
  if (!installed) {
    console.log(`== installing lighthouse@${LIGHTHOUSE} into ${path.relative(root, prefix)}/ (once)`);
    mkdirSync(prefix, { recursive: true });
    execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${LIGHTHOUSE}`], { stdio: "inherit" });
  }
  return cli;
}

/**
 * One Lighthouse run of `url` (mobile, its defaults): the scores and metrics this bench reports.
 * Asynchronous: the servers of the post and the CDN are this process's, and answer only while it
 * is not blocked waiting for Lighthouse.
 */
async function lighthouseRun(cli, url) {
  const flags = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic";
  let output;
  try {
    ({ stdout: output } = await promisify(execFile)("node", [cli, url, "--output=json", "--output-path=stdout", "--quiet", "--only-categories=performance,seo", `--chrome-flags=${flags}`], {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      maxBuffer: 64 << 20,
    }));
  } catch (error) {
    throw new Error(`Lighthouse failed on ${url}: ${String(error.stderr).trim().split("\n").slice(-3).join(" ")}`);
  }
  const { categories, audits } = JSON.parse(output);
  const value = (id) => audits[id].numericValue;
  return {
    performance: Math.round(categories.performance.score * 100),
    seo: Math.round(categories.seo.score * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    bytes: value("total-byte-weight"),
  };
}

function lighthouse() {
  const cli = lighthouseCli();
  const site = path.join(root, "dist");
  return serveGzipped(site).then(async (app) => {
    const pages = {
      "sample post (two boards, the package from a CDN)": post("lighthouse", SAMPLE_BOARDS, "Backtracking, explained by a knight"),
      app: app.url,
    };
    const runs = Number(values.runs);
    console.log(`Lighthouse ${LIGHTHOUSE}, mobile (its defaults), ${runs} runs each, the median by performance score, served gzipped:`);
    for (const [name, url] of Object.entries(pages)) {
      const results = [];
      for (let run = 0; run < runs; run++) results.push(await lighthouseRun(cli, url));
      results.sort((a, b) => a.performance - b.performance);
      const median = results[Math.floor(results.length / 2)];
      const ms = (n) => `${(n / 1000).toFixed(1)} s`;
      console.log(`  ${name}: performance ${median.performance} (runs: ${results.map((r) => r.performance).join(", ")}), SEO ${median.seo}; ` +
        `FCP ${ms(median.fcp)}, LCP ${ms(median.lcp)}, Speed Index ${ms(median.si)}, TBT ${Math.round(median.tbt)} ms, CLS ${median.cls.toFixed(3)}, ${Math.round(median.bytes / 1024)} KiB`);
    }
    await app.stop();
    return true;
  });
}

try {
  const within = values.lighthouse ? await lighthouse() : values.slow ? await slow() : await bytes();
  process.exitCode = within ? 0 : 1;
} finally {
  await cdn.stop();
  await blog.stop();
  rmSync(scratch, { recursive: true, force: true });
}
