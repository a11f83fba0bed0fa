import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The sign-in calls the page makes, in order (paths only, without the sign-in methods read). */
function recordSignInCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/auth\/(check-user|check-linked-access|pre-register|sign-in\/magic-link)$/.test(pathname))
      calls.push(pathname);
  });
  return calls;
}

async function mailboxCount(page: Page, email: string) {
  const response = await page.request.get(`/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: unknown[] }).messages.length;
}

describe('sign-in modal: Continue with Email looks the address up and takes its branch', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    it(`a new visitor is looked up, pre-registered and sent a link (${size.name})`, async () => {
      const { context, page } = await newPage(browser, size);
      const calls = recordSignInCalls(page);
      const email = `new.visitor.${size.name}@agency.test`;
      await page.goto('/api/auth/signin');
      const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
      await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true);
      await dialog.getByRole('textbox', { name: 'Email' }).fill(`  ${email.toUpperCase()} `);
      await dialog.getByRole('button', { name: 'Continue with Email' }).click();

      const sent = page.getByRole('dialog', { name: 'Check your email' });
      await expect.poll(() => sent.isVisible(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => sent.getByText('The link creates your account and signs you in.').isVisible()).toBe(true);
      expect(await sent.getByText(email, { exact: true }).isVisible()).toBe(true);
      expect(calls).toEqual([
        '/api/auth/check-user',
        '/api/auth/check-linked-access',
        '/api/auth/pre-register',
        '/api/auth/sign-in/magic-link',
      ]);
      await expect.poll(() => mailboxCount(page, email), { timeout: 15_000 }).toBe(1);
      await saveScreenshot(page, `signin-check-email-${size.name}`);
      await context.close();
    });
  }

  it('a signed-in user who enters their own address goes straight to the return address, no e-mail', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 });
    const email = 'already.in@agency.test';
    await signInThroughMailbox(page, email);
    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/agents/create');
    const before = await mailboxCount(page, email);
    const calls = recordSignInCalls(page);

    await page.goto('/api/auth/signin?callbackUrl=%2Fusage');
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('Already.In@agency.test');
    await dialog.getByRole('button', { name: 'Continue with Email' }).click();

    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/usage');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(calls).toEqual(['/api/auth/check-user']);
    expect(await mailboxCount(page, email)).toBe(before);

    // One logo: the workspace sidebar draws the product mark.
    const sidebarMark = page.getByRole('complementary').locator('[data-agentry-mark]').first();
    await expect.poll(() => sidebarMark.isVisible(), { timeout: 15_000 }).toBe(true);
    await saveScreenshot(page, 'one-logo-workspace-desktop');
    await context.close();
  });

  it('one logo: the marketplace header for visitors draws the same mark (phone)', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/marketplace');
    const mark = page.getByRole('link', { name: 'Agentry home' }).locator('[data-agentry-mark]');
    await expect.poll(() => mark.isVisible(), { timeout: 30_000 }).toBe(true);
    await saveScreenshot(page, 'one-logo-marketplace-phone');
    await context.close();
  });
});
