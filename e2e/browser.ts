import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
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

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'dark' | 'light' } = {},
) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in as a user would: sign-in modal, e-mail, then the link from the dev mailbox. */
export async function signInThroughMailbox(
  page: Page,
  email: string,
  options: { via?: 'header' | 'entry-point' } = {},
) {
  if (options.via === 'entry-point') {
    // The documented sign-in entry point redirects to the landing page with the modal open.
    await page.goto('/api/auth/signin');
  } else {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).first().click();
  }
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue with Email' }).click();
  await expect
    .poll(() => page.getByRole('dialog', { name: 'Check your email' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
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

/**
 * A customer's web page on ANOTHER origin (http://127.0.0.1:<random port>, while the product
 * runs on localhost): `/` is `html` served with the given Content-Security-Policy in a meta
 * tag; other paths are answered from `files` (scripts and styles the page loads from itself).
 */
export async function serveHostPage(options: {
  csp: string;
  body: string;
  head?: string;
  files?: Record<string, { type: string; content: string }>;
}) {
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${options.csp}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bright Smile Dental</title>${options.head ?? ''}</head><body>${body}</body></html>`;
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    const file = options.files?.[pathname];
    if (pathname === '/')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(options.body));
    else if (file) response.writeHead(200, { 'content-type': file.type }).end(file.content);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A visitor's own browser profile. This Chromium blocks third-party cookies by default, and
 * with them the localStorage of cross-site iframes (an embedded widget then cannot keep its
 * session); `allowThirdPartyStorage` gives the profile the setting under which it may (partitioned
 * per top-level site), as browsers long had by default. Close it with `close()`, which also
 * removes the profile.
 */
export async function newVisitorPage(
  options: { width?: number; height?: number; allowThirdPartyStorage?: boolean } = {},
) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-visitor-'));
  if (options.allowThirdPartyStorage) {
    fs.mkdirSync(path.join(userDataDir, 'Default'));
    fs.writeFileSync(
      path.join(userDataDir, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
    );
  }
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: 'light',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { context, page, close };
}

/** Parks the pointer on the header (the sidebar expands on hover) and lets toasts go. */
export async function settle(page: Page) {
  await page.mouse.move(Math.min(700, page.viewportSize()!.width - 5), 20);
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForTimeout(300);
}

/** Subscribes the signed-in user to a Growth plan (marketplace access) on the local TEST MODE checkout. */
export async function subscribeToGrowth(page: Page) {
  const request = page.context().request;
  const pricing = (await (await request.get('/api/pricing/plans')).json()) as {
    plans: Record<string, { billingInterval: string; stripePriceId: string | null }[]>;
  };
  const priceId = pricing.plans.growth?.find(
    (entry) => entry.billingInterval === 'month' && entry.stripePriceId,
  )?.stripePriceId;
  expect(priceId).toBeTruthy();
  const checkout = await request.post('/api/stripe/create-checkout', { data: { priceId, mode: 'subscription' } });
  const { url } = (await checkout.json()) as { url?: string };
  expect(url).toBeTruthy();
  await page.goto(url as string);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect
    .poll(
      async () => {
        const reply = await request.get('/api/billing/capabilities');
        const body = (await reply.json()) as { capabilities?: { features?: { marketplace?: boolean } } };
        return body.capabilities?.features?.marketplace ?? false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
