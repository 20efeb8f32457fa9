// Accessible, and readable from the back row: axe-core finds nothing wrong on the app, the embed
// and a blog post (inside the elements' shadow roots too); a teacher's 1024x768 projector shows
// the board and the teaching panels at once, no text under 14 px; the move numbers keep 4.5:1 on
// every colour a square takes, by the palette and as seen on screen; the edges carry the squares'
// names; and asking for reduced motion stops everything that slides or fades.

import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import { frames, loadFrameLoop, openPage, quiet, screenshot, textUnder, useBrowser } from "./harness.js";
import { Area, boardOnScreen, contrast, distance, emptyColour, over, pathColour, squareArea, themeColours } from "./pixels.js";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

const PROJECTOR = { width: 1024, height: 768 };

const ctx = useBrowser({ blog: true });

/** Waits until every board on the page and in its frames has read its settings. */
async function boardsReady(page) {
  for (const frame of page.frames()) {
    await frame.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.dataset.status));
  }
}

/**
 * What axe-core finds wrong on the page and in its frames: every rule but the deprecated ones and
 * WCAG's AAA (7:1 contrast and the like), so the A and AA rules, WCAG 2.2's target size, the best
 * practices and the experimental rules. Given the document, axe looks into open shadow roots.
 */
async function violations(page) {
  await boardsReady(page);
  for (const frame of page.frames()) await frame.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const rules = Object.fromEntries(window.axe.getRules().map(({ ruleId, tags }) =>
      [ruleId, { enabled: !tags.includes("deprecated") && !tags.includes("wcag2aaa") }]));
    const { violations: found } = await window.axe.run(document, { rules, resultTypes: ["violations"] });
    return found.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target) }));
  });
}

/** Each violation on a line of its own: its rule, its impact and where it is. */
const listed = (found) => found.map(({ id, impact, targets }) => `${id} (${impact}) at ${JSON.stringify(targets)}`).join("\n");

async function assertNoViolations(page, what) {
  const found = await violations(page);
  assert.deepEqual(found, [], `${what}:\n${listed(found)}`);
}

/** Presses `key` `times` times with the page's focus where it is (the app answers keys anywhere). */
async function press(page, key, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

test("axe looks inside the element's shadow root: a button without a name put there is found", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.locator("knights-tour").evaluate((el) => {
    el.shadowRoot.querySelector(".stage").insertAdjacentHTML("beforeend", `<button type="button" class="nameless"></button>`);
  });
  const found = await violations(page);
  const nameless = found.find(({ id }) => id === "button-name");
  assert.ok(nameless, `axe missed the nameless button:\n${listed(found)}`);
  // A target in a shadow root is the host's selector, then the node's within it.
  const [host, node] = nameless.targets.flat(2);
  assert.ok(host === "#app" && /nameless/.test(node), JSON.stringify(nameless.targets));
  page.assertClean();
  await page.context().close();
});

test("axe finds nothing on the app: as it opens, in teaching view paused with its panels filled, with the keyboard help, and dark", async () => {
  const light = await openPage(ctx.browser, ctx.url);
  await assertNoViolations(light, "the app as it opens");
  light.assertClean();
  await light.context().close();

  const teaching = await openPage(ctx.browser, `${ctx.url}?teach=1&board=8x8&start=d4&heuristic=warnsdorff`, { viewport: PROJECTOR });
  await press(teaching, "ArrowRight", 6);
  await teaching.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".why").textContent.includes("in the order tried"));
  await assertNoViolations(teaching, "the app in teaching view, paused");
  await press(teaching, "?");
  await assertNoViolations(teaching, "the app with the keyboard help open");
  teaching.assertClean();
  await teaching.context().close();

  const dark = await openPage(ctx.browser, `${ctx.url}?theme=dark&teach=1&board=6x6&start=a1&heuristic=fixed`, { colorScheme: "dark" });
  await press(dark, "ArrowRight", 12);
  await assertNoViolations(dark, "the app, dark, in teaching view");
  // The tree of tried moves, drawn and in words.
  await dark.getByRole("button", { name: "Tree", exact: true }).click();
  await dark.locator("knights-tour summary", { hasText: "The tree in words" }).click();
  await dark.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelectorAll(".tree-outline [role=treeitem]").length > 0);
  await assertNoViolations(dark, "the app, dark, with the tree in words");
  dark.assertClean();
  await dark.context().close();
});

