import type { CampaignChannel, CampaignCounts, CampaignStatus } from '@agentry/core/campaigns';

export const channelLabels: Record<CampaignChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

export const statusLabels: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused (quiet hours)',
  completed: 'Completed',
  stopped: 'Stopped',
};

export const statusVariants: Record<
  CampaignStatus,
  'default' | 'pending' | 'active' | 'inactive' | 'success' | 'warning'
> = {
  draft: 'default',
  scheduled: 'pending',
  sending: 'active',
  paused: 'warning',
  completed: 'success',
  stopped: 'inactive',
};

/** Statuses whose numbers still move: the page polls while one is shown. */
export function isCampaignLive(status: CampaignStatus) {
  return status === 'sending' || status === 'paused' || status === 'scheduled';
}

/** Share of recipients handled (sent, failed or skipped), 0-100. */
export function progressPercent(counts: CampaignCounts) {
  if (counts.total === 0) return 0;
  return Math.round(((counts.total - counts.queued) / counts.total) * 100);
}

export const countLabels: { key: keyof Omit<CampaignCounts, 'total'>; label: string }[] = [
  { key: 'queued', label: 'Queued' },
  { key: 'sent', label: 'Sent' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'failed', label: 'Failed' },
  { key: 'replied', label: 'Replied' },
  { key: 'optedOut', label: 'Opted out' },
];

export function campaignsBasePath(subaccountId: string, channel: CampaignChannel) {
  return `/${encodeURIComponent(subaccountId)}/${channel}/campaigns`;
}

export function formatDateTime(iso: string | null) {
  if (!iso) return '';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The browser's time zone, the default of a scheduled start. */
export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function listTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', browserTimeZone(), ...supported])];
}

export const recipientStateLabels: Record<string, string> = {
  queued: 'Queued',
  claimed: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped (opted out)',
};
