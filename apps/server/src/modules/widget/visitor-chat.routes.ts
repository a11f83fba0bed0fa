import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sleep } from '@agentry/core/sleep';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConversationTranscript,
  LiveConversationsReply,
  PublicWidgetSettings,
  VisitorConversationParams,
  VisitorConversationsQuery,
  VisitorTranscriptQuery,
  WidgetChatBody,
  WidgetChatQuery,
  WidgetChatReply,
  WidgetParams,
  type WidgetChatStreamEvent,
} from '@agentry/core/widget';
import { AppError } from '../../platform/http/app-error';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { createClientAbortSignal } from '../llm/client-abort-signal';
import { generateReply, type ReplyStream } from '../llm/generate-reply';
import { startEventStream } from '../llm/sse';
import { toStreamError } from '../llm/to-stream-error';
import { assertWidgetOrigin } from './assert-widget-origin';
import { conversationIdOf, storeWidgetTurn, toWidgetChatReply } from './complete-widget-chat';
import { listConversations } from './list-conversations';
import { getVisitorTranscriptOrThrow } from './get-visitor-transcript';
import { loadPublicWidget } from './load-public-widget';
import { prepareWidgetChatOrThrow, type PreparedWidgetChat } from './prepare-widget-chat';
import { releaseDailyMessage } from './release-daily-message';
import { toPublicWidgetSettings } from './to-public-widget-settings';
import { toClientNetwork } from '../../platform/http/to-client-network';

const tags = ['widget'];
/** How long a shutdown waits for the widget answers being written (within main.ts's thirty seconds). */
const SHUTDOWN_WAIT_MS = 20_000;
const VISITOR_LIST_LIMIT = 50;

function wantsEventStream(stream: string | undefined, accept: string | undefined): boolean {
  return stream === '1' || stream === 'true' || (accept ?? '').includes('text/event-stream');
}

