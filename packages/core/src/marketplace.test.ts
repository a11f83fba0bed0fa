import { describe, expect, it } from 'vitest';
import {
  CreateProjectBody,
  CreateReplyBody,
  ListProjectsQuery,
  SignedOutContactInfo,
  UpdateProjectBody,
  UserProfileBody,
  computeUserRank,
  formatCreateProjectFailure,
  formatDailyLimitMessage,
  formatPriceText,
  isImagePath,
  keepBudgetCharacters,
  marketplaceCategories,
  marketplaceCategoryFilters,
  marketplaceTimeframes,
  marketplaceWizardSteps,
  parseBudget,
} from './marketplace';

const validProject = {
  marketplaceType: 'business',
  title: 'Build a support chatbot',
  description: 'We need an AI assistant that answers customer questions from our help centre.',
  timeframe: '2-4 weeks',
  category: 'Chatbots',
  image: '/media/marketplace/images/image-01.svg',
  icon: '/media/avatars/avatar-01.svg',
  priceValue: 500,
  priceType: 'monthly',
  authorName: 'Dana Lee',
  companyName: 'Acme Dental',
};

/** The first message zod gives for `body` (what the API answers as `error.message`). */
function firstMessage(body: unknown) {
  const result = CreateProjectBody.safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
}

describe('wizard constants', () => {
  it('has the ten steps with their labels in order', () => {
    expect(marketplaceWizardSteps.map((step) => step.label)).toEqual([
      'Type',
      'Title',
      'Desc',
      'Time',
      'Category',
      'Image',
      'Avatar',
      'Budget',
      'Contact',
      'Review',
    ]);
    expect(marketplaceWizardSteps.map((step) => step.id)).toEqual([
      'marketplaceType',
      'title',
      'description',
      'timeframe',
      'category',
      'image',
      'avatar',
      'budget',
      'contact',
      'review',
    ]);
  });

  it('offers the five timeframes and a category list without All; the filters add All first', () => {
    expect(marketplaceTimeframes).toEqual(['1-2 weeks', '2-4 weeks', '1-2 months', '3-6 months', 'Permanent Position']);
    expect(marketplaceCategories).not.toContain('All');
    expect(marketplaceCategoryFilters[0]).toBe('All');
    expect(marketplaceCategoryFilters.slice(1)).toEqual([...marketplaceCategories]);
  });
});

