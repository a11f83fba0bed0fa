import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { marketplaceMessages, type ProjectReply } from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { marketplaceProject, marketplaceReply } from './marketplace.tables';

/** The project page a reply e-mail links to. */
export function projectPageUrl(publicUrl: string, projectId: string) {
  return `${publicUrl}/marketplace/projects/${encodeURIComponent(projectId)}`;
}

/**
 * A signed-in user answers a live project; the author is e-mailed with a link to the
 * project page. The reply is kept even when the e-mail fails (the author sees it on the page).
 */
export async function createReply(options: {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  publicUrl: string;
  projectId: string;
  sender: { id: string; name: string; email: string };
  message: string;
}): Promise<ProjectReply> {
  const { db, projectId, sender, message } = options;
  const [project] = await db
    .select({
      id: marketplaceProject.id,
      title: marketplaceProject.title,
      status: marketplaceProject.status,
      authorUserId: marketplaceProject.authorUserId,
      email: marketplaceProject.email,
    })
    .from(marketplaceProject)
    .where(eq(marketplaceProject.id, projectId))
    .limit(1);
  if (project?.authorUserId === sender.id)
    throw new AppError('CONFLICT', { message: marketplaceMessages.ownProjectReply });
  // A closed project is hidden from everyone but its author, so it answers like a missing one.
  if (project?.status !== 'live') throw new AppError('NOT_FOUND', { message: 'Project not found' });

  const [row] = await db
    .insert(marketplaceReply)
    .values({ id: randomUUID(), projectId, authorUserId: sender.id, message })
    .returning();
  if (!row) throw new Error('reply insert returned nothing');

  const link = projectPageUrl(options.publicUrl, projectId);
  try {
    await options.mailer.send({
      to: project.email,
      subject: `New reply to your project "${project.title}"`,
      text: `${sender.name} (${sender.email}) replied to your project "${project.title}":\n\n${message}\n\nSee all replies on your project page: ${link}\n`,
      link,
    });
  } catch (error) {
    options.logger.error({ err: error, projectId, replyId: row.id }, 'reply notification e-mail failed');
  }
  return {
    id: row.id,
    projectId,
    message: row.message,
    authorName: sender.name,
    authorEmail: sender.email,
    createdAt: row.createdAt.toISOString(),
  };
}
