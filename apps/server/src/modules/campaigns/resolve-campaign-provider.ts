import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { createMessagingProvider } from '../channels/create-messaging-provider';
import type { ResolveMessagingProvider } from './run-campaign-job';

/** The connection's messaging provider (Twilio with its credentials, TEST MODE without), from the channels module. */
export function campaignProviderResolver(options: { config: AppConfig; db: Database }): ResolveMessagingProvider {
  return (connection) => createMessagingProvider({ ...options, connection });
}
