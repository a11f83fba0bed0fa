// `npm run build -w @agentry/widget`: the two things that run on a customer's site.
// 1. dist/loader.js: the embed script (IIFE, es2018), and dist/block.js, the website block's,
//    built alike (served as /widget/:widgetId/block.js). The server serves the first as
//    /widget/:widgetId/widget.js with the string "__AGENTRY_WIDGET_CONFIG__" (quotes included)
//    replaced by the widget's settings, so that string must survive minification exactly once.
// 2. dist/app/app-<hash>.{js,css}: the iframe app (ESM, es2020), React code compiled against
//    preact/compat, named in dist/manifest.json, with .gz and .br siblings for the server.
// Budgets (docs/product/widget.md#in-the-visitors-browser): loader <= 2 KB gzipped, app JavaScript <= 40 KB gzipped; over -> exit 1.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { precompressDirectory } from '../../scripts/precompress.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const appDist = path.join(dist, 'app');
const PLACEHOLDER = '"__AGENTRY_WIDGET_CONFIG__"';
export const LOADER_BUDGET = 2048;
export const APP_JS_BUDGET = 40960;

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const fail = (message) => {
  console.error(`widget build failed: ${message}`);
  process.exit(1);
};

fs.mkdirSync(dist, { recursive: true });

// 1. The loaders: the floating widget's, and the website block's (same placeholder, same budget).
await buildLoader('src/loader/loader.ts', 'loader.js');
await buildLoader('src/block/block-loader.ts', 'block.js');

async function buildLoader(entry, output) {
  const loader = await esbuild.build({
    entryPoints: [path.join(here, entry)],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2018',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  const loaderCode = loader.outputFiles[0].contents;
  const loaderText = Buffer.from(loaderCode).toString('utf8');
  const placeholderCount = loaderText.split(PLACEHOLDER).length - 1;
  if (placeholderCount !== 1)
    fail(`dist/${output} must contain ${PLACEHOLDER} exactly once (found ${placeholderCount})`);
  const loaderGzip = gzipSize(loaderCode);
  if (loaderGzip > LOADER_BUDGET)
    fail(`dist/${output} is ${loaderGzip} bytes gzipped, over its budget of ${LOADER_BUDGET}`);
  fs.writeFileSync(path.join(dist, output), loaderCode);
  console.log(`widget: dist/${output} ${loaderCode.length} bytes, ${loaderGzip} gzipped (budget ${LOADER_BUDGET})`);
}

// 2. The iframe app.
const appEntry = path.join(here, 'src/app/main.tsx');
if (!fs.existsSync(appEntry)) fail('apps/widget/src/app/main.tsx missing');
// Not cleaned first: a server running from this folder keeps serving the previous bundle
// until the new manifest is written; stale files are removed after that.
const previousManifest = readManifest();
const app = await esbuild.build({
  entryPoints: [appEntry],
  outdir: appDist,
  entryNames: 'app-[hash]',
  assetNames: '[name]-[hash]',
  bundle: true,
  format: 'esm',
  splitting: false,
  minify: true,
  target: 'es2020',
  platform: 'browser',
  jsx: 'automatic',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/jsx-runtime',
  },
  loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file', '.png': 'file' },
});
const [jsOutput, jsMeta] = Object.entries(app.metafile.outputs).find(([, output]) => output.entryPoint) ?? [];
if (!jsOutput) fail('esbuild produced no app bundle');
const manifest = { 'app.js': path.basename(jsOutput) };
if (jsMeta.cssBundle) manifest['app.css'] = path.basename(jsMeta.cssBundle);

const appJs = fs.readFileSync(path.join(appDist, manifest['app.js']));
const appGzip = gzipSize(appJs);
if (appGzip > APP_JS_BUDGET)
  fail(`the iframe app's JavaScript is ${appGzip} bytes gzipped, over its budget of ${APP_JS_BUDGET}`);

// Precompressed siblings: the server sends them to clients that accept the encoding.
precompressDirectory(appDist);
fs.writeFileSync(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
// Keep this build and the previous one (a page loaded just before the switch still finds it).
const kept = new Set([
  ...Object.keys(app.metafile.outputs).map((output) => path.basename(output)),
  ...Object.values(previousManifest ?? {}),
]);
for (const name of fs.readdirSync(appDist)) {
  if (!kept.has(name.replace(/\.(gz|br)$/, ''))) fs.rmSync(path.join(appDist, name), { force: true });
}
const cssNote = manifest['app.css']
  ? `, ${manifest['app.css']} ${gzipSize(fs.readFileSync(path.join(appDist, manifest['app.css'])))} gzipped`
  : '';
console.log(
  `widget: dist/app/${manifest['app.js']} ${appJs.length} bytes, ${appGzip} gzipped (budget ${APP_JS_BUDGET})${cssNote}`,
);

function readManifest() {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}
