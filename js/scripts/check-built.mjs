// `npm pack` (prepack): the tarball needs dist/, which `npm run build` makes.
import { existsSync } from 'node:fs';
for (const f of ['dist/index.mjs', 'dist/index.cjs', 'dist/index.d.ts', 'dist/websyntax.wasm', 'dist/sanitize.mjs', 'dist/sanitize.cjs', 'dist/sanitize.d.ts', 'dist/websyntax-sanitize.wasm']) {
  if (!existsSync(new URL(`../${f}`, import.meta.url))) {
    console.error(`websyntax pack: ${f} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}
