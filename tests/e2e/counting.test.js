// Counting in the page: a count from the start by the faster method (the frontier, beyond 30
// squares) with its OEIS sequence; a count from every square as a heat map on the board, its
// colours read back off the screen against its legend, in the light and the dark theme; Cancel
// mid-count; a grid by class split between two workers, a share of the classes each, equal to
// one worker's, and Cancel ending both; counts the core refuses, said in its words; the search
// that lists tours one by one, kept for a class to watch; the teaching view's lesson; and frames
// that keep coming, and clicks answered, while the worker counts. Any console error or page
// error fails a test.

import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, screenshot, useBrowser } from "./harness.js";
import { boardOnScreen, distance, emptyColour, hex, mix, squareArea, themeColours } from "./pixels.js";

const ctx = useBrowser();

const result = (page) => page.locator("#app .count-result");
const countButton = (page, name) => page.getByRole("button", { name, exact: true });

/** Waits until the count has its answer (`data-tours`), or has ended in words matching `ended`. */
async function counted(page, ended = null) {
  await page.waitForFunction((ended) => {
    const words = document.getElementById("app").shadowRoot.querySelector(".count-result");
    return words.dataset.tours || (ended && new RegExp(ended).test(words.textContent));
  }, ended?.source ?? null, { timeout: 120_000 });
  return result(page).textContent();
}

/** Waits until no count runs: Cancel is disabled (the panel renders in the frame after a count ends). */
const idle = (page) => page.waitForFunction(() => document.getElementById("app").shadowRoot.querySelector("[data-action=cancel]").disabled);

/** Waits until the count's bar has moved off zero. */
const moving = (page) => page.waitForFunction(() => document.getElementById("app").shadowRoot.querySelector(".count-progress").value > 0);

