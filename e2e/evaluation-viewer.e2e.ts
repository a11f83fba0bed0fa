import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, settle, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const PROMPT =
  'You are the assistant of Sunny Roofs Solar. We install solar panels and home batteries for homeowners across Ohio. Never give financial advice.';
const INSTALL = 'Do you install solar panels?';
const WARRANTY = 'What is the warranty on the batteries?';
const LONG =
  'I have a three-bedroom house with a south-facing roof, a detached garage and an electric car, and my neighbour told me that panels on the garage would be cheaper per kilowatt-hour than on the house: is that true for a home like mine, and what would you recommend?';

const question = (text: string, successCriteria: string, variations = 1) => ({
  id: randomUUID(),
  text,
  selected: true,
  isEditing: false,
  variations,
  whenToAsk: 1,
  successCriteria,
  isSuccessCriteriaEditing: false,
});

/** A chat-completion run as the Test Settings screen sends it (offline stand-ins answer and judge). */
function payload(name: string, customQuestions: ReturnType<typeof question>[]) {
  return {
    evaluationId: randomUUID(),
    ai1_config: {
      evaluationName: name,
      model: 'gpt-4o-mini',
      prompt: PROMPT,
      responseFormat: 'text',
      temperature: 1,
      maxTokens: 300,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      stopSequences: [],
    },
    initial_message: 'How can I help you with solar today?',
    shortuserDescription: 'User wants help looking at options for solar energy.',
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
    customQuestions,
    complianceQuestions: [],
    promptHackingQuestions: [],
    testing_model_for_test_generation: 'gpt-4o-mini',
  };
}

async function startRun(page: Page, body: ReturnType<typeof payload>) {
  const response = await page.request.post('/api/evaluation/run/evaluationdata', { data: body });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { runId: string }).runId;
}

