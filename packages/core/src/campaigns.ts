import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// SMS and WhatsApp campaigns: statuses, limits, the API's request and reply schemas, message
// variables and quiet hours. Rules: docs/product/channels.md#campaigns.

export const campaignChannels = ['sms', 'whatsapp'] as const;
export const CampaignChannel = z.enum(campaignChannels);
export type CampaignChannel = z.infer<typeof CampaignChannel>;

/**
 * draft: being set up; scheduled: waits for its start time; sending: the sender works through
 * its recipients; paused: inside its quiet hours, resumes by itself when they end; completed:
 * every recipient was handled; stopped: the user pressed Stop Campaign.
 */
export const campaignStatuses = ['draft', 'scheduled', 'sending', 'paused', 'completed', 'stopped'] as const;
export const CampaignStatus = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** A campaign that will never send again. */
export function isCampaignFinished(status: CampaignStatus): boolean {
  return status === 'completed' || status === 'stopped';
}

/**
 * One recipient's state: queued -> claimed (committed before the provider call) -> sent,
 * failed or skipped (opted out before its turn).
 */
export const recipientStates = ['queued', 'claimed', 'sent', 'failed', 'skipped'] as const;
export const RecipientState = z.enum(recipientStates);
export type RecipientState = z.infer<typeof RecipientState>;

export const campaignLimits = {
  nameMaxChars: 120,
  messageMaxChars: 1600,
  csvMaxRows: 50_000,
  /** A CSV upload's size, in bytes (50,000 rows of a few columns). */
  csvMaxBytes: 20 * 1024 * 1024,
  sendRateMin: 1,
  sendRateMax: 100,
  sendRateDefault: 10,
  /** Rows of each kind listed in an import report (the counts are always complete). */
  reportRowsMax: 100,
} as const;

export const campaignMessages = {
  nameRequired: 'Please enter a campaign name',
  messageRequired: 'Please enter a message',
  contentSidRequired: 'Please enter the Content SID of an approved WhatsApp template',
  noRecipients: 'Add recipients before starting the campaign',
  notDraft: 'Only a draft campaign can be changed',
  phoneColumnRequired: 'Choose the column that holds the phone numbers',
  tooManyRows: `A CSV file can hold up to ${campaignLimits.csvMaxRows.toLocaleString('en-US')} rows`,
  emptyCsv: 'The CSV file has no rows',
  scheduleInPast: 'Choose a start time in the future',
  connectionRequired: 'Choose a connection',
} as const;

const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the HH:MM format');

export const QuietHours = z.object({ start: TimeOfDay, end: TimeOfDay });
export type QuietHours = z.infer<typeof QuietHours>;

const TimeZone = z.string().refine(isValidTimeZone, 'Unknown time zone');

export const CampaignSettingsBody = z.object({
  name: z.string().trim().min(1, campaignMessages.nameRequired).max(campaignLimits.nameMaxChars),
  connectionId: z.string().min(1, campaignMessages.connectionRequired),
  agentId: z.string().min(1).nullable().default(null),
  /** SMS text, or the WhatsApp template's preview text; `{{firstName}}` and any CSV column. */
  messageTemplate: z.string().max(campaignLimits.messageMaxChars).default(''),
  /** WhatsApp: the approved template (Twilio Content SID) and its numbered variables as templates. */
  contentSid: z
    .string()
    .trim()
    .regex(/^HX[0-9a-fA-F]{32}$/, 'A Content SID starts with HX and has 32 hex digits')
    .nullable()
    .default(null),
  contentVariables: z.record(z.string().regex(/^\d{1,2}$/), z.string().max(500)).default({}),
  /** null: start as soon as the campaign is started. Otherwise a local time in `timeZone`. */
  scheduledAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time')
    .nullable()
    .default(null),
  timeZone: TimeZone.default('UTC'),
  quietHours: QuietHours.nullable().default(null),
  sendRate: z.number().int().min(campaignLimits.sendRateMin).max(campaignLimits.sendRateMax).default(10),
});
export type CampaignSettingsBody = z.infer<typeof CampaignSettingsBody>;

export const CreateCampaignBody = CampaignSettingsBody.extend({ channel: CampaignChannel });
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>;

