import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_RESPONDER_NOTICE } from '../packages/core/src/llm';
import { baseUrl, launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const NOTICE = OFFLINE_RESPONDER_NOTICE.slice(0, 40);
const LIMIT_MESSAGE = 'Demo usage limit reached. Please contact the demo creator for a new link.';
const TYPES = [
  { type: 'standard', label: 'Standard' },
  { type: 'sms', label: 'SMS' },
  { type: 'facebook', label: 'Facebook' },
  { type: 'instagram', label: 'Instagram' },
  { type: 'website', label: 'Website' },
] as const;
type DemoTypeName = (typeof TYPES)[number]['type'];

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * A plain third-party site on its own port: a page that frames the embedded demo, and a page
 * that refuses to be framed (X-Frame-Options: DENY).
 */
async function startPlainSite() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/deny.html') {
      response.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY' });
      response.end('<!doctype html><title>No framing</title><h1>This page refuses frames</h1>');
      return;
    }
    const demo = url.searchParams.get('demo') ?? '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><head><title>Client site</title></head><body style="margin:0;font-family:sans-serif;background:#eef2f7">
      <header style="padding:24px 32px;background:#0f172a;color:white"><h1 style="margin:0">Bright Smile Dental</h1></header>
      <main style="display:flex;gap:32px;padding:32px"><p style="max-width:320px">Our new assistant, embedded below.</p>
      <iframe title="Demo" src="${baseUrl()}/shared/${encodeURIComponent(demo)}?embed=true" style="width:480px;height:680px;border:0;border-radius:16px;box-shadow:0 10px 40px rgba(0,0,0,.2)"></iframe></main>
    </body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function createAgent(page: Page) {
  const me = (await (await page.request.get('/api/me')).json()) as {
    activeSubaccountId: string | null;
    subaccounts: { id: string }[];
  };
  const subaccountId = me.activeSubaccountId ?? me.subaccounts[0]!.id;
  const response = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
    data: {
      aiName: 'Smile Desk',
      instructions:
        'You are the receptionist of Bright Smile Dental. We open at 8 am on weekdays. A check-up costs 60 dollars.',
    },
  });
  expect(response.status()).toBe(201);
}

/** Types into a demo chat and waits for the offline responder's answer. */
async function chat(scope: { getByRole: Locator['getByRole'] }, type: DemoTypeName, text: string) {
  const box =
    type === 'website'
      ? scope.getByRole('textbox', { name: 'Type your message...' })
      : scope.getByRole('textbox', { name: 'Message', exact: true });
  await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.fill(text);
  await box.press('Enter');
  const log = type === 'website' ? scope.getByRole('log').last() : scope.getByRole('log', { name: 'Conversation' });
  await expect.poll(() => log.textContent(), { timeout: 30_000 }).toContain(text);
  await expect.poll(() => log.textContent(), { timeout: 30_000 }).toContain(NOTICE);
}

