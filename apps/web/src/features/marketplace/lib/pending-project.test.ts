import { describe, expect, it } from 'vitest';
import { emptyContactDraft, emptyProjectDraft } from './project-draft';
import {
  clearPendingProject,
  fromPendingProject,
  PENDING_PROJECT_STORAGE_KEY,
  readPendingProject,
  savePendingProject,
  toPendingProject,
} from './pending-project';

const project = {
  ...emptyProjectDraft,
  marketplaceType: 'agency' as const,
  title: 'Voice agent for a hotel',
  description: 'd'.repeat(60),
  timeframe: '1-2 months',
  category: 'Voice AI',
  image: '/media/marketplace/images/a.svg',
  icon: '/media/avatars/avatar-01.svg',
  priceValue: '1200.5',
  priceType: 'weekly' as const,
};
const contact = {
  ...emptyContactDraft,
  name: 'Grace',
  businessName: 'Hotel Co',
  email: 'grace@hotel.test',
  hasAcceptedTerms: true,
};

describe('pending project', () => {
  it('keeps projectData and contactInfo and restores the wizard drafts from them', () => {
    const pending = toPendingProject(project, contact, '$1200.5 a week');
    expect(pending).toEqual({
      projectData: { ...project, priceValue: 1200.5, price: '$1200.5 a week' },
      contactInfo: { name: 'Grace', email: 'grace@hotel.test', businessName: 'Hotel Co' },
    });
    savePendingProject(pending);
    const read = readPendingProject();
    expect(read).toEqual(pending);
    expect(fromPendingProject(pending)).toEqual({ project, contact });
    clearPendingProject();
    expect(readPendingProject()).toBeNull();
  });

  it('ignores unreadable or empty storage', () => {
    localStorage.setItem(PENDING_PROJECT_STORAGE_KEY, '{not json');
    expect(readPendingProject()).toBeNull();
    localStorage.setItem(PENDING_PROJECT_STORAGE_KEY, JSON.stringify({ projectData: { title: '' } }));
    expect(readPendingProject()).toBeNull();
    localStorage.setItem(
      PENDING_PROJECT_STORAGE_KEY,
      JSON.stringify({ projectData: { title: 'Kept', priceType: 'hourly', marketplaceType: 'x', priceValue: 'lots' } }),
    );
    expect(readPendingProject()?.projectData).toMatchObject({
      title: 'Kept',
      priceType: 'one-time',
      marketplaceType: '',
      priceValue: null,
    });
  });
});
