import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The sha256 sources of the inline scripts of an HTML page (the web app's theme bootstrap, the landing's boot script). */
export function hashInlineScripts(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy of our own HTML pages: scripts only from this origin (and the hashed inline theme
 * script), no plugins, no <base> tricks, forms post only here. Images and framed pages may come
 * from other sites (logos, a demo's background website); styles may be inline (components that
 * inject <style>); connections only to this origin.
 */
export function toPageSecurityPolicy(options: { inlineScriptHashes: string[]; frameAncestors: string }) {
  return [
    "default-src 'self'",
    `script-src 'self'${options.inlineScriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https: http:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
}

/** The embed form of a shared demo page, made to be framed on customers' websites. */
function isEmbeddablePage(request: FastifyRequest) {
  if (request.routeOptions.url !== '/shared/:demoId') return false;
  const embed = (request.query as Record<string, unknown> | undefined)?.embed;
  return embed === 'true';
}

/**
 * Every HTML answer without a policy of its own (the web app, the shared demo page, the local
 * checkout, the API docs) gets the page policy and refuses framing (X-Frame-Options DENY and
 * frame-ancestors 'none': no clickjacking of signed-in pages). The embed form of a shared demo
 * may be framed anywhere; the widget's iframe page sets its own policy from its allow-list.
 */
export function registerPageSecurityHeaders(app: FastifyInstance, options: { webDistDir: string }) {
  // The built pages are read once: their inline scripts (the theme bootstrap, the landing's boot
  // script) are what the hashes allow.
  const inlineScriptHashes = [
    ...new Set(
      ['index.html', 'landing.html', 'demo.html'].flatMap((file) => {
        const filePath = path.join(options.webDistDir, file);
        return fs.existsSync(filePath) ? hashInlineScripts(fs.readFileSync(filePath, 'utf8')) : [];
      }),
    ),
  ];
  const denyPolicy = toPageSecurityPolicy({ inlineScriptHashes, frameAncestors: "'none'" });
  const embedPolicy = toPageSecurityPolicy({ inlineScriptHashes, frameAncestors: '*' });
  app.addHook('onSend', (request, reply, payload, done) => {
    const contentType = reply.getHeader('content-type');
    if (
      typeof contentType !== 'string' ||
      !contentType.startsWith('text/html') ||
      reply.hasHeader('content-security-policy')
    )
      return done(null, payload);
    if (isEmbeddablePage(request)) {
      reply.header('content-security-policy', embedPolicy);
    } else {
      reply.header('content-security-policy', denyPolicy).header('x-frame-options', 'DENY');
    }
    return done(null, payload);
  });
}
