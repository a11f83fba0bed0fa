import type { SupportRequestBody, SupportRequestReply } from '@agentry/core/support';
import { apiRequest } from '@/lib/api';

/** docs/product/support-and-guides.md: POST /api/support, signed in or not. */
export function sendSupportRequest(body: SupportRequestBody) {
  return apiRequest<SupportRequestReply>('/api/support', {
    method: 'POST',
    body,
    silentUnauthorized: true,
    fallbackMessage: 'Failed to send your message. Please try again.',
  });
}
