import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, signInThroughMailbox } from './browser';

const root = path.resolve(import.meta.dirname, '..');
const PROMO_CODE = 'E2E-BONUS-250';

/**
 * Billing runs on its own server: the promo code must be created with the documented script
 * (apps/server/scripts/create-promo-code.ts) before the server opens its PGlite data, which
 * allows one process at a time. Same build, same embedded defaults as the shared harness:
 * the local payment provider and its TEST MODE checkout page.
 */
async function startBillingServer() {
  const port = 4800 + Math.floor(Math.random() * 150);
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-e2e-billing-'));
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'info',
  };
  await promisify(execFile)(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'apps/server/scripts/create-promo-code.ts',
      '--code',
      PROMO_CODE,
      '--credits',
      '250',
    ],
    {
      cwd: root,
      env,
    },
  );
  const logPath = path.join(root, 'e2e/.artifacts/billing-server.log');
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.openSync(logPath, 'w');
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`billing server exited with ${server.exitCode}; see e2e/.artifacts/billing-server.log`);
    if (Date.now() > deadline) throw new Error('billing server did not become healthy within 300 s');
    const isHealthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isHealthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('billing: checkout, plan changes, promo codes', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startBillingServer>>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startBillingServer();
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    });
    page = await context.newPage();
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const usageCredits = () => page.getByRole('region', { name: 'Credits' }).getByTestId('credits');
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 800 };
  /** The pricing heading sits just under the sticky header (not at the top of the page). */
  const isPricingInView = () =>
    page.evaluate(() => {
      const top = document.getElementById('pricing')?.getBoundingClientRect().top ?? Number.NaN;
      return window.scrollY > 0 && top > -20 && top < 200;
    });

  it("lands at pricing from 'See plans' on /usage and from /?scrollToPricing=true (the checkout cancel address)", async () => {
    await signInThroughMailbox(page, 'billing.buyer@agency.test');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/agents/create');
    for (const [viewport, suffix] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/usage');
      await page.getByRole('link', { name: 'See plans' }).click({ timeout: 30_000 });
      await expect.poll(isPricingInView, { timeout: 30_000 }).toBe(true);
      expect(new URL(page.url()).search).toBe('');
      await page.waitForTimeout(600); // the smooth scroll settles
      await saveScreenshot(page, `billing-see-plans-${suffix}`);

      await page.goto('/?scrollToPricing=true');
      await expect.poll(isPricingInView, { timeout: 30_000 }).toBe(true);
    }
    // The footer's affiliate link goes out to the external sign-up page.
    const affiliate = page.getByRole('contentinfo').getByRole('link', { name: /Affiliate Program/ });
    expect(await affiliate.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await affiliate.getAttribute('target')).toBe('_blank');
    await page.setViewportSize(desktop);
  }, 240_000);

  it('buys Growth through the local TEST MODE checkout and sees 3000 credits on /usage', async () => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await pricing.scrollIntoViewIfNeeded();
    const growth = pricing.getByRole('article', { name: 'Growth' });
    await expect.poll(() => growth.getByRole('button', { name: 'Choose Growth' }).isEnabled()).toBe(true);
    // The section's scroll margin keeps its heading clear of the sticky header.
    await pricing.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'billing-pricing');

    // A plan page opened in another tab first: opening Growth's closes it (one plan per account).
    const starter = pricing.getByRole('article', { name: 'Starter' });
    const [earlier] = await Promise.all([
      context.waitForEvent('page'),
      starter.getByRole('button', { name: 'Choose Starter' }).click(),
    ]);
    await earlier.waitForLoadState();
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      growth.getByRole('button', { name: 'Choose Growth' }).click(),
    ]);
    await checkout.waitForLoadState();
    await earlier.reload();
    expect(
      await earlier.getByText('This checkout page has expired. Start again from the pricing page.').isVisible(),
    ).toBe(true);
    expect(await earlier.getByRole('button', { name: 'Pay' }).count()).toBe(0);
    await saveScreenshot(earlier, 'billing-checkout-expired');
    await earlier.close();
    expect(await checkout.getByText('TEST MODE').first().isVisible()).toBe(true);
    expect(await checkout.getByText('$79').first().isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => new URL(checkout.url()).pathname, { timeout: 15_000 }).toBe('/success');
    await expect
      .poll(() => checkout.getByTestId('success-credits').textContent(), { timeout: 15_000 })
      .toBe('3,000 credits available');
    await checkout.close();

    await page.goto('/usage');
    await expect.poll(() => usageCredits().textContent(), { timeout: 15_000 }).toBe('3,000 / 3,000');
    expect(await page.getByRole('heading', { name: 'Growth', exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'billing-usage-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 15_000 })
      .toBe(true);
    await page.waitForTimeout(600); // colour transitions settle
    await saveScreenshot(page, 'billing-usage-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  }, 240_000);

  it('upgrades to Scale: reads the proration summary, pays the difference and comes back upgraded', async () => {
    await page.goto('/usage');
    await page.getByRole('button', { name: 'Manage plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Manage your plan' });
    expect(await modal.getByText('Step 1 of 2').isVisible()).toBe(true);
    await expect.poll(() => modal.getByRole('button', { name: 'Current Plan: Growth' }).isDisabled()).toBe(true);
    // Each card says what confirming does and when the credits arrive.
    const scaleCard = modal.getByRole('article', { name: 'Scale' });
    expect(await scaleCard.getByTestId('plan-change-timing').textContent()).toBe('Billed now · credits added at once');
    expect(
      await modal.getByRole('article', { name: 'Starter' }).getByTestId('plan-change-timing').textContent(),
    ).toMatch(/^Starts \w+ \d{1,2}, \d{4} · credits arrive then$/);
    await saveScreenshot(page, 'billing-plan-change-step-1');
    await page.setViewportSize(phone);
    await scaleCard.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'billing-plan-change-step-1-phone');
    await page.setViewportSize(desktop);

    await modal.getByRole('button', { name: 'Upgrade: Scale' }).click();
    await expect.poll(() => modal.getByText('Step 2 of 2').isVisible()).toBe(true);
    expect(await modal.getByRole('heading', { name: 'Plan Change Summary' }).isVisible()).toBe(true);
    expect(await modal.getByRole('heading', { name: 'Proration summary' }).isVisible()).toBe(true);
    expect(await modal.getByTestId('plan-change-when').textContent()).toBe(
      'Starts now. The new credits are added as soon as the payment goes through.',
    );
    const totalDue = modal.getByTestId('total-due');
    await expect.poll(() => totalDue.isVisible(), { timeout: 15_000 }).toBe(true);
    // Scale $297 less the unused part of Growth $79, for the days left in the period.
    const total = (await totalDue.textContent()) ?? '';
    expect(total).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2} USD$/);
    expect(Number(total.replace(/[^0-9.]/g, ''))).toBeGreaterThan(0);
    expect(Number(total.replace(/[^0-9.]/g, ''))).toBeLessThanOrEqual(297);
    expect(Number(await modal.getByTestId('days-remaining').textContent())).toBeGreaterThan(0);
    await saveScreenshot(page, 'billing-plan-change-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(600); // colour transitions settle
    await saveScreenshot(page, 'billing-plan-change-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await modal.getByRole('button', { name: 'Confirm change' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toMatch(/^\/api\/billing\/local-checkout\//);
    expect(await page.getByText('TEST MODE').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect.poll(() => page.getByText('Plan upgraded').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // upgrade_success, session_id and price_id are gone from the address.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/usage');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Scale', exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => usageCredits().textContent()).toMatch(/ \/ 10,000$/);
    // The account menu reads remaining / the plan's allowance (a prorated grant is not the limit).
    await page.getByRole('button', { name: 'My Account' }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.getByTestId('credits').textContent(), { timeout: 15_000 }).toMatch(/ \/ 10,000$/);
    await saveScreenshot(page, 'billing-account-menu-desktop');
    await page.keyboard.press('Escape');
  }, 240_000);

  it('schedules a downgrade to Growth and cancels it', async () => {
    await page.goto('/usage');
    await page.getByRole('button', { name: 'Manage plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Manage your plan' });
    await modal.getByRole('button', { name: 'Downgrade: Growth' }).click();
    await expect
      .poll(() => modal.getByRole('heading', { name: 'What changes after the downgrade' }).isVisible())
      .toBe(true);
    await modal.getByRole('button', { name: 'Schedule downgrade' }).click();

    const plan = page.getByRole('region', { name: 'Scale' });
    await expect.poll(() => plan.getByText('Downgrade scheduled').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await plan.getByText(/Your plan will change to Growth \(3k credits\) on /).isVisible()).toBe(true);

    await plan.getByRole('button', { name: 'Cancel downgrade' }).click();
    const status = page.getByRole('region', { name: 'Latest billing status' });
    await expect.poll(() => status.getByText('Downgrade canceled').isVisible(), { timeout: 15_000 }).toBe(true);
    // One status area with the latest state: nothing on the page still says the downgrade is on.
    expect(await page.getByText('Downgrade scheduled').count()).toBe(0);
    expect(await status.getByRole('status').count()).toBe(1);
    const toast = page.locator('[data-sonner-toast]');
    await expect.poll(() => toast.count()).toBe(1);
    expect(await toast.textContent()).toContain('Downgrade canceled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'billing-usage-status-desktop');
  }, 240_000);

  it('redeems a promo code created with the server script', async () => {
    await page.goto('/usage');
    const before = Number(((await usageCredits().textContent()) ?? '').split(' / ')[0]?.replace(/,/g, ''));
    const field = page.getByRole('textbox', { name: 'Promo code' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Promo code is required').isVisible()).toBe(true);

    await field.fill(PROMO_CODE.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Promo code applied').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('Added 250 credits to your balance.').isVisible()).toBe(true);
    await expect
      .poll(async () => Number(((await usageCredits().textContent()) ?? '').split(' / ')[0]?.replace(/,/g, '')))
      .toBe(before + 250);

    // Once per user.
    await field.fill(PROMO_CODE);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Promo code failed').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('Unable to redeem promo code.').isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'billing-usage-promo');

    await page.setViewportSize(phone);
    await page.reload();
    await expect.poll(() => usageCredits().isVisible(), { timeout: 15_000 }).toBe(true);
    await saveScreenshot(page, 'billing-usage-mobile');

    // On a phone the promo form is far below the status area: the result shows as a toast in view.
    await field.fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain('Promo code failed');
    // Measured once the toast has slid in (it enters from above the screen's edge).
    await expect
      .poll(
        async () => {
          const box = await toast.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= 844;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await saveScreenshot(page, 'billing-usage-promo-phone');
  }, 240_000);
});