test("a count from the start goes by the frontier on 6x6 and says the OEIS sequence it matches", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&closed=1`);
  await countButton(page, "Count from start").click();
  const words = await counted(page);
  // 9,862 closed tours of 6x6 (McKay; OEIS A001230, A175881), each through the corner both ways.
  assert.match(words, /^19,724 closed tours from a6 on 6×6, each direction counted: twice the 9,862 closed tours of OEIS A001230 \(closed tours of 2n×2n boards, each once whatever its start and direction\); and of OEIS A175881/);
  assert.match(words, /\(by dynamic programming over the frontier, [\d.]+ s\)\.$/);
  assert.equal(await result(page).getAttribute("data-tours"), "19724");
  assert.equal(await page.locator("#app .count-result a").first().getAttribute("href"), "https://oeis.org/A001230");
  assert.equal(await page.locator("#app .count-progress").evaluate((bar) => bar.value), 1);
  page.assertClean();
  await page.close();
});

/** The colours of the heat map's legend, from the fewest tours to the most, as the page styled them. */
const legendRamp = (page) => page.locator("#app .heat-bar").evaluate((bar) =>
  [...getComputedStyle(bar).backgroundImage.matchAll(/rgb\((\d+), (\d+), (\d+)\)/g)].map((m) => m.slice(1).map(Number)));

for (const scheme of ["light", "dark"]) {
  test(`a count from every square of 5x5 colours the board by the tours from each square, with its legend (${scheme})`, async () => {
    const page = await openPage(ctx.browser, `${ctx.url}?board=5x5`, { colorScheme: scheme });
    // Without a start there is nothing to count from: the greyed button says why.
    assert.equal(await countButton(page, "Count from start").isDisabled(), true);
    assert.match(await countButton(page, "Count from start").getAttribute("title"), /^Pick a start square on the board first/);
    await countButton(page, "Count from every square").click();
    const words = await counted(page);
    assert.match(words, /^1,728 tours on 5×5, each direction counted: OEIS A165134 \(open tours of n×n boards, a tour and its reverse counted apart\); twice the 864 of OEIS A083386/);
    const legend = page.getByRole("region", { name: "Tours from each square of 5×5" });
    assert.equal(await legend.isVisible(), true);
    // The scale: the fewest (56), the middle of a logarithmic scale (√(56·304) ≈ 130), the most.
    assert.deepEqual(await legend.locator(".heat-ticks span").allTextContents(), ["56", "130", "304"]);
    assert.match(await legend.locator(".heat-total").textContent(), /^1,728 tours in all, each direction counted \(OEIS A165134; OEIS A083386\)\.$/);
    assert.equal(await legend.locator(".heat-none").isVisible(), true, "the squares no tour starts from have their key");

    // Read off the screen: TOURS.md's grid, 304 from a corner, 56 from (0,2) and (1,1), 64 from
    // the centre, none from the other colour; each square in its colour of the legend's ramp.
    const stops = await legendRamp(page);
    assert.equal(stops.length, 9);
    const [fewest, most] = [stops[0], stops.at(-1)];
    const { surface } = await themeColours(page);
    const muted = hex(await page.locator("knights-tour").evaluate((el) => getComputedStyle(el).getPropertyValue("--kt-muted")));
    const plain = mix(surface, muted, 0.22).map(Math.round);
    await page.locator("#board").scrollIntoViewIfNeeded();
    const image = await boardOnScreen(page);
    const colour = (row, col) => squareArea(image, 5, 5, row * 5 + col, 3).mode();
    for (const [row, col] of [[0, 0], [0, 4], [4, 0], [4, 4]]) assert.ok(distance(colour(row, col), most) <= 3, `corner ${row},${col}: ${colour(row, col)}`);
    for (const [row, col] of [[0, 2], [2, 0], [1, 1], [3, 3], [4, 2]]) assert.ok(distance(colour(row, col), fewest) <= 3, `${row},${col}: ${colour(row, col)}`);
    // 64 lies a little way up the ramp: between its first two stops, off the first.
    const centre = colour(2, 2);
    assert.ok(distance(centre, fewest) > 6 && centre.every((v, i) => v >= Math.min(stops[0][i], stops[1][i]) - 2 && v <= Math.max(stops[0][i], stops[1][i]) + 2), `centre: ${centre}`);
    for (const [row, col] of [[0, 1], [1, 0], [2, 3], [4, 3]]) assert.ok(distance(colour(row, col), plain) <= 3, `${row},${col} has no tour: ${colour(row, col)}`);

    // The square under the pointer, in words.
    const box = await page.locator("#board").boundingBox();
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.9);
    await page.waitForFunction(() => /^a1: 304 tours$/.test(document.getElementById("app").shadowRoot.querySelector(".heat-square").textContent));
    await screenshot(page, `counting-heat-5x5-${scheme}`);

    // Hidden, the board is the run's again: an empty board, checkered as ever.
    await page.getByRole("button", { name: "Hide map" }).click();
    assert.equal(await legend.isVisible(), false);
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => !document.getElementById("app").board.overlay);
    const colours = await themeColours(page);
    const after = await boardOnScreen(page);
    for (const square of [0, 1, 12]) {
      assert.ok(distance(squareArea(after, 5, 5, square, 3).mode(), emptyColour(colours, 5, square)) <= 2, `square ${square} back to the board's`);
    }
    page.assertClean();
    await page.close();
  });
}

