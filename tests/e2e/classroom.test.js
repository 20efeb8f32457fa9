// What a teacher meets in front of a class: hints that are true for the board, start and options
// they are shown with; a race that names only a board that found a tour as the winner; random
// ties that replay from a seed in the link; counts that are exact, say how long they will take,
// and never pass for the count of other settings. Any console error or page error fails a test.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, hosted, openPage, post, screenshot, status, useBrowser } from "./harness.js";

const ctx = useBrowser();

const statusLine = (page) => page.locator("#app .status").textContent();
const countResult = (page) => page.locator("#app .count-result");
const boardLabel = (page) => page.locator("#app").locator("#board").getAttribute("aria-label");
const placed = (page, id) => page.locator(`#${id}`).getAttribute("data-placed").then(Number);

async function waitForStatus(page, statuses, selector = "#app", timeout = 30_000) {
  await page.waitForFunction(([selector, statuses]) => statuses.includes(document.querySelector(selector)?.dataset.status),
    [selector, statuses], { timeout });
}

/** The path of the app's board once its run has ended in a tour, as square numbers. */
async function tourPath(page) {
  await waitForStatus(page, ["tour", "closed-tour"]);
  return page.locator("#app").evaluate((el) => Array.from(el.path));
}

test("hints: 3x3 from a corner has no square that works, so the hint says another board", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=3x3`);
  await clickSquare(page, 2, 0); // a1
  await waitForStatus(page, ["impossible"]);
  const words = await statusLine(page);
  assert.match(words, /No tour from here: no tour on 3×3/);
  assert.match(words, /Try another board: no square of 3×3 starts a tour/);
  assert.doesNotMatch(words, /corners' colour|another square/);
  page.assertClean();
});

test("hints: 5x5 from a minority square has no tour; the hint is a square of the corners' colour", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5`);
  await clickSquare(page, 4, 1); // b1
  await waitForStatus(page, ["impossible"]);
  const words = await statusLine(page);
  assert.match(words, /must start \(and end\) on the corners' colour/);
  assert.match(words, /Start on a square of the corners' colour\.$/);
  page.assertClean();
});

test("hints on a compact board: 5x5 from a minority square says what to click instead, with no room for the theorem's grounds", async () => {
  const url = `${ctx.url}compact-hint.html`;
  const page = await openPage(ctx.browser, url, {
    prepare: hosted(url, post({ head: `<script type="module" src="/www/knights-tour.js"></script>`, body: `<knights-tour board="5x5"></knights-tour>` })),
  });
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  await clickSquare(page, 4, 1); // b1
  await waitForStatus(page, ["impossible"], "knights-tour");
  // The remedy's words are a module of their own, fetched when a board first has no tour from its start.
  const line = page.locator("knights-tour .status");
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".status .hint"));
  const words = await line.textContent();
  assert.match(words, /^No tour from here/);
  assert.match(words, /Start on a square of the corners' colour\.$/);
  assert.doesNotMatch(words, /must start \(and end\)/, "the grounds are the full app's");
  page.assertClean();
});

test("hints: 7x7 has no closed tour, and from a corner the hint is to turn off Closed tour", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=7x7`);
  await page.getByLabel("Closed tour").check();
  await clickSquare(page, 6, 0); // a1, the corners' colour: an open tour starts here
  await waitForStatus(page, ["impossible"]);
  const words = await statusLine(page);
  assert.match(words, /no closed tour on 7×7/);
  assert.match(words, /Turn off Closed tour: an open tour starts here/);
  // From b1 no open tour starts either: the hint says what would work.
  await clickSquare(page, 6, 1);
  await waitForStatus(page, ["impossible"]);
  assert.match(await statusLine(page), /Turn off Closed tour and start on a square of the corners' colour/);
  page.assertClean();
});

test("hints: after an 8x8 fixed-order tour, a closed tour but not the fixed order again", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&heuristic=fixed&speed=max`);
  await clickSquare(page, 0, 0); // a8
  await waitForStatus(page, ["tour"]);
  const words = await statusLine(page);
  assert.match(words, /Found an open tour from a8/);
  assert.match(words, /Try a closed tour\.$/);
  assert.doesNotMatch(words, /fixed order/);
  page.assertClean();
});

