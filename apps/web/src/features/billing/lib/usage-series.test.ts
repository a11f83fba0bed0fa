import { describe, expect, it } from 'vitest';
import { buildUsageChartData, niceAxis } from './usage-series';

describe('niceAxis', () => {
  it('gives distinct, evenly stepped labels for small totals (no repeated "0.2")', () => {
    const axis = niceAxis(0.23);
    const labels = axis.ticks.map(axis.format);
    expect(new Set(labels).size).toBe(labels.length);
    expect(axis.ticks[0]).toBe(0);
    expect(axis.ticks.at(-1)).toBeGreaterThanOrEqual(0.23);
    expect(labels).toEqual(['0', '0.05', '0.1', '0.15', '0.2', '0.25']);
  });

  it('uses round steps of 1, 2 or 5 times a power of ten', () => {
    expect(niceAxis(2166.6).ticks).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceAxis(7).ticks).toEqual([0, 2, 4, 6, 8]);
    expect(niceAxis(1).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('has a scale for an empty or zero series', () => {
    expect(niceAxis(0).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('sizes the axis to the tallest stacked day', () => {
    const data = buildUsageChartData([
      { date: '2026-11-01', model: 'a', credits: 0.1, calls: 1 },
      { date: '2026-11-01', model: 'b', credits: 0.12, calls: 1 },
      { date: '2026-11-02', model: 'a', credits: 0.05, calls: 1 },
    ]);
    expect(data.maxDayTotal).toBeCloseTo(0.22);
  });
});