test("closed tours from every square: one colour, each square's count twice the board's cycles", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&closed=1&teach=1`);
  await countButton(page, "Count from every square").click();
  const words = await counted(page);
  // 9,862 closed tours of 6x6 (OEIS A001230), each through every square once each way round.
  assert.match(words, /^9,862 closed tours on 6×6: OEIS A001230 .*\. Each passes through every square, so 19,724 start on each, one for each way round, as the board shows \(by dynamic programming over the frontier, [\d.]+ s\)\.$/);
  const legend = page.getByRole("region", { name: "Closed tours from each square of 6×6, each way round" });
  assert.deepEqual(await legend.locator(".heat-ticks span").allTextContents(), ["19,724"]);
  assert.equal(await legend.locator(".heat-caption").textContent(), "as many from every square");
  assert.equal(await legend.getByRole("img").getAttribute("aria-label"), "One colour: the same count on every square");
  assert.match(await legend.locator(".heat-total").textContent(), /^9,862 closed tours \(OEIS A001230; OEIS A175881\), each through every square: 19,724 from each, one for each way round\.$/);
  assert.match(await page.locator("#app .lesson-how").textContent(), /a closed tour passes through every square, so one count of the board's closed tours is every square's/);
  assert.match(await page.locator("#app .lesson-states").textContent(), /^At most 6,226 states at once/);
  page.assertClean();
  await page.close();
});

test("every square of 5x10 by the frontier, two sweeps: the map of a board the listing could not count quickly", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x10&start=a1&teach=1`, { colorScheme: "dark" });
  await countButton(page, "Count from every square").click();
  await moving(page);
  assert.match(await result(page).textContent(), /^Counting tours from every square of 5×10(:| by dynamic programming over the frontier)/);
  const words = await counted(page);
  // The grid sums to the directed open tours of 5x10: twice A083386's 7,886,117,822.
  assert.match(words, /^15,772,235,644 tours on 5×10, each direction counted: twice the 7,886,117,822 of OEIS A083386/);
  const grid = await page.locator("#app").evaluate((el) => el.counts.heat.counts);
  assert.equal(grid[0], "1427053294", "from a corner, as `knights-tour count --board 5x10 --every-start` says");
  assert.match(await page.locator("#app .lesson-how").textContent(), /From every square at once: one sweep keeps every step's table/);
  await page.locator("#app .heat-legend").scrollIntoViewIfNeeded();
  await screenshot(page, "counting-heat-5x10-dark");
  // A click on the board says the square's count; a second starts a run there, and the map gives way to it.
  await page.locator("#board").scrollIntoViewIfNeeded();
  const box = await page.locator("#board").boundingBox();
  await page.mouse.click(box.x + box.width * 0.05, box.y + box.height * 0.9);
  await page.waitForFunction(() => document.getElementById("app").shadowRoot.querySelector(".heat-square").textContent === "a1: 1,427,053,294 tours (click it again to start there)");
  assert.equal(await page.locator("#app .heat-legend").isVisible(), true);
  await page.mouse.click(box.x + box.width * 0.05, box.y + box.height * 0.9);
  await page.waitForFunction(() => !document.getElementById("app").counts.heat);
  assert.equal(await page.locator("#app .heat-legend").isVisible(), false);
  page.assertClean();
  await page.close();
});

test("a grid counted by two workers, a share of the classes each, is the grid one worker counts", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6`);
  const told = await page.evaluate(async () => {
    const core = await import(new URL("www/core.js", document.baseURI));
    await core.load("count"); // answerOfShares is the core's count part's
    const settings = { board: "6x6" };
    /** What the page's counting worker says of a count of `ask`: its outline, last progress and answer. */
    const count = (ask) => new Promise((resolve, reject) => {
      const worker = new Worker(new URL("www/panels/count-worker.js", document.baseURI), { type: "module" });
      let outline = null;
      worker.onmessage = ({ data }) => {
        if (data.type === "outline") outline = data.outline;
        else if (data.type === "progress") return;
        else {
          worker.terminate();
          if (data.type === "done") resolve({ outline, progress: data.progress, answer: data.answer });
          else reject(new Error(data.message));
        }
      };
      worker.postMessage({ type: "count", id: 1, settings, ask });
    });
    const [whole, ...shares] = await Promise.all([
      count({ everyStart: true }),
      ...[0, 1].map((lane) => count({ everyStart: true, share: { lane, lanes: 2 } })),
    ]);
    return {
      whole: whole.answer,
      together: core.answerOfShares(settings, shares.map((share) => share.answer.grid)),
      progress: core.progressOfShares(shares.map((share) => share.progress)),
      ways: [whole, ...shares].map((part) => part.outline.everyStart),
      // How many workers the page uses: two for 7x7's open grid (by class) on two cores or more.
      workers: [[settings, 8], [{ board: "7x7" }, 2], [{ board: "7x7" }, 8], [{ board: "7x7" }, 1], [{ board: "7x7", closed: true }, 8]]
        .map(([asked, cores]) => core.countShares(asked, cores)),
    };
  });
  // 6,637,920 open tours of 6x6, each direction counted (OEIS A165134).
  assert.equal(told.together.tours, "6637920");
  assert.deepEqual(told.together, told.whole);
  assert.deepEqual(told.ways, ["forwardAndBack", "byClass", "byClass"]);
  assert.deepEqual([told.progress.done, told.progress.fraction, told.progress.part], [true, 1, told.progress.parts]);
  assert.deepEqual(told.workers, [1, 2, 2, 1, 1]);
  page.assertClean();
  await page.close();
});

test("the 7x7 grid goes to two workers on two cores, its bar moves as they count, and Cancel ends both", async () => {
  // Two cores, and the count's workers counted as they start and end.
  const prepare = (page) => page.addInitScript(() => {
    Object.defineProperty(navigator, "hardwareConcurrency", { get: () => 2 });
    window.countWorkers = { started: 0, ended: 0 };
    const Native = Worker;
    window.Worker = class extends Native {
      constructor(url, options) {
        super(url, options);
        this.counts = String(url).includes("count-worker");
        if (this.counts) window.countWorkers.started += 1;
      }

      terminate() {
        if (this.counts) window.countWorkers.ended += 1;
        super.terminate();
      }
    };
  });
  const page = await openPage(ctx.browser, `${ctx.url}?board=7x7&teach=1`, { prepare });
  await countButton(page, "Count from every square").click();
  await moving(page);
  assert.match(await result(page).textContent(), /^Counting tours from every square of 7×7: sweep \d of 6, column \d of 7, [\d,]+ states \([\d.]+ [MG]iB\), /);
  // The lesson tells the whole count's six sweeps, not one worker's share of them.
  const lesson = await page.locator("#app .lesson-how").textContent();
  assert.match(lesson, /one count from a square of each kind the board's symmetries exchange \(6 counts;/);
  assert.deepEqual(await page.evaluate(() => window.countWorkers), { started: 2, ended: 0 });
  await screenshot(page, "counting-two-workers");
  await countButton(page, "Cancel").click();
  assert.match(await result(page).textContent(), /^Cancelled the count of tours from every square of 7×7 at sweep \d of 6, column/);
  assert.deepEqual(await page.evaluate(() => window.countWorkers), { started: 2, ended: 2 });
  await idle(page);
  page.assertClean();
  await page.close();
});

test("Cancel stops a count at once and says where it was; the next count is exact", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x10&start=a1&closed=1`);
  await countButton(page, "Count from start").click();
  await moving(page);
  assert.match(await result(page).textContent(), /^Counting closed tours from a1 on 6×10: column \d+ of 10, [\d,]+ states \([\d.]+ MiB\), /);
  await screenshot(page, "counting-progress");
  await countButton(page, "Cancel").click();
  assert.match(await result(page).textContent(), /^Cancelled the count of closed tours from a1 on 6×10 at column \d+ of 10, [\d,]+ states/);
  await idle(page);
  await page.locator("#app").evaluate((el) => { el.setAttribute("board", "5x5"); el.setAttribute("start", "a5"); el.setAttribute("closed", "0"); });
  await countButton(page, "Count from start").click();
  assert.match(await counted(page), /^304 tours from a5 on 5×5 /);
  page.assertClean();
  await page.close();
});