async function waitUntilOver(page: Page, runId: string) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/evaluations/${runId}`);
        return ((await response.json()) as { status: string }).status;
      },
      { timeout: 120_000, interval: 500 },
    )
    .toMatch(/finished|failed|cancelled/);
}

/** Nothing is laid out wider than the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('evaluation results as a viewer: filter, search, sort, a baseline, transcripts side by side, phones', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    'reads a run at 1280x800 and 390x844: failures only, search, sort, the picked baseline side by side, run again',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await signInThroughMailbox(page, 'viewer.evaluator@agency.test');
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/agents/create');

      // A baseline where both questions pass, then the run under review: the warranty question
      // now fails, the install question has rewordings.
      const baseline = await startRun(
        page,
        payload('Sunny Roofs baseline', [
          question(INSTALL, 'Says they install solar panels.'),
          question(WARRANTY, 'Mentions the solar panels and batteries they install.'),
        ]),
      );
      await waitUntilOver(page, baseline);
      const reviewed = await startRun(
        page,
        payload('Sunny Roofs after the prompt change', [
          question(INSTALL, 'Says they install solar panels.', 3),
          question(WARRANTY, 'Quotes the zebra warranty length in months.'),
          question(LONG, 'Recommends a site survey before quoting.'),
        ]),
      );
      await waitUntilOver(page, reviewed);

      await page.goto(`/new-evaluation/results/${reviewed}`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sunny Roofs after the prompt change' }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      // The header names the section on a run's pages (not 'Dashboard').
      expect(await page.getByRole('heading', { level: 1, name: 'Bulk Tester' }).isVisible()).toBe(true);
      const conversations = page.getByRole('region', { name: /^Conversations/ });
      const items = conversations.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
      await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(5);

      // Failures only: exactly the conversations the judge failed.
      const summary = (await (await page.request.get(`/api/evaluations/${reviewed}`)).json()) as {
        conversations: { verdict: string | null }[];
      };
      const failures = summary.conversations.filter((conversation) => conversation.verdict === 'fail').length;
      expect(failures).toBeGreaterThanOrEqual(1);
      await conversations.getByRole('switch', { name: 'Failures only' }).click();
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(failures);
      for (const text of await items.allTextContents()) expect(text).toContain('Fail');
      expect(await items.first().textContent()).toContain(WARRANTY);
      expect(await conversations.getByText(`Showing ${failures} of 5 conversations`).isVisible()).toBe(true);
      await conversations.getByRole('switch', { name: 'Failures only' }).click();
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(5);

      // Search: the question and its rewordings.
      await conversations.getByRole('searchbox', { name: 'Search' }).fill('solar panels');
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(3);
      await conversations.getByRole('searchbox', { name: 'Search' }).fill('');

      // Sort by verdict: the failure first.
      await conversations.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Verdict (failures first)' }).click();
      await expect.poll(() => items.first().textContent(), { timeout: 10_000 }).toContain(WARRANTY);
      expect(await items.first().textContent()).toContain('Fail');
      await conversations.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Cost (highest first)' }).click();
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(5);

      // By default the latest earlier run of the same model; any other can be picked.
      const comparison = page.getByRole('region', { name: 'Compared with another run' });
      await expect.poll(() => comparison.textContent(), { timeout: 20_000 }).toContain('Against Sunny Roofs baseline');
      expect(await comparison.textContent()).toMatch(/\d+ questions? changed verdict/);
      await comparison.getByRole('combobox', { name: 'Compare with' }).click();
      expect(await page.getByRole('option', { name: /Sunny Roofs baseline/ }).count()).toBe(1);
      await page.getByRole('option', { name: /Sunny Roofs baseline/ }).click();
      await expect.poll(() => comparison.textContent(), { timeout: 20_000 }).toContain('Against Sunny Roofs baseline');
      await conversations.getByRole('searchbox', { name: 'Search' }).fill('warranty');
      await comparison.scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, 'evaluation-results-viewer-desktop');

      await comparison.getByRole('button', { name: `Compare transcripts: ${WARRANTY}` }).click();
      const sideBySide = page.getByRole('dialog', { name: 'Transcripts side by side' });
      await expect
        .poll(() => sideBySide.getByRole('list', { name: 'Baseline conversation' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expect
        .poll(() => sideBySide.getByRole('list', { name: 'This run conversation' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      // Side by side on a desktop: the two columns share a row (measured once the dialog has finished opening).
      const columns = () =>
        Promise.all([
          sideBySide.getByRole('region', { name: 'Baseline' }).boundingBox(),
          sideBySide.getByRole('region', { name: 'This run' }).boundingBox(),
        ]);
      await expect
        .poll(async () => {
          const [left, right] = await columns();
          return { sameRow: left!.y === right!.y, leftFirst: left!.x + left!.width <= right!.x };
        })
        .toEqual({ sameRow: true, leftFirst: true });
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'evaluation-side-by-side-desktop');
      await page.keyboard.press('Escape');

      // The same screens on a phone: nothing wider than the screen, sheets inside it.
      await page.setViewportSize({ width: 390, height: 844 });
      await conversations.getByRole('searchbox', { name: 'Search' }).fill('');
      await page.waitForTimeout(300);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await conversations.scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, 'evaluation-results-viewer-phone');

      await conversations
        .getByRole('button', { name: /^Open transcript: I have a three-bedroom house/ })
        .first()
        .click();
      const transcript = page.getByRole('dialog', { name: 'Transcript' });
      await expect
        .poll(() => transcript.getByRole('list', { name: 'Conversation' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await page.waitForTimeout(400);
      const sheetBox = await transcript.boundingBox();
      expect(sheetBox!.x).toBeGreaterThanOrEqual(0);
      expect(sheetBox!.x + sheetBox!.width).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'evaluation-transcript-phone');
      await page.keyboard.press('Escape');

      await comparison.scrollIntoViewIfNeeded();
      await comparison.getByRole('button', { name: `Compare transcripts: ${WARRANTY}` }).click();
      await expect
        .poll(() => sideBySide.getByRole('list', { name: 'This run conversation' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await page.waitForTimeout(400);
      const phoneSheet = await sideBySide.boundingBox();
      expect(phoneSheet!.x + phoneSheet!.width).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'evaluation-side-by-side-phone');
      await page.keyboard.press('Escape');

      // Run again with the same settings: a new run from the run's own copy.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/new-evaluation/results/${reviewed}`);
      await page.getByRole('button', { name: 'Run again with the same settings' }).click();
      await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/new-evaluation/running');
      const rerunId = new URL(page.url()).searchParams.get('runId');
      expect(rerunId).toBeTruthy();
      expect(rerunId).not.toBe(reviewed);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Evaluation complete' }).isVisible(), { timeout: 120_000 })
        .toBe(true);
      expect(await page.getByText('5 of 5 conversations done').isVisible()).toBe(true);
      await context.close();
    },
  );

  it(
    "applies a template again when picked again; 'No Template' leaves the form as it is (1280x800 and 390x844)",
    { timeout: 180_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await signInThroughMailbox(page, 'template.evaluator@agency.test');
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/agents/create');
      await page.goto('/new-evaluation/openai-chatcompletion');
      await page.getByRole('textbox', { name: 'System prompt' }).fill(PROMPT);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Test Settings' }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await page.getByRole('heading', { level: 1, name: 'Bulk Tester' }).isVisible()).toBe(true);
      const opener = page.getByRole('textbox', { name: 'Initial message' });
      const template = page.getByRole('combobox', { name: 'Template' });

      // Save the current settings, with a custom opener, as a template.
      await opener.fill('Welcome to Sunny Roofs! What can I do for you?');
      await template.click();
      await page.getByRole('option', { name: 'Create new template' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Template' });
      await dialog.getByRole('textbox', { name: 'Template name' }).fill('Sunny Roofs opener');
      await dialog.getByRole('button', { name: 'Save Template' }).click();
      await expect
        .poll(() => page.getByText('Template saved successfully').isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expect.poll(() => template.textContent(), { timeout: 20_000 }).toContain('Sunny Roofs opener');

      // Edit, then pick the same template again: its values come back.
      await opener.fill('Something else entirely');
      await template.click();
      await page.getByRole('option', { name: 'Sunny Roofs opener' }).click();
      await expect
        .poll(() => opener.inputValue(), { timeout: 10_000 })
        .toBe('Welcome to Sunny Roofs! What can I do for you?');
      await settle(page);
      await saveScreenshot(page, 'evaluation-template-desktop');

      // No Template, on a phone: the picker shows no template; what the form holds stays.
      await page.setViewportSize({ width: 390, height: 844 });
      await template.click();
      await page.getByRole('option', { name: 'No Template' }).click();
      await expect.poll(() => template.textContent(), { timeout: 10_000 }).toContain('No Template');
      expect(await opener.inputValue()).toBe('Welcome to Sunny Roofs! What can I do for you?');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await template.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'evaluation-template-phone');
      await context.close();
    },
  );
});
