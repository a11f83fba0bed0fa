import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * SMS in TEST MODE as a user sets it up: a connection without Twilio credentials, a message
 * from the phone simulator, the agent's answer there, and the thread on the dashboard.
 */
describe('SMS: TEST MODE connection, phone simulator, dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('connects in TEST MODE, answers a simulated SMS and lists the conversation', async () => {
    const { page } = await newPage(browser, { width: 1280, height: 900 });
    await signInThroughMailbox(page, 'sms@agency.test');
    await expect.poll(() => pathOf(page)).toBe('/agents/create');
    const me = (await (await page.request.get('/api/me')).json()) as { activeSubaccountId: string };
    const subaccountId = me.activeSubaccountId;
    const created = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
      data: { aiName: 'Text Desk' },
    });
    expect(created.status()).toBe(201);

    // The SMS area: no sidebar, its own header, then the connection setup.
    await page.goto(`/${subaccountId}/sms/connections`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'SMS & WhatsApp connections' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('SMS Dashboard').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'New connection' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Front desk line');
    await page.getByRole('combobox', { name: 'Agent that answers' }).selectOption({ label: 'Text Desk' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('TEST MODE', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByText('TEST MODE is ready.').isVisible()).toBe(true);
    await saveScreenshot(page, 'sms-area-connections');

    // The phone simulator: send an SMS in, the agent's answer comes back.
    await page.goto('/dev/phone');
    await expect.poll(() => page.getByRole('heading', { name: 'Phone simulator' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from my phone');
    await page.getByRole('button', { name: 'Send' }).click();
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect.poll(() => messages.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await messages.first().innerText()).toContain('Hello from my phone');
    await saveScreenshot(page, 'sms-phone-simulator');

    // The dashboard lists the SMS thread beside the widget's, with its badge and transcript.
    await page.goto(`/${subaccountId}/dashboard`);
    const thread = page.getByRole('button', { name: /\+14155550123/ });
    await expect.poll(() => thread.isVisible(), { timeout: 20_000 }).toBe(true);
    await thread.click();
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect.poll(() => transcript.getByText('Hello from my phone').isVisible()).toBe(true);
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await saveScreenshot(page, 'sms-dashboard-conversation');

    // The SMS area on a phone (390 px): the header and the connection card fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${subaccountId}/sms/connections`);
    await expect.poll(() => page.getByText('Front desk line').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'sms-area-mobile');
  });
});
