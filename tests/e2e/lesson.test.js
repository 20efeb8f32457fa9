// A 20-minute lesson on backtracking, as a teacher gives it with the teaching view: every word the
// page says is checked where it once misled a class. The search is checked against the textbook
// search written out plainly below (a depth-first search in the textbook order, nothing of the
// core), stepped in lockstep with the page: at every event the tree in words is the moves that
// search has tried, and the step's words name the event it makes next.

import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, openPage, quiet, screenshot, useBrowser } from "./harness.js";
import { decodePng, distance, hex } from "./pixels.js";

const ctx = useBrowser();

/** The textbook's order of a knight's moves, as (rows down, columns right): Warnsdorff's era's. */
const TEXTBOOK = [[2, 1], [1, 2], [-1, 2], [-2, 1], [-2, -1], [-1, -2], [1, -2], [2, -1]];

/** A square's name on a board `rows` high (a1 bottom-left), from its row-major index. */
const nameOf = (rows, cols) => (square) => `${String.fromCharCode(97 + (square % cols))}${rows - Math.floor(square / cols)}`;

/**
 * The textbook search's first `limit` events from `start` (a name), each `{kind, square, move}`
 * (the square's name, its move number: the start is 1), the end after a path of every square.
 */
function textbook(rows, cols, start, limit) {
  const name = nameOf(rows, cols);
  const moves = (square) => TEXTBOOK
    .map(([dr, dc]) => [Math.floor(square / cols) + dr, (square % cols) + dc])
    .filter(([r, c]) => r >= 0 && r < rows && c >= 0 && c < cols)
    .map(([r, c]) => r * cols + c);
  const first = (rows - Number(start.slice(1))) * cols + (start.charCodeAt(0) - 97);
  const events = [{ kind: "placed", square: name(first), move: 1 }];
  const path = [first];
  const untried = [moves(first)];
  while (events.length < limit) {
    if (path.length === rows * cols) {
      events.push({ kind: "finished" });
      break;
    }
    const next = untried.at(-1);
    const i = next.findIndex((square) => !path.includes(square));
    if (i >= 0) {
      const [square] = next.splice(0, i + 1).slice(-1);
      path.push(square);
      untried.push(moves(square));
      events.push({ kind: "placed", square: name(square), move: path.length });
    } else if (path.length === 1) {
      events.push({ kind: "finished" });
      break;
    } else {
      events.push({ kind: "removed", square: name(path.pop()), move: path.length + 1 });
      untried.pop();
    }
  }
  return events;
}

/** The moves tried after the first `position` of `events`, each as "a1 c2 e1" → on the path. */
function tried(events, position) {
  const path = [];
  const lines = new Map();
  for (const event of events.slice(0, position)) {
    if (event.kind === "placed") {
      path.push(event.square);
      lines.set(path.join(" "), true);
    } else if (event.kind === "removed") {
      lines.set(path.join(" "), false);
      path.pop();
    }
  }
  return lines;
}

/** The trunk of those moves: from the start, the only move tried, on the path, with moves tried from it. */
function trunk(lines) {
  let trunk = [];
  for (;;) {
    const below = [...lines].filter(([line]) => line.split(" ").length === trunk.length + 1 && (trunk.length === 0 || line.startsWith(`${trunk.join(" ")} `)));
    if (below.length !== 1 || !below[0][1]) break;
    const [line] = below[0];
    if (![...lines.keys()].some((other) => other.startsWith(`${line} `))) break;
    trunk = line.split(" ");
  }
  return trunk;
}

/** What the page shows of the tree and the step, read in the page. */
const READ = () => {
  const root = document.querySelector("knights-tour").shadowRoot;
  const outline = root.querySelector(".tree-outline");
  const lines = {};
  for (const item of outline.querySelectorAll("[role=treeitem]")) {
    const names = [];
    for (let at = item; at !== outline; at = at.parentElement) if (at.getAttribute("role") === "treeitem") names.unshift(at.dataset.square);
    lines[names.join(" ")] = item.dataset.state;
  }
  return { lines, note: root.querySelector(".tree-note").textContent, why: root.querySelector(".why").textContent };
};

