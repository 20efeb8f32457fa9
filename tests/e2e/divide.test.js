// Divide and conquer on the page: the default, shown as what it is (the pieces, the seams, the
// walk), fast on the largest boards; and a stuck search said in words, with the way out.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, frames, hosted, noteWorkers, openPage, post, quiet, screenshot, status, useBrowser } from "./harness.js";

const ctx = useBrowser();

const host = (page) => page.locator("knights-tour").first();
const statusText = (page) => page.locator("knights-tour .status").first().textContent();
const finished = () => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status);

/**
 * Pauses the board in its divide phase `name`, clicking Pause in the first frame of that phase: a
 * person's click through the test driver can land after a short phase has passed on a loaded
 * machine.
 */
async function pauseIn(page, name) {
  await page.evaluate(async (wanted) => {
    const el = document.querySelector("knights-tour");
    while (el.dataset.phase !== wanted) await new Promise((resolve) => requestAnimationFrame(resolve));
    el.shadowRoot.querySelector("[data-action=play]").click();
  }, name);
  assert.equal(await status(page), "paused");
  assert.equal(await host(page).getAttribute("data-phase"), name, "Pause holds the phase");
}

/** Pauses the assembly `ms` milliseconds in, to the frame (a person's click is too slow for a screenshot). */
async function pauseAt(page, ms) {
  await page.evaluate(async (at) => {
    const el = document.querySelector("knights-tour");
    while (el.assembly.clock < at) await new Promise((resolve) => requestAnimationFrame(resolve));
    el.shadowRoot.querySelector("[data-action=play]").click();
  }, ms);
}

test("divide is the default: first in the select, and a click on 8x8 finishes a tour without a backtrack", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  const heuristic = page.getByLabel("Heuristic");
  assert.equal(await heuristic.inputValue(), "divide");
  const options = await heuristic.locator("option").evaluateAll((list) => list.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options[0], ["divide", "Divide and conquer"]);
  assert.deepEqual(options.map(([value]) => value).sort(), ["divide", "fixed", "pohl", "random", "roth", "warnsdorff"]);
  // Backtracking and pruning mean nothing to a tour that is built: greyed out, and saying why.
  for (const label of ["Backtracking", "Dead-end pruning"]) {
    const box = page.getByLabel(label, { exact: true });
    assert.equal(await box.isDisabled(), true, label);
    assert.match(await box.locator("xpath=..").getAttribute("title"), /divide and conquer/i);
  }
  assert.equal(await page.getByLabel("Closed tour", { exact: true }).isDisabled(), false);

  await page.getByLabel("Speed").fill("80"); // about 70,000 moves a second: the walk takes a frame
  await clickSquare(page, 7, 1); // b1
  assert.match(await statusText(page), /Touring 8×8 whole…/);
  await page.waitForFunction(finished);
  assert.equal(await host(page).getAttribute("data-backtracks"), "0");
  assert.equal(await host(page).getAttribute("data-placed"), "64");
  assert.match(await statusText(page),
    /Found an? (open|closed) tour from b1 by divide and conquer: toured whole, in one piece, no backtracking\./);
  assert.ok(!page.url().includes("heuristic="), `divide, the default, stays out of the link: ${page.url()}`);

  // Choosing a search gives the options back.
  await page.getByLabel("Heuristic").selectOption("warnsdorff");
  assert.equal(await page.getByLabel("Backtracking", { exact: true }).isDisabled(), false);
  assert.equal(await page.getByLabel("Dead-end pruning", { exact: true }).isDisabled(), false);
  page.assertClean();
});

