// Play it yourself, as a person plays it: clicks on squares, the buttons, the keys. After every
// move the board says whether a tour can still be finished, in the core's words, and marks the
// squares a reason is about; Undo brings the verdict back; hints finish the tour, which is
// celebrated with its counts and a link that replays it; the embed plays too; and a position
// the core takes seconds over leaves the page drawing frames. Every wait is on the element's
// state (data-placed, data-verdict, data-status), never on the clock.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, frames, noteWorkers, openPage, screenshot, useBrowser } from "./harness.js";
import { boardOnScreen, distance, squareArea, themeColours } from "./pixels.js";

const ctx = useBrowser();

/** The host's play-mode state and the words under the board. */
const state = (page, selector = "knights-tour") => page.locator(selector).first().evaluate((el) => ({
  mode: el.dataset.mode,
  status: el.dataset.status,
  placed: Number(el.dataset.placed),
  verdict: el.dataset.verdict,
  hints: Number(el.dataset.hints),
  words: el.shadowRoot.querySelector(".status").textContent,
}));

/** Waits until `placed` squares are on the path and the core's verdict on them is in. */
const settled = (page, placed) => page.waitForFunction((placed) => {
  const el = document.querySelector("knights-tour");
  return Number(el.dataset.placed) === placed && el.dataset.verdict !== "thinking";
}, placed);

/** The square at (row, col) from the top-left, as the element numbers squares. */
const index = (cols, row, col) => row * cols + col;

/** (row, col) from the top-left of a chess name on a board `rows` high. */
const at = (rows, name) => [rows - Number(name.slice(1)), name.charCodeAt(0) - 97];

/** A button of the element's play controls, by its accessible name. */
const button = (page, name) => page.locator("knights-tour").first().getByRole("button", { name, exact: true });

/** Clicks the squares named, one after the other, each a move once the one before is judged. */
async function play(page, rows, names, from = 0) {
  for (const [i, name] of names.entries()) {
    await clickSquare(page, ...at(rows, name));
    await settled(page, from + i + 1);
  }
}

