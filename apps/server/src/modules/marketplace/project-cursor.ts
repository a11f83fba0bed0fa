import { z } from 'zod';
import type { ProjectSort } from '@agentry/core/marketplace';
import { AppError } from '../../platform/http/app-error';

/** Where a page ended: the sort key of its last project and its id (keyset pagination). */
export type ProjectCursor =
  | { sort: 'newest'; createdAt: string; id: string }
  | { sort: 'budget-asc' | 'budget-desc'; priceValue: number; id: string };

const CursorShape = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('newest'), createdAt: z.iso.datetime(), id: z.string().min(1).max(64) }),
  z.object({ sort: z.enum(['budget-asc', 'budget-desc']), priceValue: z.number(), id: z.string().min(1).max(64) }),
]);

export function encodeProjectCursor(cursor: ProjectCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor of a page, which must belong to the same sort; anything else is a 400. */
export function decodeProjectCursorOrThrow(value: string, sort: ProjectSort): ProjectCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = CursorShape.safeParse(parsed);
  if (!result.success || result.data.sort !== sort)
    throw new AppError('VALIDATION_ERROR', { message: 'Invalid cursor' });
  return result.data;
}
