// The website chat widget (loader scripts and the iframe app) is built here once it exists
// (issue "Website chat widget"). Until then there is nothing to bundle.
import fs from 'node:fs';

const hasSources = fs.existsSync(new URL('./src/loader.ts', import.meta.url));
console.log(hasSources ? 'widget: sources found but no bundler configured' : 'widget: nothing to build yet');
