// `node bench/widget-size.mjs`: what a visitor's browser downloads for the chat widget, against
// the widget's size budgets (loader <= 2 KB gzipped, iframe app <= 40 KB of gzipped JavaScript).
// Builds @agentry/widget first when its output is missing. Also measures the loader as the
// server sends it (the placeholder replaced by a typical widget's settings). Exit 1 over budget.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/widget/dist');
const LOADER_BUDGET = 2048;
const APP_JS_BUDGET = 40960;

if (['manifest.json', 'loader.js', 'block.js'].some((file) => !fs.existsSync(path.join(dist, file)))) {
  console.log('widget build missing: npm run build -w @agentry/widget');
  const build = spawnSync('npm', ['run', 'build', '-w', '@agentry/widget'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const brotli = (buffer) =>
  zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'manifest.json'), 'utf8'));
const loader = fs.readFileSync(path.join(dist, 'loader.js'));
// What GET /widget/:id/widget.js bakes in (toWidgetLoaderConfig): only what the loader uses
// before the frame exists; every look and text comes with the frame.
const typicalConfig = {
  widgetId: 'wdg_2b7c8e0f4a9d4c1e8f3a5b6c',
  origin: 'https://app.agentry.example',
  template: 'professional',
  placement: 'bottom-right',
  minimizedSizePixels: 64,
  bubbleAtOnce: true,
  allowedHosts: '(?:^|\\.)brightsmiledental\\.example$',
};
const served = Buffer.from(
  loader.toString('utf8').replace('"__AGENTRY_WIDGET_CONFIG__"', JSON.stringify(typicalConfig)),
);
// The website block's loader (dist/block.js), as built and as served.
const blockLoader = fs.readFileSync(path.join(dist, 'block.js'));
const blockServed = Buffer.from(
  blockLoader.toString('utf8').replace(
    '"__AGENTRY_WIDGET_CONFIG__"',
    JSON.stringify({
      widgetId: typicalConfig.widgetId,
      origin: typicalConfig.origin,
      fillContainer: false,
      height: 360,
    }),
  ),
);
const appJs = fs.readFileSync(path.join(dist, 'app', manifest['app.js']));
const appCss = manifest['app.css'] ? fs.readFileSync(path.join(dist, 'app', manifest['app.css'])) : Buffer.alloc(0);

const rows = [
  { name: 'loader (dist/loader.js)', buffer: loader, budget: LOADER_BUDGET },
  { name: 'loader as served, typical settings baked in', buffer: served, budget: LOADER_BUDGET },
  { name: 'website block loader (dist/block.js)', buffer: blockLoader, budget: LOADER_BUDGET },
  { name: 'website block loader as served', buffer: blockServed, budget: LOADER_BUDGET },
  { name: `iframe app JavaScript (${manifest['app.js']})`, buffer: appJs, budget: APP_JS_BUDGET },
  { name: `iframe app CSS (${manifest['app.css'] ?? 'none'})`, buffer: appCss },
];
console.log('\n| file | bytes | gzip -9 | brotli 11 | budget (gzip) |');
console.log('|---|---|---|---|---|');
let isOverBudget = false;
for (const { name, buffer, budget } of rows) {
  const gz = gzip(buffer);
  const over = budget !== undefined && gz > budget;
  isOverBudget ||= over;
  console.log(
    `| ${name} | ${buffer.length} | ${gz} | ${brotli(buffer)} | ${budget === undefined ? '-' : `${budget}${over ? ' OVER' : ' ok'}`} |`,
  );
}
const firstLoad = gzip(loader) + gzip(appJs) + gzip(appCss);
console.log(`\nFirst visit, gzipped: loader + app JS + CSS = ${firstLoad} bytes (the iframe HTML page comes on top).`);
if (isOverBudget) {
  console.error('Over budget.');
  process.exit(1);
}
