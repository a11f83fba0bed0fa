import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Signs in, then creates an agent through the API the way the app would; answers the sub account id. */
async function signInWithAgent(page: Page, email: string, aiName: string, via: 'header' | 'entry-point' = 'header') {
  await signInThroughMailbox(page, email, { via });
  await expect.poll(() => pathOf(page)).toBe('/agents/create');
  const me = (await (await page.request.get('/api/me')).json()) as {
    activeSubaccountId: string;
    subaccounts: { id: string; name: string }[];
  };
  const created = await page.request.post(`/api/subaccounts/${me.activeSubaccountId}/agents`, { data: { aiName } });
  expect(created.status()).toBe(201);
  return { subaccountId: me.activeSubaccountId, accountName: me.subaccounts[0]?.name ?? '' };
}

describe('connect area: launch, widget designer, embed code, logo dialog, conversations', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('designs, saves, deploys and installs a website widget', async () => {
    const { page, context } = await newPage(browser, { width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const { subaccountId, accountName } = await signInWithAgent(page, 'connect@agency.test', 'Smile Desk Agent');

    // Launch Agents lists the account with no connection yet and leads into the designer.
    await page.goto('/connect');
    const account = page.getByRole('region', { name: accountName });
    await expect.poll(() => account.getByText('No connections yet.').isVisible(), { timeout: 15_000 }).toBe(true);
    await account.getByRole('link', { name: /Set up widget/ }).click();
    await expect.poll(() => pathOf(page)).toBe(`/${subaccountId}/website-widget`);
    // The sub account's theme arrives with its settings request, after the first paint.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await page.getByRole('button', { name: 'Create widget' }).click();
    const title = page.getByRole('textbox', { name: 'Widget title' });
    await expect.poll(() => title.isVisible(), { timeout: 15_000 }).toBe(true);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    // Choose the build: saved at once.
    await page.getByRole('combobox', { name: 'Choose Build' }).click();
    await page.getByRole('option', { name: /Smile Desk Agent/ }).click();
    await expect.poll(() => toast(page, 'Build updated successfully!').isVisible()).toBe(true);

    // Title and colour: the live preview follows.
    await title.fill('Smile Desk');
    await page.getByRole('radio', { name: 'purple' }).click();
    const stage = page.getByTestId('widget-preview-stage');
    await expect.poll(() => stage.getByRole('dialog', { name: 'Smile Desk' }).isVisible()).toBe(true);
    await expect.poll(async () => (await stage.innerHTML()).toLowerCase()).toContain('#7c3aed');
    expect(await save.isDisabled()).toBe(false);

    // The logo: a local image, accepted once it loads; the dialog moves and applies it.
    await page.getByLabel('Logo URL').fill(`${baseUrl()}/favicon.svg`);
    await page.getByLabel('Logo URL').press('Enter');
    await page.getByRole('button', { name: 'Adjust logo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Logo Position & Scale' });
    await expect
      .poll(() => dialog.getByText('This is how your logo will appear as chat avatar').isVisible())
      .toBe(true);
    const logo = dialog.getByRole('button', { name: /^Logo at X 50%, Y 50%/ });
    const box = (await logo.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => dialog.getByRole('button', { name: /^Logo at X 70%, Y 60%/ }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => dialog.getByRole('tab', { name: /Chat Avatar.*applied/ }).isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Widget Header' }).click();
    await expect
      .poll(() => dialog.getByText('This is how your logo will appear in widget header').isVisible())
      .toBe(true);
    await saveScreenshot(page, 'connect-logo-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await save.click();
    await expect.poll(() => toast(page, 'Settings saved successfully!').isVisible()).toBe(true);
    const saved = (await (
      await page.request.get(`/api/subaccounts/${subaccountId}/connections?type=website-widget`)
    ).json()) as {
      connections: {
        connectionId: string;
        widgetId: string;
        settings: { widgetTitle: string; themeColor: string; avatarLogoCropPosition: { x: number; y: number } };
      }[];
    };
    const connection = saved.connections[0]!;
    expect(connection.settings).toMatchObject({
      widgetTitle: 'Smile Desk',
      themeColor: '#7c3aed',
      avatarLogoCropPosition: { x: 70, y: 60 },
    });

    // Deploy: the saved settings go live.
    const deploy = page.getByRole('button', { name: /Redeploy Required|Deploy Widget/ });
    await deploy.click();
    await expect.poll(() => toast(page, 'Widget deployed').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Live', { exact: true }).isVisible()).toBe(true);
    await page.mouse.move(10, 890);
    await expect.poll(() => toast(page, 'Widget deployed').isVisible(), { timeout: 10_000 }).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await saveScreenshot(page, 'connect-designer');

    // Install step: both embed forms, copy with the documented toast.
    await page.getByRole('navigation', { name: 'Wizard' }).getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Copy script tag' }).click();
    await expect.poll(() => toast(page, 'Code copied to clipboard!').isVisible()).toBe(true);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      `<script src="${baseUrl()}/widget/${connection.widgetId}/widget-professional.js?widgetId=${connection.widgetId}" async></script>`,
    );
    await page.getByRole('tab', { name: 'Iframe' }).click();
    await expect
      .poll(() => page.locator('pre[aria-label="Iframe"]').textContent())
      .toContain(`${baseUrl()}/widget/${connection.widgetId}`);
    await page.getByRole('button', { name: 'Installation guide' }).click();
    const guide = page.getByRole('dialog', { name: 'Install the widget on your website' });
    await expect.poll(() => guide.getByText('Paste it before </body>', { exact: false }).isVisible()).toBe(true);
    await guide.getByRole('button', { name: 'Done' }).click();
    await saveScreenshot(page, 'connect-install');

    // A visitor chats through the widget API; the dashboard lists the conversation.
    const chat = await page.request.post(`/api/widget/${connection.widgetId}/chat`, {
      data: { message: 'Do you open on Saturdays?', contactIdentifier: 'visitor-e2e' },
    });
    expect(chat.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: 'Account navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    const conversations = page.getByRole('list', { name: 'Conversations' });
    await expect.poll(() => conversations.getByText('Anonymous').isVisible(), { timeout: 15_000 }).toBe(true);
    await conversations.getByRole('button').first().click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Transcript' }).getByText('Do you open on Saturdays?').isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
    await saveScreenshot(page, 'connect-dashboard');

    // The sidebar: every channel page answers honestly.
    await nav.getByRole('link', { name: 'Instagram Agent' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'No Instagram or Messenger agent yet' }).isVisible())
      .toBe(true);
    expect(await nav.getByRole('link', { name: 'Instagram Agent' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Account appearance' }).isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'SMS Agent' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'SMS campaigns' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Account navigation' }).count()).toBe(0);

    // An unknown account is a 404; static workspace pages still win over /:connectId.
    await page.goto('/not-my-account/website-widget');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await page.goto('/connect');
    await expect
      .poll(() => page.getByRole('region', { name: accountName }).getByText('Active', { exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await saveScreenshot(page, 'connect-launch');
    await context.close();
  });

  it('works on a phone: the sidebar is a drawer and the designer stacks', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { subaccountId } = await signInWithAgent(page, 'connect.mobile@agency.test', 'Pocket Agent', 'entry-point');
    const created = await page.request.post(`/api/subaccounts/${subaccountId}/connections`, {
      data: { type: 'website-widget' },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/${subaccountId}/website-widget`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Widget title' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'connect-designer-mobile');
    await page.getByRole('heading', { name: 'Live Preview' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -60));
    await saveScreenshot(page, 'connect-preview-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Account menu' });
    await expect.poll(() => drawer.getByRole('link', { name: 'Website Widget' }).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'connect-drawer-mobile');
    await drawer.getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'No conversations yet' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });
});
