import { AppError } from '../../platform/http/app-error';
import type { ResolveMessagingProvider } from './run-campaign-job';

/** The connection's messaging provider (Twilio or TEST MODE), from the channels module. */
export const resolveCampaignProvider: ResolveMessagingProvider = () => {
  throw new AppError('SMS_SEND_FAILED', { message: 'No messaging provider is configured.' });
};
