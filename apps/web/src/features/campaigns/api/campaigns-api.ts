import { queryOptions } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignChannel,
  CampaignOptionsReply,
  CampaignRecipient,
  CampaignSettingsBody,
  CreateCampaignBody,
  ImportReport,
} from '@agentry/core/campaigns';
import { ApiError, apiRequest } from '@/lib/api';
import { describeHttpFailure } from '@agentry/core/error-messages';

const campaignsPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}/campaigns`;
const campaignPath = (subaccountId: string, campaignId: string) =>
  `${campaignsPath(subaccountId)}/${encodeURIComponent(campaignId)}`;

export type CampaignDetail = Campaign & { importReport: ImportReport | null };
export type CampaignReplyThread = {
  contactId: string;
  address: string;
  firstName: string | null;
  messages: { role: 'user' | 'assistant' | 'human' | 'campaign'; content: string; createdAt: string }[];
};

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (subaccountId: string, channel: CampaignChannel) => ['campaigns', subaccountId, channel] as const,
  options: (subaccountId: string) => ['campaigns', subaccountId, 'options'] as const,
  detail: (subaccountId: string, campaignId: string) => ['campaigns', subaccountId, 'detail', campaignId] as const,
  recipients: (subaccountId: string, campaignId: string, offset: number) =>
    ['campaigns', subaccountId, 'detail', campaignId, 'recipients', offset] as const,
  replies: (subaccountId: string, campaignId: string) =>
    ['campaigns', subaccountId, 'detail', campaignId, 'replies'] as const,
};

export function campaignsQuery(subaccountId: string, channel: CampaignChannel) {
  return queryOptions({
    queryKey: campaignKeys.list(subaccountId, channel),
    queryFn: ({ signal }) =>
      apiRequest<{ campaigns: Campaign[] }>(`${campaignsPath(subaccountId)}?channel=${channel}`, {
        signal,
        fallbackMessage: 'Failed to load campaigns',
      }),
  });
}

export function campaignOptionsQuery(subaccountId: string) {
  return queryOptions({
    queryKey: campaignKeys.options(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<CampaignOptionsReply>(`/api/subaccounts/${encodeURIComponent(subaccountId)}/campaign-options`, {
        signal,
        fallbackMessage: 'Failed to load connections',
      }),
  });
}

export function campaignQuery(subaccountId: string, campaignId: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(subaccountId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<CampaignDetail>(campaignPath(subaccountId, campaignId), {
        signal,
        fallbackMessage: 'Failed to load the campaign',
      }),
  });
}

export function recipientsQuery(subaccountId: string, campaignId: string, offset: number) {
  return queryOptions({
    queryKey: campaignKeys.recipients(subaccountId, campaignId, offset),
    queryFn: ({ signal }) =>
      apiRequest<{ recipients: CampaignRecipient[]; total: number }>(
        `${campaignPath(subaccountId, campaignId)}/recipients?offset=${offset}&limit=50`,
        { signal, fallbackMessage: 'Failed to load recipients' },
      ),
  });
}

export function repliesQuery(subaccountId: string, campaignId: string) {
  return queryOptions({
    queryKey: campaignKeys.replies(subaccountId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<{ replies: CampaignReplyThread[] }>(`${campaignPath(subaccountId, campaignId)}/replies`, {
        signal,
        fallbackMessage: 'Failed to load replies',
      }),
  });
}

export function createCampaign(subaccountId: string, body: CreateCampaignBody) {
  return apiRequest<Campaign>(campaignsPath(subaccountId), {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to create the campaign',
  });
}

export function updateCampaign(subaccountId: string, campaignId: string, body: CampaignSettingsBody) {
  return apiRequest<Campaign>(campaignPath(subaccountId, campaignId), {
    method: 'PATCH',
    body,
    fallbackMessage: 'Failed to save the campaign',
  });
}

export function deleteCampaign(subaccountId: string, campaignId: string) {
  return apiRequest<null>(campaignPath(subaccountId, campaignId), {
    method: 'DELETE',
    fallbackMessage: 'Failed to delete the campaign',
  });
}

export function startCampaign(subaccountId: string, campaignId: string) {
  return apiRequest<Campaign>(`${campaignPath(subaccountId, campaignId)}/start`, {
    method: 'POST',
    fallbackMessage: 'Failed to start the campaign',
  });
}

export function stopCampaign(subaccountId: string, campaignId: string) {
  return apiRequest<Campaign>(`${campaignPath(subaccountId, campaignId)}/stop`, {
    method: 'POST',
    fallbackMessage: 'Failed to stop the campaign',
  });
}

export function addContactRecipients(subaccountId: string, campaignId: string) {
  return apiRequest<ImportReport>(`${campaignPath(subaccountId, campaignId)}/recipients/contacts`, {
    method: 'POST',
    fallbackMessage: 'Failed to add the contacts',
  });
}

/** Uploads the file itself as text/csv: the server reads it as a stream. */
export async function uploadRecipientsCsv(options: {
  subaccountId: string;
  campaignId: string;
  file: File;
  phoneColumn: string;
  firstNameColumn: string | null;
  defaultCountry: string;
}): Promise<ImportReport> {
  const query = new URLSearchParams({ phoneColumn: options.phoneColumn, defaultCountry: options.defaultCountry });
  if (options.firstNameColumn) query.set('firstNameColumn', options.firstNameColumn);
  const response = await fetch(`${campaignPath(options.subaccountId, options.campaignId)}/recipients/csv?${query}`, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', 'content-type': 'text/csv' },
    body: options.file,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = text;
  }
  if (response.ok) return body as ImportReport;
  const failure = describeHttpFailure({ status: response.status, body, fallback: 'Failed to import the CSV file' });
  throw new ApiError({ status: response.status, body, message: failure.message, kind: failure.kind });
}