/** What visitors call, without a session (docs/product/widget.md#routes): settings, chat (whole or streamed), their conversations. */
export function registerVisitorChatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache } = app.platform;
  // The iframe's own origins (PUBLIC_URL's is the first of the trusted ones), which always pass the Origin rule.
  const ownOrigins: ReadonlySet<string> = new Set(config.trustedOrigins);

  // Answers being written, whether or not their visitor is still there: a server shutting down
  // waits for them before its database closes, for a while (the other shutdown steps, the campaign
  // and evaluation workers' and the job queue's, come after this one and share the process's
  // thirty seconds).
  const answering = new Set<Promise<unknown>>();
  const whileAnswering = <T>(work: Promise<T>): Promise<T> => {
    answering.add(work);
    const forget = () => answering.delete(work);
    work.then(forget, forget);
    return work;
  };
  root.addHook('preClose', async () => {
    const deadline = Date.now() + SHUTDOWN_WAIT_MS;
    // Again while some are left: one routed before the close may reach its handler meanwhile.
    while (answering.size > 0 && Date.now() < deadline) {
      const settled = new AbortController();
      await Promise.race([
        Promise.allSettled([...answering]).then(() => settled.abort()),
        sleep(deadline - Date.now(), settled.signal).catch(() => undefined),
      ]);
    }
  });

  async function loadPublicWidgetOrThrow(request: FastifyRequest, widgetId: string) {
    const widget = await loadPublicWidget({ db, widgetId });
    if (!widget) throw new AppError('NOT_FOUND', { message: 'Widget not found' });
    assertWidgetOrigin({ request, ownOrigins, allowedDomains: widget.settings.allowedDomains });
    return widget;
  }

  /** A counted message that got no answer is given back; the failure itself is what the visitor sees. */
  async function release(prepared: PreparedWidgetChat, request: FastifyRequest) {
    await releaseDailyMessage({
      db,
      logger: request.log,
      connectionId: prepared.connectionId,
      reservation: prepared.dailyReservation,
    });
  }

  app.get(
    '/api/widget/:widgetId/settings',
    { schema: { tags, params: WidgetParams, response: { 200: PublicWidgetSettings } } },
    async (request, reply) => {
      const widget = await loadPublicWidgetOrThrow(request, request.params.widgetId);
      reply.header('cache-control', 'no-cache');
      return toPublicWidgetSettings(widget);
    },
  );

  app.get(
    '/api/widget/:widgetId/conversations',
    {
      schema: {
        tags,
        params: WidgetParams,
        querystring: VisitorConversationsQuery,
        response: { 200: LiveConversationsReply },
      },
    },
    async (request, reply) => {
      const widget = await loadPublicWidgetOrThrow(request, request.params.widgetId);
      await enforceRateLimit({
        cache,
        key: `widget-list:${widget.connectionId}:${toClientNetwork(request.ip)}`,
        limit: config.widget.ipMessagesPerMinute,
        windowMs: 60_000,
      });
      reply.header('cache-control', 'no-store');
      const contactIdentifier = request.query.contactIdentifier;
      if (!contactIdentifier) return { conversations: [] };
      return {
        conversations: await listConversations({
          db,
          connectionId: widget.connectionId,
          contactIdentifier,
          limit: VISITOR_LIST_LIMIT,
        }),
      };
    },
  );

  app.get(
    '/api/widget/:widgetId/conversations/:threadId',
    {
      schema: {
        tags,
        params: VisitorConversationParams,
        querystring: VisitorTranscriptQuery,
        response: { 200: ConversationTranscript },
      },
    },
    async (request, reply) => {
      const widget = await loadPublicWidgetOrThrow(request, request.params.widgetId);
      await enforceRateLimit({
        cache,
        key: `widget-list:${widget.connectionId}:${toClientNetwork(request.ip)}`,
        limit: config.widget.ipMessagesPerMinute,
        windowMs: 60_000,
      });
      reply.header('cache-control', 'no-store');
      return getVisitorTranscriptOrThrow({
        db,
        connectionId: widget.connectionId,
        conversationId: request.params.threadId,
        contactIdentifier: request.query.contactIdentifier,
      });
    },
  );

  app.post(
    '/api/widget/:widgetId/chat',
    {
      schema: {
        tags,
        description:
          'Whole JSON, or with ?stream=1 / Accept: text/event-stream server-sent events: {type:"delta",text}..., then {type:"done",reply} or {type:"error",error}.',
        params: WidgetParams,
        querystring: WidgetChatQuery,
        body: WidgetChatBody,
        response: { 200: WidgetChatReply },
      },
    },
    (request, reply) =>
      whileAnswering(
        (async () => {
          const { body } = request;
          const prepared = await prepareWidgetChatOrThrow({
            db,
            cache,
            config,
            ownOrigins,
            request,
            widgetId: request.params.widgetId,
            body,
          });
          // A visitor who leaves (another page of the site, a reload) does not cancel the answer: it is
          // written to its end, stored and paid once, and waits for them as unread. Only what is sent
          // to them stops.
          const visitorGone = createClientAbortSignal(reply);
          const gatewayInput = {
            db,
            config,
            logger: request.log,
            agent: prepared.agent,
            source: 'widget' as const,
            ...prepared.gateway,
            turnContext: prepared.turnContext,
            cache,
            // The visitor's turn is stored with the thread's, in one statement, before the answer ends.
            channelTurnOf: storeWidgetTurn({ prepared, body, signal: visitorGone }),
          };

          if (!wantsEventStream(request.query.stream, request.headers.accept)) {
            try {
              const result = await generateReply(gatewayInput);
              // A visitor who left (reloaded) while the answer was written finds it unread later.
              return toWidgetChatReply(prepared, result);
            } catch (error) {
              await release(prepared, request);
              throw error;
            }
          }

          let stream: ReplyStream;
          try {
            stream = await generateReply({ ...gatewayInput, stream: true });
          } catch (error) {
            await release(prepared, request);
            throw error;
          }
          // Where the answer is stored, before any of it: a visitor who leaves mid-answer (a new one
          // included) finds the conversation, and the answer in it, when they come back.
          const events = startEventStream(reply, {
            'x-thread-id': stream.threadId,
            'x-widget-conversation-id': conversationIdOf(prepared),
            // A key the server made (a new visitor); one the client sent, it knows (and may hold bytes
            // a header cannot carry).
            ...(!body.contactIdentifier && !prepared.conversation
              ? { 'x-contact-identifier': prepared.contactIdentifier }
              : {}),
          });
          const send = (event: WidgetChatStreamEvent) => events.send(event);
          try {
            for await (const text of stream.deltas) {
              if (!visitorGone.aborted) send({ type: 'delta', text });
            }
            const result = await stream.result;
            if (!visitorGone.aborted) send({ type: 'done', reply: toWidgetChatReply(prepared, result) });
          } catch (error) {
            await release(prepared, request);
            if (!visitorGone.aborted) send({ type: 'error', error: toStreamError(error, request.log) });
          } finally {
            events.end();
          }
        })(),
      ),
  );
}
