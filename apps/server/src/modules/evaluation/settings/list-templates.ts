import { desc, eq } from 'drizzle-orm';
import type { EvaluationTemplate } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { evaluationTemplate } from '../evaluation.tables';

export async function listTemplates(options: { db: Database; subaccountId: string }): Promise<EvaluationTemplate[]> {
  const rows = await options.db
    .select()
    .from(evaluationTemplate)
    .where(eq(evaluationTemplate.subaccountId, options.subaccountId))
    .orderBy(desc(evaluationTemplate.createdAt))
    .limit(500);
  return rows.map((row) => ({ _id: row.id, templateName: row.name, templateData: row.data }));
}
