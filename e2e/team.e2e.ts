import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestLink, launchBrowser, newPage, saveScreenshot, signInThroughMailbox } from './browser';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const visible = (locator: ReturnType<Page['getByText']>) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);

describe('team: an admin invites a viewer, who accepts from the dev mailbox and sees read-only pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('invites, accepts as a new address, and the viewer cannot change the agent or the widget', async () => {
    const admin = await newPage(browser, { width: 1280, height: 860 });
    await signInThroughMailbox(admin.page, 'team-admin@agency.test');
    await expect.poll(() => pathOf(admin.page)).toBe('/agents/create');
    const me = (await (await admin.page.request.get('/api/me')).json()) as {
      activeSubaccountId: string;
      subaccounts: { id: string; name: string }[];
    };
    const subaccountId = me.activeSubaccountId;
    const accountName = me.subaccounts[0]!.name;
    const agent = await admin.page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
      data: { aiName: 'Front Desk Agent' },
    });
    expect(agent.status()).toBe(201);
    const { buildId } = (await agent.json()) as { buildId: string };
    const widget = await admin.page.request.post(`/api/subaccounts/${subaccountId}/connections`, {
      data: { type: 'website-widget', buildId },
    });
    expect(widget.status()).toBe(201);

    // The admin invites a viewer from the Team page.
    await admin.page.goto(`/${subaccountId}/team`);
    await visible(admin.page.getByRole('heading', { name: 'Team', exact: true }));
    await visible(admin.page.getByText('No pending invitations'));
    await admin.page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('Client.Viewer@agency.test');
    await dialog.getByRole('radio', { name: /Viewer/ }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => toast(admin.page, 'Invitation sent to client.viewer@agency.test').isVisible()).toBe(true);
    await visible(admin.page.getByText('client.viewer@agency.test'));

    // The viewer opens the e-mail's link, signs up through it and joins.
    const viewer = await newPage(browser, { width: 1280, height: 860 });
    const link = await latestLink(viewer.context, 'client.viewer@agency.test');
    expect(new URL(link).pathname).toMatch(/^\/invite\//);
    await viewer.page.goto(link);
    await visible(viewer.page.getByRole('heading', { name: `Join ${accountName}` }));
    await saveScreenshot(viewer.page, 'team-invite-accept');
    await viewer.page.getByRole('button', { name: 'Accept and sign in' }).click();
    const join = viewer.page.getByRole('button', { name: `Join ${accountName}` });
    await expect.poll(() => join.isVisible(), { timeout: 15_000 }).toBe(true);
    await join.click();
    await expect.poll(() => pathOf(viewer.page), { timeout: 15_000 }).toBe('/agents');
    await visible(viewer.page.getByText('Front Desk Agent'));

    // The agent editor is read-only.
    await viewer.page.goto(`/subaccounts/${subaccountId}/agents/${buildId}`);
    await visible(viewer.page.getByText('You have view-only access to this sub account, so this agent is read-only.'));

    // The widget designer is read-only.
    await viewer.page.goto(`/${subaccountId}/website-widget`);
    await visible(viewer.page.getByText('You have view-only access to this account, so the widget is read-only.'));
    expect(await viewer.page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

    // The viewer sees the team, without management controls.
    await viewer.page.goto(`/${subaccountId}/team`);
    await visible(viewer.page.getByText('Only admins manage the team'));
    expect(await viewer.page.getByRole('button', { name: 'Invite', exact: true }).count()).toBe(0);

    // The admin's page lists the viewer; one more pending invitation for the screenshots.
    await admin.page.reload();
    await visible(admin.page.getByText('client.viewer@agency.test'));
    await admin.page.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('copywriter@agency.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => toast(admin.page, 'Invitation sent to copywriter@agency.test').isVisible()).toBe(true);
    await visible(admin.page.getByText('Pending invitations (1)'));
    await admin.page.waitForTimeout(4500); // the toast fades before the picture
    await saveScreenshot(admin.page, 'team-page-desktop');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(admin.page, 'team-page-390');

    await viewer.page.goto(link);
    await visible(viewer.page.getByText('This invitation is no longer valid. Ask for a new one.'));
    await admin.context.close();
    await viewer.context.close();
  }, 180_000);
});
