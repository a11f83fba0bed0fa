import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_RESPONDER_NOTICE } from '../packages/core/src/llm';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const IDEA =
  'A friendly receptionist for Bright Smile Dental that answers questions about opening hours and helps patients book a check-up.';
const AGENT_PAGE = /^\/subaccounts\/[^/]+\/agents\/[^/]+$/;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Creates an agent from the idea box and waits until its page is open; answers the agent id. */
async function createAgentFromIdea(page: Page) {
  await expect.poll(() => pathOf(page)).toBe('/agents/create');
  const box = page.getByRole('textbox', { name: 'Describe your agent' });
  await box.fill(IDEA);
  await page.getByRole('button', { name: /Create agent/ }).click();
  // The progress shows while the builder job runs, then the new agent opens.
  await expect
    .poll(() => page.getByRole('region', { name: /Building your agent|Your agent is ready/ }).isVisible())
    .toBe(true);
  await expect.poll(() => pathOf(page), { timeout: 30_000 }).toMatch(AGENT_PAGE);
  return pathOf(page).split('/').at(-1) as string;
}

describe('agents: create from an idea, configure, test chat, call through the API', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('creates an agent from an idea, opens it and chats with it in the test chat', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'builder@agency.test');
    await expect.poll(() => pathOf(page)).toBe('/agents/create');
    await expect.poll(() => page.getByRole('heading', { name: 'What should your agent do?' }).isVisible()).toBe(true);

    // The draft survives a reload (pending_agent_idea, saved 300 ms after typing).
    await page.getByRole('button', { name: 'Use example: Dental receptionist' }).click();
    await page.waitForTimeout(400);
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Describe your agent' }).inputValue())
      .toContain('Bright Smile Dental');
    await saveScreenshot(page, 'agents-create');

    const agentId = await createAgentFromIdea(page);
    await expect.poll(() => page.getByText(agentId, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Back to agents' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to agents' }).getAttribute('href')).toMatch(
      /^\/subaccounts\/[^/]+\/agents$/,
    );
    expect(await page.evaluate(() => localStorage.getItem('pending_agent_idea'))).toBeNull();

    // The test chat streams the offline responder's answer (no AI provider on the e2e server).
    const message = page.getByRole('textbox', { name: 'Message', exact: true });
    await message.fill('When are you open?');
    await message.press('Enter');
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect.poll(() => log.getByText('When are you open?').isVisible()).toBe(true);
    await expect.poll(() => log.textContent(), { timeout: 30_000 }).toContain(OFFLINE_RESPONDER_NOTICE.slice(0, 40));
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isVisible()).toBe(true);
    await page.mouse.move(900, 500);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'agent-page');

    // Edit and save a field; the header follows.
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Smile Desk');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Smile Desk' }).isVisible()).toBe(true);

    // The list shows it; the delete dialog needs 'confirm'.
    await page
      .getByRole('navigation', { name: 'Workspace navigation' })
      .getByRole('link', { name: 'Agents', exact: true })
      .click();
    await expect.poll(() => page.getByRole('link', { name: 'Smile Desk' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Agent saved').isVisible(), { timeout: 15_000 }).toBe(false);
    await page.mouse.move(900, 500);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'agents-list');

    await page.getByRole('button', { name: 'Actions for Smile Desk' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Delete agent' });
    const remove = confirmDialog.getByRole('button', { name: 'Delete agent' });
    expect(await remove.isDisabled()).toBe(true);
    await confirmDialog.getByRole('textbox', { name: 'Type confirm to continue' }).fill('Confirm');
    await remove.click();
    await expect.poll(() => page.getByRole('heading', { name: 'No agents yet' }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the agent page with the chat below the editor at 390 px, in dark mode', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    await signInThroughMailbox(page, 'mobile.builder@agency.test', { via: 'entry-point' });
    await createAgentFromIdea(page);
    const editor = page.getByRole('form', { name: 'Agent settings' });
    const chat = page.getByRole('region', { name: 'Test chat' });
    await expect.poll(() => chat.isVisible()).toBe(true);
    const editorBox = await editor.boundingBox();
    const chatBox = await chat.boundingBox();
    expect(chatBox!.y).toBeGreaterThan(editorBox!.y + editorBox!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'agent-page-mobile');
    await context.close();
  });

  it('creates an API key that is shown once, and calls the agent with it', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'integrator@agency.test');
    const agentId = await createAgentFromIdea(page);

    await page.goto(`/apitester?agentId=${agentId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'No API keys yet' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Website backend');
    await create.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your API key' });
    await expect.poll(() => shown.isVisible()).toBe(true);
    const secret = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(secret).toMatch(/^agt_/);
    expect(await shown.getByText('This is the only time the key is shown.', { exact: false }).isVisible()).toBe(true);
    expect(await shown.getByRole('button', { name: 'Copy key' }).isVisible()).toBe(true);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => shown.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole('list', { name: 'API keys' }).getByText('Website backend').isVisible())
      .toBe(true);
    expect(await page.locator('body').innerText()).not.toContain(secret);

    // The console calls POST /v1/chat/completions with the new key (filled in, hidden) and streams the answer.
    const consoleRegion = page.getByRole('region', { name: 'Request console' });
    await consoleRegion.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => consoleRegion.getByTestId('console-response').textContent(), { timeout: 30_000 })
      .toContain(OFFLINE_RESPONDER_NOTICE.slice(0, 40));
    await expect.poll(() => consoleRegion.getByText('200', { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('region', { name: 'Code snippets' })
        .getByText(`"model":"${agentId}"`, { exact: false })
        .isVisible(),
    ).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'apitester');

    // After a reload the secret is gone for good: only its prefix is listed.
    await page.reload();
    await expect.poll(() => page.getByRole('list', { name: 'API keys' }).isVisible()).toBe(true);
    expect(await page.locator('body').innerText()).not.toContain(secret);
    await context.close();
  });
});