test("the race names only a board that found a tour as the winner, and the other's dead end", async () => {
  // Warnsdorff's rule without backtracking dead-ends on 8x8 from e6 after 60 squares.
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=e6&backtracking=0&speed=1000&race=warnsdorff,divide`,
    { viewport: { width: 1024, height: 768 } });
  await page.getByRole("button", { name: "Play both" }).click();
  await waitForStatus(page, ["dead-end"], "#race-first");
  await waitForStatus(page, ["tour", "closed-tour"], "#race-second");
  const result = await page.locator("#race-result").textContent();
  assert.match(result, /^Divide and conquer wins: a (closed )?tour in 64 placements\. Warnsdorff: dead end after 60 squares\.$/);
  await page.locator("#race").scrollIntoViewIfNeeded();
  await screenshot(page, "classroom-race");
  page.assertClean();
});

test("a race board gets every setting of the main board, restarts too, where its heuristic can use them", async () => {
  // Random ties with restarts against the fixed order, which cannot start over (the core refuses
  // restarts of any heuristic but random ties).
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&heuristic=random&seed=5&restarts=7&closed=1&race=random,fixed`);
  const race = () => page.evaluate(() => ["#race-first", "#race-second"].map((id) => {
    const el = document.querySelector(id);
    const { heuristic, restarts, seed, closed, start } = el.settings ?? {};
    return { heuristic, restarts, seed, closed, start, attribute: el.getAttribute("restarts") };
  }));
  await page.waitForFunction(() => ["#race-first", "#race-second"].every((id) => document.querySelector(id)?.settings));
  assert.deepEqual(await race(), [
    { heuristic: "random", restarts: 7, seed: "5", closed: true, start: "a6", attribute: "7" },
    { heuristic: "fixed", restarts: 0, seed: null, closed: true, start: "a6", attribute: null },
  ]);
  // A change of the main board's restarts reaches the race board that can use them.
  await page.locator("#app").evaluate((el) => el.change({ restarts: 3 }));
  await page.waitForFunction(() => document.querySelector("#race-first").settings.restarts === 3);
  assert.equal((await race())[1].restarts, 0);
  page.assertClean();
});

test("the race's boards stay searches while the main board is played by hand", async () => {
  // The race opened while the main board is a game, and a game begun while the race is on.
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&play=1&race=fixed,warnsdorff`);
  await page.waitForFunction(() => ["#race-first", "#race-second"].every((id) => document.querySelector(id)?.settings));
  await page.locator("#app").evaluate((el) => el.change({ play: false }));
  await page.locator("#app").evaluate((el) => el.change({ play: true }));
  await page.waitForFunction(() => document.querySelector("#app").settings.play);
  const racing = await page.evaluate(() => ["#race-first", "#race-second"].map((id) => document.querySelector(id).settings.play));
  assert.deepEqual(racing, [false, false]);
  await page.locator("#race-play").click();
  await page.waitForFunction(() => ["#race-first", "#race-second"].every((id) => document.querySelector(id).dataset.status !== "idle"));
  page.assertClean();
});

test("Race two heuristics scrolls the race into view", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6`);
  await page.getByRole("button", { name: "Race two heuristics" }).click();
  const race = page.getByRole("region", { name: "Race", exact: true });
  await race.waitFor();
  // Smooth scrolling takes a moment: wait until the race's top is on screen.
  await page.waitForFunction(() => {
    const box = document.getElementById("race").getBoundingClientRect();
    return box.top >= 0 && box.top < innerHeight / 2;
  }, null, { timeout: 5000 });
  assert.ok(await page.evaluate(() => scrollY) > 0, "the page scrolled");
  page.assertClean();
});

test("the main speed reaches the race boards without restarting them", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a8&speed=20&race=fixed,warnsdorff`);
  await page.getByRole("button", { name: "Play both" }).click();
  await page.waitForFunction(() => Number(document.getElementById("race-first").dataset.placed) >= 10);
  const before = await placed(page, "race-first");
  await page.locator("#app").getByLabel("Speed").fill("60");
  const speed = await page.locator("#app").evaluate((el) => el.settings.speed);
  assert.ok(speed > 1000, `the main board's speed is ${speed}`);
  for (const id of ["race-first", "race-second"]) {
    assert.equal(await page.locator(`#${id}`).evaluate((el) => el.settings.speed), speed, id);
  }
  // A restart would put both back to idle with nothing placed; both go on, faster, once in view
  // again (the Speed slider is at the top of the page, the race below it).
  await page.locator("#race-first").scrollIntoViewIfNeeded();
  await page.waitForFunction((before) => Number(document.getElementById("race-first").dataset.placed) > before + 100, before);
  assert.equal(await status(page, 1), "running");
  await waitForStatus(page, ["tour"], "#race-second");
  assert.equal(await placed(page, "race-second"), 64);
  page.assertClean();
});

test("the same seed gives the same run, another seed another one", async () => {
  const run = async (seed) => {
    const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&heuristic=random&seed=${seed}&speed=max`);
    await clickSquare(page, 7, 0);
    const path = await tourPath(page);
    page.assertClean();
    await page.close();
    return path;
  };
  const first = await run(2024);
  assert.equal(first.length, 64);
  assert.deepEqual(await run(2024), first);
  assert.notDeepEqual(await run(7), first);
});

test("random ties without a seed get one in the address bar, and a reload replays the run", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a1&heuristic=random&speed=max`);
  await page.waitForFunction(() => /seed=\d+/.test(location.search));
  const seed = new URL(page.url()).searchParams.get("seed");
  assert.equal(await page.getByLabel("Seed").inputValue(), seed);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const path = await tourPath(page);
  await page.reload();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  assert.deepEqual(await tourPath(page), path);
  assert.equal(new URL(page.url()).searchParams.get("seed"), seed);

  // New seed draws another and starts over; the link and the snippets carry it.
  await page.getByRole("button", { name: "New seed" }).click();
  const drawn = await page.getByLabel("Seed").inputValue();
  assert.notEqual(drawn, seed);
  assert.equal(new URL(page.url()).searchParams.get("seed"), drawn);
  assert.equal(await status(page), "idle");
  await page.getByRole("button", { name: "Copy element" }).click();
  assert.match(await page.getByLabel(/Copied/).inputValue(), new RegExp(`seed="${drawn}"`));
  page.assertClean();
});

