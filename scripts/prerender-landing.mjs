// `node scripts/prerender-landing.mjs [webDir]`: run by the web build after Vite. Writes
// dist/landing.html, the built index.html with a static copy of the landing page (rendered by
// the SSR build of src/app/prerender/render-landing.tsx in dist-prerender/) beside the app's
// #root. The server sends it for `/`, so a first visit paints the page from HTML and CSS alone.
// landing.html loads no script of the app: its one inline script (`bootLanding`, from the same
// SSR build) starts the app on the visitor's first interaction, or at once when the address
// has a query; the app then swaps the copy for the live page without a visible change.
// dist-prerender/ is removed afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { landingFirstLoad } from './check-landing-bundle.mjs';
import { withTextFontPreload } from './preload-text-font.mjs';

const PRERENDERED_LANDING_ID = 'landing-prerender';
const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(process.argv[2] ?? path.join(here, '../apps/web'));
const serverBuild = path.join(webDir, 'dist-prerender/render-landing.js');
const indexPath = path.join(webDir, 'dist/index.html');

try {
  const { renderLanding, bootLanding } = await import(pathToFileURL(serverBuild).href);
  const markup = renderLanding();
  if (!markup.includes('id="hero-heading"')) throw new Error('the rendered landing page has no hero heading');
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  if (indexHtml.split(ROOT_ELEMENT).length !== 2) throw new Error(`dist/index.html must hold ${ROOT_ELEMENT} once`);
  const entries = [...indexHtml.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error('dist/index.html must load one entry script');
  // Everything the landing route needs, preloaded beside the entry once the app starts.
  const { js } = landingFirstLoad(path.join(webDir, 'dist'));
  const preloads = js.map((file) => `/${file}`).filter((file) => file !== entries[0]);
  const options = { containerId: PRERENDERED_LANDING_ID, entry: entries[0], preloads };
  const bootScript = `<script>(${bootLanding.toString()})(${JSON.stringify(options)});</script>`;
  // The font is fetched beside the stylesheet, not after it (preload-text-font.mjs).
  const landingHtml = withTextFontPreload(
    indexHtml
      .replace(ENTRY_SCRIPT, '')
      .replace(MODULE_PRELOAD, '')
      .replace(ROOT_ELEMENT, () => `<div id="${PRERENDERED_LANDING_ID}">${markup}</div>${ROOT_ELEMENT}${bootScript}`),
    path.join(webDir, 'dist'),
  );
  fs.writeFileSync(path.join(webDir, 'dist/landing.html'), landingHtml);
  console.log(`prerender: dist/landing.html (${(Buffer.byteLength(landingHtml) / 1024).toFixed(0)} KiB)`);
} finally {
  fs.rmSync(path.join(webDir, 'dist-prerender'), { recursive: true, force: true });
}
