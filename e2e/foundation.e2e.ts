import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerTitleFor, resourceNavItems, workspaceNavItems } from '../packages/core/src/workspace-nav';
import { launchBrowser, latestLink, newPage, saveScreenshot, signInThroughMailbox } from './browser';

describe('foundation: landing, sign-in, workspace shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('renders the landing page with every section', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark' });
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of ['Integrations', 'Pricing', 'FAQ', 'Community']) {
      await expect.poll(() => header.getByRole('link', { name, exact: true }).first().isVisible()).toBe(true);
    }
    for (const id of ['integrations', 'pricing', 'faq', 'community']) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
    }
    expect(await page.getByRole('heading', { name: 'Simple, transparent pricing' }).isVisible()).toBe(true);
    expect(await page.getByText('Most Popular').first().isVisible()).toBe(true);
    await header.getByRole('link', { name: 'Pricing', exact: true }).first().click();
    await expect
      .poll(() => page.evaluate(() => document.getElementById('pricing')?.getBoundingClientRect().top ?? 9999))
      .toBeLessThan(200);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'landing-desktop');
    await context.close();

    const mobile = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    await mobile.page.goto('/');
    await expect.poll(() => mobile.page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await saveScreenshot(mobile.page, 'landing-mobile');
    await mobile.context.close();
  });

  it('signs a new user in through the dev mailbox link and lands on /agents/create', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'first.user@agency.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents/create');
    await expect.poll(() => page.getByRole('navigation', { name: 'Workspace navigation' }).isVisible()).toBe(true);
    await context.close();
  });

  it('opens every sidebar link with the right header title', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'navigator@agency.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents/create');
    const nav = page.getByRole('navigation', { name: 'Workspace navigation' });
    for (const item of [...workspaceNavItems, ...resourceNavItems]) {
      await nav.getByRole('link', { name: item.label, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(item.path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe(headerTitleFor(item.path));
    }
    await nav.getByRole('link', { name: 'Agents', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents');
    // Move the pointer off the sidebar so it collapses to its resting 70 px.
    await page.mouse.move(900, 500);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'workspace-desktop');
    await context.close();
  });

  it('works as a drawer at 390 px', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await signInThroughMailbox(page, 'mobile@agency.test', { via: 'entry-point' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents/create');
    const nav = page.getByRole('navigation', { name: 'Workspace navigation' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.waitForTimeout(400); // let the slide-in finish before the picture
    await saveScreenshot(page, 'workspace-mobile-drawer');
    await nav.getByRole('link', { name: 'Usage', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/usage');
    await expect.poll(() => nav.isVisible()).toBe(false);
    await saveScreenshot(page, 'workspace-mobile');
    await context.close();
  });

  it('opens the sign-in modal when the API answers 401', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'expired@agency.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents/create');
    await page.goto('/settings');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings');
    const nameField = page.getByLabel('Display name');
    await expect.poll(() => nameField.isVisible()).toBe(true);
    // The session ends behind the page's back (cookie gone): the next API call answers 401.
    await context.clearCookies();
    await nameField.fill('Someone New');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Please sign in to continue').first().isVisible()).toBe(true);
    await context.close();
  });

  it('refuses a used magic link', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'twice@agency.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents/create');
    const link = await latestLink(context, 'twice@agency.test');
    const fresh = await newPage(browser);
    await fresh.page.goto(link);
    const me = await fresh.context.request.get('/api/me');
    expect(me.status()).toBe(401);
    await fresh.context.close();
    await context.close();
  });
});
