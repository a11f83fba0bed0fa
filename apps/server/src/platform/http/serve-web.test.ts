import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestDatabase, type TestApp } from '../../test/create-test-app';

const PRECOMPRESS_SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/precompress.mjs');
const INDEX_HTML = `<!doctype html><html><head><title>Agentry</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script>${'<!-- padding -->'.repeat(80)}</body></html>`;
const ENTRY_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word${index % 20}`))};\n`;
const LANDING_HTML = INDEX_HTML.replace(
  '<div id="root">',
  '<div id="landing-prerender"><h1>Agentry</h1></div><div id="root">',
);
const TINY_JS = 'export const tiny = 1;\n';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the built web app: precompressed siblings and cache headers', () => {
  let app: TestApp;
  let drop: () => Promise<void>;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-web-dist-'));
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDistDir, 'landing.html'), LANDING_HTML);
    fs.writeFileSync(path.join(webDistDir, 'assets/index-Ab12Cd34.js'), ENTRY_JS);
    fs.writeFileSync(path.join(webDistDir, 'assets/tiny-Ef56Gh78.js'), TINY_JS);
    fs.writeFileSync(path.join(webDistDir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg"></svg>`);
    // The same script the web build runs.
    execFileSync(process.execPath, [PRECOMPRESS_SCRIPT, webDistDir]);
    const created = await createTestDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: webDistDir,
    });
    app = await buildApp({ config, database: created.database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip siblings of text assets, none for files too small to gain', () => {
    for (const file of ['index.html', 'assets/index-Ab12Cd34.js']) {
      expect(fs.existsSync(path.join(webDistDir, `${file}.br`))).toBe(true);
      expect(fs.existsSync(path.join(webDistDir, `${file}.gz`))).toBe(true);
    }
    expect(fs.existsSync(path.join(webDistDir, 'assets/tiny-Ef56Gh78.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(webDistDir, 'favicon.svg.gz'))).toBe(false);
  });

  it('a hashed asset: brotli when accepted, gzip otherwise, identity without Accept-Encoding; immutable for a year', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(brotli.headers['content-length'])).toBeLessThan(ENTRY_JS.length / 4);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(ENTRY_JS);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(ENTRY_JS);

    const identity = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.headers['cache-control']).toBe(IMMUTABLE);
    expect(identity.body).toBe(ENTRY_JS);

    const none = await app.inject({ method: 'GET', url });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(ENTRY_JS);
  });

  it('a file without a sibling is sent as it is, still immutable', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/tiny-Ef56Gh78.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(TINY_JS);
  });

  it('an unchanged file answers 304 to its ETag, per encoding', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const first = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.etag).not.toBe(etag);
  });

  it('index.html (the SPA fallback) and landing.html (for /) are compressed, never cached without revalidation, keep their policy', async () => {
    for (const [url, html] of [
      ['/', LANDING_HTML],
      ['/?promo=growth69', LANDING_HTML],
      ['/agents', INDEX_HTML],
      ['/shared-nothing/deep/link', INDEX_HTML],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(html);
    }
    const etag = (await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } })).headers.etag;
    const revalidated = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('files outside /assets/ are revalidated; the siblings are not routes; an unknown asset is a 404, not the SPA', async () => {
    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-OldBuild.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    const sibling = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js.br' });
    expect(sibling.statusCode).toBe(404);
  });
});
