// `node scripts/precompress.mjs <dir>...`: writes a brotli (`.br`, quality 11) and a gzip (`.gz`,
// level 9) sibling beside every text asset of a build folder (JavaScript, CSS, HTML, SVG, JSON),
// so the server sends the smallest encoding a browser accepts without compressing per request.
// Run by the web and widget builds. Skips source maps (only developer tools fetch them), files
// under 1 KiB (the headers would eat the saving) and a sibling that would not save 10%.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const MIN_SAVING = 0.1;

/** Precompresses every compressible file under `dir`; answers the totals (bytes before and after). */
export function precompressDirectory(dir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const contents = fs.readFileSync(file);
    if (contents.length < MIN_BYTES) continue;
    const encodings = [
      ['.br', zlib.brotliCompressSync(contents, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', zlib.gzipSync(contents, { level: 9 })],
    ];
    totals.files += 1;
    totals.bytes += contents.length;
    for (const [extension, compressed] of encodings) {
      const keep = compressed.length <= contents.length * (1 - MIN_SAVING);
      if (keep) fs.writeFileSync(`${file}${extension}`, compressed);
      else fs.rmSync(`${file}${extension}`, { force: true });
      const size = keep ? compressed.length : contents.length;
      if (extension === '.br') totals.brotliBytes += size;
      else totals.gzipBytes += size;
    }
  }
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.mjs <dir>...');
    process.exit(2);
  }
  for (const dir of dirs) {
    const totals = precompressDirectory(path.resolve(dir));
    const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
    console.log(
      `precompress ${dir}: ${totals.files} files, ${kib(totals.bytes)} -> brotli ${kib(totals.brotliBytes)}, gzip ${kib(totals.gzipBytes)}`,
    );
  }
}
