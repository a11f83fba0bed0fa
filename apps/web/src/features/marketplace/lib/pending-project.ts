import { parseBudget, priceTypes, type PriceType } from '@agentry/core/marketplace';
import { emptyContactDraft, emptyProjectDraft, type ContactDraft, type ProjectDraft } from './project-draft';

/** docs/product/marketplace.md#the-create-project-wizard: the pending project kept locally while a signed-out author signs in. */
export const PENDING_PROJECT_STORAGE_KEY = 'agentry:marketplace:pending-project';
/** docs/product/marketplace.md#the-create-project-wizard: the applicant's name and business name are remembered for the next project. */
export const APPLICANT_STORAGE_KEY = 'agentry:marketplace:applicant';

/** Where the magic link returns to resume a pending project (docs/product/marketplace.md#the-create-project-wizard). */
export const MARKETPLACE_RESUME_PATH = '/marketplace?fromMarketplace=true';

export type PendingProject = {
  projectData: {
    marketplaceType: ProjectDraft['marketplaceType'];
    title: string;
    description: string;
    timeframe: string;
    category: string;
    image: string;
    icon: string;
    price: string;
    priceValue: number | null;
    priceType: PriceType;
  };
  contactInfo: { name: string; email: string; businessName: string };
};

function readRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function readString(record: Record<string, unknown>, key: string) {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

export function toPendingProject(project: ProjectDraft, contact: ContactDraft, price: string): PendingProject {
  return {
    projectData: {
      marketplaceType: project.marketplaceType,
      title: project.title,
      description: project.description,
      timeframe: project.timeframe,
      category: project.category,
      image: project.image,
      icon: project.icon,
      price,
      priceValue: parseBudget(project.priceValue),
      priceType: project.priceType,
    },
    contactInfo: { name: contact.name, email: contact.email, businessName: contact.businessName },
  };
}

/** The wizard's drafts from a stored pending project; anything unreadable falls back to empty. */
export function fromPendingProject(pending: PendingProject): { project: ProjectDraft; contact: ContactDraft } {
  const { price: _price, priceValue, ...projectData } = pending.projectData;
  const { contactInfo } = pending;
  return {
    project: { ...emptyProjectDraft, ...projectData, priceValue: priceValue === null ? '' : String(priceValue) },
    contact: { ...emptyContactDraft, ...contactInfo, hasAcceptedTerms: true },
  };
}

export function savePendingProject(pending: PendingProject) {
  try {
    localStorage.setItem(PENDING_PROJECT_STORAGE_KEY, JSON.stringify(pending));
    return true;
  } catch {
    return false;
  }
}

/** The stored pending project, or null when there is none or it cannot be read. */
export function readPendingProject(): PendingProject | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(PENDING_PROJECT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const root = readRecord(parsed);
  const projectData = readRecord(root.projectData);
  const contactInfo = readRecord(root.contactInfo);
  const marketplaceType = readString(projectData, 'marketplaceType');
  const priceType = readString(projectData, 'priceType');
  const priceValue = projectData.priceValue;
  if (readString(projectData, 'title') === '') return null;
  return {
    projectData: {
      marketplaceType: marketplaceType === 'agency' || marketplaceType === 'business' ? marketplaceType : '',
      title: readString(projectData, 'title'),
      description: readString(projectData, 'description'),
      timeframe: readString(projectData, 'timeframe'),
      category: readString(projectData, 'category'),
      image: readString(projectData, 'image'),
      icon: readString(projectData, 'icon'),
      price: readString(projectData, 'price'),
      priceValue: typeof priceValue === 'number' && Number.isFinite(priceValue) ? priceValue : null,
      priceType: (priceTypes as readonly string[]).includes(priceType) ? (priceType as PriceType) : 'one-time',
    },
    contactInfo: {
      name: readString(contactInfo, 'name'),
      email: readString(contactInfo, 'email'),
      businessName: readString(contactInfo, 'businessName'),
    },
  };
}

export function clearPendingProject() {
  try {
    localStorage.removeItem(PENDING_PROJECT_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

export type Applicant = { name: string; businessName: string };

export function readApplicant(): Applicant | null {
  try {
    const record = readRecord(JSON.parse(localStorage.getItem(APPLICANT_STORAGE_KEY) ?? 'null'));
    const applicant = { name: readString(record, 'name'), businessName: readString(record, 'businessName') };
    return applicant.name || applicant.businessName ? applicant : null;
  } catch {
    return null;
  }
}

export function saveApplicant(applicant: Applicant) {
  try {
    localStorage.setItem(APPLICANT_STORAGE_KEY, JSON.stringify(applicant));
  } catch {
    // Only a convenience for the next project.
  }
}
