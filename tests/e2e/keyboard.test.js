// One keyboard model, as a teacher at a 1024×768 screen meets it: Space plays and pauses, → steps
// and ← steps back whatever has focus (the board too), except where the focused control uses the
// key itself; choosing a start square by keyboard is a mode of its own; the help is a real modal
// dialog; and settings that do not change the search (the speed) never start a run over.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, hosted, openPage, post, quiet, screenshot, status, useBrowser } from "./harness.js";

const ctx = useBrowser();
const viewport = { width: 1024, height: 768 };
const open = (query) => openPage(ctx.browser, `${ctx.url}${query}`, { viewport });

/** What the board and the counters show, and how far the run has gone (its events). */
const snapshot = (page) => page.locator("#app").evaluate((el) => ({
  path: Array.from(el.path),
  position: el.run?.position ?? 0,
  placed: el.dataset.placed,
  backtracks: el.dataset.backtracks,
  depth: el.shadowRoot.querySelector("[data-counter=depth]").textContent,
  status: el.dataset.status,
}));

const position = (page, selector = "#app") => page.locator(selector).evaluate((el) => el.run?.position ?? 0);

/** The element that has focus, looked for inside the shadow roots: its id, or its label's text. */
const focused = (page) => page.evaluate(() => {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element.id || element.getAttribute("aria-label") || element.textContent.trim();
});

/** Waits until the board's accessible name (set with the next frame) matches `pattern`. */
const labelSays = (page, pattern) => page.waitForFunction(
  (source) => new RegExp(source).test(document.querySelector("#app").shadowRoot.querySelector("#board").getAttribute("aria-label")),
  pattern.source,
);

/** Remembers a board's run (the core's Tour object), to tell later whether it is still the same one. */
const markRun = (page, selector) => page.locator(selector).evaluate((el) => { el.markedRun = el.run; });
const sameRun = (page, selector) => page.locator(selector).evaluate((el) => el.run !== null && el.run === el.markedRun);

test("the teacher's path: click a1, Space pauses, 30 × → steps, 30 × ← comes back exactly, Space resumes", async () => {
  const page = await open("?board=6x6&teach=1&speed=4");
  await clickSquare(page, 5, 0); // a1; the board now has focus
  assert.equal(await status(page), "running");
  await page.keyboard.press(" ");
  const paused = await snapshot(page);
  assert.equal(paused.status, "paused");

  let last = paused;
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("ArrowRight");
    const now = await snapshot(page);
    assert.equal(now.position, last.position + 1, `→ number ${i + 1} is one event`);
    assert.ok(Number(now.placed) + Number(now.backtracks) > Number(last.placed) + Number(last.backtracks));
    assert.equal(now.status, "paused");
    last = now;
  }
  assert.equal(last.path.length, paused.path.length + 30, "divide walks its tour: every event a square");
  assert.equal(await page.locator("#board").evaluate((canvas) => canvas.getRootNode().host.settings.start), "a1",
    "the arrows stepped; they did not move a cursor to another start");

  for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowLeft");
  assert.deepEqual(await snapshot(page), paused);

  await page.keyboard.press(" ");
  assert.equal(await status(page), "running");
  await page.waitForFunction(() => document.querySelector("#app").run.position > 0);
  const before = await position(page);
  await page.keyboard.press("ArrowRight"); // while running: pauses, then steps
  assert.equal(await status(page), "paused");
  const stepped = await position(page);
  assert.ok(stepped > before, `${stepped} > ${before}`);
  // Nothing runs on: once the step's slide is over, the frame loop asks for no frame.
  await quiet(page);
  assert.equal(await position(page), stepped);
  page.assertClean();
});