test("axe finds nothing on the embed", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?embed=1&board=5x5`, { viewport: { width: 480, height: 560 } });
  await assertNoViolations(page, "the embed, 5x5");
  page.assertClean();
  await page.context().close();
});

test("axe finds nothing on a blog post with two boards and the app in a frame", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  await assertNoViolations(page, "the blog post");
  page.assertClean();
  await page.context().close();
});

test("at 1024x768 in teaching view no text is under 14 px, on the page or in the element", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?teach=1&board=8x8&start=d4&heuristic=warnsdorff`, { viewport: PROJECTOR });
  await press(page, "ArrowRight", 6);
  await page.waitForFunction(() => document.querySelector("knights-tour").shadowRoot.querySelector(".why").textContent.includes("in the order tried"));
  const counted = await page.evaluate(() => document.querySelector("knights-tour").shadowRoot.querySelectorAll("*").length);
  assert.ok(counted > 100, "the element is built");
  assert.deepEqual(await textUnder(page, 14), []);
  page.assertClean();
  await page.context().close();
});

/** The boxes of the board's canvas and the teaching panels, and the viewport. */
const boxes = (page) => page.evaluate(() => {
  const root = document.querySelector("knights-tour").shadowRoot;
  const box = (selector) => {
    const { left, top, right, bottom } = root.querySelector(selector).getBoundingClientRect();
    return { left, top, right, bottom };
  };
  return { board: box("#board"), teaching: box(".teaching"), width: innerWidth, height: innerHeight, scrollY };
});

const inView = (box, { width, height }) => box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height;

for (const board of ["8x8", "6x6"]) {
  test(`at 1024x768 in teaching view, ${board}: the board and the teaching panels are in view together, paused mid-run`, async () => {
    const page = await openPage(ctx.browser, `${ctx.url}?teach=1&board=${board}&start=c3`, { viewport: PROJECTOR });
    await press(page, "ArrowRight", 9); // divide's walk, move by move: the panels say why each
    await page.waitForFunction(() => /goes on to/.test(document.querySelector("knights-tour").shadowRoot.querySelector(".why").textContent));
    const seen = await boxes(page);
    assert.equal(seen.scrollY, 0);
    assert.ok(inView(seen.board, seen), `the board at ${JSON.stringify(seen.board)} is not all in the 1024x768 view`);
    assert.ok(inView(seen.teaching, seen), `the teaching panels at ${JSON.stringify(seen.teaching)} are not all in the 1024x768 view`);
    // Side by side, and the board no smaller than half the view's height.
    assert.ok(seen.board.right <= seen.teaching.left, "the panels are beside the board");
    assert.ok(seen.board.bottom - seen.board.top >= PROJECTOR.height / 2, `the board is ${seen.board.bottom - seen.board.top}px tall`);
    page.assertClean();
    await page.context().close();
  });
}

/** How much of its path colour the picture lays over a visited square where moves are drawn (the catalogue's `drawing.tint`). */
const TINT = 51 / 255;

/**
 * What must be on screen on an 8x8 board with its moves and numbers drawn (`shot`, the board's
 * canvas as on screen), the knight on the last square of `path`: every empty square the board's
 * own light or dark; every square of the path tinted with the path's colour for its move, a dot
 * of that colour in its middle, and its move number's plate in the top-left corner with the number
 * at 4.5:1 or better on it, as seen (the plate is the surface laid over the square at
 * `plateAlpha`); the knight on its square. Returns the worst contrast seen.
 */
