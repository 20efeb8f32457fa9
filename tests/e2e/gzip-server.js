// A static server as a blog's host or a CDN serves files: gzipped (to a client that asks, as every
// browser does), with the right types, and with `headers` of its own on every response (a CDN's
// `Access-Control-Allow-Origin: *`, or its `Cache-Control` in place of `no-cache`). For the package's test (package.test.js) and the loading
// bench (bench/first-load.mjs); the other tests serve the site with Python's plain server.

import { createServer } from "node:http";
import { once } from "node:events";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves the folder `root` on 127.0.0.1 (a free port) until `stop()`; resolves to `{url, stop}`.
 * Every file is compressed once, at gzip's level 6 (what servers use by default), and kept.
 */
export async function serveGzipped(root, { headers = {} } = {}) {
  const gzipped = new Map();
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url, "http://localhost");
    let file = path.join(root, decodeURIComponent(pathname));
    if (!file.startsWith(path.resolve(root))) return answer(response, 403, headers);
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, "index.html");
      const body = await readFile(file);
      const type = TYPES[path.extname(file)] ?? "application/octet-stream";
      const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
      if (gzip && !gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 6 }));
      response.writeHead(200, {
        "Cache-Control": "no-cache",
        ...headers,
        "Content-Type": type,
        Vary: "Accept-Encoding",
        ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      });
      response.end(request.method === "HEAD" ? undefined : (gzip ? gzipped.get(file) : body));
    } catch {
      answer(response, 404, headers);
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
  };
}

function answer(response, status, headers) {
  response.writeHead(status, { ...headers, "Content-Type": "text/plain" });
  response.end(status === 404 ? "not found" : "forbidden");
}