export const CampaignCounts = z.object({
  total: z.number(),
  queued: z.number(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  replied: z.number(),
  optedOut: z.number(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

export const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  channel: CampaignChannel,
  connectionId: z.string(),
  connectionName: z.string(),
  agentId: z.string().nullable(),
  messageTemplate: z.string(),
  contentSid: z.string().nullable(),
  contentVariables: z.record(z.string(), z.string()),
  scheduledAt: z.string().nullable(),
  timeZone: z.string(),
  quietHours: QuietHours.nullable(),
  sendRate: z.number(),
  status: CampaignStatus,
  /** CSV columns imported, offered as variables. */
  variables: z.array(z.string()),
  startAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  counts: CampaignCounts,
});
export type Campaign = z.infer<typeof Campaign>;

export const ListCampaignsQuery = z.object({ channel: CampaignChannel });
export const ListCampaignsReply = z.object({ campaigns: z.array(Campaign) });

export const CampaignOptionsReply = z.object({
  connections: z.array(
    z.object({ id: z.string(), name: z.string(), agentId: z.string().nullable(), isTestMode: z.boolean() }),
  ),
  agents: z.array(z.object({ id: z.string(), name: z.string() })),
  contactCounts: z.object({ sms: z.number(), whatsapp: z.number() }),
});
export type CampaignOptionsReply = z.infer<typeof CampaignOptionsReply>;

export const ImportCsvQuery = z.object({
  phoneColumn: z.string().min(1, campaignMessages.phoneColumnRequired),
  firstNameColumn: z.string().optional(),
  /** Numbers without a country code are read in this country (ISO 3166 alpha-2). */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US'),
});
export type ImportCsvQuery = z.infer<typeof ImportCsvQuery>;

export const ImportReportRow = z.object({ row: z.number(), value: z.string() });
export const ImportReport = z.object({
  totalRows: z.number(),
  added: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  optedOut: z.number(),
  invalidRows: z.array(ImportReportRow),
  duplicateRows: z.array(ImportReportRow),
  optedOutRows: z.array(ImportReportRow),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const CampaignRecipient = z.object({
  id: z.string(),
  contactId: z.string(),
  address: z.string(),
  variables: z.record(z.string(), z.string()),
  state: RecipientState,
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveryStatus: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof CampaignRecipient>;

export const ListRecipientsQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ListRecipientsReply = z.object({ recipients: z.array(CampaignRecipient), total: z.number() });

export const CampaignReply = z.object({
  contactId: z.string(),
  address: z.string(),
  firstName: z.string().nullable(),
  messages: z.array(
    z.object({
      role: z.enum(['user', 'assistant', 'human', 'campaign']),
      content: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export const ListCampaignRepliesReply = z.object({ replies: z.array(CampaignReply) });

// ---------------------------------------------------------------------------------------------
// Message variables

const VARIABLE_PATTERN = /\{\{\s*([A-Za-z0-9_ .-]+?)\s*\}\}/g;

/** The variable names a template uses. */
export function listTemplateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(VARIABLE_PATTERN)].map((match) => match[1] ?? ''))];
}

/** Fills `{{name}}` from the contact's variables; a missing one becomes empty text. */
export function renderCampaignMessage(template: string, variables: Record<string, string>): string {
  return template.replace(VARIABLE_PATTERN, (_, name: string) => variables[name] ?? '').trim();
}

/** WhatsApp template variables ({"1": "{{firstName}}"}) filled for one contact. */
export function renderContentVariables(
  templates: Record<string, string>,
  variables: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(templates).map(([key, value]) => [key, renderCampaignMessage(value, variables)]),
  );
}

// ---------------------------------------------------------------------------------------------
// Time zones, schedules and quiet hours

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of `date` in `timeZone`. */
function wallClock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The instant of a local date and time ('2026-12-01T09:30') in `timeZone`. */
export function zonedTimeToDate(local: string, timeZone: string): Date {
  const [datePart = '', timePart = ''] = local.split('T');
  const [year = 0, month = 1, day = 1] = datePart.split('-').map(Number);
  const [hour = 0, minute = 0] = timePart.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the offset at the guess can differ from the offset at the answer around a DST change.
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    guess += asUtc - seenAsUtc;
  }
  return new Date(guess);
}

const toMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * When quiet hours hold at `now` in `timeZone`, the instant they end; otherwise null. Quiet
 * hours may cross midnight (21:00-08:00); equal start and end mean none.
 */
export function quietHoursEndAt(now: Date, quietHours: QuietHours | null, timeZone: string): Date | null {
  if (!quietHours) return null;
  const start = toMinutes(quietHours.start);
  const end = toMinutes(quietHours.end);
  if (start === end) return null;
  const clock = wallClock(now, timeZone);
  const minute = clock.hour * 60 + clock.minute;
  const isQuiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!isQuiet) return null;
  const minutesLeft = (end - minute + 24 * 60) % (24 * 60);
  const endAt = new Date(now.getTime() + minutesLeft * 60_000 - clock.second * 1000);
  return endAt.getTime() > now.getTime() ? endAt : new Date(now.getTime() + 1000);
}
