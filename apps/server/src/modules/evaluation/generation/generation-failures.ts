import { AppError } from '../../../platform/http/app-error';
import type { GenerationCategory } from './offline-generated-questions';

const categoryNames: Record<Exclude<GenerationCategory, 'custom'>, string> = {
  industry: 'industry questions',
  angry: 'angry customer questions',
  compliance: 'compliance questions',
  prompthacking: 'prompt hacking questions',
};

/** The testing model answered, but not with the list of questions the step asked for. */
export class UnparsedModelAnswerError extends Error {
  constructor() {
    super("the testing model's answer was not the list of questions asked for");
    this.name = 'UnparsedModelAnswerError';
  }
}

/**
 * What a failed generation tells the user: the step (which questions), why (the provider's
 * reason, or an answer that did not parse) and what to do. Never a bare 'Failed to generate'.
 */
export function generationFailureMessage(step: { category: GenerationCategory; label?: string }, error: unknown) {
  const what = step.category === 'custom' ? `"${step.label ?? ''}" questions` : categoryNames[step.category];
  if (error instanceof UnparsedModelAnswerError)
    return `Could not write the ${what}: ${error.message}. Try again; if it keeps happening, choose another testing model.`;
  if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
    return `Could not write the ${what}: ${error.message}`;
  if (error instanceof AppError) {
    const reason = error.message.replace(/\.$/, '');
    const advice = typeof error.extra?.advice === 'string' ? ` ${error.extra.advice}` : ' Try again in a moment.';
    return `Could not write the ${what}: the testing model could not be used (${reason}).${advice}`;
  }
  return `Could not write the ${what} because of an internal error. Try again in a moment.`;
}

/** A conversation whose reworded question the testing model did not write (never a canned stand-in in its place). */
export function rewordingsMissingError() {
  return new AppError('AI_PROVIDER_ERROR', {
    message:
      "Could not write the variations of this question: the testing model's answer was not the list of rewordings asked for. Run again; if it keeps happening, choose another testing model or set the question to 1 variation.",
  });
}
