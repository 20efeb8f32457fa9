// Styling from outside: a host page styles the element's parts with ::part() and its theme with
// its --kt- properties (in any CSS colour, which the board's painting follows too), and its own
// --muted, --bg or --accent neither reach into the element nor do the element's leak out. (The
// theme following a site's color-scheme is screens.test.js's.)

import assert from "node:assert/strict";
import { test } from "node:test";
import { hosted, openPage, post, useBrowser } from "./harness.js";
import { distance } from "./pixels.js";

const ctx = useBrowser();

const POST = post({
  head: `<style>
      /* The site's own variables, of the names a theme often uses. */
      :root { --muted: rgb(255, 0, 0); --bg: rgb(255, 0, 0); --accent: rgb(255, 0, 0); --surface: rgb(255, 0, 0); }
      #styled { --kt-accent: rebeccapurple; --kt-light-square: rgb(10 200 30); --kt-dark-square: rgb(10 200 30); }
      #styled::part(board) { background: rgb(4, 5, 6); border-radius: 0; }
      #styled::part(bar) { border-top: 3px solid rgb(7, 8, 9); }
      #styled::part(buttons) { gap: 21px; }
      #styled::part(button) { text-transform: uppercase; }
      #styled::part(primary) { outline: 2px solid rgb(11, 12, 13); }
      #styled::part(status) { color: rgb(1, 2, 3); }
    </style>
    <script type="module" src="www/knights-tour.js"></script>`,
  body: `<knights-tour id="plain" board="5x5"></knights-tour>
    <knights-tour id="styled" board="5x5"></knights-tour>
    <p id="after" style="color: var(--kt-accent, rgb(7, 8, 9)); background: var(--kt-surface, rgb(7, 8, 9))">After the boards.</p>`,
});

/** What the board `id` shows of its parts' styles, read in its shadow root. */
const styles = (page, id) => page.evaluate((id) => {
  const root = document.getElementById(id).shadowRoot;
  const style = (selector) => getComputedStyle(root.querySelector(selector));
  return {
    board: style("[part~=board]").backgroundColor,
    radius: style("[part~=board]").borderTopLeftRadius,
    bar: style("[part~=bar]").borderTopColor,
    gap: style("[part~=buttons]").columnGap,
    step: style('[data-action="step"]').textTransform,
    play: style("[part~=primary]").outlineColor,
    playBackground: style("[part~=primary]").backgroundColor,
    status: style("[part~=status]").color,
  };
}, id);

test("a host page styles the parts and the --kt- properties, in any CSS colour; its own variables stay out, and the element's stay in", async () => {
  const page = await openPage(ctx.browser, `${ctx.url}styled-post.html`, {
    prepare: hosted(`${ctx.url}styled-post.html`, POST),
    opened: (p) => p.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.settings)),
  });
  const styled = await styles(page, "styled");
  assert.deepEqual(styled, {
    board: "rgb(4, 5, 6)", radius: "0px", bar: "rgb(7, 8, 9)", gap: "21px", step: "uppercase",
    play: "rgb(11, 12, 13)", playBackground: "rgb(102, 51, 153)", status: "rgb(1, 2, 3)",
  });
  // The board beside it is untouched by those rules, and by the site's --accent, --muted, --surface.
  const plain = await styles(page, "plain");
  assert.notEqual(plain.board, styled.board);
  assert.notEqual(plain.status, styled.status);
  assert.equal(plain.playBackground, "rgb(47, 111, 98)", "the default --kt-accent, not the site's --accent");
  assert.notEqual(plain.status, "rgb(255, 0, 0)", "the site's --muted does not reach the status");
  // The element's properties are its own: the paragraph after it falls back.
  assert.deepEqual(await page.locator("#after").evaluate((p) => [getComputedStyle(p).color, getComputedStyle(p).backgroundColor]), ["rgb(7, 8, 9)", "rgb(7, 8, 9)"]);

  // The board is painted in the page's colours, written as it likes: the squares here are rgb(10 200 30).
  await page.waitForFunction(() => {
    const canvas = document.getElementById("styled").shadowRoot.querySelector("#board");
    return canvas.width > 0;
  });
  const centre = await page.locator("#styled").evaluate(async (el) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const canvas = el.shadowRoot.querySelector("#board");
    return [...canvas.getContext("2d").getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data.slice(0, 3)];
  });
  assert.ok(distance(centre, [10, 200, 30]) <= 2, `the middle square is painted in the page's colour: ${centre}`);
  page.assertClean();
});