function assertBoardShows(shot, path, colours, plateAlpha, what) {
  const [rows, cols] = [8, 8];
  const squares = rows * cols;
  const cell = shot.width / cols;
  assert.ok(Math.abs(shot.height / rows - cell) < 0.5 && cell >= 26, `${what}: ${shot.width}×${shot.height} px, squares too small for numbers`);
  const at = new Map(path.map((square, index) => [square, index]));
  const knight = path.at(-1);
  const span = Math.max(...colours["path-from"].map((v, i) => Math.abs(colours["path-to"][i] - v)));
  let worst = Infinity;
  for (let square = 0; square < squares; square++) {
    const inside = squareArea(shot, rows, cols, square, 3);
    const empty = emptyColour(colours, cols, square);
    const index = at.get(square);
    const where = `${what}, square ${square}`;
    if (index === undefined) {
      const seen = inside.mode();
      assert.ok(distance(seen, empty) <= 2, `${where} is empty, so ${JSON.stringify(empty)}, not ${JSON.stringify(seen)}`);
      continue;
    }
    if (square === knight) {
      assert.ok(inside.count(colours.knight, 3) >= 20, `${where}: the knight is not drawn on its square`);
      continue;
    }
    const colour = pathColour(colours, index, squares);
    const tint = over(empty, colour, TINT);
    const seen = inside.mode();
    assert.ok(distance(seen, tint) <= 3, `${where}, move ${index + 1}: tinted ${JSON.stringify(tint)}, not ${JSON.stringify(seen)}`);
    // The dot in the middle, of the gradient's shade for the move (within a 48th of the way): all
    // of a disc there, where the moves in and out would cover a half at most.
    const disc = inside.disc(cell * 0.06);
    const dotted = disc.filter((pixel) => distance(pixel, colour) <= span / 48 + 3).length;
    assert.ok(dotted >= disc.length * 0.9, `${where}, move ${index + 1}: a dot of ${JSON.stringify(colour.map(Math.round))} in the middle, not ${disc.length - dotted} of ${disc.length} pixels there`);
    // The plate: the surface laid over the square in its top-left quarter, and the number on it.
    const plate = over(tint, colours.surface, plateAlpha);
    const quarter = new Area(shot, inside.x - 3, inside.y - 3, cell / 2, cell / 2);
    const onPlate = quarter.boundsOf(plate, 3);
    assert.ok(onPlate && onPlate.width >= cell * 0.15 && onPlate.height >= cell * 0.15,
      `${where}, move ${index + 1}: no plate of ${JSON.stringify(plate)} in the square's top-left corner`);
    let ink = 0;
    for (const pixel of onPlate.inset(1).colours()) ink = Math.max(ink, contrast(pixel, plate));
    assert.ok(ink >= 4.5, `${where}, move ${index + 1}: the number is at ${ink.toFixed(2)}:1 on its plate`);
    worst = Math.min(worst, ink);
  }
  return worst;
}

test("8x8 at 1024x768 in teaching view, paused mid-run, light and dark: on screen, the path in its colours, the empty squares checkered, the knight, and every move number at 4.5:1 on its plate", async () => {
  for (const theme of ["light", "dark"]) {
    const page = await openPage(ctx.browser, `${ctx.url}?teach=1&board=8x8&start=b1&heuristic=fixed&theme=${theme}`,
      { viewport: PROJECTOR, colorScheme: theme });
    await press(page, "ArrowRight", 24);
    await page.waitForFunction(() => document.querySelector("knights-tour").path.length >= 20);
    await quiet(page); // the last step's slide is over, and the board drawn as it stands
    const shot = await boardOnScreen(page);
    await screenshot(page, `a11y-teaching-8x8-${theme}`);
    const path = await page.locator("knights-tour").evaluate((el) => Array.from(el.path));
    const plateAlpha = await page.locator("knights-tour").evaluate((el) => el.board.painter.numberColours.alpha);
    const worst = assertBoardShows(shot, path, await themeColours(page), plateAlpha, theme);
    console.log(`${theme}: on screen, ${path.length - 1} move numbers at ${worst.toFixed(2)}:1 or better on their plates`);
    page.assertClean();
    await page.context().close();
  }
});

