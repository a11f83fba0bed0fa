import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { describeCreateProjectFailure } from './create-project-error';

const apiError = (status: number, body: unknown, kind: ApiError['kind'] = 'other') =>
  new ApiError({ status, body, message: 'generic', kind });

describe('describeCreateProjectFailure', () => {
  it('formats the 429 daily limit from the top-level fields or the structured error', () => {
    expect(
      describeCreateProjectFailure(apiError(429, { dailyLimitReached: true, dailyLimit: 5, projectsToday: 5 })),
    ).toEqual({
      kind: 'daily-limit',
      message:
        "Daily limit reached! You can only create 5 projects per day. You've already created 5 projects today. Please try again tomorrow.",
    });
    expect(
      describeCreateProjectFailure(apiError(429, { error: { dailyLimitReached: true, projectsToday: 2 } })).message,
    ).toContain('You can only create 2 projects per day');
  });

  it("uses the server's message, else 'Failed to create project. Status: {status}'", () => {
    expect(
      describeCreateProjectFailure(
        apiError(400, { error: { code: 'VALIDATION_ERROR', message: 'Please select a category' } }),
      ).message,
    ).toBe('Please select a category');
    expect(describeCreateProjectFailure(apiError(400, { error: 'Bad things' })).message).toBe('Bad things');
    expect(describeCreateProjectFailure(apiError(429, { error: { code: 'RATE_LIMITED' } })).message).toBe(
      'Failed to create project. Status: 429',
    );
    expect(describeCreateProjectFailure(apiError(500, null)).message).toBe('Failed to create project. Status: 500');
  });

  it('recognises the plan gate and a lost session', () => {
    expect(describeCreateProjectFailure(apiError(403, { error: { code: 'PLAN_REQUIRED' } }, 'plan'))).toEqual({
      kind: 'plan',
      message: 'Pick a plan to use this feature',
    });
    expect(describeCreateProjectFailure(apiError(401, null, 'signin')).kind).toBe('signin');
  });
});
