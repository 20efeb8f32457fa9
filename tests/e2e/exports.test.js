// The animated exports, clicked like a person would: GIF (made by the core in a Web Worker) and
// WebM (the board filmed while the run replays). Each download is caught and checked as a file
// (a GIF's header, loop extension and frames; a WebM's EBML header), then opened in the browser
// (an <img> of the board's size, a <video> with a duration). A 1000x1000 board gets a GIF a
// pixel a square while the page keeps drawing frames. Any console error fails the test.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { clickSquare, openPage, outputDir, status, useBrowser } from "./harness.js";

const ctx = useBrowser();

async function setBoard(page, rows, cols) {
  await page.getByLabel("Rows").fill(String(rows));
  await page.getByLabel("Rows").dispatchEvent("change");
  await page.getByLabel("Columns").fill(String(cols));
  await page.getByLabel("Columns").dispatchEvent("change");
}

/** Plays from (row, col) at full speed to the run's end. */
async function runToEnd(page, row, col) {
  await page.getByLabel("Speed").fill("100");
  await clickSquare(page, row, col);
  await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status));
}

/** Clicks the export button `name` and returns the bytes of the file it downloads, and its name. */
async function exported(page, name, { timeout = 120_000 } = {}) {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout }),
    page.getByRole("button", { name, exact: true }).click(),
  ]);
  return { bytes: await readFile(await download.path()), filename: download.suggestedFilename() };
}

/** The export's line of words. */
const words = (page) => page.locator("knights-tour .export-progress p").textContent();

/**
 * A GIF read block by block (GIF89a, section 17 on): its size, whether it loops (the NETSCAPE2.0
 * application extension), and each frame's delay in hundredths of a second.
 */
function readGif(bytes) {
  assert.equal(bytes.subarray(0, 6).toString("latin1"), "GIF89a");
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  const table = (flags) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let at = 13 + table(bytes[10]);
  const skipBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    at += 1;
  };
  let loops = false;
  let delay = 0;
  const delays = [];
  for (;;) {
    const block = bytes[at];
    if (block === 0x3b) break; // the trailer
    if (block === 0x21) {
      const label = bytes[at + 1];
      if (label === 0xf9) delay = bytes.readUInt16LE(at + 4);
      if (label === 0xff && bytes.subarray(at + 3, at + 14).toString("latin1") === "NETSCAPE2.0") loops = true;
      at += 2;
      skipBlocks();
    } else if (block === 0x2c) {
      at += 10 + table(bytes[at + 9]) + 1; // the descriptor, a local table, the LZW code size
      skipBlocks();
      delays.push(delay);
    } else {
      assert.fail(`a GIF block cannot start with ${block} (at byte ${at})`);
    }
  }
  return { width, height, loops, delays };
}

/**
 * Opens `bytes` (a GIF) in the page as an <img>, and with the browser's own decoder counts its
 * frames and draws the last one on a canvas at the top of the page (`#last-frame`), to look at:
 * `{width, height, frames}`.
 */
async function decodeGif(page, bytes) {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const img = document.createElement("img");
    img.id = "exported";
    img.src = URL.createObjectURL(new Blob([data], { type: "image/gif" }));
    await img.decode();
    document.body.append(img);
    const decoder = new ImageDecoder({ data, type: "image/gif" });
    await decoder.tracks.ready;
    await decoder.completed;
    const frames = decoder.tracks.selectedTrack.frameCount;
    const { image } = await decoder.decode({ frameIndex: frames - 1 });
    const canvas = document.createElement("canvas");
    canvas.id = "last-frame";
    [canvas.width, canvas.height] = [image.displayWidth, image.displayHeight];
    canvas.getContext("2d").drawImage(image, 0, 0);
    image.close();
    document.body.append(canvas);
    return { width: img.naturalWidth, height: img.naturalHeight, frames };
  }, bytes.toString("base64"));
}

/** Saves the last frame `decodeGif` drew as `test-results/<name>.png`, to look at. */
async function lastFrame(page, name) {
  mkdirSync(outputDir, { recursive: true });
  await page.locator("#last-frame").first().screenshot({ path: path.join(outputDir, `${name}.png`) });
}

