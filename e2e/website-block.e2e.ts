import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_RESPONDER_NOTICE } from '../packages/core/src/llm';
import type { WidgetConnection } from '../packages/core/src/widget';
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
 * The website block (docs/product/widget.md#website-block): designed at /:connectId/website-block,
 * then placed inline in a customer's page on another origin under a strict Content-Security-Policy,
 * on a desktop and a 390 px phone, answering and keeping its conversation across a reload.
 */

const HOST_SCRIPT = `
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', function (event) { window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI); });
`;
// The page styles every iframe: the block must not inherit any of it.
const HOST_STYLE =
  'body { font-family: Georgia, serif; margin: 0; padding: 24px; background: #fffdf7; color: #1f2937; } main { max-width: 720px; margin: 0 auto; } iframe { border: 6px solid red; margin: 40px; } .chat { margin: 24px 0; }';
const PARAGRAPHS = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, index) =>
      `<p>Paragraph ${from + index}: Bright Smile Dental opens at 8 am on weekdays. New patients and emergencies are welcome.</p>`,
  ).join('');
const BLOCK_HEIGHT = 520;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('website block: designer and inline embed on another origin', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let subaccountId: string;
  let block: WidgetConnection;
  let host: Awaited<ReturnType<typeof serveHostPage>>;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await host?.close();
    await browser?.close();
  });

  const blockFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Chat"]');
  const frameBox = async (page: Page) =>
    (await page.locator('iframe[title="Chat"]').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const send = async (frame: FrameLocator, text: string) => {
    const box = frame.getByRole('textbox', { name: 'Type your message...' });
    await box.fill(text);
    // Sending waits while the previous answer is still arriving (its text shows before it ends).
    await expect
      .poll(() => frame.getByRole('button', { name: 'Send message' }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    await box.press('Enter');
  };
  const answers = async (frame: FrameLocator) =>
    ((await frame.getByRole('log').textContent()) ?? '').split(OFFLINE_RESPONDER_NOTICE.slice(0, 40)).length - 1;
  const csp = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  it('creates, designs and deploys a block in the designer', async () => {
    admin = await newPage(browser, { width: 1440, height: 900 });
    const { page } = admin;
    await signInThroughMailbox(page, 'block-owner@agency.test');
    await expect.poll(() => pathOf(page)).toBe('/agents/create');
    const me = (await (await page.request.get('/api/me')).json()) as { activeSubaccountId: string };
    subaccountId = me.activeSubaccountId;
    const agent = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
      data: {
        aiName: 'Smile Desk',
        instructions: 'You are the receptionist of Bright Smile Dental. We open at 8 am on weekdays.',
      },
    });
    expect(agent.status()).toBe(201);

    // The sidebar's Website Block link leads to the designer, which offers to create the first block.
    await page.goto(`/${subaccountId}/website-block`);
    await page.getByRole('button', { name: 'Create block' }).click();
    const title = page.getByRole('textbox', { name: 'Block title' });
    await expect.poll(() => title.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Website Block' }).isVisible()).toBe(true);

    await page.getByRole('combobox', { name: 'Choose Build' }).click();
    await page.getByRole('option', { name: /Smile Desk/ }).click();
    await expect.poll(() => toast(page, 'Build updated successfully!').isVisible()).toBe(true);

    await title.fill('Ask Bright Smile');
    await page.getByRole('radio', { name: 'blue' }).click();
    const height = page.getByRole('textbox', { name: 'Height (px)' });
    await height.fill(String(BLOCK_HEIGHT));
    await height.blur();
    await page.getByRole('switch', { name: 'Dark theme' }).click();

    // The preview is the inline block: open, no launcher, no close button, following the form.
    const stage = page.getByTestId('block-preview-stage');
    const region = stage.getByRole('region', { name: 'Ask Bright Smile' });
    await expect.poll(() => region.isVisible()).toBe(true);
    expect(await stage.getByRole('button', { name: /close/i }).count()).toBe(0);
    await expect.poll(async () => (await stage.innerHTML()).toLowerCase()).toContain('#2563eb');

    const deploy = page.getByRole('button', { name: 'Redeploy Required' });
    await deploy.click();
    await expect.poll(() => toast(page, 'Block deployed').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'website-block-designer');

    // Install step: the element and its loader.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Embed code' }).isVisible()).toBe(true);
    const listed = (await (
      await page.request.get(`/api/subaccounts/${subaccountId}/connections?type=website-block`)
    ).json()) as { connections: WidgetConnection[] };
    expect(listed.connections).toHaveLength(1);
    block = listed.connections[0] as WidgetConnection;
    expect(block).toMatchObject({ type: 'website-block', needsRedeploy: false });
    expect(block.settings.block.height).toBe(BLOCK_HEIGHT);
    expect(await page.getByText(`data-agentry-block="${block.widgetId}"`).isVisible()).toBe(true);
  });

  it('fits a 390 px phone', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    await context.addCookies(await admin.context.cookies());
    await page.goto(`/${subaccountId}/website-block`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Block title' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'website-block-designer-mobile');
    await page.getByRole('heading', { name: 'Live Preview' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -60));
    await saveScreenshot(page, 'website-block-preview-mobile');
    await context.close();
  });

  it('answers inline on a strict-CSP page at 1280 px, grows up to its height and keeps the chat across a reload', async () => {
    const productOrigin = new URL(baseUrl()).origin;
    host = await serveHostPage({
      csp: `default-src 'self'; script-src 'self' ${productOrigin}; frame-src ${productOrigin}; style-src 'self'`,
      head: '<link rel="stylesheet" href="/site.css"><script src="/host.js"></script>',
      body: `<main><h1>Bright Smile Dental</h1>${PARAGRAPHS(1, 2)}<h2>Ask us anything</h2><div class="chat" data-agentry-block="${block.widgetId}"></div><script src="${productOrigin}/widget/${block.widgetId}/block.js" async></script>${PARAGRAPHS(3, 12)}</main>`,
      files: {
        '/host.js': { type: 'text/javascript', content: HOST_SCRIPT },
        '/site.css': { type: 'text/css', content: HOST_STYLE },
      },
    });
    const visitor = await newVisitorPage({ width: 1280, height: 900, allowThirdPartyStorage: true });
    const { page } = visitor;
    await page.goto(host.url);
    const frame = blockFrame(page);

    // Inline, open at once: no launcher, no bubble, no close button; the greeting and suggestions show.
    await expect
      .poll(() => frame.getByRole('region', { name: 'Ask Bright Smile' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => frame.getByRole('log').textContent()).toContain('Hello! How can I help you today?');
    expect(await frame.getByRole('button', { name: /open chat/i }).count()).toBe(0);
    expect(await frame.getByRole('button', { name: /close/i }).count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(1);

    // It fills the element's width (the page's `iframe { margin; border }` does not reach it).
    const element = await page.locator(`[data-agentry-block="${block.widgetId}"]`).boundingBox();
    const first = await frameBox(page);
    expect(element).not.toBeNull();
    expect(first.width).toBe(element?.width);
    expect(first.x).toBe(element?.x);
    expect(first.height).toBeLessThan(BLOCK_HEIGHT);

    // It answers, and grows with the conversation up to the set height, then scrolls.
    await send(frame, 'When do you open on Monday?');
    await expect.poll(() => answers(frame), { timeout: 20_000 }).toBe(1);
    await send(frame, 'Do you take new patients?');
    await expect.poll(() => answers(frame), { timeout: 20_000 }).toBe(2);
    await send(frame, 'Is there parking?');
    await expect.poll(() => answers(frame), { timeout: 20_000 }).toBe(3);
    await expect.poll(async () => (await frameBox(page)).height).toBe(BLOCK_HEIGHT);
    await frame.getByRole('region', { name: 'Ask Bright Smile' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'website-block-embed-desktop');

    // A reload keeps the conversation (the block's session, like the widget's).
    await page.reload();
    const again = blockFrame(page);
    await expect
      .poll(() => again.getByRole('log').getByText('Is there parking?').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await answers(again)).toBe(3);
    await send(again, 'Thanks!');
    await expect.poll(() => answers(again), { timeout: 20_000 }).toBe(4);
    expect(await csp(page)).toEqual([]);
    await visitor.close();
  });

  it('answers and survives a reload at 390 px', async () => {
    const visitor = await newVisitorPage({ width: 390, height: 844, allowThirdPartyStorage: true });
    const { page } = visitor;
    await page.goto(host.url);
    const frame = blockFrame(page);
    await expect
      .poll(() => frame.getByRole('region', { name: 'Ask Bright Smile' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const box = await frameBox(page);
    expect(box.width).toBeLessThanOrEqual(390 - 2 * 24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await send(frame, 'Can I book for Tuesday?');
    await expect.poll(() => answers(frame), { timeout: 20_000 }).toBe(1);
    await frame.getByRole('region', { name: 'Ask Bright Smile' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'website-block-embed-mobile');

    await page.reload();
    const again = blockFrame(page);
    await expect
      .poll(() => again.getByRole('log').getByText('Can I book for Tuesday?').isVisible(), { timeout: 20_000 })
      .toBe(true);
    // Not a full-screen takeover: the page still scrolls around the block.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect((await frameBox(page)).width).toBe(box.width);
    expect(await csp(page)).toEqual([]);
    await visitor.close();
  });
});