test("5x5 from a corner, hints to the end: a tour, celebrated with its counts, and a link that replays it", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1&speed=100`);
  const idle = await state(page);
  assert.deepEqual([idle.mode, idle.status, idle.placed, idle.verdict, idle.hints], ["play", "idle", 0, undefined, 0]);
  assert.match(idle.words, /click the square the knight starts on/);
  await clickSquare(page, 4, 0); // a1
  await settled(page, 1);
  assert.equal((await state(page)).verdict, "possible");
  for (let placed = 2; placed <= 25; placed++) {
    await button(page, "Hint").click();
    await settled(page, placed);
    assert.equal((await state(page)).verdict, "possible", `after hint ${placed - 1}`);
  }
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour");
  const done = await state(page);
  assert.equal(done.hints, 24);
  const card = page.locator("knights-tour").locator(".celebration");
  await card.waitFor();
  const cheer = await card.textContent();
  assert.match(cheer, /A tour of 5×5: well done!/);
  assert.match(cheer, /24 moves\. Time [\d.:]+( s)?, 24 hints, 0 undos\./);
  assert.equal(await button(page, "Hint").isDisabled(), true, "nothing left to hint");
  const path = await page.locator("knights-tour").evaluate((el) => Array.from(el.path));
  assert.equal(new Set(path).size, 25);
  await screenshot(page, "play-5x5-finished");

  // The address bar and the replay link carry the moves: 24 moves, 12 letters.
  const link = await card.locator("a.replay-link").getAttribute("href");
  const moves = new URL(link).searchParams.get("moves");
  assert.match(moves, /^[A-Za-z0-9_-]{12}$/);
  // The address is written when the page is idle, not in the way of a verdict.
  await page.waitForFunction((moves) => new URLSearchParams(location.search).get("moves") === moves, moves);
  const replay = await openPage(ctx.browser, link);
  await replay.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour");
  assert.deepEqual(await replay.locator("knights-tour").evaluate((el) => Array.from(el.path)), path, "the same tour, replayed");
  assert.match(await replay.locator("knights-tour .celebration").textContent(), /replayed/);
  replay.assertClean();
  await replay.context().close();

  // Undo after the end takes the last move back; Show me plays it again.
  await button(page, "Undo").click();
  await settled(page, 24);
  assert.equal((await state(page)).status, "playing");
  await button(page, "Show me").click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour");
  assert.match(await card.textContent(), /finished for you.*24 moves: 23 yours, 1 by Show me\./s);
  page.assertClean();
  await page.context().close();
});

test("one board swaps between watching a run and playing it yourself: each mode its own keys, words and board, and a mode left leaves nothing running", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a1&heuristic=warnsdorff&speed=2`, { prepare: noteWorkers });
  const host = page.locator("knights-tour");
  const statusIs = (status) => page.waitForFunction((status) => document.querySelector("knights-tour").dataset.status === status, status);
  const playWorkers = () => page.evaluate(() => window.workers.filter((worker) => worker.url.endsWith("/run/play-worker.js")));
  // Watching: Space plays the run and pauses it; the board holds the run's path.
  await page.keyboard.press("Space");
  await statusIs("running");
  await page.keyboard.press("Space");
  await statusIs("paused");
  assert.equal(await host.evaluate((el) => el.game), null, "no game while watching");
  assert.match((await state(page)).words, /^Paused at move \d+ of 25/);

  // Playing it yourself: the knight on the start, the core's verdict; → is a hint now.
  await host.getByRole("checkbox", { name: "Play it yourself" }).check();
  await settled(page, 1);
  await page.locator("h1").click(); // focus off the switch, which keeps Space for itself
  assert.deepEqual([(await state(page)).mode, (await state(page)).status, (await state(page)).verdict], ["play", "playing", "possible"]);
  assert.equal(await button(page, "Play").isVisible(), false, "the run's buttons are put away");
  await page.keyboard.press("ArrowRight");
  await settled(page, 2);
  assert.equal((await state(page)).hints, 1);
  assert.equal((await playWorkers()).length, 1);

  // Watching again: the run from its start, the game and its worker gone, Space the run's again.
  await host.getByRole("checkbox", { name: "Play it yourself" }).uncheck();
  await page.waitForFunction(() => !document.querySelector("knights-tour").dataset.mode);
  await page.locator("h1").click();
  const watching = await state(page);
  assert.deepEqual([watching.status, watching.placed, watching.verdict], ["idle", 0, undefined]);
  assert.match(watching.words, /^Ready to start from a1/);
  assert.equal(await host.evaluate((el) => el.game), null);
  assert.deepEqual((await playWorkers()).map((worker) => worker.ended), [true]);
  assert.equal(await host.locator(".play-controls").isVisible(), false);
  await page.keyboard.press("Space");
  await statusIs("running");
  await page.keyboard.press("Space");
  await statusIs("paused");

  // And playing once more: a new game from the start, its moves gone with the mode.
  await host.getByRole("checkbox", { name: "Play it yourself" }).check();
  await settled(page, 1);
  assert.deepEqual([(await state(page)).hints, (await playWorkers()).map((worker) => worker.ended)], [0, [true, false]]);
  page.assertClean();
  await page.context().close();
});