test("move numbers keep 4.5:1 on every colour a square takes, in both themes, and the edge labels on the frame", async () => {
  for (const theme of ["light", "dark"]) {
    const page = await openPage(ctx.browser, `${ctx.url}?theme=${theme}&board=8x8`, { colorScheme: theme });
    await page.waitForFunction(() => document.querySelector("knights-tour").board?.painter);
    // The painter's palette and, from the page, the rgb of divide's piece tints at every hue.
    const { colour, numbers, pieces } = await page.evaluate(() => {
      const p = document.querySelector("knights-tour").board.painter;
      const ctx = new OffscreenCanvas(1, 1).getContext("2d");
      const rgb = (style) => {
        ctx.fillStyle = style; // normalised to #rrggbb for an opaque colour
        const n = parseInt(ctx.fillStyle.slice(1), 16);
        return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
      };
      const hues = Array.from({ length: 36 }, (_, i) => rgb(`hsl(${i * 10} ${p.tint})`));
      return { colour: p.colour, numbers: p.numberColours, pieces: hues };
    });
    // A square is light or dark, washed with the path's colour somewhere from its first to its
    // last move (a fifth of it under drawn moves, all of it where squares are pixels), and may
    // carry a piece's tint: every share of each is tried, and black and white besides.
    const squares = [[0, 0, 0], [255, 255, 255]];
    for (const base of [colour["light-square"], colour["dark-square"]]) {
      for (let t = 0; t <= 1; t += 0.25) {
        const path = colour["path-from"].map((v, i) => v + (colour["path-to"][i] - v) * t);
        for (const wash of [0, 0.2, 0.5, 1]) {
          const square = over(base, path, wash);
          squares.push(square);
          for (const piece of pieces) for (const alpha of [0.14, 0.5, 1]) squares.push(over(square, piece, alpha));
        }
      }
    }
    let worst = Infinity;
    for (const square of squares) {
      const ratio = contrast(numbers.text, over(square, numbers.plate, numbers.alpha));
      worst = Math.min(worst, ratio);
      assert.ok(ratio >= 4.5, `${theme}: a number on ${JSON.stringify(square)} is at ${ratio.toFixed(2)}:1`);
    }
    assert.ok(squares.length > 2000);
    const labels = contrast(colour.muted, colour.surface);
    assert.ok(labels >= 4.5, `${theme}: the edge labels are at ${labels.toFixed(2)}:1 on the frame`);
    console.log(`${theme}: move numbers at ${worst.toFixed(2)}:1 or better on ${squares.length} square colours; edge labels at ${labels.toFixed(2)}:1`);
    page.assertClean();
    await page.context().close();
  }
});

/** The labels the painter last drew along the bottom and up the left. */
const labels = (page) => page.evaluate(() => document.querySelector("knights-tour").board.painter.axes.drawn);