test("GIF: a 6x6 tour downloads as a looping GIF of the board, a frame a move, that the browser plays", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await setBoard(page, 6, 6);
  const gif = page.getByRole("button", { name: "GIF", exact: true });
  assert.equal(await gif.isDisabled(), true, "nothing to animate before a run");
  await runToEnd(page, 0, 0);
  const { bytes, filename } = await exported(page, "GIF");
  assert.equal(filename, "knights-tour-6x6-a6.gif");
  const file = readGif(bytes);
  assert.ok(file.loops, "the NETSCAPE2.0 loop extension");
  assert.deepEqual([file.width, file.height], [360, 360]);
  assert.ok(file.delays.length >= 36, `${file.delays.length} frames: a frame a square`);
  assert.equal(file.delays.at(-1), 300, "the last frame held three seconds");
  assert.ok(bytes.length < 200_000, `${bytes.length} bytes`);
  assert.match(await words(page), /^GIF saved: 360×360, \d+ kB\.$/);
  // A file saved at once says so in the same line, in the GIF's words' stead.
  assert.equal((await exported(page, "Moves")).filename, "knights-tour-6x6-a6.txt");
  assert.equal(await words(page), "Saved knights-tour-6x6-a6.txt.");
  const shown = await decodeGif(page, bytes);
  assert.deepEqual(shown, { width: 360, height: 360, frames: file.delays.length });
  console.log(`6x6 divide, ${await status(page)}: GIF ${file.width}x${file.height}, ${file.delays.length} frames, ${bytes.length} bytes`);
  await lastFrame(page, "export-gif-6x6");
  page.assertClean();
});

test("GIF: a search that backtracks is sampled to at most 150 frames, and 8x8 stays small", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await page.getByRole("button", { name: "5×5" }).click();
  await page.getByLabel("Heuristic").selectOption("fixed");
  await runToEnd(page, 0, 0); // 8,840 placements and 8,815 take-backs
  const search = await exported(page, "GIF");
  const file = readGif(search.bytes);
  await decodeGif(page, search.bytes);
  await lastFrame(page, "export-gif-5x5-fixed");
  assert.ok(file.delays.length > 100 && file.delays.length <= 150, `${file.delays.length} frames`);
  assert.ok(search.bytes.length < 3_000_000, `${search.bytes.length} bytes`);
  console.log(`5x5 fixed (17,656 events): GIF ${file.width}x${file.height}, ${file.delays.length} frames, ${search.bytes.length} bytes`);
  await page.getByLabel("Heuristic").selectOption("divide");
  await page.getByRole("button", { name: "8×8" }).click();
  await runToEnd(page, 7, 0);
  const eight = await exported(page, "GIF");
  const walk = readGif(eight.bytes);
  assert.deepEqual([walk.width, walk.height], [480, 480]);
  assert.ok(eight.bytes.length < 300_000, `${eight.bytes.length} bytes`);
  console.log(`8x8 divide: GIF ${walk.width}x${walk.height}, ${walk.delays.length} frames, ${eight.bytes.length} bytes`);
  page.assertClean();
});

