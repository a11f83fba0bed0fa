import type { APIRequestContext, Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
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
 * The widget where a real visitor meets it: a browser that blocks third-party storage (this
 * Chromium's default), a widget that takes its texts from its agent, a site that is not on the
 * allowed domains, the typing text, the chat list and message times
 * (docs/product/widget.md#in-the-visitors-browser).
 */

const AGENT = {
  aiName: 'Smile Desk',
  firstMessage: 'Welcome to Bright Smile Dental! How can we help?',
  suggestedResponses: ['Book a cleaning', 'Opening hours'],
};
const ANSWER = OFFLINE_RESPONDER_NOTICE.slice(0, 40);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

type Host = Awaited<ReturnType<typeof serveHostPage>>;

describe('widget polish: blocked storage, agent texts, refused domains, typing text, chat list, times', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let host: Host;
  let connection: WidgetConnection;
  let subaccountId: string;

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const request: APIRequestContext = admin.context.request;
    const response = await request.fetch(url, { method, data, headers: { origin: baseUrl() } });
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const reloadConnection = async () => {
    const body = await api('GET', `/api/connections/${connection.connectionId}`);
    connection = (body.connection ?? body) as WidgetConnection;
  };
  const deploy = async (settings: WidgetSettingsInput = {}) => {
    await reloadConnection();
    const saved = await api('PUT', `/api/connections/${connection.connectionId}`, {
      settings: { ...connection.settings, ...settings },
      deploy: true,
    });
    connection = (saved.connection ?? saved) as WidgetConnection;
  };
  const visit = async (options: { width?: number; height?: number } = {}) => {
    // This profile blocks third-party cookies, and with them the frame's own localStorage.
    const visitor = await newVisitorPage(options);
    await visitor.page.goto(host.url);
    return { ...visitor, frame: visitor.page.frameLocator('iframe[title="Chat widget"]') };
  };
  const log = (frame: FrameLocator) => frame.getByRole('log');
  const openWidget = async (frame: FrameLocator) => {
    const launcher = frame.getByRole('button', { name: 'Open chat', exact: true });
    await expect.poll(() => launcher.isVisible(), { timeout: 30_000 }).toBe(true);
    await launcher.click();
    await expect.poll(() => frame.getByRole('dialog').isVisible(), { timeout: 15_000 }).toBe(true);
  };
  const send = async (frame: FrameLocator, text: string) => {
    const box = frame.getByRole('textbox', { name: 'Type your message...' });
    await box.fill(text);
    await box.press('Enter');
  };
  const answers = async (frame: FrameLocator) => ((await log(frame).textContent()) ?? '').split(ANSWER).length - 1;
  const menu = async (frame: FrameLocator, item: string) => {
    await frame.getByRole('button', { name: 'Menu' }).click();
    await frame.getByRole('menuitem', { name: item }).click();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await host?.close();
    await admin?.context.close();
    await browser?.close();
  });

  it('takes the title, AI name, first message and suggested replies from the build chosen in the designer (still editable)', async () => {
    admin = await newPage(browser);
    await signInThroughMailbox(admin.page, 'widget-polish@agency.test');
    const me = await api('GET', '/api/me');
    subaccountId = me.subaccounts[0].id as string;
    const agent = await api('POST', `/api/subaccounts/${subaccountId}/agents`, {
      ...AGENT,
      instructions: 'You are the receptionist of Bright Smile Dental. We open at 8 am on weekdays.',
      tools: [],
    });
    const created = await api('POST', `/api/subaccounts/${subaccountId}/connections`, { type: 'website-widget' });
    connection = (created.connection ?? created) as WidgetConnection;
    // Choose Build happens in the designer (first test); the host page is ready before.
    const productOrigin = new URL(baseUrl()).origin;
    host = await serveHostPage({
      csp: `default-src 'self'; script-src 'self' ${productOrigin}; frame-src ${productOrigin}; style-src 'self' 'unsafe-inline'`,
      body: `<main style="font-family: Georgia, serif; padding: 24px; max-width: 640px"><h1>Bright Smile Dental</h1><p>Gentle dentistry for the whole family. We open at 8 am on weekdays.</p></main><script src="${productOrigin}/widget/${connection.widgetId}/widget.js"></script>`,
    });
    expect(agent.buildId).toBeTruthy();
    const { page } = admin;
    await page.goto(`/${subaccountId}/website-widget`);
    const title = page.getByRole('textbox', { name: 'Widget title' });
    await expect.poll(() => title.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await title.inputValue()).toBe('Chat Widget');

    await page.getByRole('combobox', { name: 'Choose Build' }).click();
    await page.getByRole('option', { name: /Smile Desk/ }).click();
    await expect.poll(() => toast(page, 'Build updated successfully!').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toBe('Smile Desk');
    expect(await page.getByRole('textbox', { name: 'Assistant name' }).inputValue()).toBe('Smile Desk');
    expect(await page.getByRole('textbox', { name: 'First message text' }).inputValue()).toBe(AGENT.firstMessage);
    const replies = page.getByRole('list', { name: 'Suggested replies' });
    expect(await replies.textContent()).toContain('Book a cleaning');
    expect(await replies.textContent()).toContain('Opening hours');
    // The Live Preview greets with the agent's first message.
    const stage = page.getByTestId('widget-preview-stage');
    await expect.poll(() => stage.getByText(AGENT.firstMessage).first().isVisible(), { timeout: 15_000 }).toBe(true);

    // Still the creator's to edit.
    await title.fill('Bright Smile Dental');
    await expect
      .poll(() => stage.getByRole('dialog', { name: 'Bright Smile Dental' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole('heading', { name: 'Live Preview' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'widget-prefill-desktop');

    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.context.addCookies(await admin.context.cookies());
    await phone.page.goto(`/${subaccountId}/website-widget`);
    const phoneTitle = phone.page.getByRole('textbox', { name: 'Widget title' });
    await expect.poll(() => phoneTitle.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await phoneTitle.inputValue()).toBe('Smile Desk');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.getByRole('textbox', { name: 'First message text' }).scrollIntoViewIfNeeded();
    await saveScreenshot(phone.page, 'widget-prefill-phone');
    await phone.context.close();

    // Deploy what the agent gave (the edit above was not saved).
    await deploy();
    expect(connection.settings).toMatchObject({ widgetTitle: 'Smile Desk', aiName: 'Smile Desk' });
  }, 180_000);

  it('keeps the conversation and the visitor across reloads where the browser blocks third-party storage', async () => {
    const { page, frame, close } = await visit();
    await openWidget(frame);
    await expect.poll(() => log(frame).textContent()).toContain(AGENT.firstMessage);
    await send(frame, 'When do you open on Monday?');
    await expect.poll(() => answers(frame), { timeout: 60_000 }).toBe(1);
    // Every message shows its time of day.
    expect(await log(frame).locator('time').count()).toBe(3);

    // The frame keeps nothing; the host page's own storage keeps the visitor and the conversation.
    const kept = await page.evaluate(
      (key) => window.localStorage.getItem(key),
      `agentry_widget_${connection.widgetId}`,
    );
    expect(kept).toContain('"v":"v_');

    await page.reload();
    await expect
      .poll(() => log(frame).getByText('When do you open on Monday?').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => answers(frame), { timeout: 15_000 }).toBe(1);
    await page.mouse.move(10, 10);
    await saveScreenshot(page, 'widget-blocked-storage-desktop');

    // The conversation goes on in the same thread after the reload.
    await send(frame, 'And on Saturday?');
    await expect.poll(() => answers(frame), { timeout: 60_000 }).toBe(2);

    // A new conversation, then the previous one comes back from the server's copy.
    await menu(frame, 'New Conversation');
    await expect.poll(() => log(frame).getByText('When do you open on Monday?').count()).toBe(0);
    await menu(frame, 'Previous Conversations');
    const entries = frame.getByRole('list', { name: 'Previous Conversations' }).getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 15_000 }).toBe(1);
    expect(await entries.first().textContent()).toContain('4 messages');
    await entries.first().getByRole('button').first().click();
    await expect
      .poll(() => log(frame).getByText('When do you open on Monday?').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await log(frame).getByText('And on Saturday?').isVisible()).toBe(true);

    // One visitor, not a new "Anonymous #N" per page view.
    const conversations = (await api('GET', `/api/connections/${connection.connectionId}/conversations`))
      .conversations as { customerNumber: number; totalMessages: number }[];
    expect(conversations.map((entry) => [entry.customerNumber, entry.totalMessages])).toEqual([[1, 4]]);
    await close();
  }, 180_000);

  it('on a phone: the conversation survives a reload, and the empty history does not promise a local copy', async () => {
    const { page, frame, close } = await visit({ width: 390, height: 844 });
    await openWidget(frame);
    await menu(frame, 'Previous Conversations');
    await expect.poll(() => frame.getByText('No previous conversations').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await frame.getByText('Start a conversation and it will appear here').isVisible()).toBe(true);
    expect(await frame.getByText(/saved locally/).count()).toBe(0);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'widget-history-empty-phone');

    await frame.getByRole('button', { name: 'Back' }).click();
    await send(frame, 'Do you see children?');
    await expect.poll(() => answers(frame), { timeout: 60_000 }).toBe(1);
    await page.reload();
    await expect.poll(() => log(frame).getByText('Do you see children?').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'widget-blocked-storage-phone');
    await close();
  }, 180_000);

  it("shows a creator's own typing text alone, reaches the chat list from the menu", async () => {
    await deploy({ typingIndicator: 'Our team is writing back...' });
    for (const size of [
      { width: 1280, height: 800, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      const { page, context, frame, close } = await visit(size);
      // Hold the answer back for a moment so that the typing indicator can be seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/api/widget/*/chat**', async (route) => {
        await held;
        await route.continue();
      });
      await openWidget(frame);
      await send(frame, 'Is parking free?');
      const typing = frame.getByRole('status');
      await expect.poll(() => typing.textContent(), { timeout: 15_000 }).toBe('Our team is writing back...');
      await page.mouse.move(10, 10);
      await saveScreenshot(page, `widget-typing-${size.name}`);
      release();
      await expect.poll(() => answers(frame), { timeout: 60_000 }).toBe(1);

      await menu(frame, 'Chats');
      const chats = frame.getByRole('list', { name: 'Chats' });
      await expect.poll(() => chats.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await chats.textContent()).toContain('Smile Desk');
      await page.waitForTimeout(300);
      await saveScreenshot(page, `widget-chat-list-${size.name}`);
      await chats.getByRole('button').first().click();
      await expect.poll(() => log(frame).getByText('Is parking free?').isVisible()).toBe(true);
      await close();
    }
    await deploy({ typingIndicator: 'typing...' });
  }, 180_000);

  it('draws no frame at all on a site that is not on the allowed domains', async () => {
    await deploy({ allowedDomains: ['brightsmile.example'] });
    for (const size of [
      { width: 1280, height: 800, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      const { page, close } = await visit(size);
      // The loader has run (it is a plain script at the end of the body) and decided.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                document.readyState === 'complete' &&
                performance.getEntriesByType('resource').some((entry) => entry.name.includes('/widget.js')),
            ),
          { timeout: 15_000 },
        )
        .toBe(true);
      await page.waitForTimeout(500);
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await page.evaluate(() => 'AIChatWidget' in window)).toBe(false);
      await saveScreenshot(page, `widget-refused-domain-${size.name}`);
      await close();
    }

    // Allowed once the page's host is on the list (a fresh visitor: the loader is cached a minute).
    await deploy({ allowedDomains: ['brightsmile.example', `127.0.0.1:${new URL(host.url).port}`] });
    const { frame, close } = await visit();
    await expect
      .poll(() => frame.getByRole('button', { name: 'Open chat', exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    await close();
    await deploy({ allowedDomains: [] });
  }, 180_000);
});