test("counts the core refuses are said in its words, before any work; the chessboard's with its known number", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a1`);
  await countButton(page, "Count from start").click();
  // Open tours of 8x8: beyond the counter, and the literature's number (OEIS A165134, Chernov 2014).
  assert.match(await counted(page, /^Cannot/),
    /^Cannot count tours from a1 on 8×8: 8×8 is too large to count by frontier: its short side is 8 and the counter takes up to 7 for open tours\. The chessboard has 19,591,828,170,979,904 open tours, each direction counted \(OEIS A165134; Chernov 2014;/);
  assert.equal(await page.locator("#app .count-result a").first().getAttribute("href"), "https://oeis.org/A165134");
  await idle(page);
  // Closed tours of 8x8: past the page's memory, refused with the estimate; McKay's number, and
  // the command that counts it (docs/counting.md).
  await page.locator("#app").evaluate((el) => el.setAttribute("closed", "1"));
  await countButton(page, "Count from start").click();
  const chessboard = await counted(page, /^Cannot/);
  assert.match(chessboard, /^Cannot count closed tours from a1 on 8×8: counting 8×8 would need about [\d.]+ GiB of memory for its table of states; the limit is 3\.0 GiB\. The chessboard has 13,267,364,410,532 closed tours \(OEIS A001230; McKay 1997/);
  assert.match(chessboard, /knights-tour count --board 8x8 --closed\.$/);
  await idle(page);
  await page.locator("#app").evaluate((el) => el.setAttribute("closed", "0"));
  await page.locator("#app").evaluate((el) => el.setAttribute("board", "7x8"));
  await countButton(page, "Count from every square").click();
  assert.match(await counted(page, /^Cannot/),
    /^Cannot count tours from every square of 7×8: counting 7×8 would need about [\d.]+ GiB of memory for its table of states; the limit is 3\.0 GiB\./);
  await idle(page);
  page.assertClean();
  await page.close();
});

test("listing them one by one keeps the search a class can watch: the count climbs as the tours are found", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a1`);
  await page.getByLabel("List them one by one").check();
  await countButton(page, "Count from start").click();
  const sofar = () => page.locator("#app .count-result").textContent()
    .then((text) => Number(text.match(/([\d,]+) so far/)?.[1].replaceAll(",", "") ?? -1));
  await page.waitForFunction(() => /[1-9][\d,]* so far/.test(document.getElementById("app").shadowRoot.querySelector(".count-result").textContent));
  const first = await sofar();
  await page.waitForFunction((first) => {
    const text = document.getElementById("app").shadowRoot.querySelector(".count-result").textContent;
    return Number(text.match(/([\d,]+) so far/)?.[1].replaceAll(",", "")) > first || /^524,486/.test(text);
  }, first);
  // 524,486 tours from a corner of 6x6 (docs/counting.md), listed one by one.
  assert.match(await counted(page), /^524,486 tours from a1 on 6×6 \(by listing the tours one by one, [\d,]+ placements, /);
  page.assertClean();
  await page.close();
});