test("GIF: 1000x1000 gets a pixel a square, the page drawing frames all along, and Cancel stops it", async () => {
  // A link that plays at once, from a1 at full speed: divide's tour of a million squares.
  const page = await openPage(ctx.browser, `${ctx.url}?board=1000x1000&speed=max&autoplay=1`);
  await page.waitForFunction(() => !["idle", "running"].includes(document.querySelector("knights-tour").dataset.status));
  // Cancelled as soon as it reports progress: no file, and the buttons are back.
  await page.getByRole("button", { name: "GIF", exact: true }).click();
  await page.locator("knights-tour .export-progress p", { hasText: /Encoding GIF… \d+%/ }).waitFor();
  await page.getByRole("button", { name: "Cancel", exact: true }).last().click();
  assert.equal(await words(page), "GIF cancelled.");
  assert.equal(await page.getByRole("button", { name: "GIF", exact: true }).isDisabled(), false);
  // Again, to the end: the page's frames are counted while the worker encodes.
  await page.evaluate(() => {
    window.framesWhileEncoding = 0;
    const el = document.querySelector("knights-tour");
    const count = () => {
      if (/Encoding GIF/.test(el.shadowRoot.querySelector(".export-progress p").textContent)) window.framesWhileEncoding++;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
  });
  const { bytes } = await exported(page, "GIF");
  const file = readGif(bytes);
  assert.deepEqual([file.width, file.height], [1000, 1000]);
  assert.ok(file.delays.length > 1 && file.delays.length <= 48, `${file.delays.length} frames`);
  assert.ok(bytes.length < 8_000_000, `${bytes.length} bytes`);
  const frames = await page.evaluate(() => window.framesWhileEncoding);
  assert.ok(frames >= 10, `the page drew ${frames} frames while the GIF was encoded`);
  const shown = await decodeGif(page, bytes);
  assert.deepEqual([shown.width, shown.height, shown.frames], [1000, 1000, file.delays.length]);
  await lastFrame(page, "export-gif-1000x1000");
  console.log(`1000x1000 divide: GIF ${file.width}x${file.height}, ${file.delays.length} frames, ${bytes.length} bytes; ${frames} page frames while encoding`);
  page.assertClean();
});

test("WebM: the run replayed at the chosen length downloads as a WebM that the browser plays", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  await setBoard(page, 6, 6);
  await runToEnd(page, 0, 0);
  const outcome = await status(page);
  const time = await page.locator("knights-tour [data-counter=elapsed]").textContent();
  await page.getByLabel("WebM length").selectOption("5");
  const recording = exported(page, "WebM");
  await page.locator("knights-tour .export-progress p", { hasText: /Recording WebM… \d+%/ }).waitFor();
  assert.equal(await page.getByRole("button", { name: "GIF", exact: true }).isDisabled(), true, "one export at a time");
  mkdirSync(outputDir, { recursive: true });
  const share = page.locator("knights-tour section[aria-labelledby=share-title]");
  await share.screenshot({ path: path.join(outputDir, "export-recording.png") });
  const { bytes, filename } = await recording;
  assert.equal(filename, "knights-tour-6x6-a6.webm");
  assert.deepEqual([...bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], "an EBML header");
  assert.ok(bytes.includes(Buffer.from("webm")), "its DocType is webm");
  assert.ok(bytes.length > 10_000, `${bytes.length} bytes`);
  assert.match(await words(page), /^WebM saved: \d+×\d+, \d+ kB\.$/);
  await share.screenshot({ path: path.join(outputDir, "export-saved.png") });
  assert.equal(await status(page), outcome, "the board is back where it stood");
  assert.equal(await page.locator("knights-tour [data-counter=elapsed]").textContent(), time, "the replay's time is not the run's");
  const video = await page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const element = document.createElement("video");
    element.muted = true;
    element.src = URL.createObjectURL(new Blob([data], { type: "video/webm" }));
    await new Promise((resolve, reject) => {
      element.onloadedmetadata = resolve;
      element.onerror = () => reject(new Error(`the video did not load: ${element.error?.message}`));
    });
    // Said up front, in the file's Info (a recorder leaves it out: the page writes it in).
    return { duration: element.duration, width: element.videoWidth, height: element.videoHeight };
  }, bytes.toString("base64"));
  assert.ok(Number.isFinite(video.duration) && video.duration > 5, `duration ${video.duration} s: the run's 5 s and the end held`);
  assert.ok(video.width > 100 && video.height > 100, `${video.width}x${video.height}`);
  console.log(`6x6 WebM, 5 s chosen: ${video.width}x${video.height}, ${video.duration.toFixed(2)} s, ${bytes.length} bytes`);
  page.assertClean();
});

test("a game played by hand exports as a searched run does: PNG, SVG, moves, a GIF a move a frame, a WebM of it played again; the game stays as it was", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}?board=5x5&play=1&start=a1&speed=max`);
  const button = (name) => page.getByRole("button", { name, exact: true });
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.verdict === "possible");
  await button("Show me").click();
  await page.waitForFunction(() => document.querySelector("knights-tour").dataset.status === "tour");
  const game = () => page.locator("knights-tour").evaluate((el) => ({
    status: el.dataset.status, placed: el.dataset.placed, words: el.shadowRoot.querySelector(".cheer-figures").textContent,
  }));
  const finished = await game();
  assert.equal(finished.placed, "25");
  assert.equal(await button("JSON").isVisible(), false, "the command line's report is a search's");
  const png = await exported(page, "PNG");
  assert.equal(png.filename, "knights-tour-5x5-a1.png");
  assert.deepEqual([...png.bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]);
  const svg = await exported(page, "SVG");
  assert.match(svg.bytes.toString(), /<polyline/);
  const moves = (await exported(page, "Moves")).bytes.toString().trim().split("\n");
  assert.equal(moves.length, 25);
  assert.equal(moves[0], "a1");

  const gif = await exported(page, "GIF");
  assert.equal(gif.filename, "knights-tour-5x5-a1.gif");
  const file = readGif(gif.bytes);
  assert.deepEqual([file.width, file.height], [300, 300]);
  assert.equal(file.delays.length, 25, "a frame a square, the start the first");
  assert.equal(file.delays.at(-1), 300, "the end held");
  assert.match(await words(page), /^GIF saved: 300×300, \d+ kB\.$/);
  await decodeGif(page, gif.bytes);
  await lastFrame(page, "export-gif-played-5x5");

  await page.getByLabel("WebM length").selectOption("5");
  const webm = await exported(page, "WebM");
  assert.equal(webm.filename, "knights-tour-5x5-a1.webm");
  assert.deepEqual([...webm.bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], "an EBML header");
  assert.match(await words(page), /^WebM saved: \d+×\d+, \d+ kB\.$/);
  assert.deepEqual(await game(), finished, "the game is as it was: its path, its celebration, its counts");
  page.assertClean();
});
