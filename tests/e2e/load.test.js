// Loading: every script a page needs before its board is live is asked for at once, not found
// import by import (each level of a module graph a round trip before the next is known, the first
// paint waiting for the last). The release build bundles the page's scripts (scripts/bundle.mjs);
// these tests fail when a module is fetched that nothing asked for from the start: one left out
// of the bundles, or missing from the app page's preloads. How long a load takes is measured by
// `node bench/frames.mjs --only load`, not here.

import assert from "node:assert/strict";
import { test } from "node:test";
import { SHARED } from "../../scripts/bundle.mjs";
import { openPage, useBrowser } from "./harness.js";

const ctx = useBrowser({ blog: true });

/** Waits until every board of the page is live, then lists the scripts it fetched, by URL. */
async function scriptsFetched(page) {
  await page.waitForFunction(() => [...document.querySelectorAll("knights-tour")].every((el) => el.dataset.status !== "loading"));
  return page.evaluate(() => performance.getEntriesByType("resource")
    .map(({ name }) => name)
    .filter((url) => new URL(url).pathname.endsWith(".js")));
}

test("the app page asks for all its scripts from its head: its bundle, the modules the bundle imports and the core's bindings", async () => {
  const page = await openPage(ctx.browser, ctx.url);
  const fetched = await scriptsFetched(page);
  const asked = await page.evaluate(() => [...document.querySelectorAll("link[rel=modulepreload], script[src]")]
    .filter((el) => el.parentElement === document.head)
    .map((el) => el.href || el.src));
  assert.deepEqual(fetched.filter((url) => !asked.includes(url)), [], "scripts not preloaded from the head");
  const relative = fetched.map((url) => new URL(url).pathname.slice(1)).sort();
  assert.deepEqual(relative, ["knights-tour.js", "www/app/app.js", ...SHARED].sort());
  page.assertClean();
});

test("an embed's element comes as one bundle, with the modules every board of a page shares and the core's bindings", async () => {
  const page = await openPage(ctx.browser, `${ctx.blogUrl}blog/post/`);
  const site = `${ctx.blogUrl}blog/static/knights-tour/`;
  const fetched = (await scriptsFetched(page)).map((url) => (url.startsWith(site) ? url.slice(site.length) : url));
  assert.deepEqual(fetched.sort(), ["knights-tour.js", "www/knights-tour.js", ...SHARED].sort());
  page.assertClean();
});