/** Checks what the page shows at `position` against the textbook search's `events`. */
function check(shown, events, position) {
  const expected = tried(events, position);
  const stem = trunk(expected);
  const at = `event ${position}`;
  if (stem.length) {
    const ends = stem.length > 6 ? `${stem.slice(0, 3).join(" ")} … ${stem.slice(-2).join(" ")}` : stem.join(" ");
    assert.equal(shown.note, `Above the top row: ${stem.length} move${stem.length === 1 ? "" : "s"} never taken back (${ends}).`, at);
  }
  const below = Object.fromEntries([...expected]
    .filter(([line]) => line.split(" ").length > stem.length)
    .map(([line, open]) => [line.split(" ").slice(stem.length).join(" "), open ? "path" : "back"]));
  assert.deepEqual(shown.lines, below, `the tree in words at ${at}`);
  const next = events[position];
  if (next?.kind === "placed") {
    assert.match(shown.why, new RegExp(`Next step: the knight (goes to|is placed on) ${next.square}, move ${next.move}\\.`), at);
  } else if (next?.kind === "removed") {
    assert.match(shown.why, new RegExp(`Next step: the knight is taken back from ${next.square}, move ${next.move}, to `), at);
  } else if (next?.kind === "finished") {
    assert.match(shown.why, /Next step: the search ends/, at);
  }
}

/** Presses `key` in the page `times` times, reading what it shows after each, once drawn. */
const pressAndRead = (page, key, times) => page.evaluate(async ({ key, times, read }) => {
  const shown = [];
  const look = new Function(`return (${read})()`);
  for (let i = 0; i < times; i++) {
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, composed: true }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    shown.push({ position: document.querySelector("knights-tour").run.position, ...look() });
  }
  return shown;
}, { key, times, read: READ.toString() });

/** A board in the teaching view with the tree of tried moves shown and its words open. */
async function treeLesson(query) {
  const page = await openPage(ctx.browser, `${ctx.url}?${query}&heuristic=fixed&teach=1&projector=1`, { viewport: { width: 1024, height: 768 } });
  await page.getByRole("button", { name: "Tree", exact: true }).click();
  await page.locator("knights-tour summary", { hasText: "The tree in words" }).click();
  return page;
}

test("5x5 from a1: the tree in words and the next step follow the textbook search at every event, forward and back", async () => {
  const events = textbook(5, 5, "a1", Infinity);
  assert.equal(events.length, 58, "41 placements, 16 take-backs and the end");
  const page = await treeLesson("board=5x5&start=a1");
  const forward = await pressAndRead(page, "ArrowRight", events.length);
  for (const shown of forward) check(shown, events, shown.position);
  assert.deepEqual(forward.map((shown) => shown.position), events.map((_, i) => i + 1));
  const back = await pressAndRead(page, "ArrowLeft", events.length);
  for (const shown of back) check(shown, events, shown.position);
  assert.equal(back.at(-1).position, 0);
  page.assertClean();
  await page.context().close();
});

test("6x6 from a corner: the tree in words and the next step follow the textbook search for 2,000 events", async () => {
  const events = textbook(6, 6, "a1", 2001);
  const page = await treeLesson("board=6x6&start=a1");
  const shown = await pressAndRead(page, "ArrowRight", 2000);
  for (const at of shown) check(at, events, at.position);
  assert.equal(shown.at(-1).position, 2000);
  page.assertClean();
  await page.context().close();
});

/** Steps to event `position` with the keyboard, as a teacher does, and waits for it to be drawn. */
async function stepTo(page, position) {
  await page.evaluate((position) => {
    while (document.querySelector("knights-tour").run.position < position) {
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, composed: true }));
    }
  }, position);
  await quiet(page);
}

/** Which pixels across the tree canvas's top row are in the accent colour and in the taken-back grey. */
async function topRow(page) {
  const canvas = page.locator("knights-tour .tree");
  const image = decodePng(await canvas.screenshot());
  const colour = (name) => canvas.evaluate((el, name) => getComputedStyle(el.getRootNode().host).getPropertyValue(`--kt-${name}`).trim(), name);
  const [accent, line] = [hex(await colour("accent")), hex(await colour("line"))];
  const y = 3; // within the first row, above its label
  const row = Array.from({ length: image.width }, (_, x) => [...image.rgba.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)]);
  const near = (target) => row.map((pixel) => distance(pixel, target) < 40);
  return { accent: near(accent), grey: near(line), width: image.width };
}

