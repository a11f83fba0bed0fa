import { clampVariations, clampWhenToAsk } from '@agentry/core/evaluation';
import { createBlankQuestion, type EvaluationQuestionItem } from '@agentry/core/evaluation-defaults';

/** docs/product/evaluation.md#test-settings: the edits a question list allows, as pure functions of the list. */

export function updateQuestion(
  list: EvaluationQuestionItem[],
  id: string,
  patch: Partial<Omit<EvaluationQuestionItem, 'id'>>,
): EvaluationQuestionItem[] {
  return list.map((question) => (question.id === id ? { ...question, ...patch } : question));
}

export function deleteQuestion(list: EvaluationQuestionItem[], id: string): EvaluationQuestionItem[] {
  return list.filter((question) => question.id !== id);
}

export function setVariations(list: EvaluationQuestionItem[], id: string, value: number) {
  return updateQuestion(list, id, { variations: clampVariations(value) });
}

export function setWhenToAsk(list: EvaluationQuestionItem[], id: string, value: number) {
  return updateQuestion(list, id, { whenToAsk: clampWhenToAsk(value) });
}

export function selectAllQuestions(list: EvaluationQuestionItem[], selected: boolean) {
  return list.map((question) => ({ ...question, selected }));
}

export function newQuestionId() {
  return `q-${crypto.randomUUID()}`;
}

/** Adds a blank question at the end, open for editing. */
export function addBlankQuestion(list: EvaluationQuestionItem[], id = newQuestionId()): EvaluationQuestionItem[] {
  return [...list, createBlankQuestion(id)];
}

/** A copy of a generated question, selected, with the default counts (docs/product/evaluation.md#question-generation). */
export function addGeneratedQuestion(
  list: EvaluationQuestionItem[],
  generated: { question: string; criteria: string },
  id = newQuestionId(),
): EvaluationQuestionItem[] {
  return [
    ...list,
    { ...createBlankQuestion(id), isEditing: false, text: generated.question, successCriteria: generated.criteria },
  ];
}

/** Questions loaded from storage or a template: anything malformed is dropped, counts clamped. */
export function normaliseQuestions(value: unknown): EvaluationQuestionItem[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((raw: unknown, index) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    if (typeof item.text !== 'string') return [];
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : `q-loaded-${index}`;
    return [
      {
        id,
        text: item.text,
        selected: item.selected !== false,
        isEditing: false,
        variations: clampVariations(typeof item.variations === 'number' ? item.variations : 3),
        whenToAsk: clampWhenToAsk(typeof item.whenToAsk === 'number' ? item.whenToAsk : 1),
        successCriteria: typeof item.successCriteria === 'string' ? item.successCriteria : '',
        isSuccessCriteriaEditing: false,
      },
    ];
  });
}

export function isQuestionList(value: unknown): value is EvaluationQuestionItem[] {
  return normaliseQuestions(value) !== null;
}
