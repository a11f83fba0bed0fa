import { describe, it, expect } from 'vitest';
import {
  isForcedWhite,
  landingIntegrations,
  matchBrandSlug,
  normalizeBrandName,
  stripTrailingWords,
} from './brand-icons';

const known = new Set([
  'gmail',
  'slack',
  'hubspot',
  'salesforce',
  'googlecalendar',
  'calendly',
  'zapier',
  'make',
  'stripe',
  'shopify',
  'whatsapp',
  'instagram',
  'facebook',
  'twilio',
  'openai',
  'anthropic',
  'googledrive',
  'notion',
  'airtable',
  'zendesk',
  'intercom',
  'mailchimp',
  'googleads',
  'x',
  'googleworkspace',
  'google',
  'hub',
  'github',
]);

describe('normalizeBrandName', () => {
  it('ignores case and punctuation', () => {
    expect(normalizeBrandName('Google Calendar')).toBe('googlecalendar');
    expect(normalizeBrandName('Make.com')).toBe('makecom');
    expect(normalizeBrandName(' HubSpot (CRM) ')).toBe('hubspotcrm');
    expect(normalizeBrandName('Café-Pro')).toBe('cafepro');
  });
});

describe('stripTrailingWords', () => {
  it.each([
    ['Facebook Ads', 'facebook'],
    ['Jasper AI', 'jasper'],
    ['Slack App', 'slack'],
    ['Google Apps', 'google'],
    ['Zendesk Suite', 'zendesk'],
    ['Twilio Platform', 'twilio'],
    ['Stripe Service', 'stripe'],
    ['Shopify Services', 'shopify'],
    ['Zapier Integration', 'zapier'],
    ['Notion Hub', 'notion'],
    ['Intercom AI App Integration', 'intercom'],
  ])('%s -> %s', (name, stripped) => {
    expect(stripTrailingWords(name)).toBe(stripped);
  });

  it('keeps a lone word and words that only end in a suffix', () => {
    expect(stripTrailingWords('Hub')).toBe('hub');
    expect(stripTrailingWords('OpenAI')).toBe('openai');
    expect(stripTrailingWords('GitHub')).toBe('github');
  });
});

describe('matchBrandSlug', () => {
  it('tries the exact normalized name first', () => {
    expect(matchBrandSlug('Google Ads', known)).toBe('googleads');
    expect(matchBrandSlug('GitHub', known)).toBe('github');
  });

  it('then the alias', () => {
    expect(matchBrandSlug('Google Suite', known)).toBe('googleworkspace');
    expect(matchBrandSlug('Twitter', known)).toBe('x');
    expect(matchBrandSlug('HubSpot CRM', known)).toBe('hubspot');
  });

  it('then with trailing words stripped, and the alias of that', () => {
    expect(matchBrandSlug('Facebook Ads', known)).toBe('facebook');
    expect(matchBrandSlug('Twitter Ads', known)).toBe('x');
  });

  it('returns undefined when nothing is known', () => {
    expect(matchBrandSlug('Acme Platform', known)).toBeUndefined();
    expect(matchBrandSlug('!!!', known)).toBeUndefined();
  });

  it('matches every landing integration', () => {
    expect(landingIntegrations.length).toBeGreaterThanOrEqual(24);
    for (const name of landingIntegrations) expect(matchBrandSlug(name, known), name).toBeDefined();
  });
});

describe('isForcedWhite', () => {
  it('forces dark brands to white', () => {
    for (const slug of ['x', 'github', 'openai', 'notion', 'apple', 'vercel', 'tiktok', 'threads'])
      expect(isForcedWhite(slug)).toBe(true);
    expect(isForcedWhite('slack')).toBe(false);
  });
});
