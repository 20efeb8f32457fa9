// Shared by the end-to-end tests: serves the release build on 127.0.0.1, starts Debian's
// Chromium through playwright-core, and fails a test on any console error or page error.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const outputDir = path.join(root, "test-results");

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic",
];

async function freePort() {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  return port;
}

/** Serves `dir` (the built site by default) until `stop()`; returns its base URL. */
export async function serve(dir = path.join(root, "dist")) {
  const port = await freePort();
  const server = spawn("python3", ["-m", "http.server", "--bind", "127.0.0.1", "-d", dir, String(port)], {
    // Its request log goes nowhere: a pipe nobody reads fills after a few hundred requests and
    // then the server blocks mid-response, and every page after that waits forever for "load".
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(url);
      if (response.ok) return { url, stop: () => server.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.kill();
  throw new Error(`the static server on port ${port} did not start`);
}

/**
 * A static blog serving the fixture's post at /blog/post/, with the built site (`dist`) dropped
 * into /blog/static/knights-tour/ as a blogger would: the element from a sub-path of another site.
 */
export async function serveBlog(dist = path.join(root, "dist")) {
  const site = mkdtempSync(path.join(tmpdir(), "knights-tour-blog-"));
  cpSync(path.join(root, "tests", "e2e", "fixtures", "blog"), path.join(site, "blog"), { recursive: true });
  cpSync(dist, path.join(site, "blog", "static", "knights-tour"), { recursive: true });
  return serve(site);
}

/** Debian's Chromium, headless, with the flags this machine needs and any `extra` ones. */
export async function launch(extra = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...extra], headless: true });
}

/**
 * A fresh page that records every console error and page error; `assertClean()` fails the test
 * if there was any. Once it is asked for, `opened(page)` is awaited: by default its first board's
 * status, which Playwright reads with a script of its own evaluated in the page (20-30 ms of the
 * page's thread on this machine, in the middle of its load: bench/frames.mjs, which times loads,
 * waits for a word from the page instead). `waitUntil` is Playwright's for the navigation: "commit" for
 * a test that holds back a script the page's load waits for.
 */
export async function openPage(browser, url, {
  viewport = { width: 1280, height: 860 }, colorScheme = "light", prepare, hasTouch = false, deviceScaleFactor = 1, waitUntil = "load",
  opened = (page) => page.waitForFunction(() => document.querySelector("knights-tour")?.dataset.status),
} = {}) {
  const context = await browser.newContext({ viewport, colorScheme, deviceScaleFactor, hasTouch });
  const page = await context.newPage();
  // Routes and init scripts that must be in place before the page loads.
  await prepare?.(page);
  const problems = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
  await page.goto(url, { waitUntil });
  await opened(page);
  /** Fails on any problem but those `expected` (a RegExp) matches, when a test causes some. */
  page.assertClean = (expected = null) => {
    const left = problems.filter((problem) => !expected?.test(problem));
    if (left.length) throw new Error(left.join("\n"));
  };
  return page;
}

/** Serves `html` at `url` to `page` (for `openPage`'s `prepare`): a page of someone else's site, in a test. */
export const hosted = (url, html) => (page) => page.route(url, (route) => route.fulfill({ contentType: "text/html", body: html }));

/** A post of someone else's site, for `hosted`: its `head` (styles, and the element's script as it loads it) and `body`. */
export const post = ({ head, body }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A post</title>
    <link rel="icon" href="data:," />
    ${head}
  </head>
  <body>
    ${body}
  </body>
</html>`;

/**
 * Notes every Web Worker the page starts, and whether it was ended since: `window.workers` in the
 * page, a `{url, ended}` each (for `openPage`'s `prepare`).
 */
export const noteWorkers = (page) => page.addInitScript(() => {
  window.workers = [];
  const Base = Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      const note = { url: String(url), ended: false };
      window.workers.push(note);
      this.terminate = () => {
        note.ended = true;
        super.terminate();
      };
    }
  };
});

/**
 * Saves the page as `test-results/<name>.png`, for people to look at: the whole page, or with
 * `zoomed` (a board zoomed in) what is in the window only. A whole-page shot of a page taller than
 * the window lays it out in a window as tall as the page for a moment, and a board whose frame
 * grows with it is fitted whole again, its zoom and pan gone.
 */
export async function screenshot(page, name, { zoomed = false } = {}) {
  mkdirSync(outputDir, { recursive: true });
  const file = path.join(outputDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: !zoomed });
  return file;
}

/** Clicks the centre of square (row, col) of the board, as a person would: with the board in sight. */
export async function clickSquare(page, row, col) {
  await page.locator("#board").first().scrollIntoViewIfNeeded();
  const box = await page.locator("#board").first().boundingBox();
  const [rows, cols] = await page.locator("#board").first().evaluate((canvas) => {
    const host = canvas.getRootNode().host;
    return [Number(host.settings.rows), Number(host.settings.cols)];
  });
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / cols, box.y + ((row + 0.5) * box.height) / rows);
}

/**
 * Makes the page's frame loop (`www/run/frame-loop.js`, the very module its boards were loaded
 * with, wherever the site put it) `window.frameLoop` in the page, for a test to read its
 * `state()`: `{ boards, requested }`.
 */
export async function loadFrameLoop(page) {
  await page.evaluate(async () => {
    const url = performance.getEntriesByType("resource").map(({ name }) => name).find((name) => name.endsWith("/run/frame-loop.js"));
    window.frameLoop ??= await import(url);
  });
}

/**
 * Waits until the page's frame loop asks for no frame: every board has drawn what it has to show,
 * and nothing moves (no search, no slide, no fading backtrack, no jump on its way). What the
 * canvas and the DOM show then stays as it is.
 */
export async function quiet(page) {
  await loadFrameLoop(page);
  await page.waitForFunction(() => !window.frameLoop.state().requested);
}

/** Waits for `count` animation frames of the page: whatever was asked for has been drawn. */
export const frames = (page, count = 2) => page.evaluate(async (count) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}, count);

/** Visible text under `least` CSS pixels, on the page and in every element's shadow root. */
export const textUnder = (page, least) => page.evaluate((least) => {
  const small = [];
  const check = (element, text) => {
    if (!element.checkVisibility({ visibilityProperty: true })) return;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < least) small.push(`${size}px: ${element.localName}.${element.className} "${text.trim().slice(0, 40)}"`);
  };
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.textContent.trim()) check(node.parentElement, node.textContent);
      } else if (node.shadowRoot) {
        visit(node.shadowRoot);
      } else if (node.matches("input:not([type=range], [type=checkbox]), select, textarea")) {
        check(node, node.value);
      }
    }
  };
  visit(document.body);
  return small;
}, least);

/** The first board's `data-status`; `nth` picks another board on the page. */
export const status = (page, nth = 0) => page.locator("knights-tour").nth(nth).getAttribute("data-status");

/**
 * For a test file: the release build served and a browser started before its tests, all stopped
 * after; with `blog`, the fixture blog post served too. The returned object's `url`, `browser`
 * and (with `blog`) `blogUrl` are set once `before` has run.
 */
export function useBrowser({ blog = false } = {}) {
  const context = {};
  before(async () => {
    context.server = await serve();
    context.url = context.server.url;
    if (blog) {
      context.blog = await serveBlog();
      context.blogUrl = context.blog.url;
    }
    context.browser = await launch();
  });
  after(async () => {
    await context.browser?.close();
    context.server?.stop();
    context.blog?.stop();
  });
  return context;
}