describe('CreateProjectBody', () => {
  it('accepts a valid project and defaults the schedule to one-time', () => {
    const { priceType: _priceType, ...withoutSchedule } = validProject;
    expect(CreateProjectBody.parse(withoutSchedule).priceType).toBe('one-time');
    expect(CreateProjectBody.parse(validProject)).toMatchObject({
      title: 'Build a support chatbot',
      priceValue: 500,
      priceType: 'monthly',
    });
  });

  it('needs a marketplace type of agency or business', () => {
    expect(firstMessage({ ...validProject, marketplaceType: undefined })).toBe('Please choose a project type');
    expect(firstMessage({ ...validProject, marketplaceType: 'freelancer' })).toBe('Please choose a project type');
    expect(firstMessage({ ...validProject, marketplaceType: 'agency' })).toBeNull();
  });

  it('checks the title: required, 5 to 75 characters after trimming', () => {
    expect(firstMessage({ ...validProject, title: undefined })).toBe('Please enter a project title');
    expect(firstMessage({ ...validProject, title: '   ' })).toBe('Please enter a project title');
    expect(firstMessage({ ...validProject, title: 'Bot ' })).toBe('Title must be at least 5 characters long.');
    expect(firstMessage({ ...validProject, title: 'x'.repeat(76) })).toBe('Title must be at most 75 characters long.');
    expect(firstMessage({ ...validProject, title: 'x'.repeat(75) })).toBeNull();
    expect(firstMessage({ ...validProject, title: 'Bots!' })).toBeNull();
  });

  it('checks the description: required, 50 to 1000 characters', () => {
    expect(firstMessage({ ...validProject, description: '' })).toBe('Please enter a project description');
    expect(firstMessage({ ...validProject, description: 'y'.repeat(49) })).toBe(
      'Description must be at least 50 characters long.',
    );
    expect(firstMessage({ ...validProject, description: 'y'.repeat(1001) })).toBe(
      'Description must be at most 1000 characters long.',
    );
    expect(firstMessage({ ...validProject, description: 'y'.repeat(50) })).toBeNull();
    expect(firstMessage({ ...validProject, description: 'y'.repeat(1000) })).toBeNull();
  });

  it('needs one of the five timeframes', () => {
    expect(firstMessage({ ...validProject, timeframe: '' })).toBe('Please enter a timeframe');
    expect(firstMessage({ ...validProject, timeframe: '5 years' })).toBe('Please enter a timeframe');
    expect(firstMessage({ ...validProject, timeframe: 'Permanent Position' })).toBeNull();
  });

  it('needs a category from the list, never All', () => {
    expect(firstMessage({ ...validProject, category: undefined })).toBe('Please select a category');
    expect(firstMessage({ ...validProject, category: 'All' })).toBe('Please select a category');
    expect(firstMessage({ ...validProject, category: 'Voice AI' })).toBeNull();
  });

  it('needs a project image and an avatar that this server serves', () => {
    expect(firstMessage({ ...validProject, image: '' })).toBe('Please select a project image');
    expect(firstMessage({ ...validProject, image: 'https://evil.test/x.png' })).toBe('Please select a project image');
    expect(firstMessage({ ...validProject, image: 'javascript:alert(1)' })).toBe('Please select a project image');
    expect(firstMessage({ ...validProject, icon: '' })).toBe('Please select an avatar');
    expect(firstMessage({ ...validProject, icon: '/media/avatars/../../etc/passwd' })).toBe('Please select an avatar');
    expect(firstMessage({ ...validProject, image: '/files/AbCdEfGhIjKlMnOpQrStUv' })).toBeNull();
  });

  it('needs a budget of zero or more, rounded to cents', () => {
    expect(firstMessage({ ...validProject, priceValue: undefined })).toBe('Please enter a budget');
    expect(firstMessage({ ...validProject, priceValue: '500' })).toBe('Please enter a budget');
    expect(firstMessage({ ...validProject, priceValue: -1 })).toBe('Please enter a budget');
    expect(firstMessage({ ...validProject, priceValue: 200_000_000 })).toBe(
      'Please enter a budget of at most 100000000',
    );
    expect(CreateProjectBody.parse({ ...validProject, priceValue: 12.345 }).priceValue).toBe(12.35);
    expect(CreateProjectBody.parse({ ...validProject, priceValue: 0 }).priceValue).toBe(0);
  });

  it('accepts only the three schedules', () => {
    expect(CreateProjectBody.safeParse({ ...validProject, priceType: 'yearly' }).success).toBe(false);
    expect(CreateProjectBody.parse({ ...validProject, priceType: 'weekly' }).priceType).toBe('weekly');
  });

  it('needs the contact name and business name', () => {
    expect(firstMessage({ ...validProject, authorName: ' ' })).toBe('Please enter your name');
    expect(firstMessage({ ...validProject, companyName: undefined })).toBe('Please enter your business name');
    expect(firstMessage({ ...validProject, authorName: 'n'.repeat(101) })).toBe(
      'Name must be at most 100 characters long.',
    );
  });

  it('drops the id, price text and e-mail a client may send', () => {
    const parsed = CreateProjectBody.parse({
      ...validProject,
      id: 'client-id',
      price: '$1 a week',
      email: 'spoof@x.test',
    });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('price');
    expect(parsed).not.toHaveProperty('email');
  });
});

