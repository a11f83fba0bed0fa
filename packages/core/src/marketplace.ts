import { z } from 'zod';

/** docs/product/marketplace.md#the-create-project-wizard: the create-project wizard's ten steps, in order, with their labels. */
export const marketplaceWizardSteps = [
  { id: 'marketplaceType', label: 'Type' },
  { id: 'title', label: 'Title' },
  { id: 'description', label: 'Desc' },
  { id: 'timeframe', label: 'Time' },
  { id: 'category', label: 'Category' },
  { id: 'image', label: 'Image' },
  { id: 'avatar', label: 'Avatar' },
  { id: 'budget', label: 'Budget' },
  { id: 'contact', label: 'Contact' },
  { id: 'review', label: 'Review' },
] as const;
export type MarketplaceWizardStepId = (typeof marketplaceWizardSteps)[number]['id'];

/** docs/product/marketplace.md#the-create-project-wizard, limits. */
export const TITLE_MIN_LENGTH = 5;
export const TITLE_MAX_LENGTH = 75;
/** The title counter turns to the warning colour above this. */
export const TITLE_WARNING_LENGTH = 65;
export const DESCRIPTION_MIN_LENGTH = 50;
export const DESCRIPTION_MAX_LENGTH = 1000;
export const DESCRIPTION_WARNING_LENGTH = 900;
export const CONTACT_FIELD_MAX_LENGTH = 100;
export const REPLY_MAX_LENGTH = 2000;
/** Large enough for any real budget, small enough to stay exact in a double. */
export const MAX_BUDGET = 100_000_000;
/** docs/product/marketplace.md#limits: projects per day unless the server is configured otherwise. */
export const DEFAULT_DAILY_PROJECT_LIMIT = 2;
export const BUDGET_QUICK_PICKS = [200, 350, 500, 1000, 2500] as const;
/** docs/product/marketplace.md#rank: the rank is not fetched again within this time. */
export const RANK_REFETCH_THROTTLE_MS = 60_000;
/** docs/product/marketplace.md#the-create-project-wizard: the success screen closes after 2.5 s; the flag resets 0.3 s later. */
export const SUCCESS_CLOSE_DELAY_MS = 2500;
export const SUCCESS_FLAG_RESET_MS = 300;

/** docs/product/marketplace.md#the-create-project-wizard, docs/product/marketplace.md#limits: the exact texts. */
export const marketplaceMessages = {
  titleRequired: 'Please enter a project title',
  titleTooShort: 'Title must be at least 5 characters long.',
  titleTooLong: 'Title must be at most 75 characters long.',
  descriptionRequired: 'Please enter a project description',
  descriptionTooShort: 'Description must be at least 50 characters long.',
  descriptionTooLong: 'Description must be at most 1000 characters long.',
  timeframeRequired: 'Please enter a timeframe',
  categoryRequired: 'Please select a category',
  imageRequired: 'Please select a project image',
  avatarRequired: 'Please select an avatar',
  budgetRequired: 'Please enter a budget',
  nameRequired: 'Please enter your name',
  businessNameRequired: 'Please enter your business name',
  emailInvalid: 'Please enter a valid email address',
  termsRequired: 'You must accept the terms of service to continue',
  /** No product text: the wizard keeps Continue disabled instead; the API still needs a message. */
  typeRequired: 'Please choose a project type',
  budgetTooLarge: 'Please enter a budget of at most 100000000',
  nameTooLong: 'Name must be at most 100 characters long.',
  businessNameTooLong: 'Business name must be at most 100 characters long.',
  replyRequired: 'Please enter a message',
  replyTooLong: 'Message must be at most 2000 characters long.',
  projectCreated: 'Project Created! Your project has been successfully submitted and is now live.',
  preRegisterFailed: 'Failed to register. Please try again.',
  imagesLoadFailed: 'No images found or failed to load.',
  iconsLoadFailed: 'No icons found or failed to load.',
  ownProjectReply: 'You cannot reply to your own project.',
} as const;

