import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckEmbeddableBody,
  CheckEmbeddableReply,
  CreateDemoBody,
  Demo,
  DemoChatBody,
  DemoChatQuery,
  DemoChatReply,
  DemoParams,
  ListDemosReply,
  OpenRouterChatBody,
  PublicDemo,
  SubaccountDemosParams,
  UpdateDemoBody,
} from '@agentry/core/demos';
import { AppError } from '../../platform/http/app-error';
import { sendRouteNotFound } from '../../platform/http/error-handler';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { toClientNetwork } from '../../platform/http/to-client-network';
import { loadOptionalSession, requirePermission, requireSession, signedInUser } from '../auth/guards';
import { createClientAbortSignal } from '../llm/client-abort-signal';
import { answerDemoChat, type DemoChatInput } from './answer-demo-chat';
import { checkEmbeddable } from './check-embeddable';
import { createDemo } from './create-demo';
import { deleteDemo } from './delete-demo';
import { getDemoForMemberOrThrow } from './get-demo-for-member-or-throw';
import { listDemos } from './list-demos';
import { loadDemoRow } from './load-demo-row';
import { renderSharedDemoHtml } from './render-shared-demo-html';
import { toDemo } from './to-demo';
import { toPublicDemo } from './to-public-demo';
import { updateDemo } from './update-demo';

const tags = ['demos'];
const WINDOW_MS = 60_000;
const EMBED_CHECK_ONLY_OWN_URL = "Only the demo's own background website can be checked.";

/**
 * Demos: the creator API (session + membership), the public shared-demo API for anonymous
 * visitors (rate limited per client network), the demo chat calls, the embed check, and the shared page's
 * Open Graph tags. See docs/decisions/demos-server.md.
 */
