// `node scripts/prerender-landing.mjs [webDir]`: run by the web build after Vite. Writes
// dist/landing.html, the built index.html with a static copy of the landing page (rendered by
// the SSR build of src/app/prerender/render-landing.tsx in dist-prerender/) beside the app's
// #root. The server sends it for `/`, so a first visit paints the page from HTML and CSS alone;
// the app starts as usual and swaps the copy for the live page without a visible change.
// dist-prerender/ is removed afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PRERENDERED_LANDING_ID = 'landing-prerender';
const ROOT_ELEMENT = '<div id="root"></div>';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(process.argv[2] ?? path.join(here, '../apps/web'));
const serverBuild = path.join(webDir, 'dist-prerender/render-landing.js');
const indexPath = path.join(webDir, 'dist/index.html');

try {
  const { renderLanding } = await import(pathToFileURL(serverBuild).href);
  const markup = renderLanding();
  if (!markup.includes('id="hero-heading"')) throw new Error('the rendered landing page has no hero heading');
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  if (indexHtml.split(ROOT_ELEMENT).length !== 2) throw new Error(`dist/index.html must hold ${ROOT_ELEMENT} once`);
  const landingHtml = indexHtml.replace(
    ROOT_ELEMENT,
    () => `<div id="${PRERENDERED_LANDING_ID}">${markup}</div>${ROOT_ELEMENT}`,
  );
  fs.writeFileSync(path.join(webDir, 'dist/landing.html'), landingHtml);
  console.log(`prerender: dist/landing.html (${(Buffer.byteLength(landingHtml) / 1024).toFixed(0)} KiB)`);
} finally {
  fs.rmSync(path.join(webDir, 'dist-prerender'), { recursive: true, force: true });
}