test("20x24: the pieces appear, the seams are rewired, then the knight walks; Pause holds each phase", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=20x24&start=a1&speed=40&teach=1`);
  // Pause in the same moment as Play, before the assembly's clock has moved: the pieces are held.
  await host(page).evaluate(async (el) => {
    const button = el.shadowRoot.querySelector("[data-action=play]");
    button.click();
    button.click();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  });
  assert.equal(await status(page), "paused");
  assert.equal(await host(page).getAttribute("data-phase"), "pieces", "a pause before the first frame holds the pieces");
  await page.getByRole("button", { name: "Play", exact: true }).click();

  await pauseIn(page, "pieces");
  assert.match(await statusText(page), /Cutting 20×24 into 6 pieces…/);
  assert.match(await page.locator("knights-tour .pseudocode li.current").textContent(), /cut the board|tour each tile/);
  // A pause holds the assembly where it is: nothing on the board moves, and its clock stands.
  const clock = await host(page).evaluate((el) => el.assembly.clock);
  await quiet(page);
  assert.equal(await host(page).evaluate((el) => el.assembly.clock), clock);
  assert.equal(await host(page).getAttribute("data-phase"), "pieces");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await pauseAt(page, 420);
  await screenshot(page, "divide-pieces");

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await pauseIn(page, "seams");
  assert.match(await statusText(page), /Joining 6 pieces at 5 seams…/);
  assert.equal(await page.locator("knights-tour .pseudocode").getAttribute("data-current"), "join");
  // The screenshot from the start of the seams: a pause may have come after some of them.
  await page.getByRole("button", { name: "Reset" }).click();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await pauseAt(page, 830);
  assert.equal(await host(page).getAttribute("data-phase"), "seams");
  await screenshot(page, "divide-seams");

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => Number(document.querySelector("knights-tour").dataset.placed) >= 200);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  const placed = Number(await host(page).getAttribute("data-placed"));
  assert.match(await statusText(page), new RegExp(`Walking the tour: ${placed} of 480 squares`));
  // Why this move: a built tour has one move from every square.
  assert.match(await page.locator("knights-tour .why").textContent(), /the tour goes on to \w+\d+: divide and conquer walks the tour it built/);
  await screenshot(page, "divide-walk-20x24");

  // Step and Step back move along the walk.
  await page.getByRole("button", { name: "Step", exact: true }).click();
  assert.equal(Number(await host(page).getAttribute("data-placed")), placed + 1);
  await page.getByRole("button", { name: "Step back" }).click();
  assert.equal(Number(await host(page).getAttribute("data-placed")), placed);

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(finished, null, { timeout: 20_000 });
  assert.match(await statusText(page), /by divide and conquer: 6 pieces joined at 5 seams, no backtracking/);
  assert.equal(await host(page).getAttribute("data-backtracks"), "0");
  await screenshot(page, "divide-finished-20x24");
  page.assertClean();
});

test("the pieces' tours, with each seam's moves cut and added, make exactly the tour the knight walks", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  const boards = [
    [20, 24, "19,0", false], [3, 10, "2,0", false], [4, 8, "3,0", false], [4, 13, "0,5", false],
    [7, 9, "0,0", false], [10, 12, "3,3", true], [3, 40, "1,7", false], [4, 30, "0,29", false], [50, 37, "10,10", false],
  ];
  const results = await page.evaluate(async (list) => {
    const { ready, newTour } = await import("./www/core.js");
    await ready;
    const { Plan } = await import("./www/run/divide.js");
    const key = (a, b) => (a < b ? `${a}-${b}` : `${b}-${a}`);
    return list.map(([rows, cols, start, closed]) => {
      const tour = newTour({ board: `${rows}x${cols}`, start, heuristic: "divide", closed });
      const plan = new Plan(tour);
      while (tour.status() === "searching") tour.advance(1e6, 50, false);
      const path = Array.from(tour.pathView()); // a copy: a view lasts until the next call into the core
      const walked = new Set();
      for (let i = 1; i < path.length; i++) walked.add(key(path[i - 1], path[i]));
      if (tour.status() === "closed-tour") walked.add(key(path[path.length - 1], path[0]));
      const moves = plan.moves();
      const drawn = new Set();
      for (let i = 0; i < moves.count; i++) if (moves.vanish[i] === Infinity) drawn.add(key(moves.from[i], moves.to[i]));
      tour.free();
      return {
        board: `${rows}x${cols} from ${start}`, pieces: plan.pieces, seams: plan.seams, size: drawn.size,
        same: drawn.size === walked.size && [...drawn].every((move) => walked.has(move)),
      };
    });
  }, boards);
  for (const result of results) {
    assert.ok(result.same, `${result.board}: ${JSON.stringify(result)}`);
    assert.equal(result.seams, result.pieces - 1, result.board);
  }
  assert.ok(results.some((result) => result.seams > 5), "some boards have many seams");
  page.assertClean();
});

// How soon the tour is on screen is `node bench/frames.mjs`'s to measure ("click→tour").
test("1000x1000 by divide at full speed finishes: every square placed, the depth whole", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&speed=max`);
  await clickSquare(page, 500, 500);
  await page.waitForFunction(finished, null, { polling: 50 });
  assert.equal(await host(page).getAttribute("data-placed"), "1000000");
  assert.equal(await page.locator("[data-counter=depth]").textContent(), "1.00\u00a0M / 1.00\u00a0M");
  await screenshot(page, "divide-1000x1000");
  page.assertClean();
});

