import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export async function newPage(browser: Browser, options: { width?: number; height?: number; colorScheme?: 'dark' | 'light' } = {}) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in as a user would: sign-in modal, e-mail, then the link from the dev mailbox. */
export async function signInThroughMailbox(page: Page, email: string, options: { via?: 'header' | 'entry-point' } = {}) {
  if (options.via === 'entry-point') {
    // The spec's sign-in entry point redirects to the landing page with the modal open.
    await page.goto('/api/auth/signin');
  } else {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).first().click();
  }
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Check your email' }).isVisible(), { timeout: 15_000 }).toBe(true);
  const link = await latestLink(page.context(), email);
  await page.goto(link);
}

export async function latestLink(context: BrowserContext, email: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await context.request.get(`/api/dev/mailbox?email=${encodeURIComponent(email)}`);
        const body = (await response.json()) as { messages: { link: string | null }[] };
        link = body.messages[0]?.link ?? undefined;
        return Boolean(link);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link as string;
}

/** Saves a screenshot under docs/screenshots (kept in the repository as the latest look). */
export async function saveScreenshot(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../docs/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