test("the tree after a branch is used up: d4 stays in the top row, taken back, with the moves tried under it, and c3 beside it", async () => {
  const page = await treeLesson("board=5x5&start=a1");
  const outline = page.locator("knights-tour .tree-outline");
  const top = () => outline.evaluate((tree) => [...tree.children].map((item) => `${item.dataset.square} ${item.dataset.state}`));
  await stepTo(page, 38);
  assert.deepEqual(await top(), ["d4 back"]);
  await screenshot(page, "lesson-tree-38");
  await stepTo(page, 39);
  assert.deepEqual(await top(), ["d4 back", "c3 path"], "the knight went e2 to c3: d4 is still there");
  // d4's tries stay under d4: b5 (then c3 and a3 under it) and b3.
  // The moves tried from a move of the top row.
  const under = (square) => outline.evaluate((tree, square) => [...tree.querySelector(`:scope > [data-square="${square}"] > [role=group]`)?.children ?? []].map((item) => item.dataset.square), square);
  assert.deepEqual(await under("d4"), ["b5", "b3"]);
  assert.deepEqual(await under("c3"), [], "nothing tried from c3 yet");
  // Drawn: the top row is d4's grey over most of the width, c3's accent at its right end only.
  const row = await topRow(page);
  const left = (colour) => row[colour].slice(0, row.width / 2).filter(Boolean).length / (row.width / 2);
  assert.ok(left("grey") > 0.9, `d4, taken back, fills the left of the top row (${left("grey")})`);
  assert.equal(left("accent"), 0, "c3 does not cover d4");
  assert.ok(row.accent.slice(-12).some(Boolean), "c3 at the right end");
  await screenshot(page, "lesson-tree-39");
  await stepTo(page, 58);
  assert.deepEqual(await top(), ["d4 back", "c3 path"]);
  assert.deepEqual(await under("c3"), ["b5", "b1"]);
  assert.equal(await page.locator("knights-tour").getAttribute("data-status"), "tour");
  await screenshot(page, "lesson-tree-end");
  page.assertClean();
  await page.context().close();
});

test("at a path of every square the step says the tour is complete, and the line that checks it is lit", async () => {
  for (const [query, events, squares] of [
    ["board=5x5&start=a1&heuristic=fixed", 57, 25],
    ["board=8x8&start=b1&heuristic=warnsdorff&backtracking=0", 64, 64],
  ]) {
    const page = await openPage(ctx.browser, `${ctx.url}?${query}&teach=1&projector=1`, { viewport: { width: 1024, height: 768 } });
    await stepTo(page, events);
    const why = await page.locator("knights-tour .why").textContent();
    assert.equal(why, "Every square is visited: the tour is complete. Next step: the search ends: it has found an open tour.", query);
    assert.equal(await page.locator("knights-tour .pseudocode").getAttribute("data-current"), "done", query);
    assert.match(await page.locator("knights-tour .pseudocode li.current").textContent(), /if every square is visited/);
    assert.match(await page.locator("knights-tour .status").textContent(), new RegExp(`Paused at move ${squares} of ${squares}`));
    if (squares === 25) await screenshot(page, "lesson-every-square");
    page.assertClean();
    await page.context().close();
  }
});

test("a greedy walk for a closed tour that visits every square says its ends are not a knight's move apart, not that it is a dead end", async () => {
  const unclosed = [];
  for (const [board, start] of [["8x8", "b1"], ["6x6", "a1"], ["10x10", "a1"], ["12x12", "a1"], ["100x100", "a1"]]) {
    const page = await openPage(ctx.browser, `${ctx.url}?board=${board}&start=${start}&heuristic=warnsdorff&closed=1&backtracking=0&teach=1&speed=max&autoplay=1`, { viewport: { width: 1024, height: 768 } });
    await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status), null, { timeout: 20_000 });
    const status = await page.locator("knights-tour").getAttribute("data-status");
    if (status === "closed-tour" && board !== "8x8") {
      // Warnsdorff's walk closes by luck on some boards: then there is nothing to say here.
      await page.context().close();
      continue;
    }
    assert.equal(status, "unclosed", board);
    unclosed.push(board);
    const line = await page.locator("knights-tour .status").textContent();
    assert.match(line, new RegExp(`^Every square visited, but no closed tour: the last square, [a-z]+\\d+, is not a knight's move from the first, ${start}: an open tour, not a closed one\\. Turn Backtracking on`), board);
    assert.doesNotMatch(line, /dead end/i);
    assert.equal(await page.locator("knights-tour .pseudocode").getAttribute("data-current"), "unclosed");
    assert.match(await page.locator("knights-tour .why").textContent(), /^Every square is visited, but the last square, [a-z]+\d+, is not a knight's move from the first/);
    if (board === "8x8") await screenshot(page, "lesson-unclosed");
    page.assertClean();
    await page.context().close();
  }
  assert.ok(unclosed.length >= 3, `the walk covered without closing on ${unclosed.join(", ")}`);
});