test("1000x1000 at full speed is laid whole, then goes back and forth on its timeline as any run does", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&speed=max&teach=1`);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  // The squares the board showed at each frame from the pick to the end: none of the walk's
  // squares on the way, the million at once.
  const shown = await host(page).evaluate(async (el) => {
    const seen = [];
    const drawn = el.draw.bind(el);
    el.draw = (now) => {
      drawn(now);
      seen.push(el.run?.depth ?? 0);
    };
    el.pick(500 * 1000 + 500);
    while (!["tour", "closed-tour"].includes(el.dataset.status)) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    delete el.draw;
    return seen;
  });
  assert.deepEqual([...new Set(shown)], [0, 1_000_000], `depths drawn: ${shown}`);
  // A jump back to the middle (a walk keeps no checkpoints: it is replayed from its start, in
  // bulk), a step back from there, and Replay from the start, as on any run.
  const landed = await host(page).evaluate(async (el) => {
    const timeline = el.shadowRoot.querySelector("#timeline");
    timeline.value = "500000";
    timeline.dispatchEvent(new Event("input", { bubbles: true }));
    while (el.controller.seeking) await new Promise((resolve) => requestAnimationFrame(resolve));
    const middle = { position: el.run.position, depth: el.run.depth, knight: el.path.at(-1) };
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true, composed: true }));
    return { middle, back: { position: el.run.position, depth: el.run.depth }, status: el.dataset.status };
  });
  assert.deepEqual(landed.middle.position, 500_000);
  assert.equal(landed.middle.depth, 500_000, "event 500,000 of a walk is its 500,000th square");
  assert.deepEqual(landed.back, { position: 499_999, depth: 499_999 });
  assert.equal(landed.status, "paused");
  await page.getByRole("button", { name: "Play" }).click();
  await page.waitForFunction(finished, null, { polling: 50 });
  assert.equal(await host(page).getAttribute("data-placed"), "1000000");
  page.assertClean();
});

test("1000x1000 is built off the page's thread: frames go on while it builds, and a click mid-build starts the new one", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&speed=max`);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  // A square picked (what a click on it does, here without the driver's delays), and a frame in,
  // another. Frames are painted while the tours are built: not one could be, were a tour built
  // in the handler. (How long the page's tasks are is `bench/frames.mjs`'s to measure: on the
  // shared machine a frame of the empty 1000x1000 board alone may pass 50 ms.)
  const { words, status, frames } = await host(page).evaluate(async (el) => {
    el.pick(500 * 1000 + 500);
    // Had the tour been built in the pick's handler, it would be there already.
    const [words, status] = [el.shadowRoot.querySelector(".status").textContent, el.dataset.status];
    let frames = 0;
    while (el.controller.building) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (frames++ === 0) el.pick(999);
    }
    return { words, status, frames };
  });
  assert.match(words, /Building a tour of 1000×1000 from [a-z]+\d+ by divide and conquer…/);
  assert.equal(status, "running");
  assert.ok(frames >= 2, `${frames} frames painted while the tours were built`);
  await page.waitForFunction(finished, null, { polling: 50 });
  assert.equal(await host(page).evaluate((el) => el.run.start), 999, "the later click's tour, the earlier one's answer dropped");
  assert.equal(await host(page).getAttribute("data-placed"), "1000000");
  page.assertClean();
});

