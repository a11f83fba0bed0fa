import { defaultDemoSettings } from '@agentry/core/demos';
import { describe, expect, it } from 'vitest';
import { resolveDemoLook } from './demo-look';

describe('the header logo of a demo look', () => {
  it('is 36 px at the standard logo width and follows the logo width inside the header', () => {
    const sizeAt = (logoWidth: number) => resolveDemoLook({ ...defaultDemoSettings, logoWidth }).logoSize;
    expect(sizeAt(100)).toBe(36);
    expect(sizeAt(60)).toBe(22);
    expect(sizeAt(140)).toBe(50);
    // The 60 px header keeps 4 px above and below.
    expect(sizeAt(300)).toBe(52);
  });
});
