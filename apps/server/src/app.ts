import Fastify, { type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { setOperatorModelPrices } from '@agentry/core/llm';
import { toFastifyTrustProxy, type AppConfig } from './config';
import { registerAccountRoutes } from './modules/accounts/accounts.routes';
import { registerAgentRoutes } from './modules/agents/agents.routes';
import { registerAgentVersionRoutes } from './modules/agents/agent-versions.routes';
import { startAgentBuildWorker } from './modules/agents/run-agent-build-job';
import { registerTestChatRoutes } from './modules/agents/test-chat.routes';
import { registerDemoRoutes } from './modules/demos/demos.routes';
import { registerProviderKeyRoutes } from './modules/llm/provider-keys.routes';
import { registerApiKeyRoutes } from './modules/public-api/api-keys.routes';
import { registerChatCompletionRoutes } from './modules/public-api/chat-completions.routes';
import { registerWebhookRoutes } from './modules/public-api/webhook.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerBilling } from './modules/billing/register-billing';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerMarketplaceRoutes } from './modules/marketplace/marketplace.routes';
import { registerSupportRoutes } from './modules/support/support.routes';
import { registerEvaluationRoutes } from './modules/evaluation/evaluation.routes';
import { registerOptimizeRoutes } from './modules/optimize/optimize.routes';
import { startEvaluationWorker } from './modules/evaluation/run/start-evaluation-worker';
import { registerTeamRoutes } from './modules/team/team.routes';
import { registerWidgetRoutes } from './modules/widget/widget.routes';
import { registerMetaDmRoutes } from './modules/meta-dms/meta-dms.routes';
import { registerSmsRoutes } from './modules/channels/sms.routes';
import { registerDevPhoneRoutes } from './modules/channels/dev-phone.routes';
import { registerCampaignRoutes } from './modules/campaigns/campaigns.routes';
import { campaignProviderResolver } from './modules/campaigns/resolve-campaign-provider';
import { startCampaignWorker } from './modules/campaigns/start-campaign-worker';
import { startHoldSweeper } from './modules/credits/start-hold-sweeper';
import { createAuth, type AuthService } from './modules/auth/create-auth';
import { releaseIdleAuthStorages } from './modules/auth/release-idle-storages';
import { registerDevMailboxRoutes } from './modules/auth/dev-mailbox.routes';
import { moveGuardsBeforeValidation } from './modules/auth/guards';
import { registerSignInMethodsRoutes } from './modules/auth/sign-in-methods.routes';
import { APP_VERSION, registerHealthRoutes } from './modules/health/health.routes';
import type { DatabaseHandle } from './platform/db/database';
import { createSupportId, handleFrameworkError, registerErrorHandling } from './platform/http/error-handler';
import { registerPageSecurityHeaders } from './platform/http/page-security-headers';
import { registerCrossSiteCheck } from './platform/http/reject-cross-site-writes';
import { registerMalformedTextCheck } from './platform/http/reject-malformed-text';
import { registerWebApp } from './platform/http/serve-web';
import { createPlatform, type Platform } from './platform/platform';

declare module 'fastify' {
  // Declaration merging is the reason for an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    platform: Platform;
    authService: AuthService;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  /** A database opened by the caller (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  serveWeb?: boolean;
};

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  // The operator's prices (LLM_MODEL_PRICES) join the price table before any call is priced.
  setOperatorModelPrices(config.llm.modelPrices);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: () => createSupportId().slice(0, 16),
    frameworkErrors: handleFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const platform = await createPlatform({ config, logger: app.log, database: options.database });
  app.decorate('platform', platform);
  app.decorate('authService', createAuth({ config, db: platform.database.db, mailer: platform.mailer }));
  // Before any auth call: the paths that never touch auth keep no async-context hooks.
  await releaseIdleAuthStorages();
  app.decorateRequest('signedIn', null);
  app.addHook('onClose', () => platform.close());

  registerErrorHandling(app);
  moveGuardsBeforeValidation(app);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    done(null, payload);
  });
  registerPageSecurityHeaders(app, { webDistDir: config.webDistDir });
  registerCrossSiteCheck(app, config);
  registerMalformedTextCheck(app);
  // Bodies are JSON: a text/plain body is what a cross-site HTML form can send without a preflight.
  app.removeContentTypeParser('text/plain');

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Agentry API',
        version: APP_VERSION,
        description: 'The API of the Agentry platform. Errors answer { error: { code, message, support_id } }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerSignInMethodsRoutes(app);
  registerAccountRoutes(app);
  registerTeamRoutes(app);
  registerProviderKeyRoutes(app);
  registerAgentRoutes(app);
  registerAgentVersionRoutes(app);
  registerTestChatRoutes(app);
  registerDemoRoutes(app);
  registerApiKeyRoutes(app);
  registerChatCompletionRoutes(app);
  registerWebhookRoutes(app);
  startAgentBuildWorker({
    db: platform.database.db,
    config,
    logger: app.log,
    queue: platform.queue,
    cache: platform.cache,
  });
  startHoldSweeper(app);
  await registerBilling(app);
  await registerMarketplaceRoutes(app);
  registerSupportRoutes(app);
  await registerFileRoutes(app);
  await registerWidgetRoutes(app);
  await registerMetaDmRoutes(app);
  await registerSmsRoutes(app);
  registerEvaluationRoutes(app);
  startEvaluationWorker(app);
  registerOptimizeRoutes(app);
  registerCampaignRoutes(app);
  startCampaignWorker(app, {
    resolveProvider: campaignProviderResolver({ config, db: platform.database.db }),
  });
  if (config.isDevMailboxEnabled) registerDevMailboxRoutes(app);
  if (config.sms.isPhoneSimulatorEnabled) registerDevPhoneRoutes(app);

  await registerWebApp(app, options.serveWeb === false ? '/nonexistent' : config.webDistDir);
  return app;
}