/** A page that notes every request to the build worker, `{board, start}`, in `window.requests`. */
const noteRequests = (page) =>
  page.addInitScript(() => {
    window.requests = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.settings) window.requests.push({ board: message.settings.board, start: message.settings.start });
      return post.call(this, message, ...rest);
    };
  });

/** The starts of the requests noted for `board`. */
const startsAsked = (page, board) => page.evaluate((board) => window.requests.filter((r) => r.board === board).map((r) => r.start), board);

test("a press on a 1000x1000 square asks the worker for its tour before the click, and the click takes that request over", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&speed=max`, { prepare: noteRequests });
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  const box = await page.locator("#board").boundingBox();
  // Half a pixel in: a click's position is whole pixels, and a square here is smaller than one.
  await page.mouse.move(box.x + box.width / 3 + 0.5, box.y + box.height / 4 + 0.5);
  await page.mouse.down();
  await page.waitForFunction(() => window.requests.some((r) => r.board === "1000x1000"));
  const [pressed] = await startsAsked(page, "1000x1000");
  await page.mouse.up();
  await page.waitForFunction(finished, null, { polling: 50 });
  assert.deepEqual(await startsAsked(page, "1000x1000"), [pressed], "one build, asked for on the press");
  assert.equal(await host(page).evaluate((el) => el.settings.start), pressed, "the click picked the square pressed");
  assert.equal(await host(page).getAttribute("data-placed"), "1000000");
  page.assertClean();
});

/** Resolves after the page's next task: what its last one set a timer of 0 ms for has run. */
const nextTask = (page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));

test("a large board's page warms its thread once while idle, with the worker's small tour, and the board it shows is untouched", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&speed=max`, { prepare: noteRequests });
  await page.waitForFunction(() => performance.getEntriesByName("knights-tour: warmed").length > 0, null, { timeout: 10_000 });
  assert.equal(await host(page).getAttribute("data-status"), "idle", "no run made, no start picked");
  assert.equal(await host(page).evaluate((el) => el.run), null);
  // The warm-up's tour: 400x400 from its corner, asked for once.
  assert.deepEqual(await startsAsked(page, "400x400"), ["0,0"]);
  // Another large board later does not warm again: the code is warm already. Its restart would
  // have asked for a warm-up's tour at once, sent in the task after (builder.js `warm`).
  await page.getByLabel("Rows").fill("900");
  await page.getByLabel("Rows").press("Enter");
  await page.waitForFunction(() => document.querySelector("knights-tour").settings.rows === 900);
  await nextTask(page);
  assert.deepEqual(await startsAsked(page, "400x400"), ["0,0"], "no second warm-up asked for");
  assert.equal(await page.evaluate(() => performance.getEntriesByName("knights-tour: warmed").length), 1);
  // A board built on the page's thread needs no worker, and so no warming: its first run is made
  // as the board comes alive, and the worker that warms is started then or never.
  const small = await openPage(ctx.browser, `${ctx.url}?board=8x8`, { prepare: (page) => Promise.all([noteRequests(page), noteWorkers(page)]) });
  await small.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  await nextTask(small);
  assert.deepEqual(await small.evaluate(() => window.workers.filter((worker) => worker.url.endsWith("/run/build-worker.js"))), []);
  assert.deepEqual(await small.evaluate(() => window.requests), []);
  page.assertClean();
  small.assertClean();
});

test("boards either side of 40,000 squares: 200x200 built on the page's thread with its assembly's moves, 201x200 in the worker with its plan alone", async () => {
  for (const [board, offThread] of [["200x200", false], ["201x200", true]]) {
    const page = await openPage(ctx.browser, `${ctx.url}?board=${board}&start=0,0&speed=max&autoplay=1`, { prepare: noteRequests });
    await page.waitForFunction(finished, null, { polling: 50, timeout: 30_000 });
    const asked = await startsAsked(page, board);
    assert.equal(asked.includes("0,0"), offThread, `${board}: built in the worker? ${asked}`);
    assert.equal(await host(page).evaluate((el) => el.assembly.plan.drawsMoves), !offThread, board);
    assert.equal(await host(page).evaluate((el) => el.run.plan().moves), !offThread, `${board}: the core kept the moves`);
    assert.equal(await host(page).getAttribute("data-placed"), String(200 * (offThread ? 201 : 200)));
    page.assertClean();
  }
});

