// Usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [dark|light]
// Takes a full-page screenshot with Debian's Chromium (never a downloaded browser).
import { chromium } from 'playwright-core';

const [url, out, width = '1280', height = '800', scheme = 'dark'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [dark|light]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({
    viewport: { width: Number(width), height: Number(height) },
    colorScheme: scheme === 'light' ? 'light' : 'dark',
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`saved ${out}`);
} finally {
  await browser.close();
}
