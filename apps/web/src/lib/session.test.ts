import { describe, expect, it } from 'vitest';
import type { MeReply } from '@agentry/core/auth';
import { selectSubaccount } from './session';

const acme = {
  id: 'sa-1',
  name: 'Acme Dental',
  logoUrl: null,
  role: 'admin',
  agentCount: 2,
  createdAt: '2025-01-05T10:00:00.000Z',
} as const;
const bloom = {
  id: 'sa-2',
  name: 'Bloom Florists',
  logoUrl: null,
  role: 'viewer',
  agentCount: 0,
  createdAt: '2025-02-01T10:00:00.000Z',
} as const;
const session: Pick<MeReply, 'subaccounts' | 'activeSubaccountId'> = {
  subaccounts: [acme, bloom],
  activeSubaccountId: 'sa-2',
};

describe('selectSubaccount', () => {
  it('takes the active sub account, else the first one, else none', () => {
    expect(selectSubaccount(session)).toBe(bloom);
    expect(selectSubaccount({ ...session, activeSubaccountId: null })).toBe(acme);
    expect(selectSubaccount({ ...session, activeSubaccountId: 'sa-gone' })).toBe(acme);
    expect(selectSubaccount({ subaccounts: [], activeSubaccountId: null })).toBeNull();
  });

  it('takes a named sub account only if the user belongs to it', () => {
    expect(selectSubaccount(session, 'sa-1')).toBe(acme);
    expect(selectSubaccount(session, 'sa-other-tenant')).toBeNull();
  });
});
