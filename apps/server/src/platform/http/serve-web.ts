import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './error-handler';

/** Paths the server owns; an unknown one answers the structured 404, never the SPA. */
const SERVER_PREFIXES = [
  '/api/',
  '/auth/',
  '/stripe/',
  '/templates',
  '/questiongenerator',
  '/v1/',
  '/webhook/',
  '/media/',
  '/files/',
  '/widget/',
  '/widget-assets/',
];

export function isServerPath(url: string) {
  const pathname = url.split('?')[0] ?? url;
  return pathname === '/api' || SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

const HASHED_ASSETS_PREFIX = '/assets/';
const LANDING_FILE = 'landing.html';

/**
 * Serves the built web app with an SPA fallback: any GET that is not a server path and not a
 * file answers index.html. The build writes brotli and gzip siblings of every text asset
 * (scripts/precompress.mjs); the one the browser accepts is sent, with `Vary: Accept-Encoding`.
 * Hashed assets (`/assets/`) are cached for a year as immutable; everything else, index.html
 * included, is revalidated on every use (`no-cache`, answered 304 by ETag when unchanged).
 * An unknown `/assets/` file answers 404, never the SPA: a stale page asking for a chunk of an
 * older build must fail loudly, not parse HTML as JavaScript.
 * `/` answers landing.html when the build wrote it: index.html with a static copy of the
 * landing page, so a first visit paints before any script has run.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasWebBuild = fs.existsSync(indexPath);
  const hasPrerenderedLanding = fs.existsSync(path.join(webDistDir, LANDING_FILE));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The siblings are found beside the file they compress; they are not routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Off: the plugin's own cache header (public, max-age=0) would replace the one set below.
      cacheControl: false,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
        response.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      isServerPath(request.url) ||
      request.url.startsWith(HASHED_ASSETS_PREFIX) ||
      !hasWebBuild ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendRouteNotFound(request, reply);
    }
    const pathname = request.url.split('?')[0];
    return reply.sendFile(pathname === '/' && hasPrerenderedLanding ? LANDING_FILE : 'index.html');
  });
  return hasWebBuild;
}