export function registerDemoRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache } = app.platform;
  const perMinute = config.demos.visitorRateLimitPerMinute;
  // Per client network (IPv6: per /64), so walking through one subscriber's addresses does not reset the count.
  const limitVisitor = (request: FastifyRequest, scope: string, factor = 1) =>
    enforceRateLimit({
      cache,
      key: `demo-${scope}:${toClientNetwork(request.ip)}`,
      limit: perMinute * factor,
      windowMs: WINDOW_MS,
    });
  // Both chat forms (demo-chat and the sms demo's OpenRouter form): rate limit, demoId required, one turn.
  const answerVisitorTurn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    demoId: string | undefined,
    turn: Omit<DemoChatInput, 'demoId'>,
  ) => {
    await limitVisitor(request, 'chat');
    if (!demoId) throw new AppError('VALIDATION_ERROR', { message: 'demoId is required' });
    return answerDemoChat({
      db,
      config,
      logger: request.log,
      signal: createClientAbortSignal(reply),
      input: { demoId, ...turn },
    });
  };

  // --- creators -----------------------------------------------------------------------------

  app.get(
    '/api/subaccounts/:subaccountId/demos',
    {
      preValidation: requirePermission('demo.read'),
      schema: { tags, params: SubaccountDemosParams, response: { 200: ListDemosReply } },
    },
    async (request) => ({ demos: await listDemos({ db, subaccountId: request.params.subaccountId }) }),
  );

  app.post(
    '/api/subaccounts/:subaccountId/demos',
    {
      preValidation: requirePermission('demo.create'),
      schema: { tags, params: SubaccountDemosParams, body: CreateDemoBody, response: { 201: Demo } },
    },
    async (request, reply) => {
      const created = await createDemo({
        db,
        subaccountId: request.params.subaccountId,
        userId: signedInUser(request).id,
        body: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/demos/:demoId',
    { preHandler: requireSession, schema: { tags, params: DemoParams, response: { 200: Demo } } },
    async (request) => {
      const { row, agentRow } = await getDemoForMemberOrThrow({
        db,
        demoId: request.params.demoId,
        userId: signedInUser(request).id,
        action: 'demo.read',
      });
      return toDemo(row, agentRow);
    },
  );

  app.patch(
    '/api/demos/:demoId',
    { preHandler: requireSession, schema: { tags, params: DemoParams, body: UpdateDemoBody, response: { 200: Demo } } },
    async (request) => {
      const current = await getDemoForMemberOrThrow({
        db,
        demoId: request.params.demoId,
        userId: signedInUser(request).id,
        action: 'demo.update',
      });
      return updateDemo({ db, current, body: request.body });
    },
  );

  app.delete(
    '/api/demos/:demoId',
    { preHandler: requireSession, schema: { tags, params: DemoParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { row } = await getDemoForMemberOrThrow({
        db,
        demoId: request.params.demoId,
        userId: signedInUser(request).id,
        action: 'demo.delete',
      });
      await deleteDemo({ db, subaccountId: row.subaccountId, demoId: row.id });
      return reply.status(204).send(null);
    },
  );

  // --- anonymous visitors -------------------------------------------------------------------

  app.get(
    '/api/shared-demos/:demoId',
    { schema: { tags, params: DemoParams, response: { 200: PublicDemo } } },
    async (request, reply) => {
      // Page loads and polling of the counter: a looser limit than chatting.
      await limitVisitor(request, 'shared', 4);
      const found = await loadDemoRow({ db, demoId: request.params.demoId });
      if (!found) throw new AppError('DEMO_NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return toPublicDemo(found.row, found.agentRow);
    },
  );

  app.post(
    '/api/demo-chat',
    {
      schema: {
        tags,
        description:
          'A visitor turn of a demo. demoId in the body or as ?demoId= (the widget form). Answers every spelling: response/message/content, threadId/thread_id, widgetConversationThreadId.',
        querystring: DemoChatQuery,
        body: DemoChatBody,
        response: { 200: DemoChatReply },
      },
    },
    async (request, reply) => {
      const { body } = request;
      return answerVisitorTurn(request, reply, body.demoId ?? request.query.demoId, {
        message: body.message,
        threadId: body.threadId ?? body.thread_id ?? body.widgetConversationThreadId ?? null,
        history: body.history ?? body.messages,
      });
    },
  );

  app.post(
    '/api/openrouter/chat',
    {
      schema: {
        tags,
        description:
          "The sms demo's OpenRouter form. demoId (body or ?demoId=) is required and build_id must be that demo's agent: an agent id alone never opens a chat.",
        querystring: DemoChatQuery,
        body: OpenRouterChatBody,
        response: { 200: DemoChatReply },
      },
    },
    async (request, reply) => {
      const { body } = request;
      return answerVisitorTurn(request, reply, body.demoId ?? request.query.demoId, {
        message: body.message,
        threadId: body.thread_id ?? body.threadId ?? null,
        history: body.messages ?? body.history,
        expectedAgentId: body.build_id,
      });
    },
  );

  app.post(
    '/api/check-embeddable',
    {
      preHandler: loadOptionalSession,
      schema: {
        tags,
        description:
          "Whether a website may be framed behind a demo. Signed-in users may check any public URL; anonymous visitors only a demo's own background website (send demoId).",
        body: CheckEmbeddableBody,
        response: { 200: CheckEmbeddableReply },
      },
    },
    async (request) => {
      const userId = request.signedIn?.user.id;
      await enforceRateLimit({
        cache,
        key: `demo-embed-check:${userId ?? toClientNetwork(request.ip)}`,
        limit: perMinute,
        windowMs: WINDOW_MS,
      });
      let url = request.body.url;
      if (request.body.demoId) {
        const found = await loadDemoRow({ db, demoId: request.body.demoId });
        if (!found) throw new AppError('DEMO_NOT_FOUND');
        const backgroundUrl = found.row.settings.backgroundUrl;
        if (!userId && url !== undefined && url !== backgroundUrl)
          throw new AppError('FORBIDDEN', { message: EMBED_CHECK_ONLY_OWN_URL });
        url ??= backgroundUrl;
        if (!url) return { embeddable: false, reason: 'This demo has no background website.' };
      } else if (!userId) {
        throw new AppError('UNAUTHORIZED');
      }
      if (!url) throw new AppError('VALIDATION_ERROR', { message: 'Enter a web address' });
      return checkEmbeddable({
        url,
        embedderOrigin: config.publicUrl,
        guard: { allowLoopback: config.llm.allowLoopbackUrls },
      });
    },
  );

  // --- the shared page: demo.html with Open Graph tags and the demo --------------------------

  // The demo's own page (the demo without the app); index.html, the app, where a build has none.
  // Read once, when first asked for: a web build is followed by a restart (the pages' script hashes
  // are read at start-up too).
  const pagePaths = ['demo.html', 'index.html'].map((file) => path.join(config.webDistDir, file));
  const findPage = async () => {
    for (const pagePath of pagePaths) {
      const html = await fs.readFile(pagePath, 'utf8').catch(() => null);
      if (html !== null) return html;
    }
    return null;
  };
  let page: Promise<string | null> | undefined;
  const readPage = () =>
    (page ??= findPage().then((html) => {
      // No page built yet: look again next time.
      if (html === null) page = undefined;
      return html;
    }));
  app.get('/shared/:demoId', { schema: { hide: true, params: DemoParams } }, async (request, reply) => {
    const pageHtml = await readPage();
    if (pageHtml === null) return sendRouteNotFound(request, reply);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const found = await limitVisitor(request, 'shared', 4)
      .then(() => loadDemoRow({ db, demoId: request.params.demoId }))
      .catch((error: unknown) => {
        // A page is never refused: without the card and the demo it asks the API itself.
        request.log.info({ err: error }, 'shared demo page served without its card');
        return null;
      });
    // An unknown demo gets the page as built: it asks the API and shows "not found".
    if (!found) return reply.send(pageHtml);
    const pageUrl = `${config.publicUrl}/shared/${encodeURIComponent(found.row.id)}`;
    const demo = toSentDemo(found);
    if (!demo) {
      request.log.warn(
        { demoId: found.row.id },
        'shared demo page served without its card: the demo does not fit its schema',
      );
      return reply.send(pageHtml);
    }
    return reply.send(renderSharedDemoHtml({ pageHtml, demo, pageUrl }));
  });
}

/**
 * The demo a shared page carries: exactly what GET /api/shared-demos/:demoId answers (its schema
 * keeps nothing else). Null for a stored demo that no longer fits it: its page goes out as built,
 * and asks the API, which says what is wrong.
 */
function toSentDemo(found: NonNullable<Awaited<ReturnType<typeof loadDemoRow>>>): PublicDemo | null {
  try {
    const parsed = PublicDemo.safeParse(toPublicDemo(found.row, found.agentRow));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
