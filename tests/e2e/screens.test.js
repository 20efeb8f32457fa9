// What a person meets on their own screen (issue 29): a 1280×800 and a 1366×768 laptop, a
// 1024×768 projector with and without large text, 1280×720 at 125 % (a 1024×576 window of CSS
// pixels, 1.25 device pixels each) and a 390×844 phone. On each, the boxes a person needs at
// that moment lie inside the window at scroll 0, or once the page has scrolled them into view;
// and what they do there works: the heat map kept under a click, the theme chosen and kept, the
// timeline's words, a size refused in the core's words, the words for a finger. Each screen is
// saved in test-results/ to be looked at.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, hosted, openPage, quiet, screenshot, textUnder, useBrowser } from "./harness.js";

const ctx = useBrowser();

const LAPTOPS = [{ width: 1280, height: 800 }, { width: 1366, height: 768 }];
const PROJECTOR = { width: 1024, height: 768 };
/** 1280×720 at 125 %: the window is 1024×576 CSS pixels. */
const ZOOMED = { viewport: { width: 1024, height: 576 }, deviceScaleFactor: 1.25 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };

/**
 * The boxes of `selectors` (inside the first board's shadow root, or on the page with `page:`
 * before the selector) as the window shows them, with the window's size and scroll.
 */
const boxes = (page, selectors) => page.evaluate((selectors) => {
  const root = document.querySelector("knights-tour").shadowRoot;
  const box = (selector) => {
    const element = selector.startsWith("page:") ? document.querySelector(selector.slice(5)) : root.querySelector(selector);
    if (!element?.checkVisibility()) return null;
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  };
  return { boxes: Object.fromEntries(selectors.map((s) => [s, box(s)])), width: innerWidth, height: innerHeight, scrollY };
}, selectors);

/** Fails unless every box of `selectors` is shown and lies inside the window as it stands. */
async function assertInView(page, selectors, what) {
  const seen = await boxes(page, selectors);
  for (const [selector, box] of Object.entries(seen.boxes)) {
    assert.ok(box, `${what}: ${selector} is not shown`);
    // Within a pixel: a box laid out at a fraction of a pixel is scrolled to one.
    const inside = box.left >= -1 && box.top >= -1 && box.right <= seen.width + 1 && box.bottom <= seen.height + 1;
    assert.ok(inside, `${what}: ${selector} at ${JSON.stringify(box)} is outside ${seen.width}×${seen.height} (scrolled ${seen.scrollY})`);
  }
  return seen;
}

/** The first board's `data-status`, `data-placed` and the words under it. */
const state = (page) => page.locator("knights-tour").first().evaluate((el) => ({
  status: el.dataset.status, placed: Number(el.dataset.placed), verdict: el.dataset.verdict,
  words: el.shadowRoot.querySelector(".status").textContent,
}));

/** A button inside the first board, by its accessible name. */
const button = (page, name) => page.locator("knights-tour").first().getByRole("button", { name, exact: true });

/** Presses Hint until the game is a tour, each once the verdict before it is in. */
async function hintToTheEnd(page) {
  for (;;) {
    await page.waitForFunction(() => document.querySelector("knights-tour").dataset.verdict !== "thinking");
    const { status, placed } = await state(page);
    if (status === "tour" || status === "closed-tour") return;
    await button(page, "Hint").click();
    await page.waitForFunction((placed) => Number(document.querySelector("knights-tour").dataset.placed) > placed, placed);
  }
}

