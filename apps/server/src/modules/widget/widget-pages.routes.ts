import { createHash } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WidgetParams } from '@agentry/core/widget';
import { createWidgetDistReader } from './create-widget-dist-reader';
import { loadPublicWidget } from './load-public-widget';
import { renderWidgetLoader } from './render-widget-loader';
import { renderWidgetMessagePage } from './render-widget-message-page';
import { renderWidgetPage } from './render-widget-page';
import { toBlockLoaderConfig } from './to-block-loader-config';
import { toFrameAncestors } from './to-frame-ancestors';
import { toPublicWidgetSettings } from './to-public-widget-settings';
import { toWidgetLoaderConfig } from './to-widget-loader-config';

const tags = ['widget'];
const NOT_BUILT_MESSAGE = 'The chat widget is not built on this server yet (run npm run build).';
const LoaderQuery = z.object({ widgetId: z.string().max(100).optional() });

function pageSecurityPolicy(frameAncestors: string) {
  return `frame-ancestors ${frameAncestors}; default-src 'self'; img-src * data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; script-src 'self'; base-uri 'none'; object-src 'none'`;
}

function sendHtml(reply: FastifyReply, status: number, html: string, frameAncestors: string) {
  return reply
    .status(status)
    .header('content-security-policy', pageSecurityPolicy(frameAncestors))
    .header('cache-control', 'no-cache')
    .header('cross-origin-resource-policy', 'cross-origin')
    .type('text/html; charset=utf-8')
    .send(html);
}

function sendScript(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', status === 200 ? 'public, max-age=60' : 'no-cache')
    .header('cross-origin-resource-policy', 'cross-origin')
    .type('application/javascript; charset=utf-8')
    .send(body);
}

/**
 * What runs on customers' sites: the iframe page (/widget/:widgetId) with its CSP
 * frame-ancestors from allowedDomains, the loader scripts with the deployed settings baked in,
 * and the app's hashed assets (/widget-assets/, cached for a year, gzip/brotli when accepted).
 */
export async function registerWidgetPageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config } = app.platform;
  const dist = createWidgetDistReader(config.widgetDistDir);
  const ownOrigin = new URL(config.publicUrl).origin;

  await app.register(fastifyStatic, {
    root: dist.assetsDir,
    prefix: '/widget-assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    maxAge: '365d',
    immutable: true,
    setHeaders(response) {
      response.setHeader('vary', 'accept-encoding');
      response.setHeader('cross-origin-resource-policy', 'same-origin');
    },
  });

  app.get('/widget/:widgetId', { schema: { tags, params: WidgetParams, hide: true } }, async (request, reply) => {
    const widget = await loadPublicWidget({ db, widgetId: request.params.widgetId });
    if (!widget) return sendHtml(reply, 404, renderWidgetMessagePage('This chat widget does not exist.'), '*');
    const frameAncestors = toFrameAncestors(widget.settings.allowedDomains);
    const assets = dist.readAssets();
    if (!assets) return sendHtml(reply, 503, renderWidgetMessagePage(NOT_BUILT_MESSAGE), frameAncestors);
    return sendHtml(
      reply,
      200,
      renderWidgetPage({ config: { ...toPublicWidgetSettings(widget), apiBase: '' }, assets }),
      frameAncestors,
    );
  });

  for (const script of ['widget.js', 'widget-professional.js'] as const) {
    app.get(
      `/widget/:widgetId/${script}`,
      { schema: { tags, params: WidgetParams, querystring: LoaderQuery, hide: true } },
      async (request, reply) => {
        const { widgetId } = request.params;
        if (request.query.widgetId !== undefined && request.query.widgetId !== widgetId) {
          return sendScript(
            reply,
            400,
            '/* Agentry chat widget: the widgetId query does not match the script address. */\n',
          );
        }
        const widget = await loadPublicWidget({ db, widgetId });
        if (!widget) return sendScript(reply, 404, '/* Agentry chat widget: 404, no widget with this id. */\n');
        if (widget.isBlock) return sendScript(reply, 404, BLOCK_NOT_WIDGET);
        const loaderSource = dist.readLoader();
        if (!loaderSource) return sendScript(reply, 503, `/* Agentry chat widget: ${NOT_BUILT_MESSAGE} */\n`);
        const template = script === 'widget-professional.js' ? 'professional' : widget.settings.template;
        const body = renderWidgetLoader({
          loaderSource,
          config: toWidgetLoaderConfig({ widget, origin: ownOrigin, template }),
        });
        return sendCachedScript(request.headers['if-none-match'], reply, body);
      },
    );
  }

  // The website block's loader: fills the page's <div data-agentry-block="<widgetId>">.
  app.get(
    '/widget/:widgetId/block.js',
    { schema: { tags, params: WidgetParams, hide: true } },
    async (request, reply) => {
      const widget = await loadPublicWidget({ db, widgetId: request.params.widgetId });
      if (!widget) return sendScript(reply, 404, '/* Agentry website block: 404, no block with this id. */\n');
      if (!widget.isBlock) return sendScript(reply, 404, WIDGET_NOT_BLOCK);
      const loaderSource = dist.readBlockLoader();
      if (!loaderSource) return sendScript(reply, 503, `/* Agentry website block: ${NOT_BUILT_MESSAGE} */\n`);
      const body = renderWidgetLoader({ loaderSource, config: toBlockLoaderConfig({ widget, origin: ownOrigin }) });
      return sendCachedScript(request.headers['if-none-match'], reply, body);
    },
  );
}

const BLOCK_NOT_WIDGET = '/* Agentry chat widget: this id is a website block; embed it with block.js. */\n';
const WIDGET_NOT_BLOCK = '/* Agentry website block: this id is a floating widget; embed it with widget.js. */\n';

/** 200 with an ETag, or 304 when the browser already has this exact script. */
function sendCachedScript(ifNoneMatch: string | undefined, reply: FastifyReply, body: string) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('etag', etag);
  if (ifNoneMatch === etag) return reply.status(304).header('cache-control', 'public, max-age=60').send();
  return sendScript(reply, 200, body);
}
