import {
  evaluationGroupLabels,
  type EvaluationGroup,
  type GeneratedQuestionStatus,
  type QuestionGenerationResults,
} from '@agentry/core/evaluation';

/** One generated question in the Generated Questions dialog. */
export type GeneratedItem = {
  /** Unique: the section plus the question's place in it. */
  key: string;
  /**
   * The dialog section the question belongs to. Built-in and custom categories have their own
   * prefix, so a custom category labelled like a built-in one ('Compliance') stays apart from it.
   */
  sectionKey: string;
  isCustom: boolean;
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
  const push = (
    kind: 'builtin' | 'custom',
    category: string,
    group: EvaluationGroup,
    list: { question: string; criteria: string }[],
  ) => {
    const sectionKey = `${kind}:${category}`;
    list.forEach((entry, index) =>
      items.push({
        key: `${sectionKey}#${index}`,
        sectionKey,
        isCustom: kind === 'custom',
        category,
        group,
        question: entry.question,
        criteria: entry.criteria,
        status: 'new',
      }),
    );
  };
  push('builtin', 'Industry', 'custom-questions', results.industry);
  push('builtin', 'Angry', 'custom-questions', results.angry);
  push('builtin', 'Compliance', 'compliance', results.compliance);
  push('builtin', 'Prompt hacking', 'prompt-hacking', results.prompthacking);
  for (const [label, list] of Object.entries(results.custom)) push('custom', label, 'custom-questions', list);
  return items;
}

/** How a section is named to assistive technology and in its buttons: a custom one says so. */
export function generatedSectionName(item: Pick<GeneratedItem, 'category' | 'isCustom'>) {
  return item.isCustom ? `${item.category} (custom category)` : item.category;
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
