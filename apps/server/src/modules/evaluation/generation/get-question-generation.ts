import { eq } from 'drizzle-orm';
import type { GetQuestionGenerationReply } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import { authorizeForRow } from '../../auth/authorize';
import { questionGeneration } from '../evaluation.tables';

const emptyResults = { industry: [], angry: [], compliance: [], prompthacking: [], custom: {} };

/** A generation job's status and (once complete) its questions; another tenant's job looks missing. */
export async function getQuestionGeneration(options: {
  db: Database;
  id: string;
  userId: string;
}): Promise<GetQuestionGenerationReply> {
  const [row] = await options.db
    .select()
    .from(questionGeneration)
    .where(eq(questionGeneration.id, options.id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Question generation not found' });
  await authorizeForRow({
    db: options.db,
    subaccountId: row.subaccountId,
    userId: options.userId,
    action: 'evaluation.read',
    notFoundMessage: 'Question generation not found',
  });
  return {
    success: true,
    data: {
      status: row.status,
      results: { results: row.results ?? emptyResults },
      ...(row.error ? { error: row.error } : {}),
    },
  };
}