test("a press that changes the board (the Rows field it takes focus from) picks from the board as it is then", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8`);
  const rows = page.getByLabel("Rows");
  await rows.fill("4");
  // The field keeps its text until it loses focus, which the press on the board takes: the board
  // becomes 4x8 between the press and its click. The press is on a4 of 8x8, the fifth row down;
  // 4x8 has an a4 too, but not under the pointer once the board has its new shape.
  const box = await page.locator("#board").boundingBox();
  const [x, y] = [box.x + box.width / 16, box.y + (box.height * 9) / 16];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForFunction(() => document.querySelector("knights-tour").settings.rows === 4);
  await frames(page); // the board laid out and painted as 4x8
  // Where the pointer is on the board as it is now: the square a person sees under it.
  const now = await page.locator("#board").boundingBox();
  const [row, col] = [Math.floor(((y - now.y) / now.height) * 4), Math.floor(((x - now.x) / now.width) * 8)];
  assert.ok(row >= 0 && row < 4 && col >= 0 && col < 8, `the pointer is on the 4x8 board: row ${row}, column ${col}`);
  const seen = `${"abcdefgh"[col]}${4 - row}`;
  assert.notEqual(seen, "a4", "the square under the pointer is not the one pressed");
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector("knights-tour").settings.start !== null);
  assert.equal(await host(page).evaluate((el) => el.settings.start), seen);
  page.assertClean();
});

test("a stuck search says so in words, and one click switches to divide, which finishes", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=60x60&start=0,0&heuristic=fixed&speed=max&autoplay=1&teach=1`);
  const notice = page.locator("knights-tour .stuck");
  await notice.waitFor({ timeout: 20_000 });
  // The time the estimate stands for comes with the first measured rate, half a second in.
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".stuck").textContent.includes("at this speed"));
  const words = await notice.textContent();
  assert.match(words, /Stuck: the deepest path held [\d,]+ of 3,600 squares, reached .* events ago\./);
  assert.match(words, /gone back as far as move ([\d,]+), so the mistake is at or before move \1\./);
  assert.match(words, /Knuth's estimate of the work left: about 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ events \(longer than the age of the universe at this speed\)/);
  assert.match(await page.locator("knights-tour .stall-note").textContent(), /Why it is stuck/);
  await screenshot(page, "stuck-notice");

  await page.getByRole("button", { name: "Switch to divide and conquer" }).click();
  assert.equal(await page.getByLabel("Heuristic").inputValue(), "divide");
  await page.waitForFunction(finished, null, { timeout: 10_000 });
  assert.match(await statusText(page), /Found an? (open|closed) tour from a60 by divide and conquer/);
  assert.equal(await notice.isVisible(), false);
  assert.match(page.url(), /board=60x60&start=a60&speed=max/);
  page.assertClean();
});

