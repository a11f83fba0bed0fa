import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_CLICK_ATTRIBUTE, PRERENDERED_LANDING_ID, useRemovePrerenderedLanding } from './prerendered-landing';

const PAGE_HTML =
  '<div><header><a href="/">Agentry</a><button type="button">Open menu</button></header>' +
  '<main><button type="button">Get started</button><a href="/#pricing">See pricing</a></main></div>';

function LivePage({ isReady, onGetStarted }: { isReady: boolean; onGetStarted: () => void }) {
  useRemovePrerenderedLanding(isReady);
  return (
    <div>
      <header>
        <a href="/">Agentry</a>
        <button type="button">Open menu</button>
      </header>
      <main>
        <button type="button" onClick={onGetStarted}>
          Get started
        </button>
        <a href="/#pricing">See pricing</a>
      </main>
    </div>
  );
}

/** The landing.html layout: the static copy, then the app's #root. */
function renderOverCopy(isReady: boolean, onGetStarted = () => undefined) {
  const copy = document.createElement('div');
  copy.id = PRERENDERED_LANDING_ID;
  copy.innerHTML = PAGE_HTML;
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(copy, root);
  const view = render(<LivePage isReady={isReady} onGetStarted={onGetStarted} />, { container: root });
  return { copy, root, ...view };
}

describe('useRemovePrerenderedLanding', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps the static copy until the live page shows the same thing, then removes it', () => {
    const onGetStarted = vi.fn();
    const { rerender } = renderOverCopy(false, onGetStarted);
    expect(document.getElementById(PRERENDERED_LANDING_ID)).not.toBeNull();
    rerender(<LivePage isReady onGetStarted={onGetStarted} />);
    expect(document.getElementById(PRERENDERED_LANDING_ID)).toBeNull();
    expect(onGetStarted).not.toHaveBeenCalled();
  });

  it('clicks the live button the visitor clicked on the copy before the app ran', () => {
    const onGetStarted = vi.fn();
    const { copy, rerender } = renderOverCopy(false, onGetStarted);
    copy.setAttribute(PENDING_CLICK_ATTRIBUTE, '1.0');
    rerender(<LivePage isReady onGetStarted={onGetStarted} />);
    expect(onGetStarted).toHaveBeenCalledTimes(1);
  });

  it('moves keyboard focus to the same element of the live page', () => {
    const { copy, root, rerender } = renderOverCopy(false);
    copy.querySelector<HTMLElement>('main a')?.focus();
    rerender(<LivePage isReady onGetStarted={() => undefined} />);
    expect(document.activeElement).toBe(root.querySelector('main a'));
  });

  it('does nothing where there is no copy (the app navigated to the landing page)', () => {
    const onGetStarted = vi.fn();
    render(<LivePage isReady onGetStarted={onGetStarted} />);
    expect(onGetStarted).not.toHaveBeenCalled();
  });
});
