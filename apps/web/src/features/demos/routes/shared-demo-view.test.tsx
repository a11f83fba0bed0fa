import fs from 'node:fs';
import path from 'node:path';
import { SHARED_DEMO_DATA_ELEMENT_ID } from '@agentry/core/demo-rules';
import { demoMessages } from '@agentry/core/demos';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/test/workspace-test-harness';
import { demoKeys } from '../api/demos-api';
import { createSharedDemoQueryClient } from '../lib/create-shared-demo-query-client';
import { readSentDemo } from '../lib/read-sent-demo';
import { buildPublicDemoFixture } from '../test/demo-fixtures';
import { SharedDemoView } from './shared-demo-view';

function pageWith(data: string | null): Pick<Document, 'getElementById'> {
  const page = document.implementation.createHTMLDocument('shared demo');
  if (data !== null) {
    const script = page.createElement('script');
    script.id = SHARED_DEMO_DATA_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = data;
    page.head.append(script);
  }
  return page;
}

describe('the shared demo page', () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the demo the server sent only when it is the one the address names', () => {
    const demo = buildPublicDemoFixture({ demoId: 'demo-7' });
    expect(readSentDemo(pageWith(JSON.stringify(demo)), 'demo-7')).toEqual(demo);
    expect(readSentDemo(pageWith(JSON.stringify(demo)), 'demo-8')).toBeUndefined();
    expect(readSentDemo(pageWith('{not json'), 'demo-7')).toBeUndefined();
    expect(readSentDemo(pageWith('null'), 'demo-7')).toBeUndefined();
    expect(readSentDemo(pageWith(null), 'demo-7')).toBeUndefined();
  });

  it('shows a demo the page arrived with without asking the API', () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    const demo = buildPublicDemoFixture({ demoId: 'demo-7', name: 'Arrived with the page', type: 'standard' });
    const queryClient = createSharedDemoQueryClient();
    queryClient.setQueryData(demoKeys.shared('demo-7'), demo);
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <SharedDemoView demoId="demo-7" isEmbedded={false} />
      </QueryClientProvider>,
    );
    expect(container.querySelector('[data-demo-mode="shared"][data-demo-type="standard"]')).not.toBeNull();
    expect(screen.queryByText(demoMessages.loadingDemo)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('paints the loading view from demo.html itself, in the words the app uses', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../demo.html'), 'utf8');
    expect(html).toContain('<script type="module" src="/src/demo-main.tsx"></script>');
    const root = /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(root).toContain('role="status"');
    expect(root.replace(/<[^>]+>/g, '').trim()).toBe(demoMessages.loadingDemo);
  });
});
