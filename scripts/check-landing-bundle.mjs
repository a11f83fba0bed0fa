// `node scripts/check-landing-bundle.mjs [webDistDir]`: run by the web build after Vite and the
// prerender step. Three budgets:
// - What a first visit of the landing page (`/`) downloads before it paints and settles:
//   dist/landing.html (the prerendered copy) and its stylesheets. landing.html must load no
//   script file of the app (no `<script src>`, no module preload): its only script is the small
//   inline boot script that starts the app on the visitor's first interaction.
// - What that interaction then loads: the entry script, the landing route's chunk and every
//   chunk they import statically (Vite's manifest, dist/.vite/manifest.json). None of those
//   files may hold code of the signed-in workspace (its layout, the plan-change and upgrade
//   dialogs, the sign-in modal: they load after sign-in or on first use).
// - What a shared demo's page (dist/demo.html, /shared/:demoId) loads before it shows the demo:
//   its entry and every chunk it imports statically (its own build's manifest,
//   dist/.vite/demo-manifest.json). No workspace code, no router, no zod (the page reads the demo;
//   the schemas are the API's), and at most DEMO_PAGE_MAX_FILES files: a phone fetches them over
//   HTTP/1.1 six at a time, and each round costs it a round trip before the demo shows.
// The build fails when any is over budget. The source files inside each chunk are read from
// its source map.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const LANDING_ROUTE = 'src/app/pages/landing-page.tsx';
/** Brotli bytes of landing.html + its CSS: everything a first visit loads (the Lighthouse target needs it small). */
export const LANDING_PAGE_BROTLI_BUDGET = 34 * 1024;
/** Bytes of landing.html's inline scripts (the theme bootstrap and the boot script), uncompressed. */
export const LANDING_INLINE_SCRIPT_BUDGET = 3.5 * 1024;
/** Brotli bytes of JavaScript + CSS the app loads when a visitor first interacts with the landing page. */
export const LANDING_APP_BROTLI_BUDGET = 240 * 1024;
/** Brotli bytes of JavaScript + CSS a shared demo's page loads (123 KB today). */
export const DEMO_PAGE_BROTLI_BUDGET = 144 * 1024;
/** Script and stylesheet files a shared demo's page loads (one of each today). */
export const DEMO_PAGE_MAX_FILES = 4;
/** Workspace code that neither public page (the landing, a shared demo) may load. */
const WORKSPACE_SOURCES = [
  /\/src\/app\/layouts\//,
  /\/src\/features\/billing\/components\/(plan-change-modal|upgrade-dialog|subaccount-lock-modal)\.tsx$/,
  /\/src\/features\/auth\/components\/sign-in-dialog\.tsx$/,
  /\/src\/features\/(agents|connect|evaluation|workspace|api-keys|marketplace)\//,
  /\/node_modules\/recharts\//,
];
/** Code that must never be in the landing's first download. */
export const WORKSPACE_ONLY_SOURCES = [...WORKSPACE_SOURCES, /\/src\/features\/demos\//];

/** Code the shared demo's page must not load. */
export const DEMO_PAGE_FORBIDDEN_SOURCES = [...WORKSPACE_SOURCES, /\/node_modules\/(zod|react-router)\//];

/**
 * The files `keys` of a Vite manifest (`manifestFile`, under the dist folder) load, with every
 * chunk they import statically: `{ js, css }`, relative to the dist folder.
 */
function firstLoadOf(distDir, keys, manifestFile = '.vite/manifest.json') {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, manifestFile), 'utf8'));
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk for ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js: [...js], css: [...css] };
}

/** The app's landing page (loaded on the first interaction): `{ js: [file], css: [file] }`, paths relative to the dist folder. */
export function landingFirstLoad(distDir) {
  return firstLoadOf(distDir, ['index.html', LANDING_ROUTE]);
}

