import { randomUUID } from 'node:crypto';
import type { CreateTemplateBody } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { evaluationTemplate } from '../evaluation.tables';

/** Saves the Test Settings as a named template of the sub account (docs/product/evaluation.md#templates); answers its id. */
export async function createTemplate(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  body: CreateTemplateBody;
}): Promise<string> {
  const id = randomUUID();
  await options.db.insert(evaluationTemplate).values({
    id,
    subaccountId: options.subaccountId,
    name: options.body.templateName,
    data: options.body.templateData,
    createdByUserId: options.userId,
  });
  return id;
}