/** docs/product/marketplace.md#limits: the 429 text; n defaults to 2. */
export function formatDailyLimitMessage(dailyLimit: number, projectsToday: number): string {
  return `Daily limit reached! You can only create ${dailyLimit} projects per day. You've already created ${projectsToday} projects today. Please try again tomorrow.`;
}

/** docs/product/marketplace.md#limits: any other failure of POST /api/marketplace/projects without a server message. */
export function formatCreateProjectFailure(status: number): string {
  return `Failed to create project. Status: ${status}`;
}

export const marketplaceTypes = ['agency', 'business'] as const;
export const MarketplaceType = z.enum(marketplaceTypes, { error: marketplaceMessages.typeRequired });
export type MarketplaceType = z.infer<typeof MarketplaceType>;

/** docs/product/marketplace.md#the-create-project-wizard: the timeframe choices. */
export const marketplaceTimeframes = [
  '1-2 weeks',
  '2-4 weeks',
  '1-2 months',
  '3-6 months',
  'Permanent Position',
] as const;
export const MarketplaceTimeframe = z.enum(marketplaceTimeframes, { error: marketplaceMessages.timeframeRequired });
export type MarketplaceTimeframe = z.infer<typeof MarketplaceTimeframe>;

/** The shared category list; 'All' exists only as a browsing filter (docs/product/marketplace.md#the-create-project-wizard). */
export const ALL_CATEGORIES = 'All';
export const marketplaceCategories = [
  'AI Agents',
  'Chatbots',
  'Automation',
  'Voice AI',
  'Lead Generation',
  'Customer Support',
  'Marketing',
  'Sales',
  'Data & Analytics',
  'Web Development',
  'Consulting',
  'Other',
] as const;
export const marketplaceCategoryFilters = [ALL_CATEGORIES, ...marketplaceCategories] as const;
export const MarketplaceCategory = z.enum(marketplaceCategories, { error: marketplaceMessages.categoryRequired });
export type MarketplaceCategory = z.infer<typeof MarketplaceCategory>;

/** docs/product/marketplace.md#the-create-project-wizard: one-time, monthly, weekly. */
export const priceTypes = ['one-time', 'monthly', 'weekly'] as const;
export const PriceType = z.enum(priceTypes);
export type PriceType = z.infer<typeof PriceType>;
const priceTypeSuffix: Record<PriceType, string> = { 'one-time': '', monthly: ' a month', weekly: ' a week' };

export const projectStatuses = ['live', 'closed'] as const;
export const ProjectStatus = z.enum(projectStatuses);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

/** docs/product/marketplace.md#the-create-project-wizard: the budget input keeps only digits and dots. */
export function keepBudgetCharacters(input: string): string {
  return input.replace(/[^\d.]/g, '');
}

/** The typed budget as a number rounded to cents, or null when it is empty or not a number. */
export function parseBudget(input: string): number | null {
  const kept = keepBudgetCharacters(input);
  if (!/\d/.test(kept)) return null;
  const value = Number(kept);
  return Number.isFinite(value) ? roundToCents(value) : null;
}

function roundToCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The payload's price text, e.g. '$500 a month' (docs/product/marketplace.md#the-create-project-wizard). */
export function formatPriceText(priceValue: number, priceType: PriceType): string {
  return `$${String(priceValue)}${priceTypeSuffix[priceType]}`;
}

/** docs/product/marketplace.md#the-create-project-wizard: 'a simple address pattern'. */
const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidContactEmail(email: string): boolean {
  return simpleEmailPattern.test(email.trim());
}

/** Built-in pictures (GET /api/marketplace/marketplace-images, GET /api/avatars) are served under these. */
export const MARKETPLACE_IMAGES_PATH_PREFIX = '/media/marketplace/images/';
export const AVATARS_PATH_PREFIX = '/media/avatars/';

// Mirrors FILES_PATH_PREFIX and the ids of files.ts.
const imagePathPattern = /^\/(media\/(marketplace\/images|avatars)\/[a-z0-9-]{1,64}\.svg|files\/[A-Za-z0-9_-]{16,64})$/;

/** A picture this server serves: a built-in image or avatar, or an uploaded file (never an outside URL). */
export function isImagePath(value: string): boolean {
  return imagePathPattern.test(value);
}