test("a seed that is not a whole number is reported, and random ties draw their own", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?heuristic=random&seed=abc`);
  assert.match(await page.locator("#app .notice").textContent(), /seed="abc"/);
  await page.waitForFunction(() => /seed=\d+/.test(location.search));
  // Another heuristic has no seed to show; random ties again show theirs.
  await page.getByLabel("Heuristic").selectOption("warnsdorff");
  assert.equal(await page.getByLabel("Seed").isVisible(), false);
  assert.ok(!page.url().includes("seed="), page.url());
  page.assertClean();
});

test("counts are exact: 19,724 closed tours of 6x6 from a corner, 304 tours of 5x5", async () => {
  const count = async (query) => {
    const page = await openPage(ctx.browser, `${ctx.url}${query}`);
    await page.getByRole("button", { name: "Count from start" }).click();
    await page.waitForFunction(() => document.getElementById("app").shadowRoot.querySelector(".count-result").dataset.tours);
    const text = await countResult(page).textContent();
    page.assertClean();
    await page.close();
    return text;
  };
  // 9,862 closed tours of 6x6 (OEIS A001230), each a cycle through the corner, run both ways.
  assert.match(await count("?board=6x6&start=a6&closed=1"), /^19,724 closed tours from a6 on 6×6, each direction counted/);
  // 304 tours from the corner of 5x5 (TOURS.md).
  assert.match(await count("?board=5x5&start=a5"), /^304 tours from a5 on 5×5 /);
});

test("a listing count says how long it expects, goes on when another square is clicked, and asks before it is replaced", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a1&speed=max`, { viewport: { width: 1024, height: 768 } });
  // 8x8 is past the frontier counter (tests/e2e/counting.test.js): the search lists its tours.
  await page.getByLabel("List them one by one").check();
  await page.getByRole("button", { name: "Count from start" }).click();
  const result = countResult(page);
  await page.waitForFunction(() => / left\.$/.test(document.getElementById("app").shadowRoot.querySelector(".count-result").textContent)
    && !/working out/.test(document.getElementById("app").shadowRoot.querySelector(".count-result").textContent));
  assert.match(await result.textContent(), /^Counting tours from a1 on 8×8: [\d,]+ so far, under 0\.1% of the search done, more than a year left\.$/);
  await page.locator("#app .count-progress").scrollIntoViewIfNeeded();
  await screenshot(page, "classroom-count");

  // Another square: the run starts over there, the count goes on with its own.
  await page.locator("#app").locator("#board").scrollIntoViewIfNeeded();
  await clickSquare(page, 0, 0);
  assert.match(await boardLabel(page), /start a8/);
  const tours = () => result.textContent().then((text) => Number(text.match(/([\d,]+) so far/)[1].replaceAll(",", "")));
  const then = await tours();
  await page.waitForFunction((then) => {
    const text = document.getElementById("app").shadowRoot.querySelector(".count-result").textContent;
    return Number(text.match(/([\d,]+) so far/)?.[1].replaceAll(",", "")) > then;
  }, then);
  assert.match(await result.textContent(), /^Counting tours from a1 on 8×8/);

  // Counting from a8 asks first; keeping the count leaves it be.
  await page.getByRole("button", { name: "Count from start" }).click();
  const question = page.getByRole("group", { name: "Another count" });
  assert.match(await question.textContent(), /Stop counting tours from a1 on 8×8 .* and count tours from a8 on 8×8 instead\?/);
  await page.getByRole("button", { name: "Keep counting" }).click();
  assert.equal(await question.isVisible(), false);
  assert.match(await result.textContent(), /^Counting tours from a1 on 8×8/);
  await page.getByRole("button", { name: "Count from start" }).click();
  await page.getByRole("button", { name: "Count instead" }).click();
  assert.match(await result.textContent(), /^Counting tours from a8 on 8×8/);
  await page.getByRole("button", { name: "Cancel" }).click();
  assert.match(await result.textContent(), /^Cancelled the count of tours from a8 on 8×8: [\d,]+ tours? found/);
  page.assertClean();
});

test("a count that ends after the start moved names its own square", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6`);
  await page.getByRole("button", { name: "Count from start" }).click();
  await clickSquare(page, 5, 5); // f1
  await page.waitForFunction(() => document.getElementById("app").shadowRoot.querySelector(".count-result").dataset.tours);
  assert.match(await countResult(page).textContent(), /^[\d,]+ tours from a6 on 6×6 /);
  assert.match(await boardLabel(page), /start f1/);
  page.assertClean();
});
