import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, settle, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const PROMPT =
  'You are the assistant of Sunny Roofs Solar. You help homeowners compare solar panel and battery options. Be honest and never give financial advice.';

/** RFC 4180 records (quoted fields may hold line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('evaluation (Bulk Tester): configure, generate, run, watch, read, export', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    'runs a chat-completion evaluation from the defaults end to end with the offline stand-ins',
    { timeout: 240_000 },
    async () => {
      const { page, context } = await newPage(browser);
      await signInThroughMailbox(page, 'evaluator@agency.test');
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/agents/create');

      // The Bulk Tester page starts empty.
      await page.goto('/dashboard');
      await expect
        .poll(() => page.getByRole('heading', { name: 'No evaluations yet' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await page.getByRole('heading', { level: 1, name: 'Bulk Tester' }).isVisible()).toBe(true);
      await page.getByRole('link', { name: 'New evaluation' }).click();

      // What is tested: a chat completion with a system prompt.
      await page.getByRole('link', { name: /Chat completion/ }).click();
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/new-evaluation/openai-chatcompletion');
      await expect.poll(() => page.getByRole('note').textContent(), { timeout: 15_000 }).toContain('platform credits');
      expect(await page.getByRole('spinbutton', { name: 'Temperature' }).inputValue()).toBe('1');
      expect(await page.getByRole('spinbutton', { name: 'Max tokens' }).inputValue()).toBe('2048');
      await page.getByRole('textbox', { name: 'Evaluation name' }).fill('Sunny Roofs assistant');
      await page.getByRole('textbox', { name: 'System prompt' }).fill(PROMPT);
      await page.getByRole('button', { name: 'Next' }).click();

      // Test Settings, from the defaults.
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/new-evaluation/settings');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Test Settings' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await page.getByRole('textbox', { name: 'Initial message' }).inputValue()).toBe(
        'How can I help you with solar today?',
      );
      expect(await page.getByRole('textbox', { name: 'What does the user want help with?' }).inputValue()).toBe(
        'User wants help looking at options for solar energy.',
      );
      await page.getByRole('combobox', { name: 'Testing model' }).click();
      await page.getByRole('option', { name: 'gpt-4o-mini' }).click();
      await page.getByRole('button', { name: /Add compliance/ }).click();
      await expect
        .poll(() => page.getByRole('list', { name: 'Add compliance' }).getByRole('listitem').count(), {
          timeout: 15_000,
        })
        .toBe(8);
      await page.getByRole('heading', { name: 'Test Settings' }).scrollIntoViewIfNeeded();
      await settle(page);
      await saveScreenshot(page, 'evaluation-settings');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.getByRole('list', { name: 'Add compliance' }).isVisible(), { timeout: 15_000 })
        .toBe(false);

      // Generate questions with AI and add one.
      await page.getByRole('button', { name: 'Generate Questions with AI' }).click();
      const generator = page.getByRole('dialog', { name: 'Generate Questions with AI' });
      await generator.getByRole('button', { name: 'Generate' }).click();
      await expect
        .poll(() => generator.getByText('AI is thinking... This may take a moment').isVisible(), { timeout: 15_000 })
        .toBe(true);
      const generated = page.getByRole('dialog', { name: 'Generated Questions' });
      await expect.poll(() => generated.isVisible(), { timeout: 60_000 }).toBe(true);
      await generated.getByRole('button', { name: 'Add Industry question 1' }).click();
      await expect
        .poll(() => page.getByText('Question added to Custom Questions').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await generated.getByRole('button', { name: 'Reject Industry question 2' }).click();
      await expect
        .poll(() => page.getByText('Question marked as rejected').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await settle(page);
      await saveScreenshot(page, 'evaluation-generated-questions');
      await generated.getByRole('button', { name: 'Save Questions' }).click();
      const custom = page.getByRole('list', { name: 'Add custom questions' });
      await expect.poll(() => custom.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
      // Keep the run small: one variation per question.
      for (const index of [1, 2])
        await custom.getByRole('spinbutton', { name: `Variations for question ${index}` }).fill('1');
      await page.waitForTimeout(100);

      // Run, then watch progress.
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/new-evaluation/running');
      expect(new URL(page.url()).searchParams.get('runId')).toBeTruthy();
      const keys = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('evaluation:')));
      expect(keys).toEqual(['evaluation:chatRunCount']);
      await expect
        .poll(() => page.getByRole('progressbar', { name: 'Conversations done' }).getAttribute('aria-valuemax'), {
          timeout: 15_000,
        })
        .toBe('2');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Evaluation complete' }).isVisible(), { timeout: 120_000 })
        .toBe(true);
      expect(await page.getByText('2 of 2 conversations done').isVisible()).toBe(true);
      await settle(page);
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'evaluation-running-complete');

      // Results, a transcript, the CSV.
      await page.getByRole('link', { name: 'View results' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sunny Roofs assistant' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect
        .poll(() => page.getByRole('region', { name: 'Pass rate by question' }).getByRole('row').count(), {
          timeout: 15_000,
        })
        .toBe(3);
      await expect
        .poll(() => page.getByRole('region', { name: 'Compared with another run' }).textContent(), {
          timeout: 15_000,
        })
        .toContain('no earlier run');
      await settle(page);
      await saveScreenshot(page, 'evaluation-results');

      await page
        .getByRole('button', { name: /^Open transcript:/ })
        .first()
        .click();
      const sheet = page.getByRole('dialog', { name: 'Transcript' });
      await expect
        .poll(() => sheet.getByRole('list', { name: 'Conversation' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => sheet.locator('[aria-current="true"]').count(), { timeout: 15_000 }).toBe(1);
      expect(await sheet.getByText('Reasoning').isVisible()).toBe(true);
      await saveScreenshot(page, 'evaluation-transcript');
      await page.keyboard.press('Escape');

      // The results read on a phone too.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('region', { name: 'Cost and tokens' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'evaluation-results-mobile');
      await page.setViewportSize({ width: 1280, height: 800 });

      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export CSV' }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = fs.readFileSync(await download.path(), 'utf8');
      const records = parseCsv(csv);
      // A header and one record per conversation.
      expect(records).toHaveLength(3);
      expect(records[1]).toHaveLength(records[0]!.length);

      // The run is listed on the Bulk Tester page.
      await page.goto('/dashboard');
      const runs = page.getByRole('list', { name: 'Evaluations' });
      await expect.poll(() => runs.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
      expect(await runs.textContent()).toContain('Sunny Roofs assistant');

      // A second run of the same prompt is compared with the first.
      await page.goto('/new-evaluation/openai-chatcompletion');
      await page.getByRole('textbox', { name: 'Evaluation name' }).fill('Sunny Roofs assistant, second run');
      await page.getByRole('textbox', { name: 'System prompt' }).fill(PROMPT);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('combobox', { name: 'Testing model' }).click();
      await page.getByRole('option', { name: 'gpt-4o-mini' }).click();
      await page.getByRole('button', { name: /Add custom questions/ }).click();
      await page.getByRole('spinbutton', { name: 'Variations for question 1' }).fill('1');
      await page.waitForTimeout(100);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect
        .poll(() => page.getByRole('link', { name: 'View results' }).isVisible(), { timeout: 120_000 })
        .toBe(true);
      await page.getByRole('link', { name: 'View results' }).click();
      const comparison = page.getByRole('region', { name: 'Compared with another run' });
      await expect.poll(() => comparison.textContent(), { timeout: 15_000 }).toContain('Against Sunny Roofs assistant');
      expect(await comparison.textContent()).toMatch(/no question changed its verdict|changed verdict/);
      await context.close();
    },
  );

  it(
    'lays the Test Settings screen out at 390 px without sideways scrolling, then runs all three groups',
    { timeout: 240_000 },
    async () => {
      const { page, context } = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
      await signInThroughMailbox(page, 'mobile.evaluator@agency.test', { via: 'entry-point' });
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/agents/create');
      await page.goto('/new-evaluation/openai-chatcompletion');
      await page.getByRole('textbox', { name: 'System prompt' }).fill('You are a friendly solar advisor.');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Test Settings' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await page.getByRole('button', { name: /Add prompt hacking/ }).click();
      await expect
        .poll(() => page.getByRole('list', { name: 'Add prompt hacking' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await settle(page);
      await saveScreenshot(page, 'evaluation-settings-mobile');

      // A larger run (all three groups, the default 3 variations) to watch while it runs.
      await page.getByRole('combobox', { name: 'Testing model' }).click();
      await page.getByRole('option', { name: 'gpt-4o' }).first().click();
      await page.getByRole('checkbox', { name: 'Enable Add compliance' }).click();
      await page.getByRole('checkbox', { name: 'Enable Add prompt hacking' }).click();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/new-evaluation/running');
      await expect
        .poll(() => page.getByRole('progressbar', { name: 'Conversations done' }).getAttribute('aria-valuemax'), {
          timeout: 15_000,
        })
        .toBe('45');
      await page.mouse.move(700, 20);
      await page.waitForTimeout(250);
      await saveScreenshot(page, 'evaluation-running');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Evaluation complete' }).isVisible(), { timeout: 180_000 })
        .toBe(true);
      await context.close();
    },
  );
});
