import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('agent versions: history, diff, publish, restore', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('saves a draft version, compares it with the published one, publishes it and restores the first', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'versions@agency.test');
    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/agents/create');
    const me = await (await page.request.get('/api/me')).json();
    const subaccountId = me.subaccounts[0].id as string;
    const created = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
      data: { aiName: 'Opening Hours Bot', instructions: 'You answer questions about opening hours.' },
    });
    expect(created.status()).toBe(201);
    const agentId = (await created.json()).buildId as string;
    await page.goto(`/subaccounts/${subaccountId}/agents/${agentId}`);

    const versions = page.getByRole('region', { name: 'Versions' });
    const history = page.getByRole('list', { name: 'Version history' });
    await expect.poll(() => history.getByText('Version 1').isVisible(), { timeout: 30_000 }).toBe(true);

    // Saving new instructions makes version 2, a draft; version 1 stays published.
    const instructions = page.getByRole('textbox', { name: 'Instructions', exact: true });
    await instructions.fill('You answer questions about opening hours.\nAlways mention that we close on Sundays.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => history.getByText('Version 2').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await history.getByText('Draft').isVisible()).toBe(true);

    // The diff from the published version to the draft shows the added line.
    const diff = page.getByLabel('Changes from version 1 to version 2');
    await expect
      .poll(() => diff.textContent(), { timeout: 30_000 })
      .toContain('Always mention that we close on Sundays.');
    await versions.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'agent-versions-desktop');

    await page.getByRole('button', { name: 'Publish version 2', exact: true }).first().click();
    await expect
      .poll(() => history.getByRole('listitem').first().textContent(), { timeout: 60_000 })
      .toContain('Published');

    // Restoring version 1 makes version 3, a draft with version 1's instructions.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await expect.poll(() => history.getByText('Version 3').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => history.getByText('Restored version 1').isVisible()).toBe(true);
    await expect
      .poll(() => instructions.inputValue(), { timeout: 30_000 })
      .toBe('You answer questions about opening hours.');

    // The same page at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => history.getByText('Version 3').isVisible(), { timeout: 30_000 }).toBe(true);
    await history.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'agent-versions-phone');
    await context.close();
  }, 240_000);
});
