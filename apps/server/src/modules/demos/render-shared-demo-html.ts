import { SHARED_DEMO_DATA_ELEMENT_ID } from '@agentry/core/demo-rules';
import type { PublicDemo } from '@agentry/core/demos';
import { escapeHtml } from '../../platform/http/escape-html';

/** The card a chat app shows for a shared demo link: title, description, logo. */
export function describeSharedDemo(demo: PublicDemo): { title: string; description: string; imageUrl: string | null } {
  const title = (demo.settings.backgroundSettings.customTitle || demo.name).trim();
  const assistant = (demo.settings.assistantName || demo.agent?.aiName || 'an AI assistant').trim();
  const description = `Chat with ${assistant} in this live demo${demo.settings.hideBranding ? '' : ' built with Agentry'}.`;
  const logo = demo.logoUrl || demo.settings.logoUrl || demo.avatarUrl;
  return { title, description, imageUrl: /^https?:\/\//i.test(logo) ? logo : null };
}

/**
 * The shared demo's page (the web build's demo.html) with Open Graph and Twitter tags, so a pasted
 * link shows a card, and the demo itself as JSON (`#shared-demo-data`, the answer of GET
 * /api/shared-demos/:demoId), so the page shows it without a request of its own. Every value is
 * escaped; the page's own <title> and description are replaced.
 */
export function renderSharedDemoHtml(options: { pageHtml: string; demo: PublicDemo; pageUrl: string }): string {
  const { title, description, imageUrl } = describeSharedDemo(options.demo);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(options.pageUrl)}" />`,
    ...(imageUrl ? [`<meta property="og:image" content="${escapeHtml(imageUrl)}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    ...(imageUrl ? [`<meta name="twitter:image" content="${escapeHtml(imageUrl)}" />`] : []),
    // JSON inside <script>: `<` escaped, so no text of the demo can close the element.
    `<script id="${SHARED_DEMO_DATA_ELEMENT_ID}" type="application/json">${JSON.stringify(options.demo).replace(/</g, '\\u003c')}</script>`,
  ].join('\n    ');
  let html = options.pageHtml;
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    : html;
  html = html.replace(
    /<meta\s+name="description"[^>]*>/i,
    () => `<meta name="description" content="${escapeHtml(description)}" />`,
  );
  return html.replace(/\n?[ \t]*<\/head>/i, () => `\n    ${tags}\n  </head>`);
}
