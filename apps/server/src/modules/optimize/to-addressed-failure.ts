import type { AddressedFailure } from '@agentry/core/optimize';
import type { RunFailure } from './list-run-failures';

/** What a proposal keeps of a failure (the screen's fields, without what only the writer needs). */
export function toAddressedFailure({
  conversationId,
  questionText,
  answer,
  reasoning,
  verdict,
}: RunFailure): AddressedFailure {
  return { conversationId, questionText, answer, reasoning, verdict };
}
