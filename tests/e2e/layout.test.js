// The page at any size: an embed in a small iframe shows the whole board, its bar and its status
// without scrolling, whatever the board's shape; and nothing jumps while the solver loads (the
// element's box and a skeleton are up before the WebAssembly module is in).

import assert from "node:assert/strict";
import { test } from "node:test";
import { frames, openPage, quiet, screenshot, useBrowser } from "./harness.js";

const ctx = useBrowser({ blog: true });

/** What must be in view in an embed, by selector inside the element. */
const PARTS = {
  board: "canvas", play: "[data-action=play]", step: "[data-action=step]", reset: "[data-action=reset]",
  speed: "#speed", "speed value": ".speed output", status: ".status", "full app": ".full-app",
};

/** A page holding only an iframe of `width` × `height` on the app's embed with `query`. */
async function embedded(query, width, height) {
  const context = await ctx.browser.newContext({ viewport: { width: width + 40, height: height + 40 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(error.message));
  const src = `${ctx.url}?embed=1&${query}`;
  await page.setContent(`<body style="margin:20px"><iframe src="${src}" width="${width}" height="${height}" style="border:0;display:block"></iframe></body>`);
  const frame = page.frames().find((f) => f.url().startsWith(ctx.url));
  await frame.waitForFunction(() => document.querySelector("knights-tour")?.dataset.status);
  await frames(frame); // the board's first layout and paint
  return { page, frame, problems, close: () => context.close() };
}

/** The boxes of the embed's parts, and how far the frame's document scrolls. */
const measure = (frame) => frame.evaluate((parts) => {
  const root = document.querySelector("knights-tour").shadowRoot;
  const boxes = Object.fromEntries(Object.entries(parts).map(([name, selector]) => {
    const { left, top, right, bottom, width, height } = root.querySelector(selector).getBoundingClientRect();
    return [name, { left, top, right, bottom, width, height }];
  }));
  const { scrollWidth, scrollHeight } = document.scrollingElement;
  return { boxes, width: innerWidth, height: innerHeight, scrollWidth, scrollHeight };
}, PARTS);

function assertFits({ boxes, width, height, scrollWidth, scrollHeight }, what) {
  assert.ok(scrollWidth <= width && scrollHeight <= height, `${what}: the frame scrolls (${scrollWidth}×${scrollHeight} in ${width}×${height})`);
  for (const [name, box] of Object.entries(boxes)) {
    assert.ok(box.width > 0 && box.height > 0, `${what}: ${name} is not shown`);
    assert.ok(box.left >= 0 && box.top >= 0 && box.right <= width + 0.5 && box.bottom <= height + 0.5,
      `${what}: ${name} at ${JSON.stringify(box)} is outside ${width}×${height}`);
  }
  assert.ok(boxes.speed.width > 60, `${what}: the speed slider is ${boxes.speed.width}px wide`);
}

for (const [width, height] of [[480, 560], [400, 460], [320, 360]]) {
  test(`an embed in a ${width}×${height} iframe shows the whole board, its bar and its status, for any board`, async () => {
    for (const board of ["4x7", "3x10", "8x8", "8x1000", "1000x1000"]) {
      const embed = await embedded(`board=${board}`, width, height);
      const what = `${board} in ${width}×${height}`;
      assertFits(await measure(embed.frame), what);
      // Running changes the status's words; the bar still fits.
      if (board !== "1000x1000") {
        await embed.frame.locator("[data-action=play]").isDisabled(); // no start square yet
        await embed.frame.evaluate(() => document.querySelector("knights-tour").setAttribute("autoplay", ""));
        await embed.frame.waitForFunction(() => document.querySelector("knights-tour").dataset.status !== "idle");
        assertFits(await measure(embed.frame), `${what}, playing`);
      }
      assert.deepEqual(embed.problems, [], what);
      await embed.close();
    }
  });
}

test("a finished tour in the app at 1280×800, and in embeds of 480×560, 400×460 and 320×360: the board beside its panel, or whole in its frame with the bar and the tour's words", async () => {
  const appPage = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a1&speed=max&autoplay=1`, { viewport: { width: 1280, height: 800 } });
  await appPage.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  await frames(appPage);
  const app = await appPage.evaluate(() => {
    const root = document.querySelector("knights-tour").shadowRoot;
    const box = (selector) => root.querySelector(selector).getBoundingClientRect().toJSON();
    return { board: box("#board"), panel: box(".panel"), status: root.querySelector(".status").textContent, scrollWidth: document.scrollingElement.scrollWidth };
  });
  assert.ok(app.scrollWidth <= 1280, `the app scrolls sideways: ${app.scrollWidth}`);
  assert.ok(app.board.width >= 400 && app.board.right <= app.panel.left, `the board, ${JSON.stringify(app.board)}, beside the panel, ${JSON.stringify(app.panel)}`);
  assert.ok(app.board.bottom <= 800, "the whole board in the window");
  assert.match(app.status, /^Found an? (open|closed) tour from a1/);
  await screenshot(appPage, "layout-app-1280x800");
  appPage.assertClean();
  await appPage.context().close();
  for (const [width, height, board] of [[480, 560, "4x7"], [400, 460, "3x10"], [320, 360, "8x8"]]) {
    const embed = await embedded(`board=${board}&autoplay=1&speed=max`, width, height);
    await embed.frame.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
    await frames(embed.frame);
    const what = `${board} finished in ${width}×${height}`;
    assertFits(await measure(embed.frame), what);
    assert.match(await embed.frame.locator("knights-tour .status").textContent(), /^Found an? (open|closed) tour from a\d/, what);
    await screenshot(embed.page, `layout-embed-${board}-${width}x${height}`);
    assert.deepEqual(embed.problems, []);
    await embed.close();
  }
});

/**
 * Layout shift (the CLS sum) from navigation until the boards are up and drawn, with the solver
 * held back until the page has laid out and painted without it.
 */
async function loadShift(url, { viewport = { width: 1280, height: 800 } } = {}) {
  const page = await openPage(ctx.browser, url, {
    viewport,
    prepare: async (page) => {
      await page.addInitScript(() => {
        window.layoutShift = 0;
        window.shifts = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
        });
        window.shifts.observe({ type: "layout-shift", buffered: true });
      });
      // The solver arrives late, as on a slow connection: only once the page that asked for it
      // has its boards' skeletons styled, laid out and painted. The page must not wait for it.
      await page.route("**/knights-tour_bg.wasm", async (route) => {
        const frame = route.request().frame();
        await frame.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.shadowRoot?.adoptedStyleSheets.length));
        await frames(frame);
        await route.continue();
      });
    },
  });
  await page.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.dataset.status));
  await quiet(page); // every board drawn with its run, and nothing moving
  await frames(page); // the last frame's layout done, and its shifts reported
  const shift = await page.evaluate(() => window.layoutShift + window.shifts.takeRecords()
    .filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0));
  page.assertClean();
  await page.context().close();
  return shift;
}

test("nothing jumps while the solver loads: CLS under 0.1 for the app, the embed and a blog post", async () => {
  const shifts = {
    app: await loadShift(ctx.url),
    embed: await loadShift(`${ctx.url}?embed=1&board=4x7`, { viewport: { width: 480, height: 560 } }),
    blog: await loadShift(`${ctx.blogUrl}blog/post/`),
  };
  for (const [page, shift] of Object.entries(shifts)) assert.ok(shift < 0.1, `${page}: CLS ${shift.toFixed(3)} (${JSON.stringify(shifts)})`);
  // The app's board, of the full layout (a part of the element's), is built before the page's
  // first paint, its panel in it: nothing on the page moves at all.
  assert.equal(shifts.app, 0, `the app: CLS ${shifts.app.toFixed(3)}`);
});

test("before the solver is in, the controls are styled and the board's frame has the board's proportions", async () => {
  const context = await ctx.browser.newContext({ viewport: { width: 700, height: 900 } });
  const page = await context.newPage();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/knights-tour_bg.wasm", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${ctx.blogUrl}blog/post/`);
  const fixed = page.locator("#fixed");
  await page.waitForFunction(() => document.querySelector("#fixed").shadowRoot?.adoptedStyleSheets.length);
  const skeleton = await fixed.evaluate((el) => {
    const root = el.shadowRoot;
    const frame = root.querySelector(".board-frame").getBoundingClientRect();
    const play = getComputedStyle(root.querySelector("[data-action=play]"));
    return { loading: root.querySelector(".layout").classList.contains("loading"), ratio: frame.width / frame.height, playColour: play.backgroundColor, status: el.dataset.status ?? null };
  });
  assert.equal(skeleton.loading, true);
  assert.equal(skeleton.status, null, "no status until the core has read the settings");
  assert.ok(Math.abs(skeleton.ratio - 1) < 0.02, `5x5's frame is square: ${skeleton.ratio}`);
  assert.equal(skeleton.playColour, "rgb(47, 111, 98)", "Play wears the accent colour");
  await screenshot(page, "layout-blog-loading");
  release();
  await page.waitForFunction(() => document.querySelector("#fixed").dataset.status);
  await context.close();
});
