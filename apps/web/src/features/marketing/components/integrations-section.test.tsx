import { landingIntegrations } from '@agentry/core/brand-icons';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IntegrationsSection } from './integrations-section';

function tileOf(name: string) {
  const item = screen.getByText(name, { selector: 'span:not([aria-hidden])' }).closest('li');
  if (!item) throw new Error(`No tile for ${name}`);
  return item;
}

describe('IntegrationsSection', () => {
  it('lists every landing integration by name', () => {
    render(<IntegrationsSection />);
    const list = within(
      screen.getByRole('region', { name: 'Plugs into the tools your clients already use' }),
    ).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(landingIntegrations.length);
    for (const name of landingIntegrations) expect(tileOf(name)).toBeInTheDocument();
  });

  it('draws matched brand icons in their brand colour', () => {
    render(<IntegrationsSection />);
    const gmail = tileOf('Gmail').querySelector('svg[data-brand="gmail"] path');
    expect(gmail).toHaveAttribute('fill', '#EA4335');
    // 'Google Ads' keeps its own icon even though 'ads' is a strippable trailing word.
    expect(tileOf('Google Ads').querySelector('svg')).toHaveAttribute('data-brand', 'googleads');
  });

  it('forces dark brands to white on the dark page', () => {
    render(<IntegrationsSection />);
    expect(tileOf('Notion').querySelector('path')).toHaveAttribute('fill', '#ffffff');
    expect(tileOf('X').querySelector('path')).toHaveAttribute('fill', '#ffffff');
    // Not on the forced list, but its near-black teal would vanish on #0d0e12.
    expect(tileOf('Zendesk').querySelector('path')).toHaveAttribute('fill', '#ffffff');
  });

  it('shows a letter tile for a name without an icon', () => {
    render(<IntegrationsSection />);
    expect(within(tileOf('Slack')).getByTestId('brand-letter-tile')).toHaveTextContent('S');
    expect(tileOf('Slack').querySelector('svg')).toBeNull();
  });
});
