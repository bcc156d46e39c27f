// `npm run build`: builds the package from the checkout.
//
// 1. the Rust target wasm32-unknown-unknown (rustup target add, when missing);
// 2. the wasm-bindgen command-line tool at exactly the version the crate pins (cargo install,
//    when missing or another version);
// then for each entry point (`websyntax`: the whole API; `websyntax/sanitize`: the Sanitizer API
// from strings only, built with `--no-default-features`):
// 3. `cargo build -p websyntax-wasm --target wasm32-unknown-unknown --profile wasm-release`;
// 4. `wasm-bindgen --target no-modules` (glue that neither imports nor exports, so it can be
//    wrapped into both module formats);
// 5. `wasm-opt -O3` (or $WEBSYNTAX_WASM_OPT) from the `binaryen` npm package, when installed
//    (optional);
// 6. dist/index.mjs and dist/index.cjs: glue + the module's bytes (base64, inlined: no file
//    system or fetch needed) + src/api.js; dist/index.d.ts; dist/websyntax.wasm (and
//    dist/sanitize.{mjs,cjs,d.ts}, dist/websyntax-sanitize.wasm).
//
// Any failure ends the build with one line on stderr saying what to do.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const root = join(pkg, '..');
const target = join(root, 'target');
const dist = join(pkg, 'dist');

function die(message) {
  console.error(`websyntax build: ${message}`);
  process.exit(1);
}

function run(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) die(`${what}: cannot run ${cmd}: ${r.error.message}`);
  if (r.status !== 0) die(`${what} failed (${cmd} ${args.join(' ')}, exit status ${r.status})`);
}

