import { queryOptions } from '@tanstack/react-query';
import type {
  ChannelConversationSummary,
  ChannelTranscript,
  CreateSmsConnectionBody,
  DevPhoneReply,
  SmsConnection,
  SmsSettings,
  UpdateSmsConnectionBody,
  UpdateSmsSettingsBody,
} from '@agentry/core/sms';
import { DEFAULT_SMS_SETTINGS } from '@agentry/core/sms';
import { ApiError, apiRequest } from '@/lib/api';

const subaccountPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}`;

export const smsKeys = {
  settings: (subaccountId: string) => ['sms', subaccountId, 'settings'] as const,
  connections: (subaccountId: string) => ['sms', subaccountId, 'connections'] as const,
  conversations: (subaccountId: string) => ['sms', subaccountId, 'conversations'] as const,
  transcript: (conversationId: string) => ['sms', 'conversation', conversationId] as const,
  phone: ['dev', 'phone'] as const,
};

/** GET /api/sms/:connectId/settings; 401 and 404 fall back to the defaults silently. */
export function smsSettingsQuery(subaccountId: string) {
  return queryOptions({
    queryKey: smsKeys.settings(subaccountId),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<SmsSettings>(`/api/sms/${encodeURIComponent(subaccountId)}/settings`, {
          signal,
          silentUnauthorized: true,
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return DEFAULT_SMS_SETTINGS;
        throw error;
      }
    },
  });
}

export function saveSmsSettings(subaccountId: string, body: UpdateSmsSettingsBody) {
  return apiRequest<SmsSettings>(`/api/sms/${encodeURIComponent(subaccountId)}/settings`, {
    method: 'PATCH',
    body,
    fallbackMessage: 'Failed to save the SMS settings',
  });
}

export function smsConnectionsQuery(subaccountId: string) {
  return queryOptions({
    queryKey: smsKeys.connections(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<{ connections: SmsConnection[] }>(`${subaccountPath(subaccountId)}/sms-connections`, {
        signal,
        fallbackMessage: 'Failed to load the SMS connections',
      }),
  });
}

export function createSmsConnection(subaccountId: string, body: CreateSmsConnectionBody) {
  return apiRequest<SmsConnection>(`${subaccountPath(subaccountId)}/sms-connections`, {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to create the connection',
  });
}

export function updateSmsConnection(connectionId: string, body: UpdateSmsConnectionBody) {
  return apiRequest<SmsConnection>(`/api/sms-connections/${encodeURIComponent(connectionId)}`, {
    method: 'PATCH',
    body,
    fallbackMessage: 'Failed to save the connection',
  });
}

export function deleteSmsConnection(connectionId: string) {
  return apiRequest<null>(`/api/sms-connections/${encodeURIComponent(connectionId)}`, {
    method: 'DELETE',
    fallbackMessage: 'Failed to delete the connection',
  });
}

export function testSmsConnection(connectionId: string) {
  return apiRequest<{ ok: true; mode: 'twilio' | 'test' }>(
    `/api/sms-connections/${encodeURIComponent(connectionId)}/test`,
    { method: 'POST', fallbackMessage: 'The connection test failed' },
  );
}

export function channelConversationsQuery(subaccountId: string) {
  return queryOptions({
    queryKey: smsKeys.conversations(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<{ conversations: ChannelConversationSummary[] }>(
        `${subaccountPath(subaccountId)}/channel-conversations`,
        { signal, fallbackMessage: 'Failed to load conversations' },
      ),
  });
}

export function channelTranscriptQuery(conversationId: string) {
  return queryOptions({
    queryKey: smsKeys.transcript(conversationId),
    queryFn: ({ signal }) =>
      apiRequest<ChannelTranscript>(`/api/channel-conversations/${encodeURIComponent(conversationId)}`, {
        signal,
        fallbackMessage: 'Failed to load the conversation',
      }),
  });
}

export function devPhoneQuery() {
  return queryOptions({
    queryKey: smsKeys.phone,
    queryFn: ({ signal }) =>
      apiRequest<DevPhoneReply>('/api/dev/phone', { signal, fallbackMessage: 'Failed to load the phone simulator' }),
  });
}

export function sendFromDevPhone(body: {
  connectionId: string;
  channel: 'sms' | 'whatsapp';
  from: string;
  body: string;
}) {
  return apiRequest<{ messageSid: string }>('/api/dev/phone/send', {
    method: 'POST',
    body,
    fallbackMessage: 'The message could not be sent',
  });
}
