import { describe, expect, it } from 'vitest';
import { lockPageScroll } from './lock-page-scroll';

describe('lockPageScroll', () => {
  it('hides the overflow of the page and puts back what the page had', () => {
    document.documentElement.style.overflow = 'auto';
    document.body.style.overflow = '';
    const unlock = lockPageScroll(document);
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.body.style.overflow).toBe('hidden');
    unlock();
    expect(document.documentElement.style.overflow).toBe('auto');
    expect(document.body.style.overflow).toBe('');
    document.documentElement.style.overflow = '';
  });
});