for (const viewport of LAPTOPS) {
  test(`${viewport.width}×${viewport.height}: play mode's board, verdict, buttons and celebration are in view without scrolling; Copy link says so beside it`, async () => {
    const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1&start=a1`, { viewport });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: ctx.url });
    await page.waitForFunction(() => document.querySelector("knights-tour").dataset.verdict === "possible");
    const buttons = ["[data-play=undo]", "[data-play=hint]", "[data-play=show]", "[data-play=restart]"];
    assert.equal((await assertInView(page, ["#board", ".status", ...buttons], "playing")).scrollY, 0);
    // The replay link has an address from the first (a crawler meets no anchor without one).
    assert.match(await page.locator("knights-tour .replay-link").getAttribute("href"), /play=1/);
    await hintToTheEnd(page);
    await page.locator("knights-tour .celebration").waitFor();
    const finished = await assertInView(page, ["#board", ".status", ...buttons, ".celebration", ".replay-link", "[data-play=copy]"], "finished");
    assert.equal(finished.scrollY, 0, "finished, without scrolling");
    const { placed } = await state(page);
    assert.equal(placed, 25);
    const link = await page.locator("knights-tour .replay-link").getAttribute("href");
    assert.match(link, /[?&]moves=[^&]{12}(&|$)/, "the finished game's 24 moves, two a letter");
    await page.locator("knights-tour .celebration").getByRole("button", { name: "Copy link" }).click();
    await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".cheer-copied").textContent === "Copied the link.");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await assertInView(page, [".cheer-copied"], "the confirmation");
    assert.equal(await page.evaluate(() => scrollY), 0, "nothing scrolled since the start");
    await screenshot(page, `screens-play-${viewport.width}x${viewport.height}`, { zoomed: true });
    page.assertClean();
    await page.context().close();
  });
}

test("1280×800: a click on the heat map picks a square and says its count, a second starts there; the map stays until Hide map, Escape or a setting changed", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5`, { viewport: LAPTOPS[0] });
  const legend = page.getByRole("region", { name: "Tours from each square of 5×5" });
  const square = page.locator("knights-tour .heat-square");
  // The map is what was asked for: the page, scrolled down to the button, brings it back into view.
  const count = async () => {
    await button(page, "Count from every square").click();
    await legend.waitFor();
    await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".board-frame").getBoundingClientRect().top >= -1);
  };
  await count();
  assert.equal(await square.textContent(), "Point at or click a square for its count.");
  await assertInView(page, ["#board", ".heat-legend"], "the map and its legend");
  // TOURS.md: 64 tours from the centre of 5×5, 304 from a corner.
  await clickSquare(page, 2, 2);
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".heat-square").textContent === "c3: 64 tours (click it again to start there)");
  assert.equal((await state(page)).status, "idle", "a first click starts nothing");
  assert.equal(await legend.isVisible(), true, "the map stays");
  await screenshot(page, "screens-heat-click", { zoomed: true });
  await clickSquare(page, 4, 0); // another square: its count, and still no run
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".heat-square").textContent === "a1: 304 tours (click it again to start there)");
  assert.equal((await state(page)).status, "idle");
  await clickSquare(page, 4, 0); // the same square again: the knight starts there
  await page.waitForFunction(() => document.querySelector("knights-tour").settings.start === "a1");
  assert.equal(await legend.isVisible(), false, "the board shows the run");

  await count();
  await page.locator("#board").focus();
  await page.keyboard.press("Escape");
  assert.equal(await legend.isVisible(), false, "Escape leaves the map");
  await count();
  await page.getByLabel("Heuristic").selectOption("fixed");
  assert.equal(await legend.isVisible(), false, "a setting that starts another run leaves the map");
  await count();
  await page.getByLabel("Speed").fill("40");
  assert.equal(await legend.isVisible(), true, "the speed starts no run: the map stays");
  await button(page, "Hide map").click();
  assert.equal(await legend.isVisible(), false);
  page.assertClean();
  await page.close();
});

