import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  newPage,
  saveScreenshot,
  settle,
  signInThroughMailbox,
  subscribeToGrowth,
} from './browser';

/**
 * Issue 17, the items fixed without a browser test of their own: Share in the demo preview (5),
 * error toasts with a reference (19), marketplace cover uploads (21), header titles (22). Each at
 * 1280x800 and 390x844.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const REFERENCE = /Reference: [0-9A-F]{32}/;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG, portrait (taller than the card's 16:9 box), in three bands of colour. */
function portraitPng(width = 240, height = 480) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const bands = [
    [14, 116, 144],
    [250, 204, 21],
    [220, 38, 38],
  ];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const [r, g, b] = bands[Math.min(2, Math.floor((y / height) * 3))]!;
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set([r!, g!, b!], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectStep(dialog: Locator, text: string) {
  await expect.poll(() => dialog.getByText(text, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('issue 17 polish: share link, error references, cover uploads, header titles', () => {
  let browser: Browser;
  let owner: { page: Page; context: BrowserContext };
  let subaccountId: string;
  let buildId: string;
  let projectId: string | undefined;
  let demoForTitles: string | undefined;

  async function createDemo(name: string, type: 'standard' | 'sms') {
    const reply = await owner.page.request.post(`/api/subaccounts/${subaccountId}/demos`, {
      data: { name, type, buildId },
    });
    expect(reply.status()).toBe(201);
    return ((await reply.json()) as { demoId: string }).demoId;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await owner?.context.close();
    await browser?.close();
  });

  it('signs an agency owner in with an agent and a Growth plan', { timeout: 180_000 }, async () => {
    owner = await newPage(browser);
    const { page } = owner;
    await signInThroughMailbox(page, 'polish.owner@agency.test');
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/agents/create');
    const me = (await (await page.request.get('/api/me')).json()) as {
      activeSubaccountId: string | null;
      subaccounts: { id: string }[];
    };
    subaccountId = me.activeSubaccountId ?? me.subaccounts[0]!.id;
    const agent = await page.request.post(`/api/subaccounts/${subaccountId}/agents`, {
      data: {
        aiName: 'Harbor Desk',
        instructions:
          'You are the front desk of Harbor Physio. We open at 7 am on weekdays. A first visit costs 80 dollars.',
      },
    });
    expect(agent.status()).toBe(201);
    buildId = ((await agent.json()) as { buildId: string }).buildId;
    await subscribeToGrowth(page);
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  for (const size of SIZES) {
    it(
      `item 5: Share in the demo preview copies /shared/{id}, which a signed-out visitor opens (${size.name})`,
      {
        timeout: 180_000,
      },
      async () => {
        const { page } = owner;
        await page.setViewportSize({ width: size.width, height: size.height });
        for (const type of ['standard', 'sms'] as const) {
          const demoId = await createDemo(`Harbor ${type} ${size.name}`, type);
          demoForTitles ??= demoId;
          await page.goto(`/demo/${demoId}/preview`);
          await expect
            .poll(() => page.locator(`[data-demo-mode="page"][data-demo-type="${type}"]`).count(), { timeout: 30_000 })
            .toBe(1);
          await page.getByRole('button', { name: 'Share demo' }).first().click();
          await expect
            .poll(() => page.getByText('Link copied to clipboard!').isVisible(), { timeout: 15_000 })
            .toBe(true);
          const copied = await page.evaluate(() => navigator.clipboard.readText());
          expect(copied).toBe(`${baseUrl()}/shared/${demoId}`);
          // 'Back to editor' sits clear of the demo's title, phones included.
          const back = (await page.getByRole('link', { name: 'Back to editor' }).boundingBox())!;
          // The 'Link copied' toast, shown at the bottom, does not cover it either.
          const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
          const isOverlapping =
            toastBox.x < back.x + back.width &&
            back.x < toastBox.x + toastBox.width &&
            toastBox.y < back.y + back.height &&
            back.y < toastBox.y + toastBox.height;
          expect(isOverlapping).toBe(false);
          // The title's text itself (the heading element spans the page; its text is centred).
          const heading = await page
            .getByRole('heading', { name: `Harbor ${type} ${size.name}` })
            .evaluate((element) => {
              const range = document.createRange();
              range.selectNodeContents(element);
              const rect = range.getBoundingClientRect();
              return { x: rect.x, y: rect.y };
            });
          expect(back.y + back.height <= heading.y || back.x + back.width <= heading.x).toBe(true);
          if (type === 'standard') await saveScreenshot(page, `polish-5-${size.name}`);

          // The copied link, in a browser that never signed in: the demo, no sign-in screen.
          const visitor = await newPage(browser, { width: size.width, height: size.height });
          await visitor.page.goto(copied);
          await expect
            .poll(() => visitor.page.locator(`[data-demo-mode="shared"][data-demo-type="${type}"]`).count(), {
              timeout: 30_000,
            })
            .toBe(1);
          expect(pathOf(visitor.page)).toBe(`/shared/${demoId}`);
          expect(await visitor.page.getByRole('dialog', { name: 'Welcome Back' }).count()).toBe(0);
          expect(await visitor.page.getByText('Sign in', { exact: true }).count()).toBe(0);
          if (type === 'standard') {
            await visitor.page.mouse.move(5, 5);
            await saveScreenshot(visitor.page, `polish-5-shared-${size.name}`);
          }
          await visitor.context.close();
        }
      },
    );
  }

  for (const size of SIZES) {
    it(
      `item 19: a failed request shows a human message with its reference code (${size.name})`,
      {
        timeout: 120_000,
      },
      async () => {
        const { page } = owner;
        await page.setViewportSize({ width: size.width, height: size.height });
        const name = `Harbor gone ${size.name}`;
        const demoId = await createDemo(name, 'standard');
        await page.goto('/demo');
        const list = page.getByRole('list', { name: 'Demos' });
        await expect.poll(() => list.getByText(name).first().isVisible(), { timeout: 30_000 }).toBe(true);
        // Someone else deletes it meanwhile (another tab, a teammate): the screen still lists it.
        expect((await page.request.delete(`/api/demos/${demoId}`)).status()).toBe(204);

        await page.getByRole('button', { name: `Actions for ${name}` }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete demo' });
        await dialog.getByRole('textbox', { name: 'Type confirm to continue' }).fill('confirm');
        const answer = page.waitForResponse(
          (response) => response.url().endsWith(`/api/demos/${demoId}`) && response.request().method() === 'DELETE',
        );
        await dialog.getByRole('button', { name: 'Delete demo' }).click();
        const body = (await (await answer).json()) as { error: { message: string; support_id: string } };
        expect((await answer).status()).toBe(404);

        const toast = page.locator('[data-sonner-toast][data-type="error"]');
        await expect.poll(() => toast.count(), { timeout: 15_000 }).toBeGreaterThan(0);
        const text = (await toast.first().textContent()) ?? '';
        expect(text).toContain(body.error.message);
        expect(text).toMatch(REFERENCE);
        expect(text).toContain(`Reference: ${body.error.support_id.toUpperCase()}`);
        expect(text).not.toContain('something went wrong');
        await page.mouse.move(size.width - 5, 20);
        await saveScreenshot(page, `polish-19-${size.name}`);
        await page.keyboard.press('Escape');
      },
    );
  }

  for (const size of SIZES) {
    it(
      `item 21: a PNG named .jpg is taken as PNG and its cover fills the card's 16:9 box (${size.name})`,
      {
        timeout: 240_000,
      },
      async () => {
        const { page } = owner;
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto('/marketplace');
        await page.getByRole('button', { name: 'Post a project' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Post a project' });
        const title = `Harbor Physio booking assistant (${size.name})`;

        await expectStep(dialog, 'Step 1 of 10: Type');
        await dialog.getByText("I'm a business", { exact: true }).click();
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expectStep(dialog, 'Step 2 of 10: Title');
        await dialog.getByRole('textbox', { name: 'Project title' }).fill(title);
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expectStep(dialog, 'Step 3 of 10: Desc');
        await dialog
          .getByRole('textbox', { name: 'Project description' })
          .fill(
            'Physiotherapy clinic: we want an assistant that answers patient questions, books first visits into our calendar and hands medical questions to a therapist.',
          );
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expectStep(dialog, 'Step 4 of 10: Time');
        await dialog.getByText('2-4 weeks', { exact: true }).click();
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expectStep(dialog, 'Step 5 of 10: Category');
        await dialog.getByText('Chatbots', { exact: true }).click();
        await dialog.getByRole('button', { name: 'Continue' }).click();

        await expectStep(dialog, 'Step 6 of 10: Image');
        const uploaded = page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/files' && response.request().method() === 'POST',
          { timeout: 30_000 },
        );
        await dialog.locator('[data-testid="upload-image"]').setInputFiles({
          name: 'harbor-cover.jpg',
          mimeType: 'image/jpeg',
          buffer: portraitPng(),
        });
        const reply = await uploaded;
        expect(reply.status()).toBe(201);
        const file = (await reply.json()) as { url: string; name: string; contentType: string };
        expect(file.contentType).toBe('image/png');
        expect(file.name).toBe('harbor-cover.png');
        const mine = dialog.getByRole('radio', { name: 'Your upload 1' });
        await expect.poll(() => mine.isChecked(), { timeout: 15_000 }).toBe(true);
        await dialog.getByRole('button', { name: 'Continue' }).click();

        await expectStep(dialog, 'Step 7 of 10: Avatar');
        const avatar = dialog.locator('label:has(input[type="radio"])').nth(1);
        await expect.poll(() => avatar.count(), { timeout: 15_000 }).toBe(1);
        await avatar.click();
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expectStep(dialog, 'Step 8 of 10: Budget');
        await dialog.getByRole('spinbutton', { name: 'Budget (USD)' }).fill('900');
        await dialog.getByText('One-time', { exact: true }).click();
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expectStep(dialog, 'Step 9 of 10: Contact');
        await dialog.getByRole('textbox', { name: 'Your name' }).fill('Ada Byron');
        await dialog.getByRole('textbox', { name: 'Business name' }).fill('Harbor Physio');
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expectStep(dialog, 'Step 10 of 10: Review');
        await dialog.getByRole('button', { name: 'Create Project' }).click();
        await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);

        const link = page.getByRole('link', { name: title });
        await expect.poll(() => link.isVisible(), { timeout: 20_000 }).toBe(true);
        const card = page.getByRole('article').filter({ has: link });
        const cover = card.locator(`img[src="${file.url}"]`);
        await cover.scrollIntoViewIfNeeded();
        await expect
          .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
            timeout: 15_000,
          })
          .toBe(240);
        const box = (await cover.boundingBox())!;
        const cardBox = (await card.boundingBox())!;
        // The box is the card's width at 16:9 whatever the picture's shape: the portrait upload is cropped.
        expect(Math.abs(box.width - cardBox.width)).toBeLessThanOrEqual(2);
        expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThanOrEqual(1.5);
        expect(await cover.evaluate((image) => getComputedStyle(image).objectFit)).toBe('cover');
        // Built-in covers on the same listing get the very same box.
        const others = page.locator('article img.absolute[src^="/media/"]');
        if ((await others.count()) > 0) {
          const other = (await others.first().boundingBox())!;
          expect(Math.abs(other.height - box.height)).toBeLessThanOrEqual(1);
        }
        if (size.name === 'desktop') {
          expect(Math.round(box.width)).toBeGreaterThanOrEqual(340);
          expect(Math.round(box.height)).toBeLessThanOrEqual(Math.round((box.width * 9) / 16) + 1);
        }
        projectId ??= ((await link.getAttribute('href')) ?? '').split('/').at(-1);
        await card.scrollIntoViewIfNeeded();
        await settle(page);
        await saveScreenshot(page, `polish-21-${size.name}`);
      },
    );
  }

  for (const size of SIZES) {
    it(
      `item 22: workspace pages are headed by their own title, not 'Dashboard' (${size.name})`,
      {
        timeout: 180_000,
      },
      async () => {
        const { page } = owner;
        await page.setViewportSize({ width: size.width, height: size.height });
        const pages: [string, string][] = [
          ['/usage', 'Usage & Billing'],
          ['/settings', 'Settings'],
          ['/agents', 'Agents'],
          [`/subaccounts/${subaccountId}/agents`, 'Agents'],
          [`/subaccounts/${subaccountId}/agents/${buildId}`, 'Agents'],
          ['/agents/create', 'New Agent'],
          ['/aimentor', 'AI Mentor'],
          ['/apitester', 'API Testing'],
          ['/optimize', 'Optimize & Improve'],
        ];
        if (demoForTitles) pages.push([`/demo/${demoForTitles}`, 'Demo Agents']);
        if (projectId) pages.push([`/marketplace/projects/${projectId}`, 'AI Marketplace']);
        const heading = page.locator('header > h1').first();
        for (const [path, title] of pages) {
          await page.goto(path);
          await expect.poll(() => heading.textContent(), { timeout: 30_000 }).toBe(title);
        }
        await page.goto('/usage');
        await expect.poll(() => heading.textContent(), { timeout: 30_000 }).toBe('Usage & Billing');
        await page.waitForLoadState('networkidle');
        await settle(page);
        await saveScreenshot(page, `polish-22-${size.name}`);
      },
    );
  }
});