test("Space on a focused checkbox ticks it, Enter and Space on a focused button press it: neither plays nor pauses", async () => {
  const page = await open("?board=6x6&start=a1&heuristic=fixed&speed=4&teach=1&autoplay=1");
  await markRun(page, "#app");
  const teach = page.getByRole("checkbox", { name: "Teaching view" });
  await teach.focus();
  await page.keyboard.press(" ");
  assert.equal(await teach.isChecked(), false);
  assert.equal(await page.locator("knights-tour .teaching").isVisible(), false);
  assert.equal(await status(page), "running", "Space ticked the box; it did not pause the run");
  assert.ok(await sameRun(page, "#app"), "the teaching view is no reason to start over");
  await page.keyboard.press(" ");
  assert.equal(await teach.isChecked(), true);
  assert.equal(await status(page), "running");

  const step = page.getByRole("button", { name: "Step", exact: true });
  await step.focus();
  await page.keyboard.press("Enter"); // Step pressed: the run pauses at one more event
  assert.equal(await status(page), "paused");
  const at = await position(page);
  await page.keyboard.press(" "); // Step again, not Play
  assert.equal(await status(page), "paused");
  assert.equal(await position(page), at + 1);

  const closed = page.getByRole("checkbox", { name: "Closed tour" });
  await closed.focus();
  await page.keyboard.press(" ");
  assert.equal(await closed.isChecked(), true);
  assert.equal(await status(page), "idle", "a new search for a closed tour, waiting for Play");
  page.assertClean();
});

test("the Speed slider keeps its arrows and Home: the search stays where it is", async () => {
  const page = await open("?board=6x6&start=a1&heuristic=fixed&speed=4");
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  assert.equal(await position(page), 5);
  const speed = page.locator("#app").getByLabel("Speed");
  await speed.focus();
  const value = Number(await speed.inputValue());
  await page.keyboard.press("ArrowLeft");
  assert.equal(Number(await speed.inputValue()), value - 1, "← moved the slider");
  assert.equal(await position(page), 5, "← did not step back");
  await page.keyboard.press("ArrowRight");
  assert.equal(Number(await speed.inputValue()), value);
  assert.equal(await position(page), 5, "→ did not step");
  await page.keyboard.press("Home");
  assert.equal(Number(await speed.inputValue()), 0, "Home moved the slider to its slowest");
  assert.equal(await status(page), "paused", "Home did not reset the run");
  assert.equal(await position(page), 5);
  assert.match(await page.locator("#app .speed output").first().textContent(), /^1 moves?\/s$/);
  page.assertClean();
});

test("keyboard only: Tab to the board, Enter chooses a square, arrows move, Enter starts; Escape leaves it", async () => {
  const page = await open("?board=6x6&speed=4");
  for (let i = 0; i < 20 && (await focused(page)) !== "board"; i++) await page.keyboard.press("Tab");
  assert.equal(await focused(page), "board", "the board is in the Tab order");
  await labelSays(page, /Enter to choose a start square/);

  await page.keyboard.press("ArrowUp"); // no run: an arrow is nothing, and no cursor either
  const caption = page.getByText("Choosing a start square:");
  assert.equal(await caption.isVisible(), false);

  await page.keyboard.press("Enter");
  assert.equal(await caption.isVisible(), true);
  assert.match(await caption.textContent(), /Choosing a start square: a1\./);
  await labelSays(page, /choosing a start square, cursor on a1/);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  assert.match(await caption.textContent(), /: b3\./);
  await labelSays(page, /cursor on b3/);
  await screenshot(page, "keyboard-choose-square");
  assert.equal(await status(page), "idle", "moving the cursor starts nothing");

  await page.keyboard.press("Enter");
  assert.equal(await caption.isVisible(), false);
  assert.equal(await status(page), "running");
  assert.equal(await page.locator("#app").evaluate((el) => el.settings.start), "b3");
  await labelSays(page, /start b3/);

  // Again, from the start just chosen, and Escape: nothing changes, the run goes on.
  await markRun(page, "#app");
  await page.keyboard.press("Enter");
  assert.match(await caption.textContent(), /: b3\./, "the cursor begins on the current start");
  await page.keyboard.press("ArrowRight");
  assert.match(await caption.textContent(), /: c3\./);
  await page.keyboard.press("Escape");
  assert.equal(await caption.isVisible(), false);
  assert.equal(await page.locator("#app").evaluate((el) => el.settings.start), "b3");
  assert.ok(await sameRun(page, "#app"));
  assert.equal(await status(page), "running");
  await labelSays(page, /^(?!.*choosing)/);
  // Out of the mode, the arrows on the board step like anywhere else.
  await page.keyboard.press("ArrowRight");
  assert.equal(await status(page), "paused");
  assert.equal(await caption.isVisible(), false);
  page.assertClean();
});

