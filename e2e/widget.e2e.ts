import type { APIRequestContext, Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_RESPONDER_NOTICE } from '../packages/core/src/llm';
import type { WidgetConnection, WidgetSettingsInput } from '../packages/core/src/widget';
import {
  baseUrl,
  launchBrowser,
  newPage,
  newVisitorPage,
  saveScreenshot,
  serveHostPage,
  signInThroughMailbox,
} from './browser';

/**
 * The website widget embedded in a customer's page on another origin, under a strict
 * Content-Security-Policy, as a visitor uses it (docs/product/widget.md#in-the-visitors-browser).
 */

// Records what the host page can observe: the loader's DOM events and any CSP violation.
const HOST_SCRIPT = `
window.widgetEvents = [];
window.cspViolations = [];
window.addEventListener('aichatwidget:opened', function () { window.widgetEvents.push('opened'); });
window.addEventListener('aichatwidget:closed', function () { window.widgetEvents.push('closed'); });
document.addEventListener('securitypolicyviolation', function (event) { window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI); });
`;
// A page that styles every iframe: the widget must not inherit any of it.
const HOST_STYLE =
  'body { font-family: Georgia, serif; margin: 0; padding: 32px; background: #fffdf7; color: #1f2937; } main { max-width: 720px; } iframe { border: 6px solid red; margin: 40px; }';
const ARTICLE = Array.from(
  { length: 40 },
  (_, index) =>
    `<p>Paragraph ${index + 1}: Bright Smile Dental opens at 8 am on weekdays. We welcome new patients and emergency visits.</p>`,
).join('');

type Host = Awaited<ReturnType<typeof serveHostPage>>;
type HostWindow = { AIChatWidget?: { open: () => void; close: () => void } };

