import type { MentorMessage } from '@agentry/core/optimize';
import type { mentorMessage } from './optimize.tables';

export function toMentorMessage(row: typeof mentorMessage.$inferSelect): MentorMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    actions: row.actions,
    isOffline: row.isOffline,
    createdAt: row.createdAt.toISOString(),
  };
}
