import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestDatabase, type TestApp } from '../../test/create-test-app';

const THEME_SCRIPT = "\n      document.documentElement.classList.add('dark');\n    ";
const INDEX_HTML = `<!doctype html><html><head><title>Agentry</title><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;
const BOOT_SCRIPT = "(function () { window.addEventListener('pointerdown', function () {}); })();";
const LANDING_HTML = `<!doctype html><html><head><title>Agentry</title><script>${THEME_SCRIPT}</script></head><body><div id="landing-prerender"><h1>Agentry</h1></div><div id="root"></div><script>${BOOT_SCRIPT}</script></body></html>`;
const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe('security headers of HTML pages', () => {
  let app: TestApp;
  let drop: () => Promise<void>;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-web-dist-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDistDir, 'landing.html'), LANDING_HTML);
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

  function directives(policy: unknown) {
    expect(typeof policy).toBe('string');
    return new Map(
      String(policy)
        .split(';')
        .map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/);
          return [name, sources];
        }),
    );
  }

  it('app pages: scripts from this origin and the hashed theme script only, never framed', async () => {
    const response = await app.inject({ method: 'GET', url: '/agents/create' });
    expect(response.statusCode).toBe(200);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(THEME_SCRIPT), sha256(BOOT_SCRIPT)]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toContain("'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it("the landing page's own inline boot script is allowed", async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(BOOT_SCRIPT);
    expect(directives(response.headers['content-security-policy']).get('script-src')).toContain(sha256(BOOT_SCRIPT));
  });

  it('a shared demo page is not framed, its embed form may be framed anywhere', async () => {
    const shared = await app.inject({ method: 'GET', url: '/shared/some-demo' });
    expect(shared.statusCode).toBe(200);
    expect(directives(shared.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(shared.headers['x-frame-options']).toBe('DENY');
    const embed = await app.inject({ method: 'GET', url: '/shared/some-demo?embed=true' });
    expect(embed.statusCode).toBe(200);
    const policy = directives(embed.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(['*']);
    expect(policy.get('script-src')?.[0]).toBe("'self'");
    expect(embed.headers['x-frame-options']).toBeUndefined();
  });

  it('server-rendered pages (the API docs) get the policy too; JSON answers do not need it', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['x-frame-options']).toBe('DENY');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-frame-options']).toBeUndefined();
  });
});