test("the teaching view explains the frontier with this board's states per column, beside Knuth's estimate of listing", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&closed=1&teach=1`, { viewport: { width: 1024, height: 768 } });
  const lesson = page.locator("#app .count-lesson");
  assert.equal(await lesson.isVisible(), false, "no lesson before a count");
  await countButton(page, "Count from start").click();
  await counted(page);
  assert.equal(await lesson.isVisible(), true);
  assert.match(await lesson.locator(".lesson-how").textContent(), /for the last 13 squares \(as far back as a knight reaches\), how many of the tour's moves each has \(0, 1 or 2\) and which loose path ends are joined/);
  // docs/counting.md: 6x6 closed holds at most 6,226 states at a step (degrees that cannot finish dropped).
  assert.match(await lesson.locator(".lesson-states").textContent(), /^At most 6,226 states at once \(column \d, [\d.]+ MiB\) for 19,724 tours/);
  assert.match(await lesson.locator(".states-chart").getAttribute("aria-label"), /^States held, column by column: 1, [\d, ]+$/);
  assert.match(await lesson.locator(".lesson-listing").textContent(), /^Listing them one by one instead: Knuth's estimate of that search is about .+ placements \(2,000 random paths down its tree\)\. Tick/);
  // Once this machine has listed some tours, the estimate comes with a time.
  await page.getByLabel("List them one by one").check();
  await countButton(page, "Count from start").click();
  await counted(page);
  await page.getByLabel("List them one by one").uncheck();
  await countButton(page, "Count from start").click();
  await counted(page);
  assert.match(await lesson.locator(".lesson-listing").textContent(), /placements a second this machine listed at, that is (under a second|about [\d,]+ \w+)\./);
  await lesson.scrollIntoViewIfNeeded();
  await screenshot(page, "counting-lesson");
  page.assertClean();
  await page.close();
});

test("without the teaching view, the lesson is offered beside any count: How is this counted?", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&start=a6&closed=1`);
  const lesson = page.locator("#app .count-lesson");
  const asked = lesson.getByText("How is this counted?");
  assert.equal(await asked.isVisible(), false, "no lesson before a count");
  await countButton(page, "Count from start").click();
  await counted(page);
  assert.equal(await asked.isVisible(), true);
  assert.equal(await lesson.locator(".lesson-how").isVisible(), false, "folded until asked for");
  await asked.focus();
  await page.keyboard.press("Enter");
  assert.match(await lesson.locator(".lesson-how").textContent(), /^The frontier method never lists a tour/);
  await page.waitForFunction(() => /^States held, column by column: \d/.test(document.getElementById("app").shadowRoot.querySelector(".states-chart").getAttribute("aria-label")));
  await lesson.scrollIntoViewIfNeeded();
  await screenshot(page, "counting-lesson-asked", { zoomed: true });
  page.assertClean();
  await page.close();
});

