import {
  listRunnableQuestions,
  type EvaluationGroup,
  type RunChatCompletionEvaluationBody,
} from '@agentry/core/evaluation';

export type PlannedConversation = {
  position: number;
  group: EvaluationGroup;
  questionId: string;
  questionText: string;
  successCriteria: string;
  whenToAsk: number;
  variation: number;
  /** Variation 1 asks the text verbatim; the others wait for the testing model's rewordings. */
  askedText: string | null;
};

/** Every selected question of the enabled groups, in max(1, variations) conversations each. */
export function planConversations(payload: RunChatCompletionEvaluationBody): PlannedConversation[] {
  let position = 0;
  return listRunnableQuestions(payload).flatMap(({ group, question }) =>
    Array.from({ length: Math.max(1, question.variations) }, (_, index) => {
      position += 1;
      const questionText = question.text.trim();
      return {
        position,
        group,
        questionId: String(question.id),
        questionText,
        successCriteria: question.successCriteria.trim(),
        whenToAsk: question.whenToAsk,
        variation: index + 1,
        askedText: index === 0 ? questionText : null,
      };
    }),
  );
}