test("the Theme select: Auto, Light and Dark, kept across visits, theme= in the address winning, named in the help; an embedded app keeps nothing", async () => {
  const context = await ctx.browser.newContext({ viewport: LAPTOPS[0], colorScheme: "light" });
  const open = async (query) => {
    const page = await context.newPage();
    await page.goto(`${ctx.url}${query}`);
    await page.waitForFunction(() => document.querySelector("knights-tour")?.settings);
    return page;
  };
  const shown = (page) => page.evaluate(() => ({
    board: document.querySelector("knights-tour").dataset.theme,
    page: getComputedStyle(document.documentElement).colorScheme,
    kept: localStorage.getItem("knights-tour:theme"),
  }));
  let page = await open("");
  const theme = page.getByLabel("Theme");
  assert.deepEqual(await theme.locator("option").allTextContents(), ["Auto", "Light", "Dark"]);
  assert.deepEqual(await shown(page), { board: "light", page: "light dark", kept: null });
  await theme.selectOption("dark");
  assert.deepEqual(await shown(page), { board: "dark", page: "dark", kept: "dark" });
  // The board is painted in the new colours, an empty board's squares too.
  const corner = () => page.locator("#board").evaluate((canvas) => [...canvas.getContext("2d").getImageData(3, 3, 1, 1).data.slice(0, 3)]);
  const dark = await page.locator("knights-tour").evaluate((el) => getComputedStyle(el).getPropertyValue("--kt-light-square").trim());
  await page.waitForFunction(([hex]) => {
    const canvas = document.querySelector("knights-tour").shadowRoot.querySelector("#board");
    const [r, g, b] = canvas.getContext("2d").getImageData(3, 3, 1, 1).data;
    return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}` === hex;
  }, [dark]);
  assert.notDeepEqual(await corner(), [0xee, 0xe6, 0xd8], "not the light theme's square");
  await screenshot(page, "screens-theme-dark", { zoomed: true });
  await page.close();

  page = await open("?board=6x6"); // the next visit
  assert.deepEqual(await shown(page), { board: "dark", page: "dark", kept: "dark" });
  assert.equal(await page.getByLabel("Theme").inputValue(), "dark");
  await page.keyboard.press("?");
  assert.match(await page.getByRole("dialog", { name: "Keyboard shortcuts" }).textContent(), /Theme: Auto follows your system's light or dark setting/);
  await page.close();

  page = await open("?theme=light"); // a link's theme wins over the one kept, and is not kept
  assert.deepEqual(await shown(page), { board: "light", page: "light", kept: "dark" });
  await page.close();

  page = await open("?embed=1&board=5x5"); // in someone else's frame: nothing read, nothing kept
  assert.equal((await shown(page)).board, "light");
  await page.close();

  page = await open("");
  await page.getByLabel("Theme").selectOption("auto");
  assert.deepEqual(await shown(page), { board: "light", page: "light dark", kept: null }, "Auto is the system's: nothing kept");
  await page.close();
  await context.close();
});

/**
 * A page of someone else's site with one board on it (`tag`), with its own `head`, in a window
 * of `viewport` (and whatever else `openPage` takes).
 */
async function hostPage(colorScheme, { head = "", tag = '<knights-tour board="5x5" start="a1"></knights-tour>', ...options } = {}) {
  const page = await openPage(ctx.browser, `${ctx.url}host.html`, {
    ...options,
    colorScheme,
    prepare: hosted(`${ctx.url}host.html`, `<!doctype html><html lang="en"><head><title>A post</title>${head}
      <script type="module" blocking="render" src="www/knights-tour.js"></script></head>
      <body><p>A post.</p>${tag}</body></html>`),
    opened: (page) => page.waitForFunction(() => document.querySelector("knights-tour")?.settings),
  });
  return page;
}

test("an embedded board follows its theme attribute, else the color-scheme its page sets (a site's own switch), else the system; it keeps nothing", async () => {
  const theme = (page) => page.locator("knights-tour").evaluate((el) => el.dataset.theme);
  const page = await hostPage("light", { head: "<style>:root { color-scheme: light } :root.dark { color-scheme: dark }</style>" });
  assert.equal(await theme(page), "light");
  await page.evaluate(() => document.documentElement.classList.add("dark")); // the site's switch
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.theme === "dark");
  await page.locator("knights-tour").evaluate((el) => el.setAttribute("theme", "light"));
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.theme === "light");
  await page.locator("knights-tour").evaluate((el) => el.removeAttribute("theme"));
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.theme === "dark");
  assert.equal(await page.evaluate(() => localStorage.length), 0, "nothing stored");
  page.assertClean();
  await page.context().close();
  // A page that says nothing: the system's setting.
  const quiet = await hostPage("dark");
  assert.equal(await theme(quiet), "dark");
  quiet.assertClean();
  await quiet.context().close();
});

test("the timeline says what it counts: the run's events, the last its end", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=3x4&start=a3&heuristic=warnsdorff&speed=max&autoplay=1`);
  await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status));
  await quiet(page);
  // Independently of the page's words: every placement and take-back is an event, and the end one more.
  const { placed, backtracks } = await page.locator("knights-tour").evaluate((el) => ({ placed: Number(el.dataset.placed), backtracks: Number(el.dataset.backtracks) }));
  const events = placed + backtracks + 1;
  const label = page.locator("knights-tour output.position");
  assert.equal(await label.textContent(), `${events} events`);
  assert.equal(await page.getByLabel("Timeline").getAttribute("aria-valuetext"), `${events} events`);
  await page.getByLabel("Timeline").fill("5");
  await page.waitForFunction(() => document.querySelector("knights-tour").run.position === 5);
  assert.equal(await label.textContent(), `5 of ${events} events`);
  page.assertClean();
  await page.close();
});

