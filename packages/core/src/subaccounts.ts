import { z } from 'zod';
import { CreateSubaccountBody } from './auth';
import { ConnectionStatus, ServiceType } from './channels';
import { FILES_PATH_PREFIX, isFileId } from './files';
import { PermissionRole } from './permissions';

/** Why a sub account is read-only after a downgrade: shown on its pages and as the error of work it stopped. */
export const SUBACCOUNT_LOCKED_MESSAGE = 'This sub account is locked: your plan has fewer active sub accounts.';

export const SUBACCOUNT_LOGO_MESSAGE = 'Upload the logo as an image file';

/** A sub account's logo: an image uploaded through `/api/files` (served at `/files/<id>`). */
export const SubaccountLogoPath = z
  .string()
  .trim()
  .refine((value) => value.startsWith(FILES_PATH_PREFIX) && isFileId(value.slice(FILES_PATH_PREFIX.length)), {
    error: SUBACCOUNT_LOGO_MESSAGE,
  });

/**
 * White-label fields of a sub account (plans with white-label sub accounts): what the client sees
 * in place of the platform's own name and support address.
 */
export const WhiteLabelSettings = z.object({
  brandName: z.string().trim().max(80, { error: 'Brand name must be at most 80 characters' }).default(''),
  supportEmail: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: 'Please enter a valid email address' })),
    ])
    .default(''),
  hidePlatformBranding: z.boolean().default(false),
});
export type WhiteLabelSettings = z.infer<typeof WhiteLabelSettings>;

export const defaultWhiteLabelSettings: WhiteLabelSettings = {
  brandName: '',
  supportEmail: '',
  hidePlatformBranding: false,
};

/** GET /api/subaccounts/:subaccountId/profile: what the Settings page edits. */
export const SubaccountProfile = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  permissionRole: z.enum(PermissionRole),
  isLocked: z.boolean(),
  /** The billing owner's plan name ('Free' without a plan). */
  planName: z.string(),
  canWhiteLabel: z.boolean(),
  whiteLabel: WhiteLabelSettings,
});
export type SubaccountProfile = z.infer<typeof SubaccountProfile>;

/** PATCH /api/subaccounts/:subaccountId: name and logo (admins); `logoUrl: null` removes the logo. */
export const PatchSubaccountBody = z
  .object({
    name: CreateSubaccountBody.shape.name.optional(),
    logoUrl: SubaccountLogoPath.nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.logoUrl !== undefined, { error: 'Provide name or logoUrl' });
export type PatchSubaccountBody = z.infer<typeof PatchSubaccountBody>;

export const PutWhiteLabelBody = WhiteLabelSettings;
export type PutWhiteLabelBody = z.infer<typeof PutWhiteLabelBody>;

/** What deleting a sub account removes, counted, for the typed confirmation. */
export const SubaccountDeletionSummary = z.object({
  agents: z.number().int(),
  widgets: z.number().int(),
  channelConnections: z.number().int(),
  demos: z.number().int(),
  evaluationRuns: z.number().int(),
  providerKeys: z.number().int(),
  apiKeys: z.number().int(),
  members: z.number().int(),
});
export type SubaccountDeletionSummary = z.infer<typeof SubaccountDeletionSummary>;

/** The word typed to confirm a deletion (the product's typed-confirm dialogs use it everywhere). */
export const DELETE_CONFIRMATION_WORD = 'confirm';

export const DeleteSubaccountBody = z.object({
  confirmation: z.string().refine((value) => value.trim().toLowerCase() === DELETE_CONFIRMATION_WORD, {
    error: "Please type 'confirm' to proceed",
  }),
});
export type DeleteSubaccountBody = z.infer<typeof DeleteSubaccountBody>;

/** One row of a sub account's connections list (website widgets, blocks and messaging channels alike). */
export const ConnectionSummary = z.object({
  id: z.string(),
  serviceType: ServiceType,
  name: z.string(),
  status: ConnectionStatus,
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Where the connection opens in the web app. */
  href: z.string(),
});
export type ConnectionSummary = z.infer<typeof ConnectionSummary>;

export const ConnectionSummariesReply = z.object({ connections: z.array(ConnectionSummary) });
export type ConnectionSummariesReply = z.infer<typeof ConnectionSummariesReply>;

/** Labels of the service-type badges. */
export const serviceTypeLabels: Record<ServiceType, string> = {
  'website-widget': 'Website widget',
  'website-block': 'Website block',
  'instagram-dms': 'Instagram DMs',
  'facebook-dms': 'Facebook DMs',
  sms: 'SMS',
  custom: 'Custom',
  'custom-agent': 'Custom agent',
};

/** Labels of the connection statuses ('needs_attention' reads "Needs attention"). */
export const connectionStatusLabels: Record<ConnectionStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
  pending_connection: 'Pending connection',
  needs_attention: 'Needs attention',
};