function output(cmd, args) {
  try {
    return execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

// The version the crate pins (`wasm-bindgen = "=0.2.x"`).
const manifest = readFileSync(join(root, 'crates/wasm/Cargo.toml'), 'utf8');
const pinned = /^wasm-bindgen = "=([0-9.]+)"/m.exec(manifest);
if (!pinned) die('crates/wasm/Cargo.toml does not pin wasm-bindgen exactly (wasm-bindgen = "=0.2.x")');
const bindgenVersion = pinned[1];

// 1. The target.
const installed = output('rustup', ['target', 'list', '--installed']);
if (installed === null) die('rustup not found: install Rust with rustup (https://rustup.rs)');
if (!installed.split('\n').includes('wasm32-unknown-unknown')) {
  console.error('== rustup target add wasm32-unknown-unknown');
  run('rustup', ['target', 'add', 'wasm32-unknown-unknown'], 'rustup target add wasm32-unknown-unknown');
}

// 2. wasm-bindgen CLI, same version as the crate.
const cargoBin = join(process.env.CARGO_HOME || join(process.env.HOME || '', '.cargo'), 'bin');
const bindgenBin = existsSync(join(cargoBin, 'wasm-bindgen')) ? join(cargoBin, 'wasm-bindgen') : 'wasm-bindgen';
const have = output(bindgenBin, ['--version']);
if (have === null || !have.includes(bindgenVersion)) {
  console.error(`== cargo install wasm-bindgen-cli --version ${bindgenVersion} (about 4 minutes, once)`);
  const args = ['install', 'wasm-bindgen-cli', '--version', bindgenVersion];
  let r = spawnSync('cargo', [...args, '--locked'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    // A registry mirror may lack a locked dependency's exact version: resolve afresh.
    console.error('== retrying without --locked');
    r = spawnSync('cargo', args, { cwd: root, stdio: 'inherit' });
  }
  if (r.status !== 0) die(`cannot install wasm-bindgen-cli ${bindgenVersion} (cargo install wasm-bindgen-cli --version ${bindgenVersion})`);
}

// 3–6, once per entry point: `websyntax` (the whole API, the crate's default `full` feature)
// and `websyntax/sanitize` (`--no-default-features`: the Sanitizer API from strings only, a
// smaller module for pages that ship it to browsers). $WEBSYNTAX_ENTRIES (`index,sanitize`)
// picks which to build.
const ENTRIES = [
  {
    name: 'index',
    wasm: 'websyntax.wasm',
    features: [],
    names: ['Sanitizer', 'sanitize', 'sanitizeUnsafe', 'parseHTML', 'parse', 'Document', 'Element', 'check', 'markdown', 'mainText', 'htmlToText', 'toParse5', 'parseURL', 'ResourceLimitError', 'WebsyntaxTrapError', 'initSync', 'memoryBytes', 'version'],
    whole: true,
  },
  {
    name: 'sanitize',
    wasm: 'websyntax-sanitize.wasm',
    features: ['--no-default-features'],
    names: ['Sanitizer', 'sanitize', 'sanitizeUnsafe', 'parseHTML', 'ResourceLimitError', 'WebsyntaxTrapError', 'initSync', 'memoryBytes', 'version'],
    whole: false,
  },
];
const wanted = (process.env.WEBSYNTAX_ENTRIES || 'index,sanitize').split(',');
mkdirSync(dist, { recursive: true });
const api = readFileSync(join(pkg, 'src/api.js'), 'utf8');
const header = '// websyntax: generated by js/scripts/build.mjs from crates/wasm and js/src/api.js. Do not edit.\n';
const wasmOpt = join(pkg, 'node_modules/binaryen/bin/wasm-opt');
for (const entry of ENTRIES.filter((e) => wanted.includes(e.name))) {
  // 3. The module.
  // $WEBSYNTAX_WASM_PROFILE=dev: an unoptimized module, built in a fraction of the time
  // (development only: slow, and large; CI and releases use wasm-release).
  const profile = process.env.WEBSYNTAX_WASM_PROFILE || 'wasm-release';
  const cargoArgs = ['build', '-q', '-p', 'websyntax-wasm', '--target', 'wasm32-unknown-unknown', '--profile', profile, ...entry.features];
  console.error(`== cargo ${cargoArgs.filter((a) => a !== '-q').join(' ')}`);
  run('cargo', cargoArgs, 'cargo build');
  const raw = join(target, `wasm32-unknown-unknown/${profile === 'dev' ? 'debug' : profile}/websyntax_wasm.wasm`);

  // 4. The glue.
  const glueDir = join(target, 'js-glue', entry.name);
  mkdirSync(glueDir, { recursive: true });
  run(bindgenBin, ['--target', 'no-modules', '--no-typescript', '--out-dir', glueDir, '--out-name', 'websyntax', raw], 'wasm-bindgen');
  let wasmFile = join(glueDir, 'websyntax_bg.wasm');

  // 5. wasm-opt, when the binaryen package is installed.
  if (existsSync(wasmOpt) && process.env.WEBSYNTAX_NO_WASM_OPT !== '1') {
    const optimized = join(glueDir, 'websyntax_opt.wasm');
    const level = (process.env.WEBSYNTAX_WASM_OPT || '-O3').split(' ').filter(Boolean);
    run(process.execPath, [wasmOpt, ...level, '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue', wasmFile, '-o', optimized], 'wasm-opt');
    wasmFile = optimized;
  } else {
    console.error('== wasm-opt skipped (npm install the binaryen dev dependency to run it)');
  }

  // 6. The entry point's files.
  const glue = readFileSync(join(glueDir, 'websyntax.js'), 'utf8');
  const bytes = readFileSync(wasmFile);
  copyFileSync(wasmFile, join(dist, entry.wasm));
  // The base64 decoder uses only `atob` (Node >= 16, browsers, Deno, Bun, workers).
  const factory = `
function wasmBytes() {
  const s = atob(WASM_BASE64);
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}
const WASM_BASE64 = ${JSON.stringify(bytes.toString('base64'))};
const bindgen = (function () {
${glue}
return wasm_bindgen;
})();
const full = (function (bindgen, wasmBytes) {
${api}
})(bindgen, wasmBytes);
`;
  // The exports: the whole API, or the entry point's names (and the tests' trap hook).
  const pick = entry.whole
    ? 'const api = full;\n'
    : `const api = { _trapForTests: full._trapForTests, ${entry.names.map((n) => `${n}: full.${n}`).join(', ')} };\n`;
  writeFileSync(
    join(dist, `${entry.name}.mjs`),
    header + factory + pick + entry.names.map((n) => `export const ${n} = api.${n};`).join('\n') + '\nexport default api;\n',
  );
  writeFileSync(join(dist, `${entry.name}.cjs`), header + '"use strict";\n' + factory + pick + 'module.exports = api;\n');
  copyFileSync(join(pkg, `src/${entry.name}.d.ts`), join(dist, `${entry.name}.d.ts`));
  const size = statSync(wasmFile).size;
  const gz = gzipSync(bytes, { level: 9 }).length;
  console.error(`== built dist/${entry.name}.*: ${entry.wasm} ${(size / 1024).toFixed(0)} KiB, ${(gz / 1024).toFixed(0)} KiB gzipped`);
}