/** What a shared demo's page (demo.html) loads: `{ js: [file], css: [file] }`. */
export function demoPageFirstLoad(distDir) {
  return firstLoadOf(distDir, ['demo.html'], '.vite/demo-manifest.json');
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

/** What landing.html loads: script files, module preloads, stylesheets, and its inline scripts. */
export function landingPageLoads(html) {
  const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1];
  const tags = (pattern) => [...html.matchAll(pattern)].map((match) => match[0]);
  return {
    scripts: tags(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g).map((tag) => attribute(tag, 'src')),
    modulePreloads: tags(/<link\b[^>]*\brel="modulepreload"[^>]*>/g).map((tag) => attribute(tag, 'href')),
    stylesheets: tags(/<link\b[^>]*\brel="stylesheet"[^>]*>/g).map((tag) => attribute(tag, 'href')),
    inlineScripts: [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = path.resolve(process.argv[2] ?? path.join(here, '../apps/web/dist'));
  const problems = [];

  const landingHtml = fs.readFileSync(path.join(distDir, 'landing.html'), 'utf8');
  const page = landingPageLoads(landingHtml);
  if (page.scripts.length > 0) problems.push(`landing.html loads script files: ${page.scripts.join(', ')}`);
  if (page.modulePreloads.length > 0) problems.push(`landing.html preloads modules: ${page.modulePreloads.join(', ')}`);
  const inlineBytes = page.inlineScripts.reduce((sum, script) => sum + Buffer.byteLength(script), 0);
  if (inlineBytes > LANDING_INLINE_SCRIPT_BUDGET)
    problems.push(
      `landing.html's inline scripts are ${inlineBytes} B, over their budget of ${LANDING_INLINE_SCRIPT_BUDGET}`,
    );
  let pageTotal = brotliSize(path.join(distDir, 'landing.html'));
  const pageRows = [`  ${'landing.html'.padEnd(48)} ${String(pageTotal).padStart(7)} B brotli`];
  for (const href of page.stylesheets) {
    const size = brotliSize(path.join(distDir, href.replace(/^\//, '')));
    pageTotal += size;
    pageRows.push(`  ${href.replace(/^\//, '').padEnd(48)} ${String(size).padStart(7)} B brotli`);
  }
  console.log(
    `landing page first load: ${page.stylesheets.length} stylesheet(s), no script file, ${inlineBytes} B inline script, ${pageTotal} B brotli`,
  );
  console.log(pageRows.join('\n'));
  if (pageTotal > LANDING_PAGE_BROTLI_BUDGET)
    problems.push(
      `the landing page's first load is ${pageTotal} B brotli, over its budget of ${LANDING_PAGE_BROTLI_BUDGET}`,
    );

  const checkFirstLoad = ({ name, load, budget, forbidden, maxFiles = Infinity }) => {
    let total = 0;
    const rows = [];
    for (const file of [...load.js, ...load.css]) {
      const size = brotliSize(path.join(distDir, file));
      total += size;
      rows.push(`  ${file.padEnd(48)} ${String(size).padStart(7)} B brotli`);
      for (const source of sourcesOf(distDir, file)) {
        const normalized = source.split(path.sep).join('/');
        if (forbidden.some((pattern) => pattern.test(normalized)))
          problems.push(`${name}: ${file} holds ${path.relative(path.join(distDir, '..'), source)}`);
      }
    }
    console.log(`${name}: ${load.js.length} scripts, ${load.css.length} stylesheets, ${total} B brotli`);
    console.log(rows.join('\n'));
    if (total > budget) problems.push(`${name} is ${total} B brotli, over its budget of ${budget}`);
    const files = load.js.length + load.css.length;
    if (files > maxFiles) problems.push(`${name} loads ${files} files, more than ${maxFiles}`);
  };
  checkFirstLoad({
    name: 'landing app (first interaction)',
    load: landingFirstLoad(distDir),
    budget: LANDING_APP_BROTLI_BUDGET,
    forbidden: WORKSPACE_ONLY_SOURCES,
  });
  checkFirstLoad({
    name: 'shared demo page (demo.html)',
    load: demoPageFirstLoad(distDir),
    budget: DEMO_PAGE_BROTLI_BUDGET,
    forbidden: DEMO_PAGE_FORBIDDEN_SOURCES,
    maxFiles: DEMO_PAGE_MAX_FILES,
  });
  if (problems.length > 0) {
    console.error(`page bundle check failed:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
