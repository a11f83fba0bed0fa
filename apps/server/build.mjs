// Bundles the server into dist/main.js, and the database worker it starts on PGlite's files into
// dist/pglite-worker.js. npm dependencies stay external (installed beside it); workspace packages
// (@agentry/core, TypeScript source) are bundled in.
import { build } from 'esbuild';
import fs from 'node:fs';

const manifest = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { main: 'src/main.ts', 'pglite-worker': 'src/platform/db/pglite-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('server: built dist/main.js and dist/pglite-worker.js');
