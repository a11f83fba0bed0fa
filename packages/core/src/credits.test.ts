import { describe, expect, it } from 'vitest';
import { millicreditsForCost, toCredits, toMillicredits } from './credits';

describe('credit conversion', () => {
  it('charges one credit per cent of provider cost, rounded up to a millicredit', () => {
    expect(millicreditsForCost(0.01)).toBe(1000);
    expect(millicreditsForCost(0.0000015)).toBe(1);
    expect(millicreditsForCost(0)).toBe(0);
    expect(millicreditsForCost(-1)).toBe(0);
  });
  it('converts between credits and millicredits', () => {
    expect(toCredits(1500)).toBe(1.5);
    expect(toMillicredits(3000)).toBe(3_000_000);
  });
});
