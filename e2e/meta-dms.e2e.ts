import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('Instagram and Messenger agents in TEST MODE', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('connects an Instagram agent in test mode and chats with it from the DM simulator', async () => {
    const { page, context } = await newPage(browser, { width: 1440, height: 900 });
    await signInThroughMailbox(page, 'instagram@agency.test');
    await expect.poll(() => pathOf(page)).toBe('/agents/create');
    const me = (await (await page.request.get('/api/me')).json()) as { activeSubaccountId: string };
    const subaccountId = me.activeSubaccountId;
    const created = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
      data: { aiName: 'Bakery DM Agent', instructions: 'You answer for a bakery that sells sourdough bread.' },
    });
    expect(created.status()).toBe(201);

    // The sidebar's Instagram Agent link leads to the setup page; nothing is connected yet.
    await page.goto(`/${subaccountId}/dashboard`);
    await page.getByRole('link', { name: 'Instagram Agent' }).first().click();
    await expect.poll(() => pathOf(page)).toBe(`/${subaccountId}/link3`);
    await expect
      .poll(() => page.getByText('No Instagram or Messenger agent yet').isVisible(), { timeout: 15_000 })
      .toBe(true);

    await page.getByRole('button', { name: 'Add Instagram' }).click();
    const status = page.getByRole('region', { name: 'Connection status' });
    await expect.poll(() => status.getByText('Setup not finished').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => status.getByText('Instagram · test mode (no Meta app connected)').isVisible()).toBe(true);

    // Choose the agent: the connection becomes active (in test mode).
    await page.getByRole('combobox', { name: 'Choose Build' }).click();
    await page.getByRole('option', { name: 'Bakery DM Agent' }).click();
    await expect.poll(() => status.getByText('Active').isVisible(), { timeout: 15_000 }).toBe(true);
    await saveScreenshot(page, 'instagram-agent-setup-desktop');

    // The simulator opens in a new tab; the customer writes, the agent answers through the webhook and the job.
    const [simulator] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Open the DM simulator/ }).click(),
    ]);
    await simulator.setViewportSize({ width: 1440, height: 900 });
    const look = simulator.locator('[data-demo-look="instagram"]');
    await expect.poll(() => look.isVisible(), { timeout: 15_000 }).toBe(true);
    const failures: string[] = [];
    simulator.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        failures.push(`${response.status()} ${response.url()}`);
    });
    simulator.on('pageerror', (error) => failures.push(error.message));
    const composer = look.getByRole('textbox');
    await composer.fill('Do you have sourdough today?');
    await composer.press('Enter');
    const log = look.getByRole('log', { name: 'Conversation' });
    await expect
      .poll(
        async () => {
          if (failures.length > 0) {
            await simulator.screenshot({ path: 'e2e/.artifacts/dm-simulator-failure.png' });
            throw new Error(failures.join('; '));
          }
          return log.getByText('Do you have sourdough today?').isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // The answer is stored by the reply job; the simulator shows it once it polls.
    const connectionId = pathOf(simulator).split('/').at(-1) ?? '';
    const customer = new URL(simulator.url()).searchParams.get('customer') ?? '';
    let answer = '';
    await expect
      .poll(
        async () => {
          const thread = (await (
            await simulator.request.get(`/api/dev/meta-dms/${connectionId}/thread?senderId=${customer}`)
          ).json()) as { messages: { role: string; status: string; content: string }[] };
          answer = thread.messages.find((message) => message.role === 'assistant')?.content ?? '';
          return answer;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    await expect.poll(() => log.getByText(answer.slice(0, 40)).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await saveScreenshot(simulator, 'dm-simulator-desktop');

    // The conversation is in the dashboard with the channel badge.
    const conversations = (await (
      await page.request.get(`/api/subaccounts/${subaccountId}/meta-dms/conversations`)
    ).json()) as { conversations: { channel: string; totalMessages: number }[] };
    expect(conversations.conversations[0]).toMatchObject({ channel: 'instagram', totalMessages: 2 });

    // 390 px: the setup page and the simulator.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => status.getByText('Active').isVisible(), { timeout: 15_000 }).toBe(true);
    await saveScreenshot(page, 'instagram-agent-setup-390');
    await simulator.setViewportSize({ width: 390, height: 844 });
    await simulator.reload();
    await expect.poll(() => look.isVisible(), { timeout: 15_000 }).toBe(true);
    // The simulated customer is in the address: a reload keeps the conversation.
    await expect.poll(() => log.getByText('Do you have sourdough today?').isVisible(), { timeout: 10_000 }).toBe(true);
    await saveScreenshot(simulator, 'dm-simulator-390');
    await context.close();
  });
});