const imagePath = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).refine(isImagePath, { error: message });

const textField = (
  limits: { min: number; max: number },
  messages: { required: string; tooShort: string; tooLong: string },
) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .min(limits.min, { error: messages.tooShort })
    .max(limits.max, { error: messages.tooLong });

export const ProjectTitle = textField(
  { min: TITLE_MIN_LENGTH, max: TITLE_MAX_LENGTH },
  {
    required: marketplaceMessages.titleRequired,
    tooShort: marketplaceMessages.titleTooShort,
    tooLong: marketplaceMessages.titleTooLong,
  },
);
export const ProjectDescription = textField(
  { min: DESCRIPTION_MIN_LENGTH, max: DESCRIPTION_MAX_LENGTH },
  {
    required: marketplaceMessages.descriptionRequired,
    tooShort: marketplaceMessages.descriptionTooShort,
    tooLong: marketplaceMessages.descriptionTooLong,
  },
);
export const ProjectImage = imagePath(marketplaceMessages.imageRequired);
export const ProjectAvatar = imagePath(marketplaceMessages.avatarRequired);
/** The budget as a number (the wizard's text goes through parseBudget first); rounded to cents. */
export const PriceValue = z
  .number({ error: marketplaceMessages.budgetRequired })
  .min(0, { error: marketplaceMessages.budgetRequired })
  .max(MAX_BUDGET, { error: marketplaceMessages.budgetTooLarge })
  .transform(roundToCents);
export const ContactName = z
  .string({ error: marketplaceMessages.nameRequired })
  .trim()
  .min(1, { error: marketplaceMessages.nameRequired })
  .max(CONTACT_FIELD_MAX_LENGTH, { error: marketplaceMessages.nameTooLong });
export const BusinessName = z
  .string({ error: marketplaceMessages.businessNameRequired })
  .trim()
  .min(1, { error: marketplaceMessages.businessNameRequired })
  .max(CONTACT_FIELD_MAX_LENGTH, { error: marketplaceMessages.businessNameTooLong });
export const ContactEmail = z
  .string({ error: marketplaceMessages.emailInvalid })
  .trim()
  .refine(isValidContactEmail, { error: marketplaceMessages.emailInvalid });

/** docs/product/marketplace.md#the-create-project-wizard, contact info; signed-out authors also accept the terms (docs/product/marketplace.md#the-create-project-wizard). */
export const ContactInfo = z.object({ name: ContactName, email: ContactEmail, businessName: BusinessName });
export type ContactInfo = z.infer<typeof ContactInfo>;
export const SignedOutContactInfo = ContactInfo.extend({
  hasAcceptedTerms: z.literal(true, { error: marketplaceMessages.termsRequired }),
});
export type SignedOutContactInfo = z.infer<typeof SignedOutContactInfo>;

const projectFields = {
  marketplaceType: MarketplaceType,
  title: ProjectTitle,
  description: ProjectDescription,
  timeframe: MarketplaceTimeframe,
  category: MarketplaceCategory,
  image: ProjectImage,
  icon: ProjectAvatar,
  priceValue: PriceValue,
  priceType: PriceType,
  authorName: ContactName,
  companyName: BusinessName,
};

/**
 * `POST /api/marketplace/projects`: the create-project payload (docs/product/marketplace.md#the-create-project-wizard). `id`, `price` and `email` may be sent
 * and are ignored: the server makes the id, derives the price text from priceValue and
 * priceType, and uses the account's e-mail (docs/product/marketplace.md#access).
 */
export const CreateProjectBody = z.object({ ...projectFields, priceType: PriceType.default('one-time') });
export type CreateProjectBody = z.infer<typeof CreateProjectBody>;

/** `PATCH /api/marketplace/projects/:id`: any field, and status to close or reopen. */
export const UpdateProjectBody = z
  .object({ ...projectFields, status: ProjectStatus })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to update' });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>;

const IsoDateTime = z.iso.datetime({ offset: true });

