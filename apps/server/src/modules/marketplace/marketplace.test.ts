import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateProjectBody } from '@agentry/core/marketplace';
import { createTestApp } from '../../test/create-test-app';
import { createProject } from './create-project';
import { marketplaceDailyCount, marketplaceProject } from './marketplace.tables';
import { projectBody, signInMarketplaceUser } from './marketplace-fixtures';

type Session = Awaited<ReturnType<typeof signInMarketplaceUser>>;

describe('marketplace projects', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let author: Session;
  let other: Session;
  let freeUser: Session;

  beforeAll(async () => {
    harness = await createTestApp();
    author = await signInMarketplaceUser(harness.app, 'author@market.test');
    other = await signInMarketplaceUser(harness.app, 'other@market.test');
    freeUser = await signInMarketplaceUser(harness.app, 'free@market.test', { hasPlan: false });
  });
  afterAll(() => harness.close());

  const post = (session: Session | null, payload: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/marketplace/projects',
      headers: session ? { cookie: session.cookie } : {},
      payload: payload as object,
    });

  it('refuses a signed-out post with 401', async () => {
    const response = await post(null, projectBody());
    expect(response.statusCode).toBe(401);
  });

  it("gives a free user 403 'Pick a plan to use this feature' on posting, and still lets them browse", async () => {
    const response = await post(freeUser, projectBody());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'Pick a plan to use this feature',
      capability: 'marketplace',
    });
    const listing = await harness.app.inject({
      method: 'GET',
      url: '/api/marketplace/projects',
      headers: { cookie: freeUser.cookie },
    });
    expect(listing.statusCode).toBe(200);
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/marketplace/projects' });
    expect(anonymous.statusCode).toBe(200);
  });

  it('tells a free user about the plan before it reads what they sent (403, not the form errors)', async () => {
    const empty = await post(freeUser, {});
    expect(empty.statusCode).toBe(403);
    expect(empty.json().error).toMatchObject({ code: 'PLAN_REQUIRED', capability: 'marketplace' });
    const [project] = await harness.app.platform.database.db.select().from(marketplaceProject).limit(1);
    const reply = await harness.app.inject({
      method: 'POST',
      url: `/api/marketplace/projects/${project?.id ?? randomUUID()}/replies`,
      headers: { cookie: freeUser.cookie },
      payload: { message: '' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error).toMatchObject({ code: 'PLAN_REQUIRED', capability: 'marketplace' });
  });

  it.each([
    ['marketplaceType', undefined, 'Please choose a project type'],
    ['title', '', 'Please enter a project title'],
    ['title', 'Bot', 'Title must be at least 5 characters long.'],
    ['title', 'x'.repeat(76), 'Title must be at most 75 characters long.'],
    ['description', undefined, 'Please enter a project description'],
    ['description', 'Too short to explain anything.', 'Description must be at least 50 characters long.'],
    ['description', 'd'.repeat(1001), 'Description must be at most 1000 characters long.'],
    ['timeframe', '', 'Please enter a timeframe'],
    ['timeframe', 'Forever', 'Please enter a timeframe'],
    ['category', 'All', 'Please select a category'],
    ['category', undefined, 'Please select a category'],
    ['image', '', 'Please select a project image'],
    ['image', 'https://tracker.example/pixel.png', 'Please select a project image'],
    ['icon', undefined, 'Please select an avatar'],
    ['priceValue', undefined, 'Please enter a budget'],
    ['priceValue', -5, 'Please enter a budget'],
    ['authorName', '  ', 'Please enter your name'],
    ['companyName', '', 'Please enter your business name'],
  ])('answers 400 when %s is %j: %s', async (field, value, message) => {
    const response = await post(author, projectBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(response.json().error.fields[0]).toMatchObject({ path: field, message });
  });

  it('refuses as its image an uploaded file that is no picture (an attachment, a missing file)', async () => {
    const attachment = await harness.app.inject({
      method: 'POST',
      url: '/api/files?purpose=attachment',
      headers: { cookie: author.cookie, 'content-type': 'text/csv', 'x-file-name': 'brief.csv' },
      payload: 'need,budget\nbot,500\n',
    });
    expect(attachment.statusCode).toBe(201);
    for (const image of [attachment.json<{ url: string }>().url, '/files/bbbbbbbbbbbbbbbbbbbbbbbb']) {
      const response = await post(author, projectBody({ image }));
      expect(response.statusCode, image).toBe(400);
      expect(response.json().error.message).toBe('Please select a project image');
    }
  });

  it('creates a live project with the account e-mail and a server-made price text', async () => {
    const response = await post(
      author,
      projectBody({
        email: 'someone-else@spoof.test',
        price: '$1 a year',
        id: 'chosen-by-client',
        priceValue: 750.5,
        priceType: 'weekly',
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      dailyLimitReached: false,
      dailyLimit: 2,
      projectsToday: 1,
      message: expect.any(String),
    });
    expect(body.project).toMatchObject({
      title: 'Build a support chatbot',
      email: 'author@market.test',
      price: '$750.5 a week',
      priceValue: 750.5,
      priceType: 'weekly',
      status: 'live',
      isOwner: true,
      replyCount: 0,
    });
    expect(body.project.id).not.toBe('chosen-by-client');

    const publicView = await harness.app.inject({ method: 'GET', url: `/api/marketplace/projects/${body.project.id}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json()).toMatchObject({
      id: body.project.id,
      email: null,
      isOwner: false,
      replyCount: null,
      companyName: 'Acme Dental',
    });
  });

  it('answers the third post of the day with 429 and the documented message', async () => {
    const second = await post(author, projectBody({ title: 'Second project today' }));
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ projectsToday: 2, dailyLimit: 2 });
    const third = await post(author, projectBody({ title: 'Third project today' }));
    expect(third.statusCode).toBe(429);
    const message =
      "Daily limit reached! You can only create 2 projects per day. You've already created 2 projects today. Please try again tomorrow.";
    expect(third.json()).toMatchObject({
      dailyLimitReached: true,
      dailyLimit: 2,
      projectsToday: 2,
      message,
      error: { code: 'DAILY_LIMIT_REACHED', message },
    });
    expect(third.json().error.support_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('counts the limit per UTC day: the next day starts again', async () => {
    const { db } = harness.app.platform.database;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const result = await createProject({
      db,
      userId: author.userId,
      email: 'author@market.test',
      body: CreateProjectBody.parse(projectBody()),
      dailyLimit: 2,
      now: tomorrow,
    });
    expect(result).toMatchObject({ isCreated: true, projectsToday: 1 });
  });

  it('creates exactly the daily limit under 10 concurrent posts; the rest answer 429 with the numbers', async () => {
    const racer = await signInMarketplaceUser(harness.app, 'racer@market.test');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => post(racer, projectBody({ title: `Concurrent post ${index}` }))),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    const limited = responses.filter((response) => response.statusCode === 429);
    expect(created).toHaveLength(2);
    expect(limited).toHaveLength(8);
    expect(created.map((response) => response.json().projectsToday).sort()).toEqual([1, 2]);
    for (const response of limited)
      expect(response.json()).toMatchObject({ dailyLimitReached: true, dailyLimit: 2, projectsToday: 2 });
    const { db } = harness.app.platform.database;
    const rows = await db
      .select({ id: marketplaceProject.id })
      .from(marketplaceProject)
      .where(eq(marketplaceProject.authorUserId, racer.userId));
    expect(rows).toHaveLength(2);
    const [counter] = await db
      .select()
      .from(marketplaceDailyCount)
      .where(and(eq(marketplaceDailyCount.userId, racer.userId)));
    expect(counter?.count).toBe(2);
  });

  it('lets only the author edit, close, reopen and delete; another user gets 404 and changes nothing', async () => {
    const { app } = harness;
    const editor = await signInMarketplaceUser(app, 'editor@market.test');
    const created = (await post(editor, projectBody({ title: 'Project to be edited' }))).json().project;
    const url = `/api/marketplace/projects/${created.id}`;

    const foreignEdit = await app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: other.cookie },
      payload: { title: 'Hijacked title' },
    });
    const foreignDelete = await app.inject({ method: 'DELETE', url, headers: { cookie: other.cookie } });
    const missingEdit = await app.inject({
      method: 'PATCH',
      url: `/api/marketplace/projects/${randomUUID()}`,
      headers: { cookie: other.cookie },
      payload: { title: 'Hijacked title' },
    });
    expect(foreignEdit.statusCode).toBe(404);
    expect(foreignDelete.statusCode).toBe(404);
    expect(foreignEdit.json().error.message).toBe(missingEdit.json().error.message);
    expect((await app.inject({ method: 'GET', url })).json().title).toBe('Project to be edited');

    const anonymousEdit = await app.inject({ method: 'PATCH', url, payload: { title: 'Hijacked title' } });
    expect(anonymousEdit.statusCode).toBe(401);

    const edited = await app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: editor.cookie },
      payload: { title: 'Edited project title', priceValue: 900, priceType: 'one-time' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Edited project title',
      price: '$900',
      priceValue: 900,
      priceType: 'one-time',
    });
    const badEdit = await app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: editor.cookie },
      payload: { description: 'short' },
    });
    expect(badEdit.json().error.message).toBe('Description must be at least 50 characters long.');

    const closed = await app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: editor.cookie },
      payload: { status: 'closed' },
    });
    expect(closed.json().status).toBe('closed');
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: editor.cookie } })).json()).toMatchObject({
      status: 'closed',
      isOwner: true,
    });
    const listed = (await app.inject({ method: 'GET', url: '/api/marketplace/projects?q=edited' })).json();
    expect(listed.projects.map((project: { id: string }) => project.id)).not.toContain(created.id);

    const mine = (
      await app.inject({ method: 'GET', url: '/api/marketplace/my-projects', headers: { cookie: editor.cookie } })
    ).json();
    expect(mine.projects).toEqual([
      expect.objectContaining({ id: created.id, status: 'closed', replyCount: 0, email: 'editor@market.test' }),
    ]);

    const reopened = await app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: editor.cookie },
      payload: { status: 'live' },
    });
    expect(reopened.json().status).toBe('live');
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const deleted = await app.inject({ method: 'DELETE', url, headers: { cookie: editor.cookie } });
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: editor.cookie } })).statusCode).toBe(404);
  });

  it('serves at least 12 project images and 12 avatars as SVG with safe headers', async () => {
    const { app } = harness;
    const images = (await app.inject({ method: 'GET', url: '/api/marketplace/marketplace-images' })).json();
    const avatars = (await app.inject({ method: 'GET', url: '/api/avatars' })).json();
    expect(images.length).toBeGreaterThanOrEqual(12);
    expect(avatars.length).toBeGreaterThanOrEqual(12);
    expect(images[0]).toMatch(/^\/media\/marketplace\/images\/[a-z0-9-]+\.svg$/);
    expect(avatars[0]).toMatch(/^\/media\/avatars\/[a-z0-9-]+\.svg$/);
    for (const imagePath of [images[0], avatars.at(-1)]) {
      const served = await app.inject({ method: 'GET', url: imagePath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect(served.body).not.toMatch(/<script|on\w+=/i);
    }
    const missing = await app.inject({ method: 'GET', url: '/media/avatars/nope.svg' });
    expect(missing.statusCode).toBe(404);
  });

  it('saves the profile: name and picture on the account, business name in the marketplace profile', async () => {
    const { app } = harness;
    const saved = await app.inject({
      method: 'POST',
      url: '/api/userprofile',
      headers: { cookie: other.cookie },
      payload: { name: ' Olivia Other ', businessName: 'Other Agency', image: '/media/avatars/avatar-02.svg' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      name: 'Olivia Other',
      email: 'other@market.test',
      businessName: 'Other Agency',
      image: '/media/avatars/avatar-02.svg',
    });
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other.cookie } })).json();
    expect(me.user).toMatchObject({ name: 'Olivia Other', image: '/media/avatars/avatar-02.svg' });
    const read = (
      await app.inject({ method: 'GET', url: '/api/userprofile', headers: { cookie: other.cookie } })
    ).json();
    expect(read.businessName).toBe('Other Agency');

    const invalid = await app.inject({
      method: 'POST',
      url: '/api/userprofile',
      headers: { cookie: other.cookie },
      payload: { name: 'Olivia', businessName: '', image: null },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Please enter your business name');
    const outside = await app.inject({
      method: 'POST',
      url: '/api/userprofile',
      headers: { cookie: other.cookie },
      payload: { name: 'Olivia', businessName: 'X', image: 'javascript:alert(1)' },
    });
    expect(outside.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/userprofile', payload: { name: 'A', businessName: 'B' } }))
        .statusCode,
    ).toBe(401);
  });

  it('ranks a user by their activity and lets clients cache it for 60 s', async () => {
    const { app } = harness;
    const newcomer = await signInMarketplaceUser(app, 'newcomer@market.test');
    const first = await app.inject({ method: 'GET', url: '/api/user/rank', headers: { cookie: newcomer.cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    expect(first.json()).toMatchObject({ rank: 'Newcomer', score: 0, nextTier: 'Explorer', pointsToNext: 50 });

    await post(newcomer, projectBody());
    await post(newcomer, projectBody({ title: 'Another project here' }));
    const rank = (
      await app.inject({ method: 'GET', url: '/api/user/rank', headers: { cookie: newcomer.cookie } })
    ).json();
    expect(rank).toMatchObject({
      score: 20,
      breakdown: {
        projectsPosted: { count: 2, points: 20 },
        repliesSent: { count: 0, points: 0 },
        evaluationsRun: { count: 0, points: 0 },
      },
    });
    expect((await app.inject({ method: 'GET', url: '/api/user/rank' })).statusCode).toBe(401);
  });
});
