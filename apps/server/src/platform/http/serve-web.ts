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

/**
 * Serves the built web app with an SPA fallback: any GET that is not a server path and not a
 * file answers index.html. Hashed assets are cached for a year; index.html never.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasWebBuild = fs.existsSync(indexPath);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(response, filePath) {
        response.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isServerPath(request.url) || !hasWebBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendRouteNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return hasWebBuild;
}