/** A project as the API answers it. */
export const MarketplaceProject = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  timeframe: MarketplaceTimeframe,
  price: z.string(),
  priceValue: z.number(),
  priceType: PriceType,
  image: z.string(),
  icon: z.string(),
  category: MarketplaceCategory,
  marketplaceType: MarketplaceType,
  authorName: z.string(),
  companyName: z.string(),
  /** The author's e-mail: only the author sees it; others contact them through a reply. */
  email: z.string().nullable(),
  status: ProjectStatus,
  /** The caller wrote this project (false for visitors). */
  isOwner: z.boolean(),
  /** Replies so far: known to the author only (null otherwise and in the public listing). */
  replyCount: z.number().int().nonnegative().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type MarketplaceProject = z.infer<typeof MarketplaceProject>;

export const ProjectParams = z.object({ id: z.string().min(1).max(64) });
export type ProjectParams = z.infer<typeof ProjectParams>;

export const CreateProjectReply = z.object({
  message: z.string(),
  dailyLimitReached: z.literal(false),
  dailyLimit: z.number().int(),
  projectsToday: z.number().int(),
  project: MarketplaceProject,
});
export type CreateProjectReply = z.infer<typeof CreateProjectReply>;

/** The 429 of POST /api/marketplace/projects: the documented fields at the top, plus the structured error. */
export const DailyLimitReply = z.object({
  dailyLimitReached: z.literal(true),
  dailyLimit: z.number().int(),
  projectsToday: z.number().int(),
  message: z.string(),
  error: z.object({ code: z.literal('DAILY_LIMIT_REACHED'), message: z.string(), support_id: z.string() }),
});
export type DailyLimitReply = z.infer<typeof DailyLimitReply>;

export const projectSorts = ['newest', 'budget-asc', 'budget-desc'] as const;
export const ProjectSort = z.enum(projectSorts);
export type ProjectSort = z.infer<typeof ProjectSort>;

export const LIST_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE_MAX = 50;
/** Totals are counted up to this; above it the listing says "1000+". */
export const LIST_TOTAL_CAP = 1000;

/** Query strings send '' for a cleared filter: treat it as absent. */
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const ListProjectsQuery = z.object({
  type: optionalQuery(MarketplaceType),
  /** A category, or 'All' (no filter). */
  category: optionalQuery(z.enum(marketplaceCategoryFilters)),
  timeframe: optionalQuery(MarketplaceTimeframe),
  minBudget: optionalQuery(z.coerce.number().min(0).max(MAX_BUDGET)),
  maxBudget: optionalQuery(z.coerce.number().min(0).max(MAX_BUDGET)),
  /** Full-text search over title and description; words match as prefixes. */
  q: optionalQuery(z.string().trim().max(200)),
  sort: z.preprocess((value) => (value === '' ? undefined : value), ProjectSort.default('newest')),
  /** The `nextCursor` of the previous page (opaque). */
  cursor: optionalQuery(z.string().max(300)),
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(LIST_PAGE_SIZE_MAX).default(LIST_PAGE_SIZE),
  ),
});
export type ListProjectsQuery = z.infer<typeof ListProjectsQuery>;

export const ListProjectsReply = z.object({
  projects: z.array(MarketplaceProject),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Matching projects, counted up to LIST_TOTAL_CAP. */
  total: z.number().int().nonnegative(),
  /** More than `total` match ("1000+"). */
  isTotalCapped: z.boolean(),
});
export type ListProjectsReply = z.infer<typeof ListProjectsReply>;

export const MyProjectsReply = z.object({ projects: z.array(MarketplaceProject) });
export type MyProjectsReply = z.infer<typeof MyProjectsReply>;

export const CreateReplyBody = z.object({
  message: z
    .string({ error: marketplaceMessages.replyRequired })
    .trim()
    .min(1, { error: marketplaceMessages.replyRequired })
    .max(REPLY_MAX_LENGTH, { error: marketplaceMessages.replyTooLong }),
});
export type CreateReplyBody = z.infer<typeof CreateReplyBody>;

export const ProjectReply = z.object({
  id: z.string(),
  projectId: z.string(),
  message: z.string(),
  authorName: z.string(),
  /** The replier's account e-mail, so the project's author can answer. */
  authorEmail: z.string(),
  createdAt: IsoDateTime,
});
export type ProjectReply = z.infer<typeof ProjectReply>;

