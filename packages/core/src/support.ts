import { z } from 'zod';

/** docs/product/support-and-guides.md: where support requests go, and the footer's contact address. */
export const SUPPORT_EMAIL = 'support@agentry.dev';

/** The external sign-up page of the affiliate program (the footer and /affiliate link out to it). */
export const AFFILIATE_SIGNUP_URL = 'https://affiliates.agentry.dev/signup';

export const supportTopics = ['Building agents', 'Demos', 'Widget and channels', 'Billing', 'Something else'] as const;
export type SupportTopic = (typeof supportTopics)[number];

export const supportLimits = { name: 100, message: { min: 20, max: 4000 }, reference: 64 } as const;

export const supportMessages = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Name must be at most ${supportLimits.name} characters long.`,
  emailInvalid: 'Please enter a valid email address',
  topicRequired: 'Please pick a topic',
  messageTooShort: `Please describe the problem in at least ${supportLimits.message.min} characters.`,
  messageTooLong: `Message must be at most ${supportLimits.message.max} characters long.`,
  referenceTooLong: `Reference code must be at most ${supportLimits.reference} characters long.`,
  sent: 'Thanks, your message is on its way. We answer by e-mail, usually within one working day.',
} as const;

export const SupportRequestBody = z.object({
  name: z
    .string({ error: supportMessages.nameRequired })
    .trim()
    .min(1, { error: supportMessages.nameRequired })
    .max(supportLimits.name, { error: supportMessages.nameTooLong }),
  email: z
    .string({ error: supportMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, { error: supportMessages.emailInvalid })
    .pipe(z.email({ error: supportMessages.emailInvalid })),
  topic: z.enum(supportTopics, { error: supportMessages.topicRequired }),
  message: z
    .string({ error: supportMessages.messageTooShort })
    .trim()
    .min(supportLimits.message.min, { error: supportMessages.messageTooShort })
    .max(supportLimits.message.max, { error: supportMessages.messageTooLong }),
  /** A reference code an error dialog showed (optional). */
  reference: z
    .string()
    .trim()
    .max(supportLimits.reference, { error: supportMessages.referenceTooLong })
    .optional()
    .default(''),
});
export type SupportRequestBody = z.infer<typeof SupportRequestBody>;

export const SupportRequestReply = z.object({ message: z.string() });
export type SupportRequestReply = z.infer<typeof SupportRequestReply>;
