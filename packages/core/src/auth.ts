import { z } from 'zod';
import { toSafeReturnPath } from './return-url';

/** Sign-in e-mail: trimmed and lower-cased before any call (docs/product/accounts-and-team.md#sign-in). */
export const EmailInput = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));
export type EmailInput = z.infer<typeof EmailInput>;

export const PreRegisterBody = z.object({ email: EmailInput, emailconsent: z.boolean().default(false) });
export type PreRegisterBody = z.infer<typeof PreRegisterBody>;

/**
 * `additionalData` of Google sign-in (POST /api/auth/sign-in/social): the dialog's consent box,
 * carried through the OAuth round trip and recorded for the user who comes back signed in.
 */
export const GoogleSignInData = z.object({ emailconsent: z.boolean().default(false) });
export type GoogleSignInData = z.infer<typeof GoogleSignInData>;

export const CheckUserQuery = z.object({ email: EmailInput });
export type CheckUserQuery = z.infer<typeof CheckUserQuery>;

export const CheckUserReply = z.object({ exists: z.boolean(), hasAccess: z.boolean(), needsVerification: z.boolean() });
export type CheckUserReply = z.infer<typeof CheckUserReply>;

export const CheckLinkedAccessReply = z.object({ hasLinkedAccess: z.boolean() });
export type CheckLinkedAccessReply = z.infer<typeof CheckLinkedAccessReply>;

export const CheckAccessQuery = z.object({ userId: z.string().min(1) });
export type CheckAccessQuery = z.infer<typeof CheckAccessQuery>;

export const CheckAccessReply = z.object({ hasAccess: z.boolean() });
export type CheckAccessReply = z.infer<typeof CheckAccessReply>;

/** A path on this site: a full or protocol-relative URL would make direct login an open redirect. */
const LocalPath = z.string().refine((value) => toSafeReturnPath(value) !== undefined, {
  error: 'Return URL must be a path on this site',
});

export const DirectLoginBody = z.object({ email: EmailInput, returnUrl: LocalPath.default('/agents/create') });
export type DirectLoginBody = z.infer<typeof DirectLoginBody>;

export const DirectLoginReply = z.object({ redirectUrl: z.string() });
export type DirectLoginReply = z.infer<typeof DirectLoginReply>;

export const Role = z.enum(['admin', 'member', 'viewer']);
export type Role = z.infer<typeof Role>;

const IsoDateTime = z.iso.datetime({ offset: true });

export const Subaccount = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  role: Role,
  agentCount: z.number().int().nonnegative(),
  createdAt: IsoDateTime,
  /** Locked after a downgrade: readable, every write refused until an upgrade. Absent means not locked. */
  isLocked: z.boolean().optional(),
  /** The caller is the billing owner (their plan and credits serve it). Absent means not. */
  isOwner: z.boolean().optional(),
});
export type Subaccount = z.infer<typeof Subaccount>;

export const MeReply = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), image: z.string().nullable() }),
  subaccounts: z.array(Subaccount),
  activeSubaccountId: z.string().nullable(),
});
export type MeReply = z.infer<typeof MeReply>;

export const CreateSubaccountBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(80, { error: 'Name must be at most 80 characters' }),
});
export type CreateSubaccountBody = z.infer<typeof CreateSubaccountBody>;

/** docs/product/accounts-and-team.md#sub-accounts, default account primary colour. */
export const DEFAULT_PRIMARY_COLOR = '#43c0b8';

const hexColorPattern = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** docs/product/widget.md#settings: 3- or 6-digit hex with or without '#' becomes '#rrggbb' lower-case; anything else is returned unchanged. */
export function normalizeHexColor(input: string): string {
  const digits = hexColorPattern.exec(input.trim())?.[1]?.toLowerCase();
  if (digits === undefined) return input;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return `#${full}`;
}

export const HexColor = z
  .string()
  .trim()
  .regex(hexColorPattern, { error: 'Enter a 3- or 6-digit hex colour' })
  .transform(normalizeHexColor);
export type HexColor = z.infer<typeof HexColor>;

export const SubaccountTheme = z.object({
  isDarkMode: z.boolean(),
  theme: z.enum(['dark', 'light']),
  primaryColor: z.string(),
});
export type SubaccountTheme = z.infer<typeof SubaccountTheme>;

export const PatchSubaccountThemeBody = z
  .object({ isDarkMode: z.boolean().optional(), primaryColor: HexColor.optional() })
  .refine((body) => body.isDarkMode !== undefined || body.primaryColor !== undefined, {
    error: 'Provide isDarkMode or primaryColor',
  });
export type PatchSubaccountThemeBody = z.infer<typeof PatchSubaccountThemeBody>;

export const MailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;

export const MailboxReply = z.object({ messages: z.array(MailboxMessage) });
export type MailboxReply = z.infer<typeof MailboxReply>;

export const HealthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ mode: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  queue: z.object({ mode: z.enum(['in-process', 'redis']), ok: z.boolean() }),
  cache: z.object({ mode: z.enum(['memory', 'redis']), ok: z.boolean() }),
  mail: z.object({ mode: z.enum(['log', 'smtp']) }),
  payments: z.object({ mode: z.enum(['local', 'stripe']) }),
  llm: z.object({ mode: z.enum(['offline', 'openai', 'openrouter', 'openai-compatible']) }),
});
export type HealthReply = z.infer<typeof HealthReply>;

/** GET /api/auth/methods: e-mail links always; 'Continue with Google' only when the server has Google keys. */
export const SignInMethodsReply = z.object({ email: z.boolean(), google: z.boolean() });
export type SignInMethodsReply = z.infer<typeof SignInMethodsReply>;
