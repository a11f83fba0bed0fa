import { escapeHtml } from '../../platform/http/escape-html';

export function renderInvitationMail(options: {
  url: string;
  subaccountName: string;
  invitedByName: string | null;
  role: string;
  days: number;
}) {
  const { url, subaccountName, role, days } = options;
  const who = options.invitedByName ?? 'An admin';
  const text = `${who} invited you to ${subaccountName} on Agentry as ${role}.\n\nOpen this link to accept. It works once and expires in ${days} days:\n${url}\n\nIf you did not expect this invitation, ignore this e-mail.`;
  const html = `<p>${escapeHtml(who)} invited you to <strong>${escapeHtml(subaccountName)}</strong> on Agentry as ${escapeHtml(role)}.</p><p><a href="${escapeHtml(url)}">Accept the invitation</a></p><p>The link works once and expires in ${days} days. If you did not expect this invitation, ignore this e-mail.</p>`;
  return { subject: `You're invited to ${subaccountName} on Agentry`, text, html };
}
