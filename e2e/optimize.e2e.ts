import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, settle, signInThroughMailbox } from './browser';

const SURVEY_QUESTION = 'Can I book a site survey?';
const SURVEY_CRITERIA = 'Offers a free site survey booked at sunny.example/survey';

function question(text: string, successCriteria: string) {
  return {
    id: crypto.randomUUID(),
    text,
    selected: true,
    isEditing: false,
    variations: 1,
    whenToAsk: 1,
    successCriteria,
    isSuccessCriteriaEditing: false,
  };
}

/** An agent and a finished run (offline stand-ins) in which the survey question fails and the identity one passes. */
async function seedFailedRun(page: Page) {
  const me = (await (await page.request.get('/api/me')).json()) as { subaccounts: { id: string }[] };
  const subaccountId = me.subaccounts[0]?.id ?? '';
  const created = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
    data: {
      aiName: 'Sunny',
      instructions: 'You are Sunny, a solar advisor.',
      firstMessage: 'Hi there, how can I help?',
    },
  });
  expect(created.status()).toBe(201);
  const agent = (await created.json()) as { buildId: string };
  const started = await page.request.post('/api/openai/assistants/run/evaluationdata', {
    data: {
      evaluationId: crypto.randomUUID(),
      evaluationName: 'Sunny check',
      assistant_id: agent.buildId,
      ai1_config: {},
      initial_message: 'Hi there, how can I help?',
      shortuserDescription: 'A homeowner looking at solar panels.',
      conversationFlowInput: '',
      hallucinationInstruction: '',
      hallucinationChoice: null,
      customQuestionInstruction: '',
      complianceQuestionInstruction: '',
      promptHackingQuestionInstruction: '',
      subItemValues: {},
      subItemSuccessCriteriaMap: {},
      checkedItems: { 'custom-questions': true, compliance: false, 'prompt-hacking': false },
      settings: {},
      customQuestions: [
        question(SURVEY_QUESTION, SURVEY_CRITERIA),
        question('Who are you?', 'Says it is Sunny, a solar advisor'),
      ],
      complianceQuestions: [],
      promptHackingQuestions: [],
      testing_model_for_test_generation: 'offline-responder',
    },
  });
  expect(started.status()).toBe(201);
  const { runId } = (await started.json()) as { runId: string };
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/evaluations/${runId}`)).json()) as { status: string }).status,
      { timeout: 60_000 },
    )
    .toBe('finished');
  return { subaccountId, agentId: agent.buildId, runId };
}

describe('Optimize & Improve and the AI Mentor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    'turns a failed run into a tried change, the mentor opens the draft, and accepting publishes it',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await signInThroughMailbox(page, 'optimizer@agency.test');
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/');
      const { subaccountId, agentId, runId } = await seedFailedRun(page);

      // From the failed run's results, open Optimize.
      await page.goto(`/new-evaluation/results/${runId}`);
      await page.getByRole('link', { name: 'Improve with Optimize' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/optimize');
      await page.getByRole('heading', { name: 'Improve an agent from its failed tests' }).waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Find causes and propose fixes' }).click();
      const card = page.getByRole('article').first();
      await card.waitFor({ timeout: 60_000 });
      const diff = card.getByRole('region', { name: 'Change to the instructions' });
      await expect.poll(() => diff.innerText(), { timeout: 15_000 }).toContain(SURVEY_CRITERIA);
      await page
        .getByRole('status')
        .filter({ hasText: 'no AI provider is configured' })
        .first()
        .waitFor({ timeout: 30_000 });

      await card.getByRole('button', { name: 'Try it' }).click();
      const results = card.getByRole('region', { name: 'Try it results' });
      await expect
        .poll(() => results.innerText(), { timeout: 90_000 })
        .toMatch(/Current version\s+0%[\s\S]*With this change\s+100%/i);
      await card.getByRole('button', { name: 'Accept and publish' }).waitFor({ timeout: 30_000 });
      await settle(page);
      await saveScreenshot(page, 'optimize-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await card.scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, 'optimize-phone');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });

      // The mentor knows the agent and its failure, and its button opens the draft.
      await page.goto(`/aimentor?agentId=${agentId}`);
      await page.getByRole('button', { name: 'Why did answers fail in the latest evaluation?' }).click();
      const chat = page.getByRole('region', { name: 'Conversation with the AI Mentor' });
      await expect.poll(() => chat.innerText(), { timeout: 60_000 }).toContain(SURVEY_QUESTION);
      await expect(chat.innerText()).resolves.toContain('Sunny');
      await settle(page);
      await saveScreenshot(page, 'aimentor-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);
      await saveScreenshot(page, 'aimentor-phone');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });

      await chat.getByRole('link', { name: 'Open the draft change' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('proposalId'), { timeout: 15_000 }).toBeTruthy();
      const draft = page.getByRole('article').first();
      await draft.getByRole('button', { name: 'Accept and publish' }).click();
      await expect
        .poll(() => draft.innerText(), { timeout: 30_000 })
        .toContain('Published as the agent’s new version.');

      const versions = (await (
        await page.request.get(`/api/subaccounts/${subaccountId}/agents/${agentId}/versions`)
      ).json()) as {
        publishedVersionId: string;
        versions: { id: string; source: string; behaviour: { instructions: string } }[];
      };
      const published = versions.versions.find((version) => version.id === versions.publishedVersionId);
      expect(published?.source).toBe('optimize');
      expect(published?.behaviour.instructions).toContain(SURVEY_CRITERIA);
      await context.close();
    },
  );
});
