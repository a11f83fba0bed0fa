import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

/** A 1x1 PNG: the logo the admin uploads. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An address per attempt: a retried test starts from a new account, not the one it half-changed. */
const addressFor = (name: string, task: { result?: { retryCount?: number } }) => {
  const retry = task.result?.retryCount ?? 0;
  return retry > 0 ? `${name}.retry${retry}@agency.test` : `${name}@agency.test`;
};

type Me = { subaccounts: { id: string; name: string; isLocked?: boolean }[] };

// API calls go through the context's request client (the page's cookies, a 30 s timeout), so a
// slow answer fails the step that waited for it instead of stalling the whole test.
async function readMe(page: Page): Promise<Me> {
  return (await page.context().request.get('/api/me')).json() as Promise<Me>;
}

describe('sub-account settings and the lock', { timeout: 120_000 }, () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('saves a logo and a provider key on the Settings page', async ({ task }) => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await signInThroughMailbox(page, addressFor('settings.admin', task));
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/agents/create');
    const subaccountId = (await readMe(page)).subaccounts[0]?.id ?? '';
    await page.goto(`/${subaccountId}/ai-settings`);

    const profile = page.getByRole('region', { name: 'Account profile' });
    await profile
      .getByLabel('Logo file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: onePixelPng });
    await expect
      .poll(() => profile.getByRole('button', { name: 'Remove logo' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const logoUrl = await page.evaluate(
      async (id) =>
        ((await (await fetch(`/api/subaccounts/${id}/profile`)).json()) as { logoUrl: string | null }).logoUrl,
      subaccountId,
    );
    expect(logoUrl).toMatch(/^\/files\//);

    const keys = page.getByRole('region', { name: 'AI provider keys' });
    await keys.getByRole('button', { name: 'Add key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add provider key' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Client key');
    await dialog.getByLabel('API key').fill('sk-test-e2e-secret-4321');
    await dialog.getByRole('textbox', { name: 'Default model' }).fill('gpt-4o-mini');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    const row = keys.getByRole('listitem');
    await expect.poll(() => row.getByText('••••4321').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.textContent()).toContain('default model gpt-4o-mini');
    expect(await page.content()).not.toContain('sk-test-e2e-secret');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'settings-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'settings-mobile');
    await context.close();
  });

  it('lets a plan that keeps five choose five of seven sub accounts (Scale to Growth)', async ({ task }) => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await signInThroughMailbox(page, addressFor('settings.five', task));
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/agents/create');
    const origin = new URL(page.url()).origin;

    // Scale through the TEST MODE checkout (its page's form posted as the browser would).
    const checkout = await context.request.post('/api/stripe/create-checkout', {
      headers: { origin },
      data: {
        priceId: 'price_local_scale_10000_month',
        mode: 'subscription',
        successUrl: '/success?returnUrl=%2Fusage',
        cancelUrl: '/pricing',
      },
    });
    expect(checkout.status()).toBe(200);
    const payPath = `${new URL(((await checkout.json()) as { url: string }).url).pathname}/pay`;
    const paid = await context.request.post(payPath, { form: { outcome: 'pay' }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    for (const name of ['Alder Dental', 'Birch Law', 'Cedar Gyms', 'Dune Cafe', 'Elm Roofing', 'Fern Florists']) {
      const created = await context.request.post('/api/subaccounts', { headers: { origin }, data: { name } });
      expect(created.status()).toBe(201);
    }
    const scheduled = await context.request.post('/stripe/schedule-downgrade', {
      headers: { origin },
      data: { newPriceId: 'price_local_growth_3000_month' },
    });
    expect(scheduled.status()).toBe(200);
    const later = await context.request.post('/api/billing/local/advance-clock', {
      headers: { origin },
      data: { days: 32 },
    });
    expect(later.status()).toBe(200);

    await page.goto('/connect');
    const modal = page.getByRole('dialog', { name: 'Select Your Active Subaccount' });
    await expect.poll(() => modal.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await modal.getByText(/Your plan keeps 5 active subaccounts/).isVisible()).toBe(true);
    for (const name of ['Alder Dental', 'Birch Law', 'Cedar Gyms', 'Dune Cafe', 'Elm Roofing'])
      await modal.getByRole('checkbox', { name: new RegExp(name) }).click();
    expect(await modal.getByText('5 of 5 chosen').isVisible()).toBe(true);
    expect(await modal.getByRole('checkbox', { name: /Fern Florists/ }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'subaccount-lock-choose-five');
    await modal.getByRole('button', { name: 'Continue' }).click();
    await modal.getByRole('textbox', { name: "Type 'confirm' to proceed" }).fill('confirm');
    await modal.getByRole('button', { name: 'Lock Selection' }).click();
    await expect.poll(() => modal.isVisible(), { timeout: 15_000 }).toBe(false);

    const me = await readMe(page);
    const locked = me.subaccounts.filter((entry) => entry.isLocked).map((entry) => entry.name);
    expect(locked).toHaveLength(2);
    expect(locked).toContain('Fern Florists');
    expect(me.subaccounts.filter((entry) => !entry.isLocked)).toHaveLength(5);
    await context.close();
  });

  it('shows the lock on a locked sub account and refuses a write with the plan message', async ({ task }) => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await signInThroughMailbox(page, addressFor('settings.locked', task));
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/agents/create');
    const first = (await readMe(page)).subaccounts[0]?.id ?? '';

    // Growth through the local TEST MODE checkout, then a second sub account from the Launch page.
    await page.goto('/');
    const growth = page.locator('#pricing').getByRole('article', { name: 'Growth' });
    await growth.scrollIntoViewIfNeeded();
    await expect.poll(() => growth.getByRole('button', { name: 'Choose Growth' }).isEnabled()).toBe(true);
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      growth.getByRole('button', { name: 'Choose Growth' }).click(),
    ]);
    await checkout.waitForLoadState();
    // The success page applies the checkout again (sync-checkout), which also lifts locks the
    // plan does not need: wait for it, or it could land after the lock chosen below.
    const [synced] = await Promise.all([
      checkout.waitForResponse((response) => response.url().includes('/api/billing/sync-checkout')),
      checkout.getByRole('button', { name: 'Pay' }).click(),
    ]);
    expect(synced.status()).toBe(200);
    expect(new URL(checkout.url()).pathname).toBe('/success');
    await checkout.close();

    await page.goto('/connect');
    await page.getByRole('button', { name: 'New sub account' }).first().click();
    const create = page.getByRole('dialog', { name: 'Add New Account' });
    await create.getByRole('textbox', { name: 'Account name' }).fill('Locked Client');
    await create.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Locked Client' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const second = (await readMe(page)).subaccounts.find((entry) => entry.name === 'Locked Client')?.id ?? '';

    // The plan ends (cancelled, then the TEST MODE clock past its period): two sub accounts on the
    // free plan's one, so the owner must choose.
    const origin = new URL(page.url()).origin;
    const cancelled = await context.request.post('/stripe/cancel-subscription', {
      headers: { origin },
      data: { cancelAtPeriodEnd: true },
    });
    expect(cancelled.status()).toBe(200);
    const later = await context.request.post('/api/billing/local/advance-clock', {
      headers: { origin },
      data: { days: 32 },
    });
    expect(later.status()).toBe(200);

    // The owner keeps the first one (the choice after a downgrade): the second is locked.
    const kept = await context.request.post('/api/billing/subaccount-lock', {
      headers: { origin },
      data: { subaccountId: first },
    });
    expect(kept.status()).toBe(200);

    await page.goto('/connect');
    const locked = page.getByRole('region', { name: 'Locked Client' });
    await expect.poll(() => locked.getByText('Locked', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`/${second}/ai-settings`);
    await expect
      .poll(() => page.getByText('Locked Client is locked and read-only.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Manage plan' }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('button', { name: /^Account: Locked Client/ })
        .getByRole('img', { name: 'Locked' })
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByRole('region', { name: 'Account profile' })
        .getByRole('textbox', { name: 'Account name' })
        .isDisabled(),
    ).toBe(true);

    // A write the page would not offer, sent anyway: refused with the plan message.
    const refused = await context.request.patch(`/api/subaccounts/${second}/theme`, {
      headers: { origin: new URL(page.url()).origin },
      data: { isDarkMode: false },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: Record<string, unknown> }).error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'Pick a plan to use this feature',
      reason: 'subaccount_locked',
    });

    // The team page of the locked sub account: access can be taken away, none granted.
    await page.goto(`/${second}/team`);
    await expect
      .poll(() => page.getByText('No one new can join while this sub account is locked').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Invite', exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'team-locked');

    await page.goto(`/${second}/ai-settings`);
    await page.getByRole('button', { name: 'Manage plan' }).click();
    await expect.poll(() => page.getByRole('dialog').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'settings-locked');
    await context.close();
  });
});
