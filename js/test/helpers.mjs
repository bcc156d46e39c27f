// Shared by the package's tests: the built package, the native CLI (the parity oracle) and
// the vendored data.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const data = join(here, 'data');

/** The native `websyntax` CLI: $WEBSYNTAX_CLI, else target/{release,debug}/websyntax. */
export function cliPath() {
  const candidates = [
    process.env.WEBSYNTAX_CLI,
    join(root, 'target/release/websyntax'),
    join(root, 'target/debug/websyntax'),
  ].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** Runs the CLI; its stdout as a string (throws on a failed run). */
export function cli(args, input) {
  const bin = cliPath();
  const r = spawnSync(bin, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1) {
    throw new Error(`websyntax ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  }
  return r.stdout;
}

/** The vendored corpus sample: [{name, path, bytes}]. */
export function corpus() {
  const dir = join(data, 'corpus');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((name) => ({ name, path: join(dir, name), bytes: readFileSync(join(dir, name)) }));
}