test("at the speed nobody chose (auto), Show me and a link's replay play their moves at the pace the panel says", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1`);
  await clickSquare(page, 4, 0); // a1
  await settled(page, 1);
  const said = await page.locator("knights-tour").evaluate((el) => el.shadowRoot.querySelector(".speed output")?.textContent ?? "");
  const pace = Number(said.match(/^auto: ([\d.]+) moves\/s$/)?.[1]);
  assert.ok(pace > 0, `the panel says a pace: "${said}"`);
  const began = Date.now();
  await button(page, "Show me").click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour", null, { timeout: 20_000 });
  const took = (Date.now() - began) / 1000;
  // 24 moves at the pace said: not at once (a loaded machine may take longer, never less).
  assert.ok(took > (0.5 * 24) / pace, `24 moves at ${pace} moves/s took ${took} s`);
  const card = page.locator("knights-tour").locator(".celebration");
  const link = await card.locator("a.replay-link").getAttribute("href");
  assert.equal(new URL(link).searchParams.get("speed"), null, "the link keeps the speed unchosen");
  const replay = await openPage(ctx.browser, link);
  await replay.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour", null, { timeout: 20_000 });
  assert.match(await replay.locator("knights-tour .celebration").textContent(), /replayed/);
  replay.assertClean();
  await replay.context().close();
  page.assertClean();
  await page.context().close();
});

test("a doomed move: its reason in the core's words, its squares marked; moves go on, and Undo (and Ctrl+Z) bring back a possible tour", async () => {
  // 5x6 c4, e3 leaves a5, f1 and f5 each with one way left (docs/play.md's example).
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x6&play=1`);
  await play(page, 5, ["c4", "e3"]);
  const doomed = await state(page);
  assert.equal(doomed.verdict, "impossible");
  assert.match(doomed.words, /no tour can be finished from here: a5 \(only b3\), f1 \(only d2\) and f5 \(only d4\) each have just one free square a knight's move away\./);
  assert.match(doomed.words, /Undo 1 move to where a tour could still be finished/);

  // The three squares are ringed in the take-back colour; the free squares around are not.
  await frames(page);
  const colours = await themeColours(page);
  const image = await boardOnScreen(page);
  const ringed = (name) => [...squareArea(image, 5, 6, index(6, ...at(5, name)), 2).colours()]
    .filter((colour) => distance(colour, colours.backtrack) <= 40).length;
  for (const name of ["f5", "f1", "a5"]) assert.ok(ringed(name) > 20, `${name} is marked (${ringed(name)} pixels)`);
  for (const name of ["b5", "a1", "f3"]) assert.equal(ringed(name), 0, `${name} is not marked`);
  await screenshot(page, "play-doomed");

  // Moves stay allowed, and the verdict stays doomed.
  await play(page, 5, ["c2"], 2);
  assert.equal((await state(page)).verdict, "impossible");
  // Since e3, the square numbered 2 on the board.
  assert.match((await state(page)).words, /^Move 3, knight on c2: no tour can be finished from here, and none could since move 2: /);
  await button(page, "Undo").click();
  await settled(page, 2);
  assert.equal((await state(page)).verdict, "impossible");
  await page.keyboard.press("Control+z");
  await settled(page, 1);
  assert.equal((await state(page)).verdict, "possible");
  assert.match((await state(page)).words, /a tour can still be finished/);
  page.assertClean();
  await page.context().close();
});

test("a closed game: hints to the end make a closed tour; Restart takes every move back, then the start", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=6x6&play=1&closed=1&start=a1`);
  await settled(page, 1);
  assert.match((await state(page)).words, /a closed tour can still be finished/);
  for (let placed = 2; placed <= 36; placed++) {
    await button(page, "Hint").click();
    await settled(page, placed);
  }
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "closed-tour");
  const path = await page.locator("knights-tour").evaluate((el) => Array.from(el.path));
  const [last, first] = [path[35], path[0]].map((square) => [Math.floor(square / 6), square % 6]);
  const [dr, dc] = [Math.abs(last[0] - first[0]), Math.abs(last[1] - first[1])];
  assert.deepEqual([Math.min(dr, dc), Math.max(dr, dc)], [1, 2], "the last square is a knight's move from the first");
  assert.match(await page.locator("knights-tour .celebration").textContent(), /A closed tour of 6×6: well done!/);
  await page.waitForFunction(() => new URLSearchParams(location.search).get("moves"));

  // Restart: the knight back on its start, the moves gone from the address; again, the start too.
  await button(page, "Restart").click();
  await settled(page, 1);
  assert.deepEqual(Object.values(await state(page)).slice(0, 3), ["play", "playing", 1]);
  assert.equal(await page.locator("knights-tour .celebration").isHidden(), true);
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("moves"));
  await button(page, "Restart").click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "idle");
  assert.equal((await state(page)).placed, 0);
  assert.equal(await button(page, "Restart").isDisabled(), true);
  await clickSquare(page, ...at(6, "c5"));
  await settled(page, 1);
  assert.equal(await page.locator("knights-tour").evaluate((el) => el.game.name(el.path[0])), "c5");
  page.assertClean();
  await page.context().close();
});

test("the pieces the free squares fell apart into are shaded each its own way", async () => {
  // 5x6 a5, c4, e5, d3, c5, e4, f2, d1, c3: 19 and 2 squares (docs/play.md).
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x6&play=1&start=a5`);
  await settled(page, 1);
  await play(page, 5, ["c4", "e5", "d3", "c5", "e4", "f2", "d1", "c3"], 1);
  const { verdict, words } = await state(page);
  assert.equal(verdict, "impossible");
  assert.match(words, /the free squares have fallen apart, so no single path can cover them: 2 pieces, of 19 and 2 squares/);
  const ruling = await page.locator("knights-tour").evaluate((el) => el.game.ruling);
  assert.deepEqual(ruling.pieces, [19, 2]);
  await frames(page);
  const image = await boardOnScreen(page);
  const shade = (square) => squareArea(image, 5, 6, square, 3).mode();
  const [large, small] = [ruling.squares[0], ruling.squares[19]];
  const [otherLarge] = ruling.squares.slice(1, 19).filter((square) => (Math.floor(square / 6) + square) % 2 === (Math.floor(large / 6) + large) % 2);
  assert.ok(distance(shade(large), shade(small)) > 20, `the pieces differ: ${shade(large)} and ${shade(small)}`);
  assert.ok(distance(shade(large), shade(otherLarge)) <= 3, "a piece is one shade");
  await screenshot(page, "play-pieces");
  page.assertClean();
  await page.context().close();
});

