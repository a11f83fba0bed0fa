import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListProjectsReply } from '@agentry/core/marketplace';
import { createTestApp } from '../../test/create-test-app';
import { seedProjects, signInMarketplaceUser } from './marketplace-fixtures';

describe('browsing the marketplace', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let seeded: Awaited<ReturnType<typeof seedProjects>>;
  let seeder: Awaited<ReturnType<typeof signInMarketplaceUser>>;

  beforeAll(async () => {
    harness = await createTestApp();
    seeder = await signInMarketplaceUser(harness.app, 'seeder@market.test');
    const sameMoment = new Date('2030-01-01T12:00:00.000Z');
    seeded = await seedProjects(harness.app, seeder.userId, [
      {
        title: 'Voice agent for a dental clinic',
        category: 'Voice AI',
        marketplaceType: 'business',
        priceValue: 1200,
        timeframe: '1-2 months',
      },
      {
        title: 'Chatbot for an online shop',
        category: 'Chatbots',
        marketplaceType: 'business',
        priceValue: 300,
        timeframe: '1-2 weeks',
      },
      {
        title: 'Agency offers lead generation automations',
        category: 'Lead Generation',
        marketplaceType: 'agency',
        priceValue: 2500,
        priceType: 'monthly',
        timeframe: 'Permanent Position',
      },
      {
        title: 'Customer support assistant',
        description: 'Answer tickets automatically with a multilingual assistant that escalates refunds to humans.',
        category: 'Customer Support',
        priceValue: 800,
        timeframe: '2-4 weeks',
      },
      { title: 'Closed project nobody should see', category: 'Chatbots', status: 'closed', priceValue: 999 },
      { title: 'Automation of invoice processing', category: 'Automation', priceValue: 450, timeframe: '3-6 months' },
      // Two projects posted in the same millisecond, with the same budget: ties are broken by id.
      { title: 'Twin project alpha', category: 'Automation', priceValue: 450, createdAt: sameMoment },
      { title: 'Twin project beta', category: 'Automation', priceValue: 450, createdAt: sameMoment },
    ]);
  });
  afterAll(() => harness.close());

  async function list(query = ''): Promise<ListProjectsReply> {
    const response = await harness.app.inject({ method: 'GET', url: `/api/marketplace/projects${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const titles = (reply: ListProjectsReply) => reply.projects.map((project) => project.title);

  it('lists live projects only, newest first, with a total', async () => {
    const reply = await list();
    expect(reply.total).toBe(7);
    expect(reply.isTotalCapped).toBe(false);
    expect(titles(reply)).not.toContain('Closed project nobody should see');
    expect(titles(reply).slice(0, 2).sort()).toEqual(['Twin project alpha', 'Twin project beta']);
    expect(titles(reply)[2]).toBe('Automation of invoice processing');
    expect(reply.projects[0]).toMatchObject({ email: null, isOwner: false, replyCount: null });
  });

  it('marks the caller’s own projects', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/marketplace/projects?limit=1',
      headers: { cookie: seeder.cookie },
    });
    expect(response.json().projects[0]).toMatchObject({ isOwner: true, email: 'seeder@seed.test' });
  });

  it('filters by type, category, timeframe and budget range', async () => {
    expect(titles(await list('?type=agency'))).toEqual(['Agency offers lead generation automations']);
    expect(titles(await list('?category=Chatbots'))).toEqual(['Chatbot for an online shop']);
    expect((await list('?category=All')).total).toBe(7);
    expect(titles(await list('?timeframe=2-4%20weeks'))).toEqual(['Customer support assistant']);
    expect(titles(await list('?minBudget=500&maxBudget=1200&sort=budget-asc'))).toEqual([
      'Customer support assistant',
      'Voice agent for a dental clinic',
    ]);
    expect((await list('?type=business&category=Automation&maxBudget=450')).total).toBe(3);
  });

  it('searches title and description by word prefixes, and ignores search syntax', async () => {
    expect(titles(await list('?q=dental'))).toEqual(['Voice agent for a dental clinic']);
    expect(titles(await list('?q=multiling'))).toEqual(['Customer support assistant']);
    expect(titles(await list('?q=chat%20shop'))).toEqual(['Chatbot for an online shop']);
    expect(titles(await list('?q=invoices'))).toEqual(['Automation of invoice processing']);
    expect((await list('?q=%27%29%3A*%20%26%7C!')).total).toBe(7);
    expect((await list('?q=nothingmatchesthis')).projects).toEqual([]);
  });

  it('pages through search results in the chosen order', async () => {
    // Every seeded description says 'seeded' except the customer support one.
    const expected = (await list('?sort=budget-asc&limit=50')).projects
      .filter((project) => project.title !== 'Customer support assistant')
      .map((project) => project.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ListProjectsReply = await list(
        `?q=seeded&sort=budget-asc&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.total).toBe(6);
      seen.push(...page.projects.map((project) => project.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('sorts by budget both ways', async () => {
    const ascending = await list('?sort=budget-asc');
    expect(ascending.projects.map((project) => project.priceValue)).toEqual([300, 450, 450, 450, 800, 1200, 2500]);
    const descending = await list('?sort=budget-desc');
    expect(descending.projects.map((project) => project.priceValue)).toEqual([2500, 1200, 800, 450, 450, 450, 300]);
  });

  it.each(['newest', 'budget-asc', 'budget-desc'])('pages through every project exactly once (%s)', async (sort) => {
    const all = await list(`?sort=${sort}&limit=50`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ListProjectsReply = await list(
        `?sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.projects.length).toBeLessThanOrEqual(2);
      seen.push(...page.projects.map((project) => project.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual(all.projects.map((project) => project.id));
    expect(new Set(seen).size).toBe(7);
  });

  it('refuses a cursor of another sort or a forged one', async () => {
    const first = await list('?limit=2');
    const wrongSort = await harness.app.inject({
      method: 'GET',
      url: `/api/marketplace/projects?sort=budget-asc&cursor=${first.nextCursor}`,
    });
    expect(wrongSort.statusCode).toBe(400);
    expect(wrongSort.json().error.message).toBe('Invalid cursor');
    const forged = await harness.app.inject({ method: 'GET', url: '/api/marketplace/projects?cursor=bm90LWpzb24' });
    expect(forged.statusCode).toBe(400);
  });

  it('rejects unknown filter values with 400', async () => {
    for (const query of ['?type=freelancer', '?category=Gardening', '?sort=random', '?limit=0', '?minBudget=-1']) {
      const response = await harness.app.inject({ method: 'GET', url: `/api/marketplace/projects${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('caps the total at 1000 and says so', async () => {
    await seedProjects(
      harness.app,
      seeder.userId,
      Array.from({ length: 1000 }, () => ({ category: 'Other' as const })),
    );
    const reply = await list();
    expect(reply).toMatchObject({ total: 1000, isTotalCapped: true });
    expect((await list('?category=Other')).total).toBe(1000);
    expect((await list('?category=Other')).isTotalCapped).toBe(false);
    // A search matching more than the cap takes the other path and keeps the order.
    const searched = await list('?q=seeded&limit=5');
    expect(searched).toMatchObject({ total: 1000, isTotalCapped: true });
    const newestOtherThanSupport = (await list('?limit=6')).projects.filter(
      (project) => project.title !== 'Customer support assistant',
    );
    expect(searched.projects.map((project) => project.id)).toEqual(
      newestOtherThanSupport.slice(0, 5).map((project) => project.id),
    );
    expect(seeded).toHaveLength(8);
  });
});
