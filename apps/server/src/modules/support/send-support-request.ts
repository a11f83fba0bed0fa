import type { FastifyBaseLogger } from 'fastify';
import { SUPPORT_EMAIL, supportMessages, type SupportRequestBody } from '@agentry/core/support';
import type { Mailer } from '../../platform/mail/mailer';

/**
 * A support request from the Support Center: e-mailed to the support address with the sender's
 * details (and account, when signed in). A signed-in sender gets a receipt at their account's own
 * address; the address typed into the form gets nothing, as anyone can type anyone's address and
 * a receipt would carry their text from our domain (docs/product/support-and-guides.md). Only the
 * request must arrive: a failed receipt is logged, a failed request throws (the form then says so).
 */
export async function sendSupportRequest(options: {
  mailer: Mailer;
  logger: FastifyBaseLogger;
  request: SupportRequestBody;
  account: { id: string; email: string } | null;
}): Promise<{ message: string }> {
  const { mailer, request, account } = options;
  const lines = [
    `From: ${request.name} <${request.email}>`,
    `Account: ${account ? `${account.email} (${account.id})` : 'not signed in'}`,
    `Topic: ${request.topic}`,
    request.reference ? `Reference code: ${request.reference}` : null,
    '',
    request.message,
    '',
    `Answer to: ${request.email}`,
  ].filter((line) => line !== null);
  await mailer.send({
    to: SUPPORT_EMAIL,
    subject: `[Support] ${request.topic}: ${request.name}`,
    text: `${lines.join('\n')}\n`,
  });
  if (!account) return { message: supportMessages.sent };
  try {
    await mailer.send({
      to: account.email,
      subject: 'We received your support request',
      text: `Hi ${request.name},\n\nthanks for writing to Agentry support about "${request.topic}". We answer by e-mail, usually within one working day.\n\nYour message:\n\n${request.message}\n`,
    });
  } catch (error) {
    options.logger.error({ err: error }, 'support receipt e-mail failed');
  }
  return { message: supportMessages.sent };
}
