import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { projectBody, signInMarketplaceUser } from './marketplace-fixtures';

type Session = Awaited<ReturnType<typeof signInMarketplaceUser>>;
type Mail = { to: string; subject: string; text: string; link: string | null };

describe('replies to a project', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let author: Session;
  let agency: Session;
  let freeUser: Session;
  let projectId: string;

  beforeAll(async () => {
    harness = await createTestApp();
    author = await signInMarketplaceUser(harness.app, 'author@replies.test');
    agency = await signInMarketplaceUser(harness.app, 'agency@replies.test');
    freeUser = await signInMarketplaceUser(harness.app, 'free@replies.test', { hasPlan: false });
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/marketplace/projects',
      headers: { cookie: author.cookie },
      payload: projectBody({ title: 'Need a booking assistant' }),
    });
    projectId = created.json().project.id;
  });
  afterAll(() => harness.close());

  const reply = (session: Session | null, message: unknown, id = projectId) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/marketplace/projects/${id}/replies`,
      headers: session ? { cookie: session.cookie } : {},
      payload: { message },
    });
  const mailsTo = async (email: string) =>
    (await harness.app.inject({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` })).json<{
      messages: Mail[];
    }>().messages;

  it('stores a reply and e-mails the author a link to the project page', async () => {
    const response = await reply(agency, '  We build booking assistants every week. Happy to help!  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      projectId,
      message: 'We build booking assistants every week. Happy to help!',
      authorEmail: 'agency@replies.test',
    });

    const [mail] = (await mailsTo('author@replies.test')).filter((message) =>
      message.subject.includes('Need a booking assistant'),
    );
    expect(mail).toBeDefined();
    expect(mail?.link).toBe(`http://localhost:3000/marketplace/projects/${projectId}`);
    expect(mail?.text).toContain('We build booking assistants every week.');
    expect(mail?.text).toContain('agency@replies.test');
  });

  it('shows the replies to the author only', async () => {
    const { app } = harness;
    const url = `/api/marketplace/projects/${projectId}/replies`;
    const mine = await app.inject({ method: 'GET', url, headers: { cookie: author.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().replies).toEqual([
      expect.objectContaining({
        message: 'We build booking assistants every week. Happy to help!',
        authorEmail: 'agency@replies.test',
      }),
    ]);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: agency.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const detail = (
      await app.inject({
        method: 'GET',
        url: `/api/marketplace/projects/${projectId}`,
        headers: { cookie: author.cookie },
      })
    ).json();
    expect(detail.replyCount).toBe(1);
  });

  it('validates the message', async () => {
    const empty = await reply(agency, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter a message');
    const long = await reply(agency, 'm'.repeat(2001));
    expect(long.json().error.message).toBe('Message must be at most 2000 characters long.');
  });

  it('needs a session and a plan with marketplace access', async () => {
    expect((await reply(null, 'Hello there')).statusCode).toBe(401);
    const free = await reply(freeUser, 'Hello there');
    expect(free.statusCode).toBe(403);
    expect(free.json().error.message).toBe('Pick a plan to use this feature');
  });

  it('refuses a reply to your own project, to a closed one and to a missing one', async () => {
    const own = await reply(author, 'Talking to myself');
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe('You cannot reply to your own project.');
    expect((await reply(agency, 'Hello', '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);

    const second = await harness.app.inject({
      method: 'POST',
      url: '/api/marketplace/projects',
      headers: { cookie: author.cookie },
      payload: projectBody({ title: 'Project closing soon' }),
    });
    const closedId = second.json().project.id;
    await harness.app.inject({
      method: 'PATCH',
      url: `/api/marketplace/projects/${closedId}`,
      headers: { cookie: author.cookie },
      payload: { status: 'closed' },
    });
    expect((await reply(agency, 'Still open?', closedId)).statusCode).toBe(404);
  });

  it('limits replies to 20 an hour per user', async () => {
    const chatty = await signInMarketplaceUser(harness.app, 'chatty@replies.test');
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1)
      statuses.push((await reply(chatty, `Message number ${index}`)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('counts replies sent in the rank', async () => {
    const rank = (
      await harness.app.inject({ method: 'GET', url: '/api/user/rank', headers: { cookie: agency.cookie } })
    ).json();
    expect(rank.breakdown.repliesSent).toEqual({ count: 1, points: 5 });
  });
});
