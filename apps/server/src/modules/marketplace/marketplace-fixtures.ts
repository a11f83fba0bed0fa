import { randomUUID } from 'node:crypto';
import {
  formatPriceText,
  type CreateProjectBody,
  type MarketplaceCategory,
  type MarketplaceTimeframe,
  type MarketplaceType,
  type PriceType,
  type ProjectStatus,
} from '@agentry/core/marketplace';
import type { TestApp } from '../../test/create-test-app';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { marketplaceProject } from './marketplace.tables';

/** Tests only: a valid create-project payload (docs/product/marketplace.md#the-create-project-wizard), with overrides. */
export function projectBody(
  overrides: Partial<Record<keyof CreateProjectBody | 'email' | 'price' | 'id', unknown>> = {},
) {
  return {
    marketplaceType: 'business',
    title: 'Build a support chatbot',
    description: 'We need an AI assistant that answers customer questions from our help centre, day and night.',
    timeframe: '2-4 weeks',
    category: 'Chatbots',
    image: '/media/marketplace/images/image-03.svg',
    icon: '/media/avatars/avatar-04.svg',
    price: '$500 a month',
    priceValue: 500,
    priceType: 'monthly',
    authorName: 'Dana Lee',
    companyName: 'Acme Dental',
    ...overrides,
  };
}

/** Tests only: a signed-in user, on a plan with marketplace access (growth) unless `hasPlan` is false. */
export async function signInMarketplaceUser(app: TestApp, email: string, options: { hasPlan?: boolean } = {}) {
  const session = await signInWithWorkspace(app, email);
  if (options.hasPlan !== false) await grantTestPlan(app.platform.database.db, session.userId);
  return session;
}

type SeedProject = {
  title?: string;
  description?: string;
  marketplaceType?: MarketplaceType;
  category?: MarketplaceCategory;
  timeframe?: MarketplaceTimeframe;
  priceValue?: number;
  priceType?: PriceType;
  status?: ProjectStatus;
  createdAt?: Date;
};

/** Tests only: projects written straight to the table (no daily limit), for listing tests. */
export async function seedProjects(app: TestApp, authorUserId: string, projects: SeedProject[]) {
  const base = Date.now() - projects.length * 60_000;
  const rows = projects.map((entry, index) => {
    const priceValue = entry.priceValue ?? 100 * (index + 1);
    const priceType = entry.priceType ?? 'one-time';
    return {
      id: randomUUID(),
      authorUserId,
      marketplaceType: entry.marketplaceType ?? 'business',
      title: entry.title ?? `Seeded project number ${index + 1}`,
      description:
        entry.description ?? 'A seeded project description that is long enough to be valid for the marketplace.',
      timeframe: entry.timeframe ?? '1-2 months',
      category: entry.category ?? 'Automation',
      image: '/media/marketplace/images/image-01.svg',
      icon: '/media/avatars/avatar-01.svg',
      price: formatPriceText(priceValue, priceType),
      priceValue,
      priceType,
      authorName: 'Seeder',
      companyName: 'Seed Co',
      email: 'seeder@seed.test',
      status: entry.status ?? 'live',
      createdAt: entry.createdAt ?? new Date(base + index * 60_000),
      updatedAt: new Date(),
    };
  });
  if (rows.length > 0) await app.platform.database.db.insert(marketplaceProject).values(rows);
  return rows;
}
