import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A one-conversation chat-completion run as the Test Settings screen sends it. */
function payload(name: string) {
  return {
    evaluationId: randomUUID(),
    ai1_config: { evaluationName: name, model: 'gpt-4o-mini', prompt: 'You are a friendly solar advisor.' },
    initial_message: 'How can I help you with solar today?',
    shortuserDescription: 'User wants help looking at options for solar energy.',
    checkedItems: { 'custom-questions': true, compliance: false, 'prompt-hacking': false },
    settings: {},
    customQuestions: [
      {
        id: randomUUID(),
        text: 'Do you install solar panels?',
        selected: true,
        isEditing: false,
        variations: 1,
        whenToAsk: 1,
        successCriteria: 'Says they install solar panels.',
        isSuccessCriteriaEditing: false,
      },
    ],
    complianceQuestions: [],
    promptHackingQuestions: [],
    testing_model_for_test_generation: 'gpt-4o-mini',
  };
}

describe('evaluation: a run whose every call fails', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    'ends failed with its cause and offers Retry, never "Finished, 0% pass rate" (1280x800 and 390x844)',
    { timeout: 240_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await signInThroughMailbox(page, 'failing.evaluator@agency.test');
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/agents/create');
      // The sub account's own OpenAI key, which the provider refuses (or cannot be reached with).
      const me = (await (await page.request.get('/api/me')).json()) as { subaccounts: { id: string }[] };
      const subaccountId = me.subaccounts[0]?.id ?? '';
      const saved = await page.request.post(`/api/subaccounts/${subaccountId}/provider-keys`, {
        data: { provider: 'openai', label: 'Revoked key', apiKey: 'sk-revoked-e2e-0000', defaultModel: 'gpt-4o-mini' },
      });
      expect(saved.status()).toBeLessThan(300);

      const started = await page.request.post('/api/evaluation/run/evaluationdata', {
        data: payload('Revoked key run'),
      });
      expect(started.status()).toBe(201);
      const { runId } = (await started.json()) as { runId: string };

      await page.goto(`/new-evaluation/running?runId=${runId}`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Evaluation failed' }).isVisible(), { timeout: 150_000 })
        .toBe(true);
      expect(await page.getByRole('heading', { name: 'Evaluation complete' }).count()).toBe(0);
      await page.mouse.move(700, 20);
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'evaluation-failed-running-desktop');

      await page.getByRole('link', { name: 'View results' }).click();
      const cause = page.getByRole('alert').filter({ hasText: 'Every conversation failed' });
      await expect.poll(() => cause.isVisible(), { timeout: 20_000 }).toBe(true);
      // No pass rate at all (not 0%).
      expect(
        await page
          .locator('dt', { hasText: /^Pass rate$/ })
          .locator('xpath=following-sibling::*[1]')
          .textContent(),
      ).toBe('—');
      expect(await page.getByText('0%', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
      await page.mouse.move(700, 20);
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'evaluation-failed-results-desktop');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'evaluation-failed-results-phone');

      // Retry starts a new run from the run's own settings.
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/new-evaluation/running');
      expect(new URL(page.url()).searchParams.get('runId')).not.toBe(runId);
      await context.close();
    },
  );
});
