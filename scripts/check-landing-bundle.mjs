// `node scripts/check-landing-bundle.mjs [webDistDir]`: run by the web build after Vite. What a
// first visit of the landing page (`/`) downloads before it can paint: the entry script, the
// landing route's chunk and every chunk they import statically (Vite's manifest,
// dist/.vite/manifest.json), plus the stylesheets. Fails the build when one of those files
// holds code of the signed-in workspace (its layout, the plan-change and upgrade dialogs, the
// sign-in modal: they load after sign-in or on first use) or when the total is over budget.
// The source files inside each chunk are read from its source map.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const LANDING_ROUTE = 'src/app/pages/landing-page.tsx';
/** Brotli bytes of JavaScript + CSS before the landing paints (the Lighthouse target needs it small). */
export const LANDING_BROTLI_BUDGET = 245 * 1024;
/** Code that must never be in the landing's first download. */
export const WORKSPACE_ONLY_SOURCES = [
  /\/src\/app\/layouts\//,
  /\/src\/features\/billing\/components\/(plan-change-modal|upgrade-dialog|subaccount-lock-modal)\.tsx$/,
  /\/src\/features\/auth\/components\/sign-in-dialog\.tsx$/,
  /\/src\/features\/(agents|connect|demos|evaluation|workspace|api-keys|marketplace)\//,
  /\/node_modules\/recharts\//,
];

/** The landing's first download: `{ js: [file], css: [file] }`, paths relative to the dist folder. */
export function landingFirstLoad(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the Vite manifest names no entry');
  if (!manifest[LANDING_ROUTE]) throw new Error(`the Vite manifest has no chunk for ${LANDING_ROUTE}`);
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(LANDING_ROUTE);
  return { js: [...js], css: [...css] };
}

/** The source files a built chunk holds, from its source map. */
export function sourcesOf(distDir, file) {
  const mapFile = path.join(distDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  return map.sources.map((source) => path.resolve(path.dirname(mapFile), source));
}

const brotliSize = (file) =>
  zlib.brotliCompressSync(fs.readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = path.resolve(process.argv[2] ?? path.join(here, '../apps/web/dist'));
  const { js, css } = landingFirstLoad(distDir);
  const problems = [];
  let total = 0;
  const rows = [];
  for (const file of [...js, ...css]) {
    const size = brotliSize(path.join(distDir, file));
    total += size;
    rows.push(`  ${file.padEnd(48)} ${String(size).padStart(7)} B brotli`);
    for (const source of sourcesOf(distDir, file)) {
      const normalized = source.split(path.sep).join('/');
      if (WORKSPACE_ONLY_SOURCES.some((pattern) => pattern.test(normalized)))
        problems.push(`${file} holds ${path.relative(path.join(distDir, '..'), source)}`);
    }
  }
  console.log(`landing first load: ${js.length} scripts, ${css.length} stylesheets, ${total} B brotli`);
  console.log(rows.join('\n'));
  if (total > LANDING_BROTLI_BUDGET)
    problems.push(`the landing's first load is ${total} B brotli, over its budget of ${LANDING_BROTLI_BUDGET}`);
  if (problems.length > 0) {
    console.error(`landing bundle check failed:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