test("a click that is no move is refused in the core's words, and marked", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1&start=a1`);
  await settled(page, 1);
  await play(page, 5, ["b3"], 1);
  await clickSquare(page, ...at(5, "c3"));
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".status").textContent.includes("Not a move"));
  let now = await state(page);
  assert.match(now.words, /Not a move: c3 is not a knight's move from b3\./);
  assert.equal(now.placed, 2);
  await clickSquare(page, ...at(5, "a1"));
  await page.waitForFunction(() => /already on the path/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".status").textContent));
  now = await state(page);
  assert.match(now.words, /Not a move: a1 is already on the path: the knight started there\./);
  // The next move clears it.
  await play(page, 5, ["c5"], 2);
  assert.doesNotMatch((await state(page)).words, /Not a move/);
  page.assertClean();
  await page.context().close();
});

test("the keyboard plays: Enter chooses on the board, the arrows move the outline, Enter moves there; ← undoes, → hints", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1`, { viewport: { width: 1024, height: 768 } });
  await page.locator("#board").focus();
  await page.keyboard.press("Enter");
  const caption = page.locator("knights-tour .board-caption");
  assert.match(await caption.textContent(), /Choosing a start square: a1\./);
  await page.keyboard.press("Enter"); // the knight starts on a1, and choosing goes on
  await settled(page, 1);
  assert.match(await caption.textContent(), /Moving the knight: a1\. Arrows move, Enter moves there/);
  for (const key of ["ArrowUp", "ArrowUp", "ArrowRight"]) await page.keyboard.press(key);
  assert.match(await caption.textContent(), /Moving the knight: b3/);
  await page.keyboard.press("Enter");
  await settled(page, 2);
  assert.deepEqual(await page.locator("knights-tour").evaluate((el) => Array.from(el.path).map((square) => el.game.name(square))), ["a1", "b3"]);
  await page.keyboard.press("Escape");
  assert.equal(await caption.isHidden(), true);
  await page.keyboard.press("ArrowLeft");
  await settled(page, 1);
  await page.keyboard.press("ArrowRight");
  await settled(page, 2);
  assert.equal((await state(page)).hints, 1);
  page.assertClean();
  await page.context().close();
});