export const ListRepliesReply = z.object({ replies: z.array(ProjectReply) });
export type ListRepliesReply = z.infer<typeof ListRepliesReply>;

/** `GET /api/avatars` and `GET /api/marketplace/marketplace-images`: paths this server serves. */
export const ImagePathsReply = z.array(z.string());
export type ImagePathsReply = z.infer<typeof ImagePathsReply>;

/** docs/product/marketplace.md#the-create-project-wizard: the user profile save. `image` null clears the picture. */
export const UserProfileBody = z.object({
  name: ContactName,
  businessName: BusinessName,
  image: z.preprocess(
    (value) => (value === '' ? null : value),
    imagePath('Please select a valid picture').nullable().optional(),
  ),
});
export type UserProfileBody = z.infer<typeof UserProfileBody>;

export const UserProfileReply = z.object({
  name: z.string(),
  email: z.string(),
  businessName: z.string().nullable(),
  image: z.string().nullable(),
});
export type UserProfileReply = z.infer<typeof UserProfileReply>;

/** The user's activity the rank is computed from. */
export type RankActivity = { projectsPosted: number; repliesSent: number; agentsBuilt: number; evaluationsRun: number };
export type RankSource = keyof RankActivity;

/** Points per activity and how many of each count (so no single activity can be farmed). */
export const rankPoints: Record<RankSource, { points: number; maxCounted: number }> = {
  projectsPosted: { points: 10, maxCounted: 100 },
  repliesSent: { points: 5, maxCounted: 100 },
  agentsBuilt: { points: 20, maxCounted: 50 },
  evaluationsRun: { points: 15, maxCounted: 100 },
};

/** Tiers by minimum score, ascending (docs/decisions/006-user-rank.md). */
export const rankTiers = [
  { name: 'Newcomer', minScore: 0 },
  { name: 'Explorer', minScore: 50 },
  { name: 'Builder', minScore: 150 },
  { name: 'Pro', minScore: 400 },
  { name: 'Expert', minScore: 1000 },
  { name: 'Legend', minScore: 2500 },
] as const;
export type RankTierName = (typeof rankTiers)[number]['name'];

const RankPart = z.object({ count: z.number().int().nonnegative(), points: z.number().int().nonnegative() });
export const UserRankReply = z.object({
  rank: z.enum(rankTiers.map((tier) => tier.name) as [RankTierName, ...RankTierName[]]),
  score: z.number().int().nonnegative(),
  /** null at the top tier. */
  nextTier: z.string().nullable(),
  /** Points still needed for nextTier; null at the top tier. */
  pointsToNext: z.number().int().nonnegative().nullable(),
  breakdown: z.object({
    projectsPosted: RankPart,
    repliesSent: RankPart,
    agentsBuilt: RankPart,
    evaluationsRun: RankPart,
  }),
});
export type UserRankReply = z.infer<typeof UserRankReply>;

/** The rank for an activity record (pure; the formula is documented in docs/decisions/006-user-rank.md). */
export function computeUserRank(activity: RankActivity): UserRankReply {
  const part = (source: RankSource) => {
    const count = Math.max(0, Math.floor(activity[source]));
    const rule = rankPoints[source];
    return { count, points: Math.min(count, rule.maxCounted) * rule.points };
  };
  const breakdown = {
    projectsPosted: part('projectsPosted'),
    repliesSent: part('repliesSent'),
    agentsBuilt: part('agentsBuilt'),
    evaluationsRun: part('evaluationsRun'),
  };
  const score = Object.values(breakdown).reduce((sum, entry) => sum + entry.points, 0);
  let index = 0;
  rankTiers.forEach((tier, position) => {
    if (score >= tier.minScore) index = position;
  });
  const current = rankTiers[index] ?? rankTiers[0];
  const next = rankTiers[index + 1];
  return {
    rank: current.name,
    score,
    nextTier: next?.name ?? null,
    pointsToNext: next ? next.minScore - score : null,
    breakdown,
  };
}