/**
 * A post with one compact board (`attributes`), its requests noted, the keyboard's part held back
 * until `keys.release()`: `{page, keys}`, `keys.fetched()` the times it was asked for so far, and
 * `keys.asked(count)` that count once it is reached, or what it is after 5 s (a request is told
 * to the test a moment after the page makes it).
 */
async function postWithHeldKeys(attributes) {
  const url = `${ctx.url}keys-later.html`;
  const fetched = [];
  const keys = {
    fetched: () => fetched.filter((path) => /\/keyboard-[A-Z0-9]{8}\.js$/.test(path)).length,
    asked: async (count) => {
      for (const end = Date.now() + 5000; keys.fetched() < count && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 20));
      return keys.fetched();
    },
  };
  const held = new Promise((resolve) => (keys.release = resolve));
  const page = await openPage(ctx.browser, url, {
    viewport,
    prepare: async (page) => {
      await hosted(url, post({ head: `<script type="module" src="/www/knights-tour.js"></script>`, body: `<knights-tour ${attributes}></knights-tour>` }))(page);
      page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
      await page.route(/\/keyboard-[A-Z0-9]{8}\.js$/, async (route) => {
        await held;
        await route.continue();
      });
    },
  });
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  return { page, keys };
}

test("a compact board's keys come when focus first comes by keyboard; keys pressed before they are in are done once they are, in order", async () => {
  const { page, keys } = await postWithHeldKeys(`board="6x6" speed="4"`);
  assert.equal(keys.fetched(), 0, "a board no key has reached has not fetched its keys");
  await page.keyboard.press("Tab");
  assert.equal(await focused(page), "board");
  assert.equal(await keys.asked(1), 1, "Tab to the board asked for them");
  // Enter chooses, two arrows take the cursor from a1 to b2, Enter starts the knight there: all
  // before the keys are in.
  for (const key of ["Enter", "ArrowUp", "ArrowRight", "Enter"]) await page.keyboard.press(key);
  assert.equal(await status(page), "idle", "nothing is done before they are in");
  keys.release();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "running");
  assert.equal(await page.locator("knights-tour").evaluate((el) => el.settings.start), "b2");
  assert.equal(await page.locator("knights-tour").locator(".board-caption").isVisible(), false, "choosing ended with the knight's start");
  // Once they are in, a key is done as it is pressed.
  await page.keyboard.press(" ");
  assert.equal(await status(page), "paused");
  assert.equal(keys.fetched(), 1);
  page.assertClean();
});

test("a compact board clicked, not tabbed to, fetches its keys with the first key, and does it", async () => {
  const { page, keys } = await postWithHeldKeys(`board="6x6" speed="4"`);
  await clickSquare(page, 5, 0); // a1: the knight sets off, the board has focus
  assert.equal(await status(page), "running");
  assert.equal(await focused(page), "board");
  assert.equal(keys.fetched(), 0, "focus by a click asks for no keys");
  await page.keyboard.press(" ");
  assert.equal(await keys.asked(1), 1, "the first key asked for them");
  keys.release();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "paused");
  page.assertClean();
});

test("the help: ? opens it, focus stays inside, Escape or Close shuts it and focus goes back", async () => {
  const page = await open("?board=6x6&start=a1&speed=4");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  const inside = () => help.evaluate((dialog) => dialog.contains(dialog.getRootNode().activeElement));
  await page.locator("#app").getByLabel("Speed").focus();

  await page.keyboard.press("?");
  assert.equal(await help.isVisible(), true);
  assert.ok(await inside(), "focus moved into the dialog");
  assert.match(await help.textContent(), /Play \/ Pause.*Step back.*Home.*Choose a start square.*Esc.*Zoom in.*Pan when zoomed/s);
  await screenshot(page, "keyboard-help");
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
    assert.ok(await inside(), `still inside after Tab number ${i + 1}`);
  }
  await page.keyboard.press("ArrowRight"); // behind a modal dialog: nothing happens to the run
  assert.equal(await status(page), "idle");
  await page.keyboard.press("Escape");
  assert.equal(await help.isVisible(), false);
  assert.equal(await focused(page), "speed", "focus is back on the slider");

  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  assert.ok(await inside());
  await page.getByRole("button", { name: "Close", exact: true }).press("Enter");
  assert.equal(await help.isVisible(), false);
  assert.equal(await focused(page), "Keyboard shortcuts");
  page.assertClean();
});

