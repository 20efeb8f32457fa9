// Which of the page's source files ran any code, from V8's block coverage (Chromium's, through
// Playwright): a module never imported shows no code run, however it is served. A script of its
// own ran if it was loaded (a module is evaluated as it is imported). A bundle is read back to its
// sources through its source map: each mapped piece of it counts for its source file where the
// innermost function or block around it ran, its top level too (a bundle's top level is its
// modules' own, evaluated as it is loaded). A module the element imports with `import()` is in a
// chunk of its own (scripts/bundle.mjs), loaded only when it is imported.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The segments of a source map's `mappings`: `[line, column, source]`, generated lines from 0. */
function segments(mappings) {
  const out = [];
  let source = 0;
  mappings.split(";").forEach((line, index) => {
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length < 4) continue; // a piece of the bundle of no source
      source += fields[1];
      out.push([index, column, source]);
    }
  });
  return out;
}

/** For each offset of a bundle of `length` characters, whether the innermost function or block around it ran. */
function ran(length, functions) {
  const ranges = functions.flatMap((fn) => fn.ranges)
    .sort((a, b) => (b.endOffset - b.startOffset) - (a.endOffset - a.startOffset));
  const counts = new Uint8Array(length);
  for (const { startOffset, endOffset, count } of ranges) counts.fill(count > 0 ? 1 : 0, startOffset, endOffset);
  return counts;
}

/**
 * The source files (URLs) whose code ran in the scripts of `entries`, what
 * `page.coverage.stopJSCoverage()` gives; a bundle's source map is fetched with `fetchText(url)`.
 */
export async function evaluatedSources(entries, fetchText) {
  const files = new Set();
  for (const { url, source, functions } of entries) {
    if (!url.startsWith("http")) continue;
    const mapUrl = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(source)?.[1];
    if (!mapUrl) {
      files.add(url);
      continue;
    }
    const counts = ran(source.length, functions);
    const map = JSON.parse(await fetchText(new URL(mapUrl, url).href));
    const sources = map.sources.map((file) => new URL(file, new URL(mapUrl, url)).href);
    const lineStarts = [0];
    for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) lineStarts.push(i + 1);
    for (const [line, column, index] of segments(map.mappings)) {
      if (counts[lineStarts[line] + column]) files.add(sources[index]);
    }
  }
  return files;
}