test("a size typed or picked keeps the start by its name where the new board has it, and the status says which", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=3x4&start=a3&speed=max`);
  await button(page, "Play").click();
  await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status));
  const words = () => page.locator("knights-tour .status").textContent();
  await page.getByLabel("Rows").fill("10");
  await page.getByLabel("Rows").dispatchEvent("change");
  assert.match(await words(), /^Start kept: a3\. Ready to start from a3 with /);
  assert.equal(await page.locator("knights-tour").evaluate((el) => el.settings.start), "a3");
  await page.getByRole("button", { name: "5×5", exact: true }).click();
  assert.match(await words(), /^Start kept: a3\. Ready to start from a3 with /, "a preset keeps it the same way");
  await page.getByLabel("Rows").fill("2");
  await page.getByLabel("Rows").dispatchEvent("change");
  assert.match(await words(), /^Pick a start square: 2×5 has no a3\. Click any square of the board\./);
  assert.equal(await page.locator("knights-tour").evaluate((el) => el.settings.start), null);
  page.assertClean();
  await page.close();
});

test("a size refused while a tour walks says so in the core's words: capitalised, digits grouped, a × sign; the walk goes on", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a1&speed=5&autoplay=1`);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "running");
  const refusal = page.locator("knights-tour .size-error");
  const type = async (text) => {
    await page.getByLabel("Rows").fill(text);
    await page.getByLabel("Rows").dispatchEvent("change");
    return refusal.textContent();
  };
  assert.equal(await type("0"), "A 0×8 board has no squares: each side must be at least 1. The board stays 8×8.");
  assert.equal(await type("-3"), "Rows must be a whole number from 1 up, not '-3'. The board stays 8×8.");
  assert.equal(await type("2000000"), "A 2,000,000×8 board has 16,000,000 squares; the limit is 1,048,576 (1024×1024). The board stays 8×8.");
  assert.equal(await page.getByRole("alert").filter({ hasText: "2,000,000" }).count(), 1, "said to a screen reader");
  await assertInView(page, [".size-error", "#rows"], "the refusal beside the field");
  assert.equal((await state(page)).status, "running", "the walk goes on");
  await screenshot(page, "screens-size-refused", { zoomed: true });
  page.assertClean();
  await page.close();
});

