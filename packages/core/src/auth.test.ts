import { describe, it, expect } from 'vitest';
import {
  CreateSubaccountBody,
  DEFAULT_PRIMARY_COLOR,
  DirectLoginBody,
  EmailInput,
  HealthReply,
  MeReply,
  PatchSubaccountThemeBody,
  PreRegisterBody,
  normalizeHexColor,
} from './auth';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('EmailInput', () => {
  it('trims and lower-cases', () => {
    expect(EmailInput.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it("says 'Email is required' when empty or missing", () => {
    expect(messagesOf(EmailInput.safeParse('   '))).toEqual(['Email is required']);
    expect(messagesOf(EmailInput.safeParse(undefined))).toEqual(['Email is required']);
  });

  it('rejects an invalid address', () => {
    expect(messagesOf(EmailInput.safeParse('ada@'))).toEqual(['Please enter a valid email address']);
  });
});

describe('request bodies', () => {
  it('defaults emailconsent to false', () => {
    expect(PreRegisterBody.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co', emailconsent: false });
  });

  it("defaults the direct-login return url to '/agents/create' (where every sign-in lands) and keeps it on this site", () => {
    expect(DirectLoginBody.parse({ email: 'a@b.co' }).returnUrl).toBe('/agents/create');
    expect(DirectLoginBody.parse({ email: 'a@b.co', returnUrl: '/marketplace?fromMarketplace=true' }).returnUrl).toBe(
      '/marketplace?fromMarketplace=true',
    );
    for (const returnUrl of ['https://evil.test', '//evil.test', '/\\evil.test']) {
      expect(DirectLoginBody.safeParse({ email: 'a@b.co', returnUrl }).success).toBe(false);
    }
  });

  it('trims a sub account name and bounds it to 1-80 characters', () => {
    expect(CreateSubaccountBody.parse({ name: '  Acme  ' })).toEqual({ name: 'Acme' });
    expect(CreateSubaccountBody.safeParse({ name: '   ' }).success).toBe(false);
    expect(CreateSubaccountBody.safeParse({ name: 'a'.repeat(80) }).success).toBe(true);
    expect(CreateSubaccountBody.safeParse({ name: 'a'.repeat(81) }).success).toBe(false);
  });

  it('patches the theme with isDarkMode or a normalized primary colour', () => {
    expect(PatchSubaccountThemeBody.parse({ isDarkMode: false })).toEqual({ isDarkMode: false });
    expect(PatchSubaccountThemeBody.parse({ primaryColor: 'ABC' })).toEqual({ primaryColor: '#aabbcc' });
    expect(PatchSubaccountThemeBody.parse({ primaryColor: '#43C0B8' })).toEqual({ primaryColor: '#43c0b8' });
    expect(PatchSubaccountThemeBody.safeParse({}).success).toBe(false);
    expect(PatchSubaccountThemeBody.safeParse({ primaryColor: 'teal' }).success).toBe(false);
  });
});

describe('replies', () => {
  it('parses /api/me', () => {
    const reply = {
      user: { id: 'u1', email: 'a@b.co', name: 'Ada', image: null },
      subaccounts: [
        { id: 's1', name: 'Acme', logoUrl: null, role: 'viewer', agentCount: 2, createdAt: '2025-01-02T03:04:05.000Z' },
      ],
      activeSubaccountId: 's1',
    };
    expect(MeReply.parse(reply)).toEqual(reply);
    expect(MeReply.safeParse({ ...reply, subaccounts: [{ ...reply.subaccounts[0], role: 'owner' }] }).success).toBe(
      false,
    );
    expect(
      MeReply.safeParse({ ...reply, subaccounts: [{ ...reply.subaccounts[0], createdAt: 'yesterday' }] }).success,
    ).toBe(false);
  });

  it('parses the health reply', () => {
    const health = {
      status: 'ok',
      version: '1.0.0',
      database: { mode: 'pglite', ok: true },
      queue: { mode: 'in-process', ok: true },
      cache: { mode: 'memory', ok: true },
      mail: { mode: 'log' },
      payments: { mode: 'local' },
      llm: { mode: 'offline' },
    };
    expect(HealthReply.safeParse(health).success).toBe(true);
    expect(HealthReply.safeParse({ ...health, llm: { mode: 'anthropic' } }).success).toBe(false);
  });
});

describe('normalizeHexColor', () => {
  it.each([
    ['#43c0b8', '#43c0b8'],
    ['43C0B8', '#43c0b8'],
    ['#FA0', '#ffaa00'],
    ['fa0', '#ffaa00'],
  ])('%s -> %s', (input, output) => {
    expect(normalizeHexColor(input)).toBe(output);
  });

  it.each(['teal', '#12345', '#1234567', '', 'rgb(0,0,0)'])('returns %j unchanged', (input) => {
    expect(normalizeHexColor(input)).toBe(input);
  });

  it('has the default account primary colour', () => {
    expect(DEFAULT_PRIMARY_COLOR).toBe('#43c0b8');
  });
});