describe('contact for signed-out authors', () => {
  const contact = { name: 'Dana', email: 'dana@acme.test', businessName: 'Acme', hasAcceptedTerms: true };
  const message = (input: unknown) => {
    const result = SignedOutContactInfo.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('needs a simple e-mail address and the accepted terms', () => {
    expect(message(contact)).toBeNull();
    expect(message({ ...contact, email: 'dana@acme' })).toBe('Please enter a valid email address');
    expect(message({ ...contact, email: 'dana acme.test' })).toBe('Please enter a valid email address');
    expect(message({ ...contact, hasAcceptedTerms: false })).toBe('You must accept the terms of service to continue');
    expect(message({ ...contact, name: '' })).toBe('Please enter your name');
    expect(message({ ...contact, businessName: '' })).toBe('Please enter your business name');
  });
});

describe('budget and price text', () => {
  it('keeps only digits and dots', () => {
    expect(keepBudgetCharacters('$1,250.50 USD')).toBe('1250.50');
    expect(keepBudgetCharacters('-20')).toBe('20');
  });

  it('parses a budget or answers null', () => {
    expect(parseBudget('500')).toBe(500);
    expect(parseBudget('$99.999')).toBe(100);
    expect(parseBudget('')).toBeNull();
    expect(parseBudget('.')).toBeNull();
    expect(parseBudget('1.2.3')).toBeNull();
  });

  it("adds ' a month' or ' a week' to the price text", () => {
    expect(formatPriceText(500, 'monthly')).toBe('$500 a month');
    expect(formatPriceText(80, 'weekly')).toBe('$80 a week');
    expect(formatPriceText(2500, 'one-time')).toBe('$2500');
  });
});

describe('texts', () => {
  it('writes the daily-limit message with its numbers', () => {
    expect(formatDailyLimitMessage(2, 2)).toBe(
      "Daily limit reached! You can only create 2 projects per day. You've already created 2 projects today. Please try again tomorrow.",
    );
  });

  it('writes the fallback failure text', () => {
    expect(formatCreateProjectFailure(500)).toBe('Failed to create project. Status: 500');
  });
});

describe('UpdateProjectBody', () => {
  it('takes any one field with the same rules, and the status', () => {
    expect(UpdateProjectBody.parse({ status: 'closed' })).toEqual({ status: 'closed' });
    expect(UpdateProjectBody.safeParse({ title: 'abc' }).error?.issues[0]?.message).toBe(
      'Title must be at least 5 characters long.',
    );
    expect(UpdateProjectBody.safeParse({}).error?.issues[0]?.message).toBe('Nothing to update');
    expect(UpdateProjectBody.safeParse({ status: 'deleted' }).success).toBe(false);
  });
});

describe('ListProjectsQuery', () => {
  it('defaults to newest, 20 per page, and ignores empty filters', () => {
    expect(ListProjectsQuery.parse({})).toMatchObject({ sort: 'newest', limit: 20 });
    expect(ListProjectsQuery.parse({ category: '', q: '', sort: '', minBudget: '' })).toEqual({
      sort: 'newest',
      limit: 20,
    });
  });

  it('coerces budgets and limits and rejects unknown values', () => {
    expect(ListProjectsQuery.parse({ minBudget: '100', maxBudget: '2500', limit: '5' })).toMatchObject({
      minBudget: 100,
      maxBudget: 2500,
      limit: 5,
    });
    expect(ListProjectsQuery.safeParse({ limit: '500' }).success).toBe(false);
    expect(ListProjectsQuery.safeParse({ sort: 'random' }).success).toBe(false);
    expect(ListProjectsQuery.parse({ category: 'All' }).category).toBe('All');
  });
});

describe('replies and the profile', () => {
  it('needs a reply message of at most 2000 characters', () => {
    expect(CreateReplyBody.safeParse({ message: '  ' }).error?.issues[0]?.message).toBe('Please enter a message');
    expect(CreateReplyBody.safeParse({ message: 'm'.repeat(2001) }).error?.issues[0]?.message).toBe(
      'Message must be at most 2000 characters long.',
    );
    expect(CreateReplyBody.parse({ message: ' Hello ' }).message).toBe('Hello');
  });

  it('saves name, business name and a served picture or none', () => {
    expect(UserProfileBody.parse({ name: 'Dana', businessName: 'Acme', image: '' })).toEqual({
      name: 'Dana',
      businessName: 'Acme',
      image: null,
    });
    expect(
      UserProfileBody.safeParse({ name: 'Dana', businessName: 'Acme', image: 'http://x.test/a.png' }).success,
    ).toBe(false);
    expect(UserProfileBody.safeParse({ name: '', businessName: 'Acme' }).error?.issues[0]?.message).toBe(
      'Please enter your name',
    );
  });

  it('recognises served picture paths only', () => {
    expect(isImagePath('/media/avatars/avatar-07.svg')).toBe(true);
    expect(isImagePath('/media/marketplace/images/image-12.svg')).toBe(true);
    expect(isImagePath('/files/abcdefghijklmnop')).toBe(true);
    expect(isImagePath('/files/short')).toBe(false);
    expect(isImagePath('//evil.test/a.svg')).toBe(false);
    expect(isImagePath('/media/avatars/a.png')).toBe(false);
  });
});

describe('computeUserRank', () => {
  it('starts a new user as Newcomer with 50 points to Explorer', () => {
    expect(computeUserRank({ projectsPosted: 0, repliesSent: 0, agentsBuilt: 0, evaluationsRun: 0 })).toEqual({
      rank: 'Newcomer',
      score: 0,
      nextTier: 'Explorer',
      pointsToNext: 50,
      breakdown: {
        projectsPosted: { count: 0, points: 0 },
        repliesSent: { count: 0, points: 0 },
        agentsBuilt: { count: 0, points: 0 },
        evaluationsRun: { count: 0, points: 0 },
      },
    });
  });

  it('adds 10 per project, 5 per reply, 20 per agent and 15 per evaluation', () => {
    const rank = computeUserRank({ projectsPosted: 2, repliesSent: 3, agentsBuilt: 4, evaluationsRun: 1 });
    expect(rank.score).toBe(20 + 15 + 80 + 15);
    expect(rank).toMatchObject({ rank: 'Explorer', nextTier: 'Builder', pointsToNext: 20 });
  });

  it('reaches a tier exactly at its minimum and stops counting an activity at its cap', () => {
    expect(computeUserRank({ projectsPosted: 15, repliesSent: 0, agentsBuilt: 0, evaluationsRun: 0 }).rank).toBe(
      'Builder',
    );
    const farmed = computeUserRank({ projectsPosted: 0, repliesSent: 10_000, agentsBuilt: 0, evaluationsRun: 0 });
    expect(farmed.breakdown.repliesSent).toEqual({ count: 10_000, points: 500 });
    expect(farmed.rank).toBe('Pro');
  });

  it('has no next tier at the top', () => {
    const top = computeUserRank({ projectsPosted: 100, repliesSent: 100, agentsBuilt: 50, evaluationsRun: 100 });
    expect(top).toMatchObject({ rank: 'Legend', score: 1000 + 500 + 1000 + 1500, nextTier: null, pointsToNext: null });
  });
});