test("a position the core takes seconds over says it is checking, and the page goes on drawing and taking moves", async () => {
  // h7, g5, e6, c5, d3, b2, c4, d2, e4 on 8x8: a completion the search finds after seconds (docs/play.md).
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&play=1`);
  await play(page, 8, ["h7", "g5", "e6", "c5", "d3", "b2", "c4", "d2"]);
  await clickSquare(page, ...at(8, "e4"));
  await page.waitForFunction(() => /checking whether a tour can still be finished/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".status").textContent));
  const { verdict, placed } = await state(page);
  assert.deepEqual([verdict, placed], ["thinking", 9]);
  // Frames keep coming while the core thinks (in its worker).
  const gaps = await page.evaluate(async () => {
    const times = [];
    for (let i = 0; i < 30; i++) times.push(await new Promise((resolve) => requestAnimationFrame(resolve)));
    return times.slice(1).map((t, i) => t - times[i]);
  });
  assert.ok(Math.max(...gaps) < 250, `frames came ${Math.round(Math.max(...gaps))} ms apart at worst`);
  assert.equal((await state(page)).verdict, "thinking", "still thinking: the frames were drawn meanwhile");
  await screenshot(page, "play-checking");
  // Undo is taken at once, and the verdict before comes back.
  await button(page, "Undo").click();
  await settled(page, 8);
  page.assertClean();
  await page.context().close();
});

test("a board of a million squares: the game is made in the worker while the page draws, and a click is judged at once", async () => {
  // Every frame from the page's first is noted with the verdict it showed: the making may begin
  // (and end) before the test's first look at the page.
  const noteFrames = () => {
    window.frames_ = [];
    const note = (time) => {
      const verdict = document.querySelector("knights-tour")?.dataset.verdict;
      window.frames_.push({ time, verdict });
      if (verdict !== "possible") requestAnimationFrame(note);
    };
    requestAnimationFrame(note);
  };
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&play=1&start=999,0`, { prepare: (page) => page.addInitScript(noteFrames) });
  // Making the game (judging the start, building a tour from it) takes the worker a tenth of a
  // second and more: the page's frames go on meanwhile.
  await page.waitForFunction(() => window.frames_.at(-1)?.verdict === "possible");
  const frames = await page.evaluate(() => window.frames_);
  const first = frames.findIndex((frame) => frame.verdict === "thinking");
  assert.ok(first >= 0, "the verdict said the core was thinking");
  const made = frames.slice(first); // the frames while thinking, and the first with the verdict
  const drawn = made.length - 1;
  const worst = Math.max(...made.slice(1).map((frame, i) => frame.time - made[i].time));
  assert.ok(drawn >= 2, `${drawn} frames while the worker made the game`);
  assert.ok(worst < 250, `frames came ${Math.round(worst)} ms apart at worst`);
  await settled(page, 1);
  assert.equal((await state(page)).verdict, "possible");
  await button(page, "Hint").click();
  await settled(page, 2);
  assert.equal((await state(page)).verdict, "possible");
  page.assertClean();
  await page.context().close();
});

test("the embed plays: the play attribute, the knight on its start at once, the bar's buttons and switch", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?embed=1&board=6x6&start=c5&play=1&closed=1`, { viewport: { width: 480, height: 620 } });
  await settled(page, 1);
  const now = await state(page);
  assert.deepEqual([now.mode, now.status, now.verdict], ["play", "playing", "possible"]);
  assert.match(now.words, /a closed tour can still be finished/);
  const host = page.locator("knights-tour");
  // The link's play=1 is on the tag as given (the settings are written back when the page is idle).
  assert.ok(["", "1"].includes(await host.getAttribute("play")), "the tag has the play attribute");
  assert.equal(await host.locator("#play").isChecked(), true);
  await button(page, "Hint").click();
  await settled(page, 2);
  await screenshot(page, "play-embed");
  // The switch leaves play mode: the search's buttons come back.
  await host.locator("#play").uncheck();
  await page.waitForFunction(() => !document.querySelector("knights-tour").dataset.mode);
  assert.equal(await button(page, "Play").isVisible(), true);
  page.assertClean();
  await page.context().close();
});

test("the teaching view lights the pruning rule that judged the move", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x6&play=1&teach=1&start=c4`, { viewport: { width: 1024, height: 768 } });
  await settled(page, 1);
  const code = page.locator("knights-tour .pseudocode");
  assert.equal(await code.getAttribute("data-current"), "found");
  await play(page, 5, ["e3"], 1);
  assert.equal(await code.getAttribute("data-current"), "ends");
  assert.match(await page.locator("knights-tour .trace-note").textContent(), /Pruned: a5 \(only b3\), f1 \(only d2\) and f5 \(only d4\) each have just one free square.*would take this move back at once/);
  await screenshot(page, "play-teaching");
  page.assertClean();
  await page.context().close();
});

test("play mode on a phone, light and dark: the board, the verdict, the buttons and the celebration fit 390 px", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1&start=a1&speed=max`, { viewport: { width: 390, height: 844 }, colorScheme });
    await settled(page, 1);
    await play(page, 5, ["c2", "e1", "d3"], 1);
    await screenshot(page, `play-phone-${colorScheme}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, "nothing wider than the phone");
    await button(page, "Show me").click();
    await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour");
    await page.locator("knights-tour .celebration").waitFor();
    await screenshot(page, `play-phone-${colorScheme}-finished`);
    page.assertClean();
    await page.context().close();
  }
});
