import { queryOptions } from '@tanstack/react-query';
import type { SimulatorSendBody, SimulatorThreadReply } from '@agentry/core/meta-dms';
import { apiRequest } from '@/lib/api';

/** The DM simulator's API (loopback only, TEST MODE connections only). */
export const simulatorKey = (connectionId: string, senderId: string) =>
  ['dm-simulator', connectionId, senderId] as const;

export function simulatorThreadQuery(connectionId: string, senderId: string) {
  return queryOptions({
    queryKey: simulatorKey(connectionId, senderId),
    queryFn: ({ signal }) =>
      apiRequest<SimulatorThreadReply>(
        `/api/dev/meta-dms/${encodeURIComponent(connectionId)}/thread?senderId=${encodeURIComponent(senderId)}`,
        { signal, fallbackMessage: 'Failed to load the simulated conversation' },
      ),
  });
}

export function sendSimulatorMessage(connectionId: string, body: SimulatorSendBody) {
  return apiRequest<{ mid: string }>(`/api/dev/meta-dms/${encodeURIComponent(connectionId)}/messages`, {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to send the message',
  });
}