test("4x4: the page gives an argument a class can follow, keeps the citation, and a checkbox lets the search prove it, the estimate then saying what was made", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=4x4&start=a1&heuristic=fixed&teach=1&speed=max&autoplay=1`, { viewport: { width: 1024, height: 768 } });
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "impossible");
  const why = await page.locator("knights-tour .why").textContent();
  assert.match(why, /^This run needs no search: no tour on 4×4, from any square: each corner can be reached only from two centre squares/);
  assert.match(why, /two rings of four, b1 a3 c4 d2 and c1 a2 b4 d3/);
  assert.match(why, /\(Conrad et al\. 1994\)\./);
  assert.doesNotMatch(why, /exhaustive search/);
  assert.match(why, /untick “Use the theorems”/);
  // The control, as a teacher finds it, at the end of the slider's speed.
  await page.getByRole("checkbox", { name: "Use the theorems" }).uncheck();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "no-tour", null, { timeout: 20_000 });
  await quiet(page);
  assert.equal(await page.locator("knights-tour .pseudocode").getAttribute("data-current"), "exhausted");
  const estimate = await page.locator("knights-tour .estimate").textContent();
  const placed = Number(await page.locator("knights-tour").getAttribute("data-placed"));
  assert.match(estimate, new RegExp(`The search has tried every move: the whole tree was ${placed.toLocaleString("en")} placements and [\\d,]+ take-backs, exactly\\.$`));
  assert.doesNotMatch(estimate, /would take|Made so far|1\d\d%/);
  assert.ok(page.url().includes("theorems=0"), page.url());
  await screenshot(page, "lesson-4x4-searched");
  page.assertClean();
  await page.context().close();
});

/** Play mode on 5x5 with the moves clicked (names), the verdict decided. */
async function playMoves(query, names) {
  const page = await openPage(ctx.browser, `${ctx.url}?${query}&play=1&teach=1&projector=1`, { viewport: { width: 1024, height: 768 } });
  const { rows } = await page.locator("knights-tour").evaluate((el) => el.settings);
  for (const name of names) {
    const placed = Number(await page.locator("knights-tour").getAttribute("data-placed") ?? 0);
    await clickSquare(page, rows - Number(name.slice(1)), name.charCodeAt(0) - 97);
    await page.waitForFunction((placed) => Number(document.querySelector("knights-tour").dataset.placed) > placed, placed);
  }
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.verdict !== "thinking");
  return page;
}

test("play mode numbers moves as the board does, and says the reason that is true, its squares in one order", async () => {
  const page = await playMoves("board=5x5", ["a1", "c2", "e3", "c4"]);
  const line = await page.locator("knights-tour .status").textContent();
  assert.match(line, /^Move 4, knight on c4: no tour can be finished from here: /);
  // The number said is the number drawn: c4 is the path's fourth square.
  assert.equal(await page.locator("knights-tour").evaluate((el, name) => {
    const path = Array.from(el.path);
    return path.findIndex((square) => el.controller.name(square) === name) + 1;
  }, "c4"), 4);
  assert.match(line, /a5 \(only b3\), e1 \(only d3\) and e5 \(only d3\) each have just one free square a knight's move away\. A square in the middle of a path needs one square before it and one after, so each must be the square the knight steps onto next or the last square\. The knight can step onto only one of them \(a5 and e5 are a knight's move from it\), so the other two would both have to be the last square\./);
  assert.doesNotMatch(line, /too many free squares/);
  assert.match(await page.locator("#board").first().getAttribute("aria-label"), /knight on c4, move 4, 4 squares visited/);
  page.assertClean();
  await page.context().close();

  // On 8x8, a square the knight alone could step onto, with no way out, is said as such.
  const eight = await playMoves("board=8x8", ["b3", "d4", "c2"]);
  assert.match(await eight.locator("knights-tour .status").textContent(), /a1 can now be entered only from c2, where the knight stands, and it has no way out: the knight would stop there with 60 free squares left/);
  eight.assertClean();
  await eight.context().close();

  // The start alone: one square visited.
  const start = await playMoves("board=5x5", ["a1"]);
  assert.match(await start.locator("#board").first().getAttribute("aria-label"), /knight on a1, move 1, 1 square visited;/);
  assert.match(await start.locator("knights-tour .status").textContent(), /^Move 1, the start, knight on a1: /);
  start.assertClean();
  await start.context().close();
});

test("moving the knight by keyboard: the caption never covers a square the reason rings, and Home restarts as the help says", async () => {
  const page = await playMoves("board=5x5", ["a1", "c2", "e3", "c4"]);
  await page.locator("knights-tour #board").focus();
  await page.keyboard.press("Enter");
  await quiet(page);
  const caption = page.locator("knights-tour .board-caption");
  assert.match(await caption.textContent(), /Moving the knight: c4/);
  const ringed = await page.locator("knights-tour").evaluate((el) => el.game.ruling.squares);
  assert.equal(ringed.length, 3);
  const overlaps = await page.locator("knights-tour").evaluate((el, ringed) => {
    const { painter } = el.board;
    const canvas = el.board.canvas.getBoundingClientRect();
    const scale = canvas.height / painter.cssHeight;
    const box = el.shadowRoot.querySelector(".board-caption").getBoundingClientRect();
    const status = el.shadowRoot.querySelector(".status").getBoundingClientRect();
    const hits = [...ringed, el.board.cursor].filter((square) => {
      const [x, y] = painter.centre(square);
      const half = (painter.cell / 2) * scale;
      const [left, top] = [canvas.left + x * scale - half, canvas.top + y * scale - half];
      return left < box.right && box.left < left + 2 * half && top < box.bottom && box.top < top + 2 * half;
    });
    return { hits: hits.map((square) => el.controller.name(square)), overStatus: status.top < box.bottom && box.top < status.bottom };
  }, ringed);
  assert.deepEqual(overlaps, { hits: [], overStatus: false }, "the caption covers no ringed square, nor the words");
  await screenshot(page, "lesson-caption");
  await page.keyboard.press("Home");
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.placed === "1");
  page.assertClean();
  await page.context().close();
});

test("smaller words: onward moves, a dead end's words, the help at its top, the race's struggling side, Close race's focus, a listing the core chose", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a1&heuristic=warnsdorff&teach=1&projector=1&speed=100000`, { viewport: { width: 1024, height: 600 } });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.match(await page.locator("knights-tour .why").textContent(), /\(\d moves? onward from there\)/);
  assert.doesNotMatch(await page.locator("knights-tour .why").textContent(), /\d onward\)/);
  // The help opens at its top, however tall.
  await page.keyboard.press("?");
  const box = page.locator("knights-tour .help-box");
  assert.equal(await box.evaluate((element) => element.scrollTop), 0);
  assert.ok(await box.evaluate((element) => element.scrollHeight > element.clientHeight), "the help is taller than the window here");
  await page.keyboard.press("Escape");
  // The race: the side still searching is said with its figures, and Close race gives focus back.
  await page.getByRole("button", { name: "Race two heuristics" }).click();
  await page.getByRole("button", { name: "Play both" }).click();
  await page.waitForFunction(() => /wins/.test(document.querySelector("#race-result").textContent), null, { timeout: 20_000 });
  assert.match(await page.locator("#race-result").textContent(), /still searching\. When Warnsdorff finished, Fixed order \(textbook\) had made [\d,]+ placements, its path \d+ squares long\./);
  await page.getByRole("button", { name: "Close race" }).click();
  assert.equal(await page.evaluate(() => document.activeElement?.localName), "knights-tour", "focus stays in the element");
  assert.equal(await page.locator("knights-tour").evaluate((el) => el.shadowRoot.activeElement?.dataset.action), "race");
  page.assertClean();
  await page.context().close();

  // A greedy walk's dead end, squares left unvisited: none of them a knight's move away.
  const walk = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=e6&heuristic=warnsdorff&backtracking=0&speed=max&autoplay=1`);
  await walk.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "dead-end");
  assert.match(await walk.locator("knights-tour .status").textContent(), /the greedy walk has no unvisited square a knight's move away\./);
  walk.assertClean();
  await walk.context().close();

  // 5x5 is counted by listing, the box unticked: the words say why.
  const count = await openPage(ctx.browser, `${ctx.url}?board=5x5&start=a1`);
  await count.getByRole("button", { name: "Count from start" }).click();
  await count.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".count-result").dataset.tours);
  assert.equal(await count.getByRole("checkbox", { name: "List them one by one" }).isChecked(), false);
  assert.match(await count.locator("knights-tour .count-result").textContent(), /by listing the tours one by one, the quickest way on a board this small/);
  count.assertClean();
  await count.context().close();
});