test("a compact board's stuck notice lies over the board, with its words and its way out, and the embed keeps its height", async () => {
  const url = `${ctx.url}compact-stuck.html`;
  const page = await openPage(ctx.browser, url, {
    viewport: { width: 700, height: 900 },
    prepare: hosted(url, post({
      head: `<script type="module" src="/www/knights-tour.js"></script>`,
      body: `<knights-tour board="60x60" start="a60" heuristic="fixed" speed="max" autoplay style="width: 600px"></knights-tour>`,
    })),
  });
  const height = () => host(page).evaluate((el) => el.getBoundingClientRect().height);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "running");
  const before = await height();
  // Its words and look are a module of their own, fetched when a search is first stuck: the
  // notice shows with them.
  await page.waitForFunction(() => document.querySelector("knights-tour").hasAttribute("data-stuck"), null, { timeout: 20_000 });
  const notice = page.locator("knights-tour .stuck");
  assert.equal(await notice.isVisible(), true);
  assert.match(await notice.textContent(), /^\s*Stuck: the deepest path held [\d,]+ of 3,600 squares/);
  const [frame, box, position] = await host(page).evaluate((el) => {
    const root = el.shadowRoot;
    const stuck = root.querySelector(".stuck");
    const rect = (element) => element.getBoundingClientRect().toJSON();
    return [rect(root.querySelector(".board-frame")), rect(stuck), getComputedStyle(stuck).position];
  });
  assert.equal(position, "absolute", "over the board, not under it");
  assert.ok(box.top >= frame.top && box.bottom <= frame.bottom && box.left >= frame.left && box.right <= frame.right, `${JSON.stringify(box)} in ${JSON.stringify(frame)}`);
  assert.equal(await height(), before, "the embed's height is as it was");
  await screenshot(page, "stuck-notice-compact");
  await page.getByRole("button", { name: "Switch to divide and conquer" }).click();
  await page.waitForFunction(finished, null, { timeout: 10_000 });
  assert.equal(await notice.isVisible(), false);
  page.assertClean();
});

test("a search stuck one square short of 500x500 never shows its depth as the whole board", async () => {
  // Pohl's rule from the corner of 500x500 reaches 249,999 squares and sticks there: once shown
  // as "250.0 k / 250.0 k".
  const page = await openPage(ctx.browser, `${ctx.url}?board=500x500&start=0,0&heuristic=pohl&speed=max&autoplay=1`);
  await page.locator("knights-tour .stuck").waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelector("knights-tour").run.deepest === 249_999, null, { timeout: 20_000 });
  // The depth as shown in each of twenty frames (the counters are written as the board is drawn).
  const seen = new Set(await host(page).evaluate(async (el) => {
    const texts = [];
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      texts.push(el.shadowRoot.querySelector("[data-counter=depth]").textContent);
    }
    return texts;
  }));
  for (const text of seen) {
    const [depth, whole] = text.split(" / ");
    assert.notEqual(depth, whole, text);
  }
  assert.ok([...seen].some((text) => text.startsWith("249.9")), [...seen].join(", "));
  assert.match(await page.locator("knights-tour .stuck").textContent(), /the deepest path held 249,999 of 250,000 squares/);
  page.assertClean();
});

test("an inner line of 4x8 has no tour, and the status says why and where to start instead", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=4x8`);
  await clickSquare(page, 1, 3);
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "impossible");
  const text = await statusText(page);
  assert.match(text, /^No tour from here: on 4×8 every move from an outer line lands on an inner one/);
  assert.match(text, /Flye Sainte-Marie 1877/);
  assert.match(text, /Start on one of the two outer lines\./);
  // From an outer line, divide builds one.
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, 0, 3);
  await page.waitForFunction(finished);
  page.assertClean();
});

test("the race pits divide against a search", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a8&speed=max`);
  await page.getByRole("button", { name: "Race two heuristics" }).click();
  assert.match(page.url(), /race=divide%2Cwarnsdorff/);
  await page.getByRole("button", { name: "Play both" }).click();
  await page.locator("#race-first[data-status$=tour]").waitFor({ timeout: 10_000 });
  await page.locator("#race-second[data-status$=tour]").waitFor({ timeout: 10_000 });
  // Warnsdorff's rule tours 8x8 from a corner without a step back: 64 placements each.
  // A tie, and which tour is closed (divide's, here).
  assert.match(await page.locator("#race-result").textContent(),
    /^A tie: Divide and conquer and Warnsdorff both found a tour in 64 placements\.( Divide and conquer's is closed\.)?$/);
  // Another heuristic on one side starts it anew: the other does not win before it has run.
  await page.getByLabel("First").selectOption("roth");
  await page.waitForFunction(() => document.querySelector("#race-first").dataset.status === "idle");
  assert.match(await page.locator("#race-result").textContent(),
    /^Warnsdorff \+ Roth: ready\. Warnsdorff: a tour in 64 placements\. Press Play both to race them\.$/);
  page.assertClean();
});