describe('demos: build, preview, share and embed an agent demo', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startPlainSite>>;
  let creator: { page: Page; context: BrowserContext };
  const demoIds = new Map<DemoTypeName, string>();

  beforeAll(async () => {
    browser = await launchBrowser();
    site = await startPlainSite();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('creates a demo of each type from /demo and chats with it in the live preview', { timeout: 240_000 }, async () => {
    creator = await newPage(browser);
    const { page } = creator;
    await signInThroughMailbox(page, 'demo.creator@agency.test');
    await expect.poll(() => pathOf(page)).toBe('/agents/create');
    await createAgent(page);

    await page.goto('/demo');
    await expect.poll(() => page.getByRole('heading', { name: 'Create your first demo' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'demo-list-empty');

    for (const { type, label } of TYPES) {
      await page.goto('/demo');
      await page
        .getByRole('button', { name: /^(Create demo|New demo)$/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Create demo' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`Bright Smile ${label}`);
      await dialog.getByRole('combobox', { name: 'Agent' }).click();
      await page.getByRole('option', { name: 'Smile Desk' }).click();
      await dialog.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
      await dialog.getByRole('button', { name: 'Create demo' }).click();
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/demo\/[^/]+$/);
      demoIds.set(type, pathOf(page).split('/').at(-1)!);

      const preview = page.getByRole('region', { name: 'Live preview' });
      await expect.poll(() => preview.locator(`[data-demo-type="${type}"]`).count()).toBe(1);
      await chat(preview, type, 'When are you open?');
      // The request is counted (the live preview uses the saved agent).
      await expect
        .poll(() => preview.getByRole('status', { name: 'Requests used' }).textContent())
        .toBe('1 / 100 requests used');
    }

    // The editor: a live field change shows in the preview before saving; Save confirms with the documented toast.
    await page.goto(`/demo/${demoIds.get('standard')}`);
    const preview = page.getByRole('region', { name: 'Live preview' });
    await page.getByRole('textbox', { name: 'Assistant name', exact: true }).fill('Smile Desk Assistant');
    await expect.poll(() => preview.getByRole('heading', { name: 'Smile Desk Assistant' }).isVisible()).toBe(true);
    await page
      .getByRole('textbox', { name: 'Welcome message' })
      .fill('Hi! I am the Bright Smile assistant. Ask me anything.');
    await expect
      .poll(() => preview.getByText('Hi! I am the Bright Smile assistant. Ask me anything.').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Settings saved successfully!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
    await page.mouse.move(1275, 795);
    await saveScreenshot(page, 'demo-editor');

    // An unsaved change holds navigation back.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed but not saved');
    await page.getByRole('link', { name: 'Back to demos' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect.poll(() => unsaved.isVisible()).toBe(true);
    await unsaved.getByRole('button', { name: 'Leave without saving' }).click();
    await expect.poll(() => pathOf(page)).toBe('/demo');

    const list = page.getByRole('list', { name: 'Demos' });
    await expect.poll(() => list.getByRole('article').count()).toBe(5);
    expect(await list.getByRole('link', { name: 'Bright Smile Standard' }).isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search demos' }).fill('insta');
    await expect.poll(() => list.getByRole('article').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search demos' }).fill('');
    await expect.poll(() => list.getByRole('article').count()).toBe(5);
    await expect
      .poll(() => page.getByText('Settings saved successfully!').isVisible(), { timeout: 15_000 })
      .toBe(false);
    await page.mouse.move(1275, 795);
    await saveScreenshot(page, 'demo-list');
  });

  it('opens each shared link signed out, chats, and shows the request counter', { timeout: 180_000 }, async () => {
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    for (const { type } of TYPES) {
      const demoId = demoIds.get(type)!;
      await page.goto(`/shared/${demoId}`);
      await expect
        .poll(() => page.locator(`[data-demo-mode="shared"][data-demo-type="${type}"]`).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByRole('heading', { name: /^Bright Smile/, level: 1 }).isVisible()).toBe(true);
      await chat(page, type, 'How much is a check-up?');
      await expect
        .poll(() => page.getByRole('status', { name: 'Requests used' }).textContent())
        .toBe('2 / 100 requests used');
      await page.mouse.move(5, 5);
      await page.waitForTimeout(300);
      await saveScreenshot(page, `demo-${type}`);
    }

    // Share: the standard type copies its /shared link.
    await page.goto(`/shared/${demoIds.get('standard')}`);
    await page.getByRole('button', { name: 'Share demo' }).click();
    await expect.poll(() => page.getByText('Link copied to clipboard!').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl()}/shared/${demoIds.get('standard')}`,
    );
    // Clear goes back to the welcome message.
    await chat(page, 'standard', 'Hello');
    await page.getByRole('button', { name: 'Clear conversation' }).click();
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect.poll(() => log.textContent()).not.toContain('Hello');
    expect(await log.textContent()).toContain('Hi! I am the Bright Smile assistant.');
    await context.close();
  });

  it('looks right on a 390 px phone', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    await page.goto(`/shared/${demoIds.get('sms')}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Messages' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'demo-sms-mobile');
    await page.goto(`/shared/${demoIds.get('standard')}`);
    await expect
      .poll(() => page.getByRole('log', { name: 'Conversation' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'demo-standard-mobile');
    await page.goto(`/shared/${demoIds.get('website')}`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Type your message...' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Let the widget's opening animation finish.
    await page.waitForTimeout(600);
    await saveScreenshot(page, 'demo-website-mobile');
    await context.close();
  });

  it('shows the client message card in the live preview, and the saved demo on the full-page preview', async () => {
    const { page } = creator;
    await page.goto(`/demo/${demoIds.get('instagram')}`);
    const preview = page.getByRole('region', { name: 'Live preview' });
    await expect.poll(() => preview.getByText('Active now').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('switch', { name: 'Show client message' }).click();
    await page.getByRole('textbox', { name: 'Card header' }).fill('Hi Sarah');
    await page
      .getByRole('textbox', { name: 'Card body' })
      .fill('Here is the Instagram assistant we talked about. Ask it about opening hours.');
    const card = preview.getByRole('complementary', { name: 'Message from the demo creator' });
    await expect.poll(() => card.getByText('Hi Sarah').isVisible()).toBe(true);
    await page.mouse.move(1275, 795);
    await saveScreenshot(page, 'demo-editor-client-card');
    await card.getByRole('button', { name: 'Dismiss message' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.getByRole('button', { name: 'Discard' }).click();

    await page.goto(`/demo/${demoIds.get('instagram')}/preview`);
    await expect
      .poll(() => page.locator('[data-demo-mode="page"][data-demo-type="instagram"]').count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Back to editor' }).getAttribute('href')).toBe(
      `/demo/${demoIds.get('instagram')}`,
    );
  });

  it('lays the editor out in one column on a 390 px phone', async () => {
    const { page } = creator;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/demo/${demoIds.get('standard')}`);
    await expect
      .poll(() => page.getByRole('form', { name: 'Demo settings' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'demo-editor-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('runs embedded inside an iframe of a plain page on another port, without the counter', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${site.origin}/?demo=${encodeURIComponent(demoIds.get('instagram')!)}`);
    const frame = page.frameLocator('iframe[title="Demo"]');
    await expect.poll(() => frame.locator('[data-demo-mode="embedded"]').count(), { timeout: 15_000 }).toBe(1);
    await chat(frame, 'instagram', 'Do you open on Saturday?');
    expect(await frame.getByRole('status', { name: 'Requests used' }).count()).toBe(0);
    expect(await frame.getByRole('heading', { level: 1 }).count()).toBe(0);
    await saveScreenshot(page, 'demo-embedded');
    await context.close();
  });

  it('stops answering at the request limit with the limit text, once, and a disabled input', async () => {
    const demoId = demoIds.get('standard')!;
    const patched = await creator.page.request.patch(`/api/demos/${demoId}`, {
      data: { requestLimit: 1, resetRequests: true },
    });
    expect(patched.status()).toBe(200);
    const { page, context } = await newPage(browser);
    await page.goto(`/shared/${demoId}`);
    await expect
      .poll(() => page.getByRole('status', { name: 'Requests used' }).textContent(), { timeout: 15_000 })
      .toBe('0 / 1 requests used');
    await chat(page, 'standard', 'First question');
    await expect
      .poll(() => page.getByRole('status', { name: 'Requests used' }).textContent())
      .toBe('1 / 1 requests used');
    // The limit is used up: the chat says so once and takes no more messages.
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect
      .poll(() => page.getByRole('log', { name: 'Conversation' }).getByText(LIMIT_MESSAGE).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await box.isDisabled()).toBe(true);
    await saveScreenshot(page, 'demo-limit-reached');
    await context.close();
  });

  it('shows the not-embeddable card for a site that refuses frames, and asks for a plan to save it', async () => {
    const { page } = creator;
    await page.goto(`/demo/${demoIds.get('website')}`);
    const preview = page.getByRole('region', { name: 'Live preview' });
    await page.getByRole('textbox', { name: 'Background website URL' }).fill(`${site.origin}/deny.html`);
    // The server's SSRF guard refuses loopback addresses; refused or DENY, the fallback card shows.
    await expect
      .poll(() => preview.getByText('This website does not support previews').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(
      await preview
        .getByText(
          'You can still continue with your demo without a live background. The widget will work perfectly on any website.',
        )
        .isVisible(),
    ).toBe(true);
    await preview.getByRole('button', { name: 'Close chat' }).click();
    await page.mouse.move(1275, 795);
    await saveScreenshot(page, 'demo-website-not-embeddable');

    // A live background is an advanced demo feature: the free plan gets the upgrade dialog.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Upgrade to Unlock' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it("deletes a demo after typing 'confirm'", async () => {
    const { page } = creator;
    await page.goto('/demo');
    await page.getByRole('button', { name: 'Actions for Bright Smile SMS' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete demo' });
    const remove = dialog.getByRole('button', { name: 'Delete demo' });
    expect(await remove.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type confirm to continue' }).fill('confirm');
    await remove.click();
    await expect.poll(() => page.getByRole('list', { name: 'Demos' }).getByRole('article').count()).toBe(4);
    await creator.context.close();
  });
});