describe('website widget embedded on another origin', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let host: Host;
  let connection: WidgetConnection;

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const request: APIRequestContext = admin.context.request;
    const response = await request.fetch(url, { method, data, headers: { origin: baseUrl() } });
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const deploy = async (settings: WidgetSettingsInput) => {
    const saved = await api('PUT', `/api/connections/${connection.connectionId}`, {
      settings: { ...connection.settings, ...settings },
      deploy: true,
    });
    connection = (saved.connection ?? saved) as WidgetConnection;
  };

  /** A visitor's browser on the host page; answers the page and the widget frame. */
  const visit = async (options: { width?: number; height?: number; allowThirdPartyStorage?: boolean } = {}) => {
    const visitor = await newVisitorPage(options);
    await visitor.page.goto(host.url);
    const frame = visitor.page.frameLocator('iframe[title="Chat widget"]');
    return { ...visitor, frame };
  };
  const widgetFrame = (page: Page): Frame => {
    const frame = page.frames().find((candidate) => candidate.url().includes(`/widget/${connection.widgetId}`));
    if (!frame) throw new Error('widget frame not found');
    return frame;
  };
  const hostState = (page: Page) =>
    page.evaluate(() => ({
      events: (window as unknown as { widgetEvents: string[] }).widgetEvents,
      csp: (window as unknown as { cspViolations: string[] }).cspViolations,
    }));
  const iframeBox = async (page: Page) =>
    (await page.locator('iframe[title="Chat widget"]').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const log = (frame: FrameLocator) => frame.getByRole('log');
  const send = async (frame: FrameLocator, text: string) => {
    const box = frame.getByRole('textbox', { name: 'Type your message...' });
    await box.fill(text);
    await box.press('Enter');
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await host?.close();
    await browser?.close();
  });

  it('signs in, creates an agent, deploys a widget connection and embeds it on a strict-CSP page', async () => {
    admin = await newPage(browser);
    await signInThroughMailbox(admin.page, 'widget-owner@agency.test');
    const me = await api('GET', '/api/me');
    const subaccountId = me.subaccounts[0].id as string;
    // No provider is configured on the e2e server: the offline responder answers.
    const agent = await api('POST', `/api/subaccounts/${subaccountId}/agents`, {
      aiName: 'Smile Desk',
      instructions: 'You are the receptionist of Bright Smile Dental. We open at 8 am on weekdays.',
      tools: [],
    });
    const created = await api('POST', `/api/subaccounts/${subaccountId}/connections`, { type: 'website-widget' });
    connection = (created.connection ?? created) as WidgetConnection;
    await api('PUT', `/api/connections/${connection.connectionId}/update-build`, { buildId: agent.buildId });
    await deploy({
      widgetTitle: 'Bright Smile Dental',
      chatBubble: { enabled: true, message: 'Hi there! Need any help?', delaySeconds: 0 },
    });

    const productOrigin = new URL(baseUrl()).origin;
    host = await serveHostPage({
      csp: `default-src 'self'; script-src 'self' ${productOrigin}; frame-src ${productOrigin}; style-src 'self'`,
      head: '<link rel="stylesheet" href="/site.css"><script src="/host.js"></script>',
      body: `<main><h1>Bright Smile Dental</h1>${ARTICLE}</main><script src="${productOrigin}/widget/${connection.widgetId}/widget.js"></script>`,
      files: {
        '/host.js': { type: 'text/javascript', content: HOST_SCRIPT },
        '/site.css': { type: 'text/css', content: HOST_STYLE },
      },
    });
    // Both script forms carry the deployed settings in place of the loader's placeholder.
    for (const script of ['widget.js', 'widget-professional.js']) {
      const loader = await (await admin.context.request.get(`/widget/${connection.widgetId}/${script}`)).text();
      expect(loader).not.toContain('__AGENTRY_WIDGET_CONFIG__');
      expect(loader).toContain(`"widgetId":"${connection.widgetId}"`);
    }
    expect(connection.needsRedeploy).toBe(false);
    expect(connection.buildId).toBe(agent.buildId);
  });

  it('opens from the bubble and the launcher, answers, offers suggested replies, restores, archives, and tells the page when it closes', async () => {
    // The widget keeps its session in its own (partitioned) storage, which this profile allows.
    const { page, frame, close } = await visit({ allowThirdPartyStorage: true });
    expect(new URL(host.url).origin).not.toBe(new URL(baseUrl()).origin);

    // One iframe, pinned bottom-right, the size of the launcher plus its bubble.
    expect(await page.locator('iframe').count()).toBe(1);
    const bubble = frame.getByRole('button', { name: 'Open chat: Hi there! Need any help?' });
    await expect.poll(() => bubble.isVisible(), { timeout: 15_000 }).toBe(true);
    const closedBox = await iframeBox(page);
    expect(closedBox.x + closedBox.width).toBeCloseTo(1280, 0);
    expect(closedBox.y + closedBox.height).toBeCloseTo(800, 0);
    expect(closedBox.width).toBeLessThan(400);
    // The page's `iframe { border: 6px solid red; margin: 40px }` does not reach the widget.
    const frameStyle = await page.locator('iframe[title="Chat widget"]').evaluate((element) => {
      const computed = getComputedStyle(element);
      return [computed.borderTopWidth, computed.marginRight, computed.position];
    });
    expect(frameStyle).toEqual(['0px', '0px', 'fixed']);

    // The bubble opens the window; the frame grows to it and the page hears 'opened'.
    await bubble.click();
    const dialog = frame.getByRole('dialog', { name: 'Bright Smile Dental' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(async () => (await iframeBox(page)).height, { timeout: 5_000 }).toBeGreaterThan(600);
    await expect.poll(async () => (await hostState(page)).events).toEqual(['opened']);

    // Closing posts widget-closed, which the page receives as aichatwidget:closed.
    await frame.getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(async () => (await hostState(page)).events).toEqual(['opened', 'closed']);
    await expect.poll(async () => (await iframeBox(page)).height).toBeLessThan(300);

    // The launcher opens it again; the greeting and the three suggested replies show.
    await frame.getByRole('button', { name: 'Open chat', exact: true }).click();
    await expect.poll(() => log(frame).textContent()).toContain('Hello! How can I help you today?');
    const suggestion = frame.getByRole('button', { name: 'How does it work?' });
    await expect.poll(() => suggestion.isVisible()).toBe(true);

    // A suggested reply is sent as the visitor's message and answered; suggestions then go.
    await suggestion.click();
    await expect
      .poll(() => log(frame).textContent(), { timeout: 30_000 })
      .toContain(OFFLINE_RESPONDER_NOTICE.slice(0, 40));
    expect(await frame.getByRole('button', { name: 'What is your product?' }).count()).toBe(0);

    await send(frame, 'When do you open on Monday?');
    await expect.poll(() => log(frame).getByText('When do you open on Monday?').isVisible()).toBe(true);
    await expect
      .poll(
        async () => ((await log(frame).textContent()) ?? '').split(OFFLINE_RESPONDER_NOTICE.slice(0, 40)).length - 1,
        { timeout: 30_000 },
      )
      .toBe(2);
    expect((await hostState(page)).csp).toEqual([]);
    await page.mouse.move(10, 10);
    await saveScreenshot(page, 'widget-embed-desktop-open');

    // Reload: the session (one hour) restores the conversation and the open state.
    await page.reload();
    await expect
      .poll(() => log(frame).getByText('When do you open on Monday?').isVisible(), { timeout: 15_000 })
      .toBe(true);

    // New Conversation archives this chat and starts over with the greeting only.
    await frame.getByRole('button', { name: 'Menu' }).click();
    await frame.getByRole('menuitem', { name: 'New Conversation' }).click();
    await expect.poll(() => log(frame).getByText('When do you open on Monday?').count()).toBe(0);
    await expect.poll(() => log(frame).textContent()).toContain('Hello! How can I help you today?');

    // Previous Conversations lists it; opening it brings the messages back.
    await frame.getByRole('button', { name: 'Menu' }).click();
    await frame.getByRole('menuitem', { name: 'Previous Conversations' }).click();
    const entries = frame.getByRole('list', { name: 'Previous Conversations' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(1);
    // Greeting, suggested reply, answer, typed question, answer; the preview is the last answer.
    expect(await entries.first().textContent()).toContain('5 messages');
    expect(await entries.first().textContent()).toContain('We open at 8 am');
    await entries.first().getByRole('button').first().click();
    await expect.poll(() => log(frame).getByText('When do you open on Monday?').isVisible()).toBe(true);

    // The host page's API drives it too: close() and open() through postMessage.
    await page.evaluate(() => (window as unknown as HostWindow).AIChatWidget?.close());
    await expect.poll(() => frame.getByRole('dialog').count()).toBe(0);
    await page.evaluate(() => (window as unknown as HostWindow).AIChatWidget?.open());
    await expect.poll(() => frame.getByRole('dialog').isVisible()).toBe(true);
    expect((await hostState(page)).csp).toEqual([]);
    await close();
  });

  it('covers the phone screen when open and locks the page scroll', async () => {
    const { page, frame, close } = await visit({ width: 390, height: 844 });
    await frame.getByRole('button', { name: 'Open chat', exact: true }).click();
    await expect.poll(() => frame.getByRole('dialog').isVisible()).toBe(true);
    await expect.poll(async () => iframeBox(page)).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    const overflow = () => page.evaluate(() => [document.documentElement.style.overflow, document.body.style.overflow]);
    expect(await overflow()).toEqual(['hidden', 'hidden']);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'widget-embed-mobile-open');
    await frame.getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(overflow).toEqual(['', '']);
    await expect.poll(async () => (await iframeBox(page)).width).toBeLessThan(390);
    await close();
  });

  it('lays Arabic out right to left', async () => {
    await deploy({ language: 'ar' });
    const { page, frame, close } = await visit();
    await frame.getByRole('button', { name: 'فتح الدردشة', exact: true }).click();
    await expect.poll(() => frame.getByRole('dialog').isVisible()).toBe(true);
    expect(await widgetFrame(page).locator('[dir="rtl"]').count()).toBeGreaterThan(0);
    expect(await widgetFrame(page).locator('[dir="ltr"]').count()).toBe(0);
    await expect.poll(() => log(frame).textContent()).toContain('مرحبًا! كيف يمكنني مساعدتك اليوم؟');
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'widget-embed-arabic');
    await deploy({ language: 'en' });
    await close();
  });

  it('shows the daily limit message once the widget has used its messages for the day', async () => {
    await deploy({ dailyLimit: 1 });
    const { frame, close } = await visit();
    await frame.getByRole('button', { name: 'Open chat', exact: true }).click();
    await send(frame, 'Are you open on Saturday?');
    await expect.poll(() => log(frame).textContent(), { timeout: 15_000 }).toMatch(/daily (message )?limit/i);
    await deploy({ dailyLimit: 200 });
    await close();
  });

  it('is not drawn on a page that is not on the allowed-domains list, and its page refuses such framing', async () => {
    await deploy({ allowedDomains: ['example.com'] });
    const refused = await visit();
    // The loader checks the list before it draws anything: no broken grey box.
    await expect
      .poll(
        () =>
          refused.page.evaluate(
            () =>
              document.readyState === 'complete' &&
              performance.getEntriesByType('resource').some((entry) => entry.name.includes('/widget.js')),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await refused.page.waitForTimeout(500);
    expect(await refused.page.locator('iframe').count()).toBe(0);
    await refused.close();
    // The iframe page itself still refuses other pages (frame-ancestors), whatever loads it.
    const framePage = await admin.context.request.get(`/widget/${connection.widgetId}`);
    expect(framePage.headers()['content-security-policy']).toContain('frame-ancestors');
    expect(framePage.headers()['content-security-policy']).toContain('https://example.com');
    expect(framePage.headers()['content-security-policy']).not.toContain('127.0.0.1');
    // The same page gets the widget once its host is allowed (a new visitor: the loader is cached a minute).
    await deploy({ allowedDomains: ['example.com', `127.0.0.1:${new URL(host.url).port}`] });
    const allowed = await visit();
    await expect
      .poll(() => allowed.frame.getByRole('button', { name: 'Open chat', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await deploy({ allowedDomains: [] });
    await allowed.close();
  });
});