test("the edges carry the squares' names: a to h and 8 to 1 on 8x8, in the frame's margin and not over the squares", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=8x8&start=a1&speed=max&autoplay=1`);
  await page.waitForFunction(() => ["tour", "closed-tour"].includes(document.querySelector("knights-tour").dataset.status));
  await frames(page);
  assert.deepEqual(await labels(page), { files: [..."abcdefgh"], ranks: [..."87654321"] });
  // The labels' canvas is clear over the board and inked beside it.
  const ink = await page.evaluate(() => {
    const p = document.querySelector("knights-tour").board.painter;
    const { canvas, at, dpr } = p.axes;
    const ctx = canvas.getContext("2d");
    const inked = (x, y, w, h) => ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), Math.round(w * dpr), Math.round(h * dpr))
      .data.filter((_, i) => i % 4 === 3).some((alpha) => alpha > 0);
    return {
      board: inked(at[0], at[1], p.cssWidth, p.cssHeight),
      left: inked(0, at[1], at[0], p.cssHeight),
      bottom: inked(at[0], at[1] + p.cssHeight, p.cssWidth, canvas.height / dpr - at[1] - p.cssHeight),
      font: parseFloat(ctx.font.match(/(\d+(\.\d+)?)px/)[1]),
    };
  });
  assert.deepEqual(ink, { board: false, left: true, bottom: true, font: 14 });
  page.assertClean();
  await page.context().close();
});

test("past z the files go on aa, ab, … as the squares' names do, thinned where squares are small, and the edges follow zoom and pan", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=30x30`);
  await frames(page);
  const whole = await labels(page);
  // Spreadsheet letters: the column's number from 1 in bijective base 26 (z, then aa).
  const file = (col) => (col < 26 ? "" : file(Math.floor(col / 26) - 1)) + String.fromCharCode(97 + (col % 26));
  const fileStep = whole.files.indexOf(whole.files[1]) === 1 ? [0, 1, 2, 5].find((n) => file(n) === whole.files[1]) : 0;
  assert.ok([1, 2, 5].includes(fileStep), `files thinned to every 1, 2 or 5: ${whole.files}`);
  assert.deepEqual(whole.files, Array.from({ length: Math.ceil(30 / fileStep) }, (_, i) => file(i * fileStep)), "files from a, lettered past z");
  assert.ok(whole.files.includes("ad") || fileStep > 1, `the 30th file is ad: ${whole.files}`);
  const ranks = whole.ranks.map(Number);
  const rankStep = ranks[0] - ranks[1];
  assert.ok([1, 2, 5].includes(rankStep) && ranks.every((n, i) => n === ranks[0] - i * rankStep && n % rankStep === 0), `ranks, top to bottom, round numbers: ${whole.ranks}`);
  assert.ok(ranks[0] + rankStep > 30 && ranks.at(-1) - rankStep < 1, `the ranks run from the top to the bottom: ${whole.ranks}`);
  // Zoomed in on the middle: fewer rows in sight, each labelled; panned down, lower ranks.
  await page.locator("#board").focus();
  await press(page, "+", 3);
  await frames(page);
  const zoomed = await labels(page);
  assert.ok(zoomed.ranks.length < whole.ranks.length, `zoomed: ${zoomed.ranks}`);
  assert.ok(zoomed.ranks.map(Number).every((n, i, all) => i === 0 || n === all[i - 1] - 1), `zoomed in, one a row: ${zoomed.ranks}`);
  await press(page, "Control+ArrowDown");
  await frames(page);
  const panned = await labels(page);
  assert.ok(Number(panned.ranks[0]) < Number(zoomed.ranks[0]), `panned down: ${zoomed.ranks} then ${panned.ranks}`);
  assert.deepEqual(panned.files, zoomed.files, "a pan down keeps the columns");
  page.assertClean();
  await page.context().close();
});

/**
 * Starts watching the painter at every frame, until the board has gone `events` events further
 * (and, with `still`, until nothing on it moves any more); returns a function whose promise says
 * whether any frame caught a move or a backtrack part way.
 */
async function watchMotion(page, events, still = false) {
  await loadFrameLoop(page);
  await page.evaluate(([events, still]) => {
    const el = document.querySelector("knights-tour");
    const painter = el.board.painter;
    const from = el.run.position;
    window.watched = (async () => {
      let seen = false;
      for (let frame = 0; frame < 3000; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        seen ||= painter.animating;
        if (el.run.position >= from + events && !(still && window.frameLoop.state().requested)) return seen;
      }
      throw new Error(`the board went ${el.run.position - from} of ${events} events in 3,000 frames`);
    })();
  }, [events, still]);
  return () => page.evaluate(() => window.watched);
}

test("reduced motion: no sliding knight, no fading backtracks, no transitions; without it, both", async () => {
  // Four moves a second: each slides for about 200 ms where motion is welcome.
  const url = `${ctx.url}?board=5x5&start=a5&heuristic=fixed&speed=4&autoplay=1`;
  for (const reduce of [false, true]) {
    const page = await openPage(ctx.browser, url, {
      prepare: (p) => p.emulateMedia({ reducedMotion: reduce ? "reduce" : "no-preference" }),
    });
    await page.waitForFunction(() => document.querySelector("knights-tour").run);
    const playing = await watchMotion(page, 3);
    assert.equal(await playing(), !reduce, reduce ? "a move was drawn part way" : "no move was drawn part way");
    await page.keyboard.press("Space"); // pause, then a step by hand, watched from before the key
    await quiet(page); // the last slide ends
    const watched = await watchMotion(page, 1, true);
    await page.keyboard.press("ArrowRight");
    assert.equal(await watched(), !reduce, reduce ? "the step slid" : "the step did not slide");
    const transition = await page.locator("[data-action=play]").evaluate((button) => getComputedStyle(button).transitionDuration);
    assert.equal(transition.split(",").every((d) => parseFloat(d) === 0), reduce, `Play's transition: ${transition}`);
    page.assertClean();
    await page.context().close();
  }
});
