import {
  evaluationGroupLabels,
  type EvaluationGroup,
  type GeneratedQuestionStatus,
  type QuestionGenerationResults,
} from '@agentry/core/evaluation';

/** One generated question in the Generated Questions dialog. */
export type GeneratedItem = {
  key: string;
  /** Industry, Angry, Compliance, Prompt hacking or the custom category's label. */
  category: string;
  group: EvaluationGroup;
  question: string;
  criteria: string;
  status: GeneratedQuestionStatus | 'new';
};

/** docs/product/evaluation.md#question-generation: industry, angry and custom questions go to Custom Questions; the others to their own group. */
export function flattenGeneratedResults(results: QuestionGenerationResults): GeneratedItem[] {
  const items: GeneratedItem[] = [];
  const push = (category: string, group: EvaluationGroup, list: { question: string; criteria: string }[]) => {
    list.forEach((entry, index) =>
      items.push({
        key: `${category}-${index}`,
        category,
        group,
        question: entry.question,
        criteria: entry.criteria,
        status: 'new',
      }),
    );
  };
  push('Industry', 'custom-questions', results.industry);
  push('Angry', 'custom-questions', results.angry);
  push('Compliance', 'compliance', results.compliance);
  push('Prompt hacking', 'prompt-hacking', results.prompthacking);
  for (const [label, list] of Object.entries(results.custom)) push(label, 'custom-questions', list);
  return items;
}

/** docs/product/evaluation.md#texts, 'Question added to Custom Questions' / 'Compliance Questions' / 'Prompt Hacking Questions'. */
export function questionAddedMessage(group: EvaluationGroup) {
  return `Question added to ${evaluationGroupLabels[group]}`;
}

/** docs/product/evaluation.md#question-generation: added and rejected are final within the dialog; only a new question changes. */
export function settleGeneratedItem(
  items: GeneratedItem[],
  key: string,
  status: GeneratedQuestionStatus,
): { items: GeneratedItem[]; changed: GeneratedItem | null } {
  const target = items.find((item) => item.key === key);
  if (!target || target.status !== 'new') return { items, changed: null };
  const changed = { ...target, status };
  return { items: items.map((item) => (item.key === key ? changed : item)), changed };
}