test("1024×768, with and without large text: in the teaching view the board, Play and Step, and why this move are in view together", async () => {
  for (const projector of [false, true]) {
    const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=b1&heuristic=fixed&teach=1${projector ? "&projector=1" : ""}`, { viewport: PROJECTOR });
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => /Next step:/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".why").textContent));
    await quiet(page);
    await assertInView(page, ["#board", ".status", "[data-action=play]", "[data-action=step]", ".pseudocode li.current", ".why"], projector ? "large text" : "teaching");
    await screenshot(page, `screens-teaching-1024x768${projector ? "-large" : ""}`, { zoomed: true });
    page.assertClean();
    await page.context().close();
  }
});

test("1280×720 at 125%: the teaching view's board, Play and Step and why this move in view; with large text, the board and Play and Step, why after a scroll", async () => {
  for (const projector of [false, true]) {
    const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=b1&heuristic=fixed&teach=1${projector ? "&projector=1" : ""}`, ZOOMED);
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => /Next step:/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".why").textContent));
    await quiet(page);
    const what = projector ? "125%, large text" : "125%";
    await assertInView(page, ["#board", "[data-action=play]", "[data-action=step]"], what);
    if (!projector) await assertInView(page, [".why", ".pseudocode li.current"], what);
    await screenshot(page, `screens-teaching-125${projector ? "-large" : ""}`, { zoomed: true });
    if (projector) {
      await page.locator("knights-tour .why").scrollIntoViewIfNeeded();
      await assertInView(page, [".why"], `${what}, scrolled`);
    }
    page.assertClean();
    await page.context().close();
  }
});

test("large text reaches every panel: the count and its lesson with the chart's axes, the heat map's legend, the race, play mode's counts and celebration", async () => {
  // 6×6 is counted by the frontier, whose lesson has the chart (docs/counting.md).
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&closed=1&projector=1&race=warnsdorff,fixed`, { viewport: PROJECTOR });
  await button(page, "Count from start").click();
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".count-result").dataset.tours);
  await page.locator("knights-tour .count-lesson summary").click();
  await page.waitForFunction(() => /^States held, column by column: \d/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".states-chart").getAttribute("aria-label")));
  await button(page, "Count from every square").click();
  await page.getByRole("region", { name: "Closed tours from each square of 6×6, each way round" }).waitFor();
  await page.waitForFunction(() => ["#race-first", "#race-second"].every((id) => document.querySelector(id)?.dataset.status === "idle"));
  assert.deepEqual(await textUnder(page, 20), [], "every word 20 px or more");
  // The chart's labels are drawn: read the fonts it was drawn in.
  const fonts = await page.locator("#app").evaluate((el) => {
    const chart = el.shadowRoot.querySelector(".states-chart");
    const ctx2d = chart.getContext("2d");
    const used = [];
    const fillText = ctx2d.fillText;
    ctx2d.fillText = function (...args) {
      used.push([args[0], parseFloat(this.font)]);
      return fillText.apply(this, args);
    };
    el.counts.lesson.render();
    ctx2d.fillText = fillText;
    return used;
  });
  const words = fonts.map(([text]) => text);
  assert.ok(words.includes("column") && words.includes("states"), `the axes named: ${words.join(", ")}`);
  assert.ok(fonts.every(([, px]) => px >= 17), `the chart's labels scale: ${JSON.stringify(fonts)}`);
  await page.locator("#app .count-lesson").scrollIntoViewIfNeeded();
  await screenshot(page, "screens-large-count", { zoomed: true });
  page.assertClean();
  await page.close();

  const played = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1&start=a1&projector=1`, { viewport: PROJECTOR });
  await hintToTheEnd(played);
  await played.locator("knights-tour .celebration").waitFor();
  assert.deepEqual(await textUnder(played, 20), [], "play mode's words 20 px or more");
  await screenshot(played, "screens-large-play", { zoomed: true });
  played.assertClean();
  await played.close();
});

test("race=fixed,warnsdorff brings the race into view as the page opens", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a8&race=fixed,warnsdorff`, { viewport: LAPTOPS[0] });
  await page.waitForFunction(() => {
    const { top } = document.getElementById("race").getBoundingClientRect();
    return scrollY > 0 && top >= 0 && top < innerHeight / 3;
  });
  await assertInView(page, ["page:#race-play", "page:#race-result"], "the race");
  await screenshot(page, "screens-race-link", { zoomed: true });
  page.assertClean();
  await page.close();
});

