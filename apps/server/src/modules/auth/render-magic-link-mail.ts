import { escapeHtml } from '../../platform/http/escape-html';

export function renderMagicLinkMail({ url, minutes }: { url: string; minutes: number }) {
  const text = `Sign in to Agentry\n\nOpen this link to sign in. It works once and expires in ${minutes} minutes:\n${url}\n\nIf you did not ask to sign in, ignore this e-mail.`;
  const html = `<p>Sign in to <strong>Agentry</strong>.</p><p><a href="${escapeHtml(url)}">Sign in</a></p><p>The link works once and expires in ${minutes} minutes. If you did not ask to sign in, ignore this e-mail.</p>`;
  return { subject: 'Your Agentry sign-in link', text, html };
}
