// `npm run viewer [-- --port N]`: serves the live viewer on http://localhost:N/ (default 8080).
//
// A static site: the files of src/, the npm package's build (js/dist/, as /pkg/), the
// Markdown renderer's browser build (/vendor/markdown-it.mjs) and docs/check.md (for the
// Errors view's links). Nothing is fetched from the network, at start or at run time. Every
// response carries a Content-Security-Policy that allows scripts from this origin only (and
// WebAssembly), as defence in depth: the page shows arbitrary HTML from its URL fragment.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/** The page's Content-Security-Policy (also in index.html's <meta>, for other hosts). */
export const CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
  "connect-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; " +
  "child-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";

/** The file a request path names, or null. */
function resolve(path) {
  const fixed = {
    '/': join(here, 'src', 'index.html'),
    '/pkg/index.mjs': join(root, 'js', 'dist', 'index.mjs'),
    '/vendor/markdown-it.mjs': join(here, 'node_modules', 'markdown-it', 'dist', 'browser', 'markdown-it.esm.min.mjs'),
    '/docs/check.md': join(root, 'docs', 'check.md'),
  };
  if (fixed[path]) return fixed[path];
  const file = normalize(join(here, 'src', path));
  if (!file.startsWith(join(here, 'src') + sep)) return null;
  return file;
}

/** Starts the server; resolves to `{server, port, url}`. `port` 0 picks a free one. */
export function serve({ port = 8080, host = '127.0.0.1' } = {}) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const file = resolve(path);
    if (file === null || !existsSync(file) || !statSync(file).isFile()) {
      const missing = path === '/pkg/index.mjs' ? ' (build the npm package first: cd js && npm ci && npm run build)' : '';
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`not found: ${path}${missing}\n`);
      return;
    }
    const ext = file.slice(file.lastIndexOf('.'));
    res.writeHead(200, {
      'content-type': TYPES[ext] || 'application/octet-stream',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    res.end(readFileSync(file));
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const p = server.address().port;
      ok({ server, port: p, url: `http://localhost:${p}/` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: npm run viewer [-- --port N]');
    process.exit(2);
  }
  if (!existsSync(join(root, 'js', 'dist', 'index.mjs'))) {
    console.error('websyntax viewer: js/dist/index.mjs is missing: cd js && npm ci && npm run build');
    process.exit(1);
  }
  serve({ port }).then(({ url }) => console.log(`websyntax viewer on ${url}`));
}