test("390×844, by touch: it says tap; Play it yourself and a count from every square bring the board into view; move numbers are 12 px or none", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5`, {
    ...PHONE,
    // The move numbers are drawn in a font: every font the board's canvas writes in is noted.
    prepare: (page) => page.addInitScript(() => {
      window.boardFonts = [];
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        if (this.canvas.id === "board" && /^\d+$/.test(text)) window.boardFonts.push(parseFloat(this.font.match(/(\d+(?:\.\d+)?)px/)[1]));
        return fillText.call(this, text, ...rest);
      };
    }),
  });
  assert.match((await state(page)).words, /^Pick a start square: tap any square of the board\./);
  assert.match(await page.locator(".tagline").textContent(), /^Tap a square\./);

  await button(page, "Count from every square").scrollIntoViewIfNeeded();
  await button(page, "Count from every square").tap();
  await page.getByRole("region", { name: "Tours from each square of 5×5" }).waitFor();
  await page.waitForFunction(() => {
    const { top, bottom } = document.querySelector("knights-tour").shadowRoot.querySelector(".board-frame").getBoundingClientRect();
    return top >= 0 && bottom <= innerHeight;
  });
  assert.equal(await page.locator("knights-tour .heat-square").textContent(), "Tap a square for its count.");
  await screenshot(page, "screens-phone-heat", { zoomed: true });

  await page.getByRole("button", { name: "8×8", exact: true }).tap();
  await page.getByLabel("Play it yourself").scrollIntoViewIfNeeded();
  await page.getByLabel("Play it yourself").tap();
  await page.waitForFunction(() => {
    const { top, bottom } = document.querySelector("knights-tour").shadowRoot.querySelector(".board-frame").getBoundingClientRect();
    return top >= -1 && bottom <= innerHeight + 1;
  });
  assert.match((await state(page)).words, /^Play it yourself: tap the square the knight starts on\./);
  await screenshot(page, "screens-phone-play", { zoomed: true });

  // A walk on 8×8, its squares 40 px: numbers of 12 px.
  await page.getByLabel("Play it yourself").tap();
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 7, 0);
  await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status));
  await quiet(page);
  const cell = await page.locator("knights-tour").evaluate((el) => el.board.painter.cell);
  const fonts = await page.evaluate(() => window.boardFonts);
  assert.ok(fonts.length > 0, `squares of ${cell} px have their numbers`);
  assert.ok(Math.min(...fonts) >= 12, `numbers of ${Math.min(...fonts)} px on squares of ${cell} px`);
  await page.locator("#board").scrollIntoViewIfNeeded();
  await screenshot(page, "screens-phone-8x8", { zoomed: true });
  page.assertClean();
  await page.context().close();
});

test("390×844: a compact board that plays shows its whole intro and its buttons on one line each", async () => {
  const page = await hostPage("light", { ...PHONE, tag: '<knights-tour board="5x5" play style="margin: 16px 0"></knights-tour>' });
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  const fit = () => page.locator("knights-tour").evaluate((el) => {
    const root = el.shadowRoot;
    const status = root.querySelector(".status");
    const heights = [...root.querySelectorAll(".play-buttons button")].map((b) => b.getBoundingClientRect().height);
    return { hidden: status.scrollHeight - status.clientHeight, heights, words: status.textContent };
  });
  const idle = await fit();
  assert.match(idle.words, /After every move the core says whether a tour can still be finished, and if not, why\.$/);
  assert.ok(idle.hidden <= 1, `the intro is cut: ${idle.hidden} px behind a scrollbar`);
  assert.ok(Math.max(...idle.heights) - Math.min(...idle.heights) < 1, `a button wraps: ${idle.heights}`);
  await screenshot(page, "screens-phone-compact-play", { zoomed: true });
  page.assertClean();
  await page.context().close();
});