test("a new speed applies to a running board at once, without starting it over", async () => {
  const page = await open("?board=8x8&start=a1&heuristic=fixed&speed=20&autoplay=1");
  await page.waitForFunction(() => document.querySelector("#app").run.position > 5);
  await markRun(page, "#app");
  const before = await position(page);
  await page.locator("#app").evaluate((el) => el.setAttribute("speed", "50"));
  assert.equal(await page.locator("#app").evaluate((el) => el.settings.speed), 50);
  // The bar is written in the board's next frame, as every change is.
  await page.waitForFunction(() => /^50 moves\/s$/.test(document.querySelector("#app").shadowRoot.querySelector(".speed output").textContent), null, { timeout: 5000 }).catch(() => {});
  assert.match(await page.locator("#app .speed output").first().textContent(), /^50 moves\/s$/);
  await page.waitForFunction((at) => document.querySelector("#app").run.position > at + 10, before);
  assert.ok(await sameRun(page, "#app"), "the same run, not a new one");
  assert.equal(await status(page), "running");
  page.assertClean();
});

test("a race goes on while the app page keeps its boards' speed in step with the slider", async () => {
  const page = await open("?board=8x8&start=a1&speed=5&race=fixed,warnsdorff");
  await page.getByRole("button", { name: "Play both" }).click();
  await page.waitForFunction(() => ["#race-first", "#race-second"].every((id) => document.querySelector(id).run?.position > 1));
  await markRun(page, "#race-first");
  await markRun(page, "#race-second");
  const speed = page.locator("#app").getByLabel("Speed");
  await speed.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.querySelector("#race-first").getAttribute("speed") !== "5");
  for (const id of ["#race-first", "#race-second"]) {
    assert.ok(await sameRun(page, id), `${id} kept its run`);
    assert.equal(await page.locator(id).getAttribute("data-status"), "running");
  }
  page.assertClean();
});

test("a compact board takes keys only with focus inside it; the app's board takes the rest", async () => {
  const page = await open("?board=6x6&start=a1&heuristic=fixed&speed=4&race=fixed,warnsdorff");
  await page.locator("#race-first").locator("#board").focus();
  await page.keyboard.press("ArrowRight");
  assert.equal(await position(page, "#race-first"), 1, "the focused race board stepped");
  assert.equal(await position(page, "#race-second"), 0);
  assert.equal(await position(page, "#app"), 0, "the app's board left the race's key alone");
  await page.locator("#race-first").locator("#board").blur();
  await page.keyboard.press("ArrowRight");
  assert.equal(await position(page, "#app"), 1, "with focus on the page, the app's board");
  assert.equal(await position(page, "#race-first"), 1);
  page.assertClean();
});

test("zoom and pan keys work beside the board's own: the view follows the cursor of choosing a square", async () => {
  const page = await open("?board=26x26&speed=4");
  const view = () => page.locator("#app").evaluate((el) => {
    const { zoom, x, y } = el.board.painter.view;
    return { zoom, x, y };
  });
  await page.locator("#board").focus();
  await page.keyboard.press("Enter");
  for (let i = 0; i < 4; i++) await page.keyboard.press("+");
  const zoomed = await view();
  assert.ok(zoomed.zoom > 1, "+ zoomed in while choosing");
  const caption = page.getByText("Choosing a start square:");
  assert.match(await caption.textContent(), /: a1\./, "+ did not move the cursor");
  for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowUp");
  assert.match(await caption.textContent(), /: a21\./);
  const followed = await view();
  assert.ok(followed.y < zoomed.y, `the view went up with the cursor: ${followed.y} < ${zoomed.y}`);
  await screenshot(page, "keyboard-choose-zoomed", { zoomed: true });
  await page.keyboard.press("Control+ArrowRight");
  assert.ok((await view()).x > followed.x, "Ctrl+→ panned");
  assert.match(await caption.textContent(), /: a21\./, "and did not move the cursor");
  await page.keyboard.press("0");
  assert.equal((await view()).zoom, 1);
  await page.keyboard.press("Escape");
  assert.equal(await caption.isVisible(), false);
  assert.equal(await status(page), "idle");
  page.assertClean();
});
