import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * An SMS campaign as a user runs it in TEST MODE: a connection with an agent, a draft, a CSV
 * import with its report, the start, the finished counts, the message on the phone simulator,
 * a reply answered by the agent, and the conversation on the dashboard.
 */
describe('SMS campaigns: CSV import, sending in TEST MODE, replies', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('imports a CSV, sends the campaign, and the agent answers a reply', async () => {
    const { page } = await newPage(browser, { width: 1280, height: 800 });
    await signInThroughMailbox(page, 'campaigns@agency.test');
    await expect.poll(() => pathOf(page)).toBe('/agents/create');
    const me = (await (await page.request.get('/api/me')).json()) as { activeSubaccountId: string };
    const subaccountId = me.activeSubaccountId;
    const created = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
      data: { aiName: 'Campaign Desk' },
    });
    expect(created.status()).toBe(201);

    // No campaigns yet; the SMS area's connections are one click away. A TEST MODE connection with the agent.
    await page.goto(`/${subaccountId}/sms/campaigns`);
    await expect.poll(() => page.getByText('No campaigns yet').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: 'Connections', exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'SMS & WhatsApp connections' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'New connection' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Promo line');
    await page.getByRole('combobox', { name: 'Agent that answers' }).selectOption({ label: 'Campaign Desk' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('TEST MODE', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);

    // Back to the campaigns: a new draft.
    await page.getByRole('link', { name: 'Open campaigns' }).click();
    await expect.poll(() => page.getByText('No campaigns yet').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: 'Create New Campaign' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/${subaccountId}/sms/campaigns/new`);
    await page.getByRole('textbox', { name: 'Campaign name' }).fill('Spring check-up');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Hi {{firstName}}, time for your spring check-up. Reply to book a slot.');
    await page.getByRole('button', { name: 'Save and add recipients' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Spring check-up' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByTestId('campaign-status').innerText()).toBe('Draft');

    // CSV: 3 valid rows, 1 invalid number, 1 duplicate.
    const csv = [
      'phone,first_name',
      '+14155550111,Ann',
      '(415) 555-0112,Bob',
      'not a number,Carl',
      '415-555-0111,Ann again',
      '+1 415 555 0113,Dora',
    ].join('\n');
    await page.getByLabel('Import contacts from a CSV file (up to 50,000 rows)').setInputFiles({
      name: 'patients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect.poll(() => page.getByText('patients.csv').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Import recipients' }).click();
    const report = page.getByLabel('Import report');
    await expect.poll(() => report.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await report.innerText()).toContain('3 of 5 rows will receive the message.');
    expect(await report.getByText('Invalid numbers: 1').isVisible()).toBe(true);
    expect(await report.getByText('Row 4: not a number').isVisible()).toBe(true);
    expect(await report.getByText('Duplicates: 1').isVisible()).toBe(true);
    expect(await report.getByText('Row 5: 415-555-0111').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('message-preview').innerText())
      .toBe('Hi Ann, time for your spring check-up. Reply to book a slot.');
    await saveScreenshot(page, 'campaign-import-report');

    // Start: it sends to the three numbers and completes.
    await page.getByRole('button', { name: 'Start campaign' }).click();
    await expect.poll(() => page.getByTestId('campaign-status').innerText(), { timeout: 30_000 }).toBe('Completed');
    await expect.poll(() => page.locator('[data-count="sent"]').innerText(), { timeout: 10_000 }).toBe('3');
    expect(await page.locator('[data-count="failed"]').innerText()).toBe('0');
    expect(await page.locator('[data-count="queued"]').innerText()).toBe('0');
    expect(await page.getByText('3 of 3 handled (100%)').isVisible()).toBe(true);
    // Every recipient's row shows the send, also after the page stopped polling.
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.filter({ hasText: /Sent/ }).count(), { timeout: 10_000 }).toBe(4);
    expect(await rows.filter({ hasText: 'Sending' }).count()).toBe(0);
    // Let the progress bar's width transition finish before the picture.
    await page.waitForTimeout(500);
    await saveScreenshot(page, 'campaign-completed');
    const campaignPath = pathOf(page);

    // The phone simulator: the message arrived at Bob's number; Bob replies, the agent answers.
    await page.goto('/dev/phone');
    await expect.poll(() => page.getByRole('heading', { name: 'Phone simulator' }).isVisible()).toBe(true);
    await page.getByLabel("This phone's number").fill('+14155550112');
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect
      .poll(() => messages.first().innerText(), { timeout: 15_000 })
      .toContain('Hi Bob, time for your spring check-up. Reply to book a slot.');
    await page.getByRole('textbox', { name: 'Message' }).fill('Can I come Tuesday morning?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => messages.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(await messages.nth(1).innerText()).toContain('Can I come Tuesday morning?');
    expect((await messages.nth(2).innerText()).trim().length).toBeGreaterThan(0);
    await saveScreenshot(page, 'campaign-phone-simulator');

    // The dashboard lists Bob's conversation with the campaign message, the reply and the answer.
    await page.goto(`/${subaccountId}/dashboard`);
    // The contact carries the first name from the CSV.
    const thread = page.getByRole('button', { name: /^Bob\b.*SMS/ });
    await expect.poll(() => thread.isVisible(), { timeout: 20_000 }).toBe(true);
    await thread.click();
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect.poll(() => transcript.getByText('Can I come Tuesday morning?').isVisible()).toBe(true);
    expect(await transcript.getByText('Hi Bob, time for your spring check-up.', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await saveScreenshot(page, 'campaign-dashboard-conversation');

    // The campaign page on a phone (390 px): counts and the reply fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(campaignPath);
    await expect.poll(() => page.getByTestId('campaign-status').innerText(), { timeout: 15_000 }).toBe('Completed');
    await expect
      .poll(() => page.getByRole('list', { name: 'Replies' }).getByText('Can I come Tuesday morning?').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'campaign-mobile');
  });
});
