import { buildApp } from './app';
import { ConfigError, isLoopbackUrl, loadConfig } from './config';

/** The longest a shutdown may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 30_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests, widget answers and running jobs finish (most model calls take seconds);
    // a stuck one cannot hold the process forever. Within a container's usual 30 s grace.
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: app.platform.database.mode,
      queue: app.platform.queue.mode,
      mail: app.platform.mailer.mode,
      devMailbox: config.isDevMailboxEnabled,
    },
    `Agentry is running at ${config.publicUrl}${config.isDevMailboxEnabled ? ` (sign-in links: ${config.publicUrl}/dev/mailbox)` : ''}`,
  );
  if (config.directLoginEmails.length > 0 && !isLoopbackUrl(config.publicUrl))
    app.log.warn(
      { directLoginEmails: config.directLoginEmails },
      'DIRECT_LOGIN_EMAILS is set on a public address: anyone who knows a listed address can sign in as it',
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
