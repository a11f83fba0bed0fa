import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestLink, launchBrowser, newPage, saveScreenshot, signInThroughMailbox, subscribeToGrowth } from './browser';

type ProjectInput = {
  title: string;
  description: string;
  timeframe: string;
  category: string;
  budget: string;
  schedule: 'One-time' | 'Monthly' | 'Weekly';
};

const description = (topic: string) =>
  `${topic}: we want an assistant that answers customer questions day and night, books appointments into our calendar and hands difficult conversations to a person.`;

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Post a project' });

async function expectStep(dialog: Locator, text: string) {
  await expect.poll(() => dialog.getByText(text, { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
}

/** Clicks a picture as a user would (its label), then checks it is the chosen one. */
async function pickPicture(dialog: Locator, index: number) {
  const label = dialog.locator('label:has(input[type="radio"])').nth(index);
  await expect.poll(() => label.count(), { timeout: 10_000 }).toBe(1);
  await label.click();
  await expect.poll(() => label.locator('input').isChecked()).toBe(true);
}

/** Walks the ten steps with valid input, as a user would; stops on the contact step. */
async function fillProjectSteps(page: Page, input: ProjectInput, options: { screenshots?: boolean } = {}) {
  const dialog = wizard(page);
  await expectStep(dialog, 'Step 1 of 10: Type');
  if (options.screenshots) await saveScreenshot(page, 'marketplace-wizard-type');
  await dialog.getByText("I'm a business", { exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 2 of 10: Title');
  await dialog.getByRole('textbox', { name: 'Project title' }).fill(input.title);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 3 of 10: Desc');
  await dialog.getByRole('textbox', { name: 'Project description' }).fill(input.description);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 4 of 10: Time');
  await dialog.getByText(input.timeframe, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 5 of 10: Category');
  await dialog.getByText(input.category, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 6 of 10: Image');
  await pickPicture(dialog, 0);
  if (options.screenshots) await saveScreenshot(page, 'marketplace-wizard-image');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 7 of 10: Avatar');
  await pickPicture(dialog, 2);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 8 of 10: Budget');
  await dialog.getByRole('spinbutton', { name: 'Budget (USD)' }).fill(input.budget);
  await dialog.getByText(input.schedule, { exact: true }).click();
  if (options.screenshots) await saveScreenshot(page, 'marketplace-wizard-budget');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expectStep(dialog, 'Step 9 of 10: Contact');
  await dialog.getByRole('textbox', { name: 'Your name' }).fill('Grace Hopper');
  await dialog.getByRole('textbox', { name: 'Business name' }).fill('Bright Smiles Dental');
}

async function postThroughApi(page: Page, title: string) {
  const pictures = (await (await page.context().request.get('/api/marketplace/marketplace-images')).json()) as string[];
  const icons = (await (await page.context().request.get('/api/avatars')).json()) as string[];
  const reply = await page.context().request.post('/api/marketplace/projects', {
    data: {
      marketplaceType: 'agency',
      title,
      description: description(title),
      timeframe: '1-2 months',
      category: 'Automation',
      image: pictures[1],
      icon: icons[3],
      priceValue: 1000,
      priceType: 'one-time',
      authorName: 'Linus Agency',
      companyName: 'Linus Automation Co',
    },
  });
  expect(reply.status()).toBe(201);
}

describe('marketplace: browse, post, sign in with a pending project, daily limit', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets a signed-in user with marketplace access post a project through all ten steps and see it listed', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'poster@agency.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents/create');
    await subscribeToGrowth(page);

    await page.goto('/marketplace');
    await expect.poll(() => page.getByRole('navigation', { name: 'Workspace navigation' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Post a project' }).first().click();
    const title = 'AI receptionist for a dental clinic';
    await fillProjectSteps(
      page,
      {
        title,
        description: description('Dental clinic'),
        timeframe: '2-4 weeks',
        category: 'Chatbots',
        budget: '500',
        schedule: 'Monthly',
      },
      { screenshots: true },
    );
    const dialog = wizard(page);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expectStep(dialog, 'Step 10 of 10: Review');
    expect(await dialog.getByText('poster@agency.test').isVisible()).toBe(true);
    await saveScreenshot(page, 'marketplace-wizard-review');
    await dialog.getByRole('button', { name: 'Create Project' }).click();

    const success = page.getByRole('dialog', { name: 'Project Created!' });
    await expect.poll(() => success.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await success.getByText('Your project has been successfully submitted and is now live.').isVisible()).toBe(
      true,
    );
    await saveScreenshot(page, 'marketplace-wizard-success');
    // After 2.5 s the dialog closes and the refreshed listing shows the project.
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 6_000 }).toBe(0);
    const card = page.getByRole('link', { name: title });
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('$500 a month').first().isVisible()).toBe(true);

    await postThroughApi(page, 'Voice agent that qualifies roofing leads');
    await page.reload();
    await expect
      .poll(() => page.getByRole('link', { name: 'Voice agent that qualifies roofing leads' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.mouse.move(900, 500);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'marketplace-desktop');

    await card.click();
    await expect.poll(() => new URL(page.url()).pathname.startsWith('/marketplace/projects/')).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Replies' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await saveScreenshot(page, 'marketplace-project-author');
    await context.close();
  });

  it('shows the listing to a signed-out visitor on a phone', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/marketplace');
    await expect
      .poll(() => page.getByRole('link', { name: 'AI receptionist for a dental clinic' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await saveScreenshot(page, 'marketplace-mobile');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'marketplace-mobile-filters');
    await context.close();
  });

  it('pre-registers a signed-out author and restores the project at review after the e-mail link', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark' });
    await page.goto('/marketplace');
    await page.getByRole('button', { name: 'Post a project' }).first().click();
    const title = 'Chatbot for a boutique hotel';
    await fillProjectSteps(page, {
      title,
      description: description('Boutique hotel'),
      timeframe: '1-2 months',
      category: 'Customer Support',
      budget: '2500',
      schedule: 'One-time',
    });
    const dialog = wizard(page);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('new.author@hotel.test');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect(await dialog.getByText('You must accept the terms of service to continue').isVisible()).toBe(true);
    await dialog.getByRole('checkbox', { name: /I accept the/ }).click();
    await expect
      .poll(() => dialog.getByRole('checkbox', { name: /I accept the/ }).getAttribute('data-state'))
      .toBe('checked');
    await page.waitForTimeout(250);
    await saveScreenshot(page, 'marketplace-wizard-contact');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => dialog.getByRole('heading', { name: 'Check your email' }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    const link = await latestLink(context, 'new.author@hotel.test');
    await page.goto(link);
    await expect.poll(() => `${new URL(page.url()).pathname}`, { timeout: 15_000 }).toBe('/marketplace');
    const restored = wizard(page);
    await expectStep(restored, 'Step 10 of 10: Review');
    expect(await restored.getByText(title).first().isVisible()).toBe(true);
    expect(await restored.getByText('$2500').first().isVisible()).toBe(true);
    expect(await restored.getByText('new.author@hotel.test').isVisible()).toBe(true);
    await saveScreenshot(page, 'marketplace-wizard-restored');
    await context.close();
  });

  it('shows the daily-limit message for the third project of the day', async () => {
    const { page, context } = await newPage(browser);
    await signInThroughMailbox(page, 'busy@agency.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/agents/create');
    await subscribeToGrowth(page);
    await postThroughApi(page, 'First project of the day for busy');
    await postThroughApi(page, 'Second project of the day for busy');

    await page.goto('/marketplace');
    await page.getByRole('button', { name: 'Post a project' }).first().click();
    await fillProjectSteps(page, {
      title: 'Third project of the day',
      description: description('Third'),
      timeframe: '3-6 months',
      category: 'Sales',
      budget: '350',
      schedule: 'Weekly',
    });
    const dialog = wizard(page);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expectStep(dialog, 'Step 10 of 10: Review');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    const message =
      "Daily limit reached! You can only create 2 projects per day. You've already created 2 projects today. Please try again tomorrow.";
    await expect.poll(() => dialog.getByText(message).isVisible(), { timeout: 10_000 }).toBe(true);
    await saveScreenshot(page, 'marketplace-daily-limit');
    await context.close();
  });
});
