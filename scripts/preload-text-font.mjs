// `node scripts/preload-text-font.mjs <page.html>...`: run by the web build after Vite on the pages a
// prospect opens first (demo.html; prerender-landing.mjs does the same for landing.html). Adds a
// preload of the text font's Latin file beside the page's stylesheet, so the browser fetches it
// with the stylesheet instead of after it: the first layout usually has it, and the page is not
// laid out a second time when it arrives.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const STYLESHEET = /<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/;
/** The Latin subset of the text font: every word of these pages is set in it. */
const TEXT_FONT = /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2/;

/** `html` with the text font preloaded before its stylesheet (unchanged when it has no stylesheet or the font is not in it). */
export function withTextFontPreload(html, distDir) {
  const stylesheet = html.match(STYLESHEET);
  if (!stylesheet?.[1]) return html;
  const css = fs.readFileSync(path.join(distDir, stylesheet[1]), 'utf8');
  const font = css.match(TEXT_FONT)?.[0];
  if (!font || html.includes(`href="${font}"`)) return html;
  return html.replace(
    STYLESHEET,
    (tag) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>\n    ${tag}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const page of process.argv.slice(2)) {
    const html = fs.readFileSync(page, 'utf8');
    const next = withTextFontPreload(html, path.dirname(page));
    if (next === html) throw new Error(`${page}: no stylesheet with the text font to preload`);
    fs.writeFileSync(page, next);
    console.log(`preload-text-font: ${page}`);
  }
}