test("frames keep coming while the worker counts", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x10&start=a1&closed=1`);
  await countButton(page, "Count from start").click();
  await moving(page);
  // Frames are counted between two reports of the count: a count on the page's thread would
  // leave none between them.
  const seen = await page.evaluate(async () => {
    const root = document.getElementById("app").shadowRoot;
    const bar = root.querySelector(".count-progress");
    const between = [];
    let frames = 0;
    let last = bar.value;
    while (between.length < 2 && !root.querySelector(".count-result").dataset.tours) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      frames++;
      if (bar.value !== last) {
        between.push(frames);
        frames = 0;
        last = bar.value;
      }
    }
    return { between, done: Boolean(root.querySelector(".count-result").dataset.tours) };
  });
  assert.equal(seen.done, false, "the count was still under way");
  assert.ok(seen.between.every((frames) => frames >= 2), `frames between reports: ${seen.between}`);
  await countButton(page, "Cancel").click();
  page.assertClean();
  await page.close();
});

test("the page answers a click while the worker counts: Step moves the knight and a frame shows it, the count still going", async () => {
  // 7x8 closed from a corner: a count of many seconds, cancelled once the page has answered.
  const page = await openPage(ctx.browser, `${ctx.url}?board=7x8&start=a1&closed=1`);
  const app = page.locator("#app");
  await countButton(page, "Count from start").click();
  await moving(page);
  const before = await app.evaluate((el) => el.run.position);
  await page.getByRole("button", { name: "Step", exact: true }).click();
  const seen = await app.evaluate(async (el) => {
    // Two frames: the one the click asked for, and one after it (its painting done).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const root = el.shadowRoot;
    return { position: el.run.position, counting: !root.querySelector(".count-result").dataset.tours, bar: root.querySelector(".count-progress").value };
  });
  assert.equal(seen.position, before + 1, "the step was made");
  assert.ok(seen.counting && seen.bar < 1, "while the count was under way");
  // The count's reports go on after it: the page's answer did not stop the worker.
  await page.waitForFunction((bar) => document.getElementById("app").shadowRoot.querySelector(".count-progress").value > bar, seen.bar);
  await countButton(page, "Cancel").click();
  page.assertClean();
  await page.close();
});

test("the heat map's counts on a phone and by keyboard: a tap says a square's count, a second tap starts there; the cursor says it too", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5`, { viewport: { width: 390, height: 844 }, hasTouch: true });
  await countButton(page, "Count from every square").click();
  await counted(page);
  const said = (text) => page.waitForFunction((text) => document.getElementById("app").shadowRoot.querySelector(".heat-square").textContent === text, text);
  const legend = page.getByRole("region", { name: "Tours from each square of 5×5" });
  await said("Tap a square for its count.");
  const board = page.locator("#board");
  // The board's box is read at each tap: scrolling the legend into view and back moves it.
  const tap = async (col, row) => {
    await board.scrollIntoViewIfNeeded();
    const box = await board.boundingBox();
    await page.touchscreen.tap(box.x + box.width * (col + 0.5) / 5, box.y + box.height * (row + 0.5) / 5);
  };
  await board.scrollIntoViewIfNeeded();
  const box = await board.boundingBox();
  await page.mouse.move(box.x + box.width - 2, box.y + 2);
  await said("e5: 304 tours");
  // TOURS.md: 304 tours from a corner, 64 from the centre.
  await tap(0, 4);
  await said("a1: 304 tours (tap it again to start there)");
  await tap(2, 2);
  await said("c3: 64 tours (tap it again to start there)");
  // The page scrolls away from under a mouse resting on the board (a laptop with a touch screen):
  // the square the finger tapped stays pointed at.
  await page.evaluate(() => scrollBy(0, innerHeight));
  await legend.scrollIntoViewIfNeeded();
  await screenshot(page, "counting-heat-tap");
  assert.equal(await legend.isVisible(), true, "a tap says the count; the map stays");
  assert.equal(await page.locator("#app").evaluate((el) => el.dataset.status), "idle");
  await tap(2, 2); // the square pointed at, again: the knight starts there
  await page.waitForFunction(() => document.getElementById("app").settings.start === "c3");
  assert.equal(await legend.isVisible(), false, "the board shows the run");

  // By keyboard: the cursor choosing a start says its square's count, in the legend and the board's label.
  await countButton(page, "Count from every square").click();
  await counted(page);
  await board.focus();
  await page.keyboard.press("Enter");
  await said("c3: 64 tours");
  await page.keyboard.press("ArrowUp");
  await said("c4: 0 tours");
  assert.match(await board.getAttribute("aria-label"), /cursor on c4 \(0 tours from it\)/);
  await page.keyboard.press("Escape");
  page.assertClean();
  await page.close();
});
