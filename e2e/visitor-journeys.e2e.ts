import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_RESPONDER_NOTICE } from '../packages/core/src/llm';
import { AFFILIATE_SIGNUP_URL } from '../packages/core/src/support';
import { baseUrl, latestLink, launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

/**
 * What a visitor meets on the way in: a demo at its limit and on a phone, posting on the
 * marketplace without a plan, and the guides, support and affiliate pages the landing links to.
 */
const NOTICE = OFFLINE_RESPONDER_NOTICE.slice(0, 40);
const LIMIT_TEXT = 'Demo usage limit reached. Please contact the demo creator for a new link.';
const PHONE = { width: 390, height: 844 };
const pathOf = (page: Page) => new URL(page.url()).pathname;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not laid out');
  return box;
}

async function sendInDemo(page: Page, box: Locator, log: Locator, text: string) {
  await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true);
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => log.textContent(), { timeout: 30_000 }).toContain(NOTICE);
}

describe('visitor journeys', () => {
  let browser: Browser;
  let creator: { page: Page; context: BrowserContext };
  const demos = new Map<string, string>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('demos', () => {
    const createDemo = async (type: string, name: string, extra: Record<string, unknown> = {}) => {
      const { page } = creator;
      const me = (await (await page.request.get('/api/me')).json()) as {
        activeSubaccountId: string | null;
        subaccounts: { id: string }[];
      };
      const subaccountId = me.activeSubaccountId ?? me.subaccounts[0]!.id;
      if (!demos.has('agent')) {
        const agent = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
          data: { aiName: 'Smile Desk', instructions: 'You are the receptionist of Bright Smile Dental.' },
        });
        expect(agent.status()).toBe(201);
        demos.set('agent', ((await agent.json()) as { buildId: string }).buildId);
      }
      const created = await page.request.post(`/api/subaccounts/${subaccountId}/demos`, {
        data: { name, type, buildId: demos.get('agent'), ...extra },
      });
      expect(created.status()).toBe(201);
      const { demoId } = (await created.json()) as { demoId: string };
      demos.set(type, demoId);
      return demoId;
    };

    it(
      'a demo at its limit says so once and takes no more messages, on desktop and phone',
      {
        timeout: 180_000,
      },
      async () => {
        creator = await newPage(browser);
        await signInThroughMailbox(creator.page, 'journeys.creator@agency.test');
        await expect.poll(() => pathOf(creator.page), { timeout: 15_000 }).toBe('/agents/create');
        const demoId = await createDemo('standard', 'Bright Smile Standard', { requestLimit: 1 });

        const { page, context } = await newPage(browser);
        await page.goto(`/shared/${demoId}`);
        const box = page.getByRole('textbox', { name: 'Message', exact: true });
        const log = page.getByRole('log', { name: 'Conversation' });
        await sendInDemo(page, box, log, 'When are you open?');
        await expect
          .poll(() => page.getByRole('status', { name: 'Requests used' }).textContent())
          .toBe('1 / 1 requests used');
        // The limit is used up: the chat says so once, without an error or apology, and closes.
        await expect.poll(() => log.getByText(LIMIT_TEXT).count(), { timeout: 15_000 }).toBe(1);
        expect(await box.isDisabled()).toBe(true);
        expect(await log.getByText(/Error:|Sorry, I encountered an error/).count()).toBe(0);
        await page.getByRole('button', { name: 'Clear conversation' }).click();
        expect(await log.getByText(LIMIT_TEXT).count()).toBe(1);
        expect(await box.isDisabled()).toBe(true);
        await page.mouse.move(5, 5);
        await saveScreenshot(page, 'demo-limit-reached-desktop');
        await context.close();

        // A visitor who opens the used-up link on a phone learns it at once.
        const phone = await newPage(browser, { ...PHONE, colorScheme: 'dark' });
        await phone.page.goto(`/shared/${demoId}`);
        const phoneLog = phone.page.getByRole('log', { name: 'Conversation' });
        await expect.poll(() => phoneLog.getByText(LIMIT_TEXT).count(), { timeout: 15_000 }).toBe(1);
        expect(await phone.page.getByRole('textbox', { name: 'Message', exact: true }).isDisabled()).toBe(true);
        await saveScreenshot(phone.page, 'demo-limit-reached-phone');
        await phone.context.close();
      },
    );

    it('the website demo at its limit shows the limit text and disables its input', { timeout: 120_000 }, async () => {
      const demoId = await createDemo('website', 'Bright Smile Website', { requestLimit: 1 });
      const { page, context } = await newPage(browser);
      await page.goto(`/shared/${demoId}`);
      const box = page.getByRole('textbox', { name: 'Type your message...' });
      await sendInDemo(page, box, page.getByRole('log').last(), 'Do you take new patients?');
      await expect.poll(() => page.getByText(LIMIT_TEXT).count(), { timeout: 15_000 }).toBe(1);
      expect(await box.isDisabled()).toBe(true);
      expect(await page.getByText('Sorry, I encountered an error').count()).toBe(0);
      await page.mouse.move(5, 5);
      await saveScreenshot(page, 'demo-website-limit-desktop');
      await context.close();
    });

    it(
      'on a phone the counter keeps clear of the chat input, and the website widget follows a resize',
      {
        timeout: 120_000,
      },
      async () => {
        await creator.page.request.patch(`/api/demos/${demos.get('standard')}`, {
          data: { requestLimit: 100, resetRequests: true },
        });
        const phone = await newPage(browser, { ...PHONE, colorScheme: 'dark' });
        await phone.page.goto(`/shared/${demos.get('standard')}`);
        const counter = phone.page.getByRole('status', { name: 'Requests used' });
        const box = phone.page.getByRole('textbox', { name: 'Message', exact: true });
        await expect.poll(() => counter.textContent(), { timeout: 15_000 }).toBe('0 / 100 requests used');
        await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true);
        const composer = box.locator('xpath=ancestor::form[1]');
        expect(overlaps(await boxOf(counter), await boxOf(composer))).toBe(false);
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await saveScreenshot(phone.page, 'demo-standard-phone');
        await phone.context.close();

        await creator.page.request.patch(`/api/demos/${demos.get('website')}`, {
          data: { requestLimit: 100, resetRequests: true },
        });
        const { page, context } = await newPage(browser);
        await page.goto(`/shared/${demos.get('website')}`);
        const window = page.locator('.aw-window');
        await expect.poll(() => window.isVisible(), { timeout: 15_000 }).toBe(true);
        expect((await boxOf(window)).width).toBeGreaterThan(380);
        await page.setViewportSize(PHONE);
        await expect.poll(async () => (await boxOf(window)).width, { timeout: 10_000 }).toBeLessThanOrEqual(350);
        await expect.poll(async () => (await boxOf(window)).height).toBeLessThanOrEqual(360);
        await page.waitForTimeout(400);
        await saveScreenshot(page, 'demo-website-phone');
        // Closed, the launcher is the documented 56 px, on a phone and on a desktop.
        await page.getByRole('button', { name: 'Close chat' }).click();
        const launcher = page.locator('.aw-launcher');
        await expect.poll(async () => (await boxOf(launcher)).width).toBe(56);
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect.poll(async () => (await boxOf(launcher)).width).toBe(56);
        await page.mouse.move(5, 5);
        await saveScreenshot(page, 'demo-website-launcher-desktop');
        await context.close();
      },
    );

    it(
      "the editor's logo width changes the header logo, and social looks slide aside from the card there",
      {
        timeout: 120_000,
      },
      async () => {
        const { page } = creator;
        await page.goto(`/demo/${demos.get('standard')}`);
        const preview = page.getByRole('region', { name: 'Live preview' });
        await page.getByRole('textbox', { name: 'Logo URL' }).fill(`${baseUrl()}/guides/agents-create.png`);
        const logo = preview.locator('header [data-logo-state="image"]').first();
        await expect.poll(async () => (await boxOf(logo)).width, { timeout: 15_000 }).toBe(36);
        await page.getByRole('spinbutton', { name: 'Logo width' }).fill('140');
        await expect.poll(async () => (await boxOf(logo)).width).toBe(50);
        await page.mouse.move(1275, 795);
        await saveScreenshot(page, 'demo-editor-logo-width-desktop');
        await page.setViewportSize(PHONE);
        await page.getByRole('spinbutton', { name: 'Logo width' }).scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'demo-editor-logo-width-phone');
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByRole('button', { name: 'Discard' }).click();

        const instagram = await createDemo('instagram', 'Bright Smile Instagram');
        await page.goto(`/demo/${instagram}`);
        await page.getByRole('switch', { name: 'Show client message' }).click();
        await page.getByRole('textbox', { name: 'Card header' }).fill('Hi Sarah');
        await page.getByRole('textbox', { name: 'Card body' }).fill('Here is the assistant we talked about.');
        const slider = page.getByRole('region', { name: 'Live preview' }).locator('[data-slide]');
        await expect.poll(() => slider.getAttribute('data-slide'), { timeout: 15_000 }).not.toBe('0');
        await page.getByRole('button', { name: 'Discard' }).click();
      },
    );
  });

  describe('marketplace', () => {
    it(
      'tells a signed-out poster at step 1 that a plan is needed, and carries the project through sign-in and checkout',
      {
        timeout: 240_000,
      },
      async () => {
        const { page, context } = await newPage(browser);
        await page.goto('/marketplace');
        await page.getByRole('button', { name: 'Post a project' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Post a project' });
        const note = dialog.getByText('Posting needs a plan with marketplace access (Growth and up).');
        await expect.poll(() => note.isVisible(), { timeout: 15_000 }).toBe(true);
        await saveScreenshot(page, 'marketplace-plan-note-desktop');

        // The same on a phone.
        const phone = await newPage(browser, PHONE);
        await phone.page.goto('/marketplace');
        await phone.page.getByRole('button', { name: 'Post a project' }).first().click();
        await expect
          .poll(
            () =>
              phone.page
                .getByRole('dialog', { name: 'Post a project' })
                .getByText('Posting needs a plan with marketplace access (Growth and up).')
                .isVisible(),
            { timeout: 15_000 },
          )
          .toBe(true);
        await saveScreenshot(phone.page, 'marketplace-plan-note-phone');
        await phone.context.close();

        const title = 'Booking assistant for a dental clinic';
        const step = (text: string) =>
          expect.poll(() => dialog.getByText(text, { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
        const next = () => dialog.getByRole('button', { name: 'Continue' }).click();
        await dialog.getByText("I'm a business", { exact: true }).click();
        await next();
        await step('Step 2 of 10: Title');
        await dialog.getByRole('textbox', { name: 'Project title' }).fill(title);
        await next();
        await dialog
          .getByRole('textbox', { name: 'Project description' })
          .fill('We want an assistant that answers patients day and night, books check-ups and hands over to staff.');
        await next();
        await dialog.getByText('1-2 months', { exact: true }).click();
        await next();
        await dialog.getByText('Customer Support', { exact: true }).click();
        await next();
        for (const index of [0, 2]) {
          const picture = dialog.locator('label:has(input[type="radio"])').nth(index);
          await expect.poll(() => picture.count(), { timeout: 10_000 }).toBe(1);
          await picture.click();
          await next();
        }
        await step('Step 8 of 10: Budget');
        await dialog.getByRole('spinbutton', { name: 'Budget (USD)' }).fill('1500');
        await next();
        await step('Step 9 of 10: Contact');
        await dialog.getByRole('textbox', { name: 'Your name' }).fill('Grace Hopper');
        await dialog.getByRole('textbox', { name: 'Business name' }).fill('Bright Smiles Dental');
        await dialog.getByRole('textbox', { name: 'Email' }).fill('planless.poster@clinic.test');
        await dialog.getByRole('checkbox', { name: /I accept the/ }).click();
        await next();
        await expect
          .poll(() => dialog.getByRole('heading', { name: 'Check your email' }).isVisible(), { timeout: 15_000 })
          .toBe(true);
        await page.goto(await latestLink(context, 'planless.poster@clinic.test'));

        // Back signed in, without a plan: the review offers the plan, the project is still there.
        const restored = page.getByRole('dialog', { name: 'Post a project' });
        await expect
          .poll(() => restored.getByText('Step 10 of 10: Review', { exact: true }).isVisible(), { timeout: 20_000 })
          .toBe(true);
        expect(await restored.getByText(title).first().isVisible()).toBe(true);
        await restored.getByRole('button', { name: 'Choose a plan' }).click();
        const upgrade = page.getByRole('dialog', { name: 'Upgrade to Unlock' });
        const growth = upgrade.getByRole('article', { name: 'Growth' });
        await expect
          .poll(() => growth.getByRole('button', { name: 'Choose Growth' }).isEnabled(), { timeout: 15_000 })
          .toBe(true);
        const [checkout] = await Promise.all([
          context.waitForEvent('page'),
          growth.getByRole('button', { name: 'Choose Growth' }).click(),
        ]);
        await checkout.waitForLoadState();
        await checkout.getByRole('button', { name: 'Pay' }).click();
        await expect.poll(() => new URL(checkout.url()).pathname, { timeout: 20_000 }).toBe('/success');
        const onward = checkout.getByRole('link', { name: 'Continue' });
        expect(new URL((await onward.getAttribute('href')) ?? '', baseUrl()).pathname).toBe('/marketplace');
        await onward.click();
        const resumed = checkout.getByRole('dialog', { name: 'Post a project' });
        await expect
          .poll(() => resumed.getByText('Step 10 of 10: Review', { exact: true }).isVisible(), { timeout: 20_000 })
          .toBe(true);
        expect(await resumed.getByText(title).first().isVisible()).toBe(true);
        await resumed.getByRole('button', { name: 'Create Project' }).click();
        await expect.poll(() => checkout.getByText('Project Created!').isVisible(), { timeout: 20_000 }).toBe(true);
        await context.close();
      },
    );
  });

  describe('guides, support and the affiliate program', () => {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', ...PHONE },
    ]) {
      it(
        `opens each from the landing page signed out, with real content (${viewport.name})`,
        {
          timeout: 120_000,
        },
        async () => {
          const { page, context } = await newPage(browser, { width: viewport.width, height: viewport.height });
          const fromLanding = async (cta: string, path: string) => {
            await page.goto('/');
            await page.getByRole('link', { name: new RegExp(cta) }).click();
            await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(path);
          };

          await fromLanding('Watch the guides', '/howitworks');
          const guides = page.getByRole('article');
          await expect.poll(() => guides.count(), { timeout: 15_000 }).toBe(7);
          const picture = guides.first().getByRole('img');
          await picture.scrollIntoViewIfNeeded();
          await expect
            .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 15_000 })
            .toBeGreaterThan(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await page.evaluate(() => window.scrollTo(0, 0));
          await saveScreenshot(page, `help-guides-${viewport.name}`);

          await fromLanding('Join the program', '/affiliate');
          const join = page.getByRole('link', { name: /Join the program/ });
          await expect.poll(() => join.isVisible(), { timeout: 15_000 }).toBe(true);
          // The landing's own 'Join the program' link may still be on screen while the page loads.
          await expect.poll(() => join.getAttribute('href'), { timeout: 15_000 }).toBe(AFFILIATE_SIGNUP_URL);
          expect(await join.getAttribute('target')).toBe('_blank');
          await saveScreenshot(page, `help-affiliate-${viewport.name}`);

          await fromLanding('Get support', '/support');
          const send = page.getByRole('button', { name: 'Send message' });
          await expect.poll(() => send.isVisible(), { timeout: 15_000 }).toBe(true);
          await send.click();
          await expect.poll(() => page.getByText('Please enter your name').isVisible()).toBe(true);
          expect(await page.getByText('Please pick a topic').isVisible()).toBe(true);
          const email = `visitor.${viewport.name}@clinic.test`;
          await page.getByRole('textbox', { name: 'Your name' }).fill('Grace Hopper');
          await page.getByRole('textbox', { name: 'Email' }).fill(email);
          await page.getByRole('combobox', { name: 'Topic' }).click();
          await page.getByRole('option', { name: 'Demos' }).click();
          await page
            .getByRole('textbox', { name: 'Message' })
            .fill('My shared demo stops answering after two questions. What can I do?');
          await page.getByRole('textbox', { name: 'Reference code (optional)' }).fill('3F2A9C');
          await page.mouse.move(5, 5);
          await saveScreenshot(page, `help-support-${viewport.name}`);
          await send.click();
          await expect.poll(() => page.getByText('Message sent').isVisible(), { timeout: 15_000 }).toBe(true);
          const mailbox = (await (
            await context.request.get('/api/dev/mailbox?email=support%40agentry.dev')
          ).json()) as { messages: { subject: string; text: string }[] };
          const delivered = mailbox.messages.find((message) => message.text.includes(`<${email}>`));
          expect(delivered?.subject).toBe('[Support] Demos: Grace Hopper');
          expect(delivered?.text).toContain('Reference code: 3F2A9C');
          await saveScreenshot(page, `help-support-sent-${viewport.name}`);
          await context.close();
        },
      );
    }
  });
});
