import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Evaluation (Bulk Tester): the API's request and reply schemas, limits and texts.
// Rules: docs/product/evaluation.md (test settings, templates, question generation, routes, texts).

/** docs/product/evaluation.md#test-settings: the testing models always offered (plus the models of any configured provider). */
export const evaluationTestingModels = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-3.5-turbo'] as const;

/** docs/product/evaluation.md#test-settings, defaults of the Test Settings form. */
export const DEFAULT_EVALUATION_INITIAL_MESSAGE = 'How can I help you with solar today?';
export const DEFAULT_EVALUATION_USER_DESCRIPTION = 'User wants help looking at options for solar energy.';

/** docs/product/evaluation.md#test-settings, limits. */
export const evaluationLimits = {
  variationsMin: 0,
  variationsMax: 10,
  variationsDefault: 3,
  whenToAskMin: 1,
  whenToAskMax: 10,
  whenToAskDefault: 1,
  generatedCountMin: 0,
  generatedCountMax: 20,
  customCategoryCountMax: 50,
  concurrencyMin: 1,
  concurrencyMax: 50,
  concurrencyDefault: 5,
  questionsPerGroupMax: 200,
  customCategoriesMax: 20,
  /** templateData as JSON, in characters. */
  templateDataMaxChars: 512_000,
} as const;

/** docs/product/evaluation.md#question-generation: question generation is polled every 3 s, at most 100 times. */
export const QUESTION_GENERATION_POLL_INTERVAL_MS = 3000;
export const QUESTION_GENERATION_MAX_ATTEMPTS = 100;

/** Validation messages (docs/product/evaluation.md#test-settings) and toasts (docs/product/evaluation.md#texts), verbatim. */
export const evaluationMessages = {
  testingModelRequired: 'Please select a testing model',
  categoryRequired: 'Please select at least one testing question category with questions',
  templateNameRequired: 'Please enter a template name',
  fetchTemplatesFailed: 'Failed to fetch templates',
  saveTemplateFailed: 'Failed to save template',
  templateSaved: 'Template saved successfully',
  generationStartFailed: 'Failed to start question generation',
  generationFailed: 'Failed to generate questions',
  generationPartlyFailed: 'Some questions could not be generated',
  generationTimedOut: 'Question generation timed out. Please try again.',
  startEvaluationFailed: 'Failed to start evaluation',
  questionRejected: 'Question marked as rejected',
  generating: 'AI is thinking... This may take a moment',
  customCategoryNameRepeated: 'Each custom category needs its own name',
} as const;

/** docs/product/evaluation.md#texts, 'Loaded template: {label}'. */
export function formatLoadedTemplateMessage(label: string): string {
  return `Loaded template: ${label}`;
}

export function clampVariations(value: number): number {
  return clampInteger(value, evaluationLimits.variationsMin, evaluationLimits.variationsMax);
}

export function clampWhenToAsk(value: number): number {
  return clampInteger(value, evaluationLimits.whenToAskMin, evaluationLimits.whenToAskMax);
}

/** docs/product/evaluation.md#test-settings: a custom category count above 50 is reduced to 50. */
export function clampCustomCategoryCount(value: number): number {
  return clampInteger(value, 0, evaluationLimits.customCategoryCountMax);
}

function clampInteger(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

// ---------------------------------------------------------------------------------------------
// Questions and groups

/** The three question groups, named as in checkedItems. */
export const EvaluationGroup = z.enum(['custom-questions', 'compliance', 'prompt-hacking']);
export type EvaluationGroup = z.infer<typeof EvaluationGroup>;

/** Which payload list feeds which group. */
export const evaluationGroupLists = {
  'custom-questions': 'customQuestions',
  compliance: 'complianceQuestions',
  'prompt-hacking': 'promptHackingQuestions',
} as const satisfies Record<EvaluationGroup, string>;

export const evaluationGroupLabels = {
  'custom-questions': 'Custom Questions',
  compliance: 'Compliance Questions',
  'prompt-hacking': 'Prompt Hacking Questions',
} as const satisfies Record<EvaluationGroup, string>;

const QuestionId = z.union([z.string().max(200), z.number()]);
const LongText = z.string().max(8000);

/** docs/product/evaluation.md#test-settings, an evaluation question as the run payload carries it. */
export const EvaluationQuestion = z.object({
  id: QuestionId,
  text: LongText,
  selected: z.boolean().default(true),
  isEditing: z.boolean().optional(),
  variations: z
    .number()
    .int()
    .min(evaluationLimits.variationsMin)
    .max(evaluationLimits.variationsMax)
    .default(evaluationLimits.variationsDefault),
  whenToAsk: z
    .number()
    .int()
    .min(evaluationLimits.whenToAskMin)
    .max(evaluationLimits.whenToAskMax)
    .default(evaluationLimits.whenToAskDefault),
  successCriteria: LongText.default(''),
  isSuccessCriteriaEditing: z.boolean().optional(),
});
export type EvaluationQuestion = z.infer<typeof EvaluationQuestion>;

const QuestionList = z.array(EvaluationQuestion).max(evaluationLimits.questionsPerGroupMax).default([]);

/** docs/product/evaluation.md#test-settings, checkedItems: which groups are enabled. */
export const CheckedItems = z.object({
  'custom-questions': z.boolean().default(false),
  compliance: z.boolean().default(false),
  'prompt-hacking': z.boolean().default(false),
});
export type CheckedItems = z.infer<typeof CheckedItems>;

const OptionalNumber = z.number().optional();

/** docs/product/evaluation.md#test-settings, Settings. */
export const EvaluationSettings = z.object({
  temperature: OptionalNumber,
  maxTokens: OptionalNumber,
  topP: OptionalNumber,
  frequencyPenalty: OptionalNumber,
  presencePenalty: OptionalNumber,
  stopSequences: z.union([z.array(z.string().max(100)).max(4), z.string().max(400)]).optional(),
  assistant_id: z.string().max(200).optional(),
  prompt: z.string().max(32_000).optional(),
});
export type EvaluationSettings = z.infer<typeof EvaluationSettings>;

export const EvaluationResponseFormat = z.enum(['text', 'json_object']);
export type EvaluationResponseFormat = z.infer<typeof EvaluationResponseFormat>;

/** docs/product/evaluation.md#test-settings, ai1_config: the chat-completion model under test; empty for assistants. */
export const Ai1Config = z.object({
  evaluationName: z.string().trim().max(200).optional(),
  model: z.string().trim().max(200).optional(),
  /** The system prompt under test. */
  prompt: z.string().max(32_000).optional(),
  responseFormat: EvaluationResponseFormat.optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(128_000).optional(),
  topP: z.number().min(0).max(1).optional(),
  frequencyPenalty: z.number().min(-2).max(2).optional(),
  presencePenalty: z.number().min(-2).max(2).optional(),
  stopSequences: z.union([z.array(z.string().max(100)).max(4), z.string().max(400)]).optional(),
});
export type Ai1Config = z.infer<typeof Ai1Config>;

const runPayloadShape = {
  /** Random UUID made by the client; sending the same one twice starts one run. */
  evaluationId: z.uuid({ error: 'evaluationId must be a UUID' }),
  evaluationName: z.string().trim().max(200).optional(),
  ai1_config: Ai1Config.default({}),
  assistant_id: z.string().max(200).optional(),
  /** The version of the agent to test (assistant runs); its newest version when absent. */
  agentVersionId: z.string().max(200).optional(),
  initial_message: z.string().max(8000).default(DEFAULT_EVALUATION_INITIAL_MESSAGE),
  shortuserDescription: z.string().max(8000).default(DEFAULT_EVALUATION_USER_DESCRIPTION),
  conversationFlowInput: z.string().max(8000).default(''),
  hallucinationInstruction: z.string().max(8000).default(''),
  hallucinationChoice: z.string().max(200).nullable().optional(),
  customQuestionInstruction: z.string().max(8000).optional(),
  complianceQuestionInstruction: z.string().max(8000).optional(),
  promptHackingQuestionInstruction: z.string().max(8000).optional(),
  subItemValues: z.record(z.string(), z.unknown()).optional(),
  subItemSuccessCriteriaMap: z.record(z.string(), z.unknown()).optional(),
  checkedItems: CheckedItems.default({ 'custom-questions': false, compliance: false, 'prompt-hacking': false }),
  settings: EvaluationSettings.default({}),
  customQuestions: QuestionList,
  complianceQuestions: QuestionList,
  promptHackingQuestions: QuestionList,
  testing_model_for_test_generation: z.string().trim().max(200).default(''),
  concurrency: z
    .number()
    .int()
    .min(evaluationLimits.concurrencyMin)
    .max(evaluationLimits.concurrencyMax)
    .default(evaluationLimits.concurrencyDefault),
};

/** The selected questions of the enabled groups (what a run asks). */
export function listRunnableQuestions(payload: {
  checkedItems: CheckedItems;
  customQuestions: readonly EvaluationQuestion[];
  complianceQuestions: readonly EvaluationQuestion[];
  promptHackingQuestions: readonly EvaluationQuestion[];
}): { group: EvaluationGroup; question: EvaluationQuestion }[] {
  return EvaluationGroup.options.flatMap((group) =>
    payload.checkedItems[group]
      ? payload[evaluationGroupLists[group]]
          .filter((question) => question.selected && question.text.trim() !== '')
          .map((question) => ({ group, question }))
      : [],
  );
}

function checkRunPayload(payload: z.infer<z.ZodObject<typeof runPayloadShape>>, context: z.core.$RefinementCtx) {
  if (payload.testing_model_for_test_generation === '') {
    context.addIssue({
      code: 'custom',
      path: ['testing_model_for_test_generation'],
      message: evaluationMessages.testingModelRequired,
    });
    return;
  }
  if (listRunnableQuestions(payload).length === 0) {
    context.addIssue({ code: 'custom', path: ['checkedItems'], message: evaluationMessages.categoryRequired });
  }
}

/** POST /api/evaluation/run/evaluationdata: a chat-completion run (ai1_config.model and prompt). */
export const RunChatCompletionEvaluationBody = z.object(runPayloadShape).superRefine(checkRunPayload);
export type RunChatCompletionEvaluationBody = z.infer<typeof RunChatCompletionEvaluationBody>;
export type RunChatCompletionEvaluationInput = z.input<typeof RunChatCompletionEvaluationBody>;

/** POST /api/openai/assistants/run/evaluationdata: assistant_id is one of the sub account's agents. */
export const RunAssistantEvaluationBody = z
  .object({
    ...runPayloadShape,
    assistant_id: z.string().trim().min(1, { error: 'Please select an assistant' }).max(200),
  })
  .superRefine(checkRunPayload);
export type RunAssistantEvaluationBody = z.infer<typeof RunAssistantEvaluationBody>;
export type RunAssistantEvaluationInput = z.input<typeof RunAssistantEvaluationBody>;

/** 201 reply of both run routes (200 with the same runId when the evaluationId was already used). */
export const RunEvaluationReply = z.object({ runId: z.string(), evaluationId: z.string() });
export type RunEvaluationReply = z.infer<typeof RunEvaluationReply>;

// ---------------------------------------------------------------------------------------------
// Templates (docs/product/evaluation.md#templates, docs/product/evaluation.md#routes)

/** Questions inside a template are kept as the client stored them (loosely checked). */
const TemplateQuestion = z.looseObject({ id: QuestionId.optional(), text: z.string().max(8000).optional() });

/** docs/product/evaluation.md#templates, templateData. */
export const TemplateData = z
  .looseObject({
    testing_model: z.string().max(200).optional(),
    model: z.string().max(200).optional(),
    initialMessage: z.string().max(8000).optional(),
    shortuserDescription: z.string().max(8000).optional(),
    conversationFlowInput: z.string().max(8000).optional(),
    hallucinationInstruction: z.string().max(8000).optional(),
    hallucinationChoice: z.string().max(200).nullable().optional(),
    customQuestions: z.array(TemplateQuestion).max(evaluationLimits.questionsPerGroupMax).optional(),
    complianceQuestions: z.array(TemplateQuestion).max(evaluationLimits.questionsPerGroupMax).optional(),
    promptHackingQuestions: z.array(TemplateQuestion).max(evaluationLimits.questionsPerGroupMax).optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((data) => JSON.stringify(data).length <= evaluationLimits.templateDataMaxChars, {
    error: 'The template is too large',
  });
export type TemplateData = z.infer<typeof TemplateData>;

export const CreateTemplateBody = z.object({
  templateName: z
    .string()
    .trim()
    .min(1, { error: evaluationMessages.templateNameRequired })
    .max(120, { error: 'Template name must be at most 120 characters' }),
  templateData: TemplateData,
});
export type CreateTemplateBody = z.infer<typeof CreateTemplateBody>;

export const CreateTemplateReply = z.object({ templateId: z.string() });
export type CreateTemplateReply = z.infer<typeof CreateTemplateReply>;

export const EvaluationTemplate = z.object({ _id: z.string(), templateName: z.string(), templateData: TemplateData });
export type EvaluationTemplate = z.infer<typeof EvaluationTemplate>;

export const ListTemplatesReply = z.object({ templates: z.array(EvaluationTemplate) });
export type ListTemplatesReply = z.infer<typeof ListTemplatesReply>;

// ---------------------------------------------------------------------------------------------
// Question generator (docs/product/evaluation.md#question-generation, docs/product/evaluation.md#routes)

/** A count sent as a string ('0'..'20'); numbers are accepted too. */
const GeneratedCount = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, { error: 'Counts must be whole numbers' }),
    z.number().int(),
  ])
  .transform(Number)
  .pipe(
    z
      .number()
      .min(evaluationLimits.generatedCountMin)
      .max(evaluationLimits.generatedCountMax, { error: 'Counts must be between 0 and 20' }),
  );

/** docs/product/evaluation.md#question-generation, custom category: id, count (string, above 50 reduced to 50), label. */
export const CustomPrompt = z.object({
  id: QuestionId,
  count: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, { error: 'Counts must be whole numbers' }),
      z.number().int().min(0),
    ])
    .transform((value) => clampCustomCategoryCount(Number(value))),
  label: z.string().trim().min(1, { error: 'Enter a category name' }).max(100),
});
export type CustomPrompt = z.infer<typeof CustomPrompt>;

/**
 * docs/product/evaluation.md#question-generation: custom categories are told apart by name, ignoring case and surrounding
 * spaces (their questions come back keyed by it). Answers the index of each one whose name an
 * earlier one already has; empty names are left to their own check.
 */
export function findRepeatedCustomCategoryNames(labels: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  labels.forEach((label, index) => {
    const name = label.trim().toLowerCase();
    if (name === '') return;
    if (seen.has(name)) repeated.push(index);
    else seen.add(name);
  });
  return repeated;
}

export const GenerateQuestionsBody = z.object({
  evaluation_type: z.literal('questiongenerator').default('questiongenerator'),
  generatedIndustryCount: GeneratedCount.default(0),
  generatedAngryCount: GeneratedCount.default(0),
  generatedComplianceCount: GeneratedCount.default(0),
  generatedPromptHackingCount: GeneratedCount.default(0),
  customPrompts: z
    .array(CustomPrompt)
    .max(evaluationLimits.customCategoriesMax)
    .superRefine((prompts, context) => {
      // Refused before anything is queued: two categories of one name would both be paid for, one returned.
      for (const index of findRepeatedCustomCategoryNames(prompts.map((prompt) => prompt.label))) {
        context.addIssue({
          code: 'custom',
          path: [index, 'label'],
          message: evaluationMessages.customCategoryNameRepeated,
        });
      }
    })
    .default([]),
  /** The purpose / instructions of the agent the questions are for. */
  prompt: z.string().max(32_000).default(''),
  testing_model: z.string().trim().max(200).optional(),
});
export type GenerateQuestionsBody = z.infer<typeof GenerateQuestionsBody>;
export type GenerateQuestionsInput = z.input<typeof GenerateQuestionsBody>;

export const GenerateQuestionsReply = z.object({
  success: z.literal(true),
  data: z.object({ generatequestionsId: z.string() }),
});
export type GenerateQuestionsReply = z.infer<typeof GenerateQuestionsReply>;

/** docs/product/evaluation.md#question-generation, generated question (status added/rejected is the client's). */
export const GeneratedQuestion = z.object({ question: z.string(), criteria: z.string() });
export type GeneratedQuestion = z.infer<typeof GeneratedQuestion>;

export const GeneratedQuestionStatus = z.enum(['added', 'rejected']);
export type GeneratedQuestionStatus = z.infer<typeof GeneratedQuestionStatus>;

/** docs/product/evaluation.md#question-generation, generation result groups: industry, angry, compliance, prompthacking, custom categories by label. */
export const QuestionGenerationResults = z.object({
  industry: z.array(GeneratedQuestion),
  angry: z.array(GeneratedQuestion),
  compliance: z.array(GeneratedQuestion),
  prompthacking: z.array(GeneratedQuestion),
  custom: z.record(z.string(), z.array(GeneratedQuestion)),
});
export type QuestionGenerationResults = z.infer<typeof QuestionGenerationResults>;

export const QuestionGenerationStatus = z.enum(['pending', 'running', 'complete', 'failed']);
export type QuestionGenerationStatus = z.infer<typeof QuestionGenerationStatus>;

export const QuestionGenerationParams = z.object({ id: z.string().min(1).max(200) });
export type QuestionGenerationParams = z.infer<typeof QuestionGenerationParams>;

/** GET /api/questiongenerator/:id: results are empty groups until status is complete. */
export const GetQuestionGenerationReply = z.object({
  success: z.literal(true),
  data: z.object({
    status: QuestionGenerationStatus,
    results: z.object({ results: QuestionGenerationResults }),
    error: z.string().optional(),
  }),
});
export type GetQuestionGenerationReply = z.infer<typeof GetQuestionGenerationReply>;

/** What the testing model must answer for one category of generated questions. */
export const GeneratedQuestionsOutput = z.object({
  questions: z.array(
    z.object({ question: z.string().trim().min(1).max(4000), criteria: z.string().trim().min(1).max(4000) }),
  ),
});
export type GeneratedQuestionsOutput = z.infer<typeof GeneratedQuestionsOutput>;

// ---------------------------------------------------------------------------------------------
// Runs and results

export const EvaluationType = z.enum(['openai-assistants', 'chatcompletion']);
export type EvaluationType = z.infer<typeof EvaluationType>;

/** A run ends in finished, cancelled or failed (e.g. the sub account ran out of credits). */
export const EvaluationRunStatus = z.enum(['queued', 'running', 'finished', 'cancelled', 'failed']);
export type EvaluationRunStatus = z.infer<typeof EvaluationRunStatus>;

export const evaluationRunEndStatuses = [
  'finished',
  'cancelled',
  'failed',
] as const satisfies readonly EvaluationRunStatus[];

export function isEvaluationRunOver(status: EvaluationRunStatus): boolean {
  return (evaluationRunEndStatuses as readonly string[]).includes(status);
}

export const EvaluationConversationStatus = z.enum(['queued', 'running', 'done', 'error', 'cancelled']);
export type EvaluationConversationStatus = z.infer<typeof EvaluationConversationStatus>;

/** The judge's verdict; unclear is never counted as pass. */
export const EvaluationVerdict = z.enum(['pass', 'fail', 'unclear']);
export type EvaluationVerdict = z.infer<typeof EvaluationVerdict>;

/** Who a call was made for: the simulated user (incl. rewordings), the assistant under test, the judge. */
export const EvaluationRole = z.enum(['simulatedUser', 'assistant', 'judge']);
export type EvaluationRole = z.infer<typeof EvaluationRole>;

export const RoleUsage = z.object({
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** Provider cost in US dollars. */
  costUsd: z.number(),
  /** What was charged to the sub account's credits (0 when its own key or the offline responder answered). */
  millicredits: z.number().int(),
});
export type RoleUsage = z.infer<typeof RoleUsage>;

export const EvaluationUsage = z.object({
  simulatedUser: RoleUsage,
  assistant: RoleUsage,
  judge: RoleUsage,
  total: RoleUsage,
});
export type EvaluationUsage = z.infer<typeof EvaluationUsage>;

/** Counts over a run's conversations; verdict counts use the manual override when there is one. */
export const EvaluationTotals = z.object({
  total: z.number().int(),
  /** Conversations that ended (judged or errored). */
  done: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  passes: z.number().int(),
  failures: z.number().int(),
  unclear: z.number().int(),
  errors: z.number().int(),
  cancelled: z.number().int(),
});
export type EvaluationTotals = z.infer<typeof EvaluationTotals>;

/** passes / judged conversations (pass + fail + unclear + error), null when none is judged yet. */
export const PassRate = z.number().min(0).max(1).nullable();

export const EvaluationAgentRef = z.object({ buildId: z.string(), aiName: z.string() });
export type EvaluationAgentRef = z.infer<typeof EvaluationAgentRef>;

const IsoDateTime = z.iso.datetime({ offset: true });

/** What identifies a run and what it tests; the list item and the summary start with it. */
const EvaluationRunHead = z.object({
  id: z.string(),
  evaluationId: z.string(),
  name: z.string(),
  type: EvaluationType,
  /** The agent under test (assistants runs); null for chat-completion runs. */
  agent: EvaluationAgentRef.nullable(),
  /** The model under test. */
  model: z.string(),
  testingModel: z.string(),
  status: EvaluationRunStatus,
});

export const EvaluationRunListItem = EvaluationRunHead.extend({
  totals: EvaluationTotals,
  passRate: PassRate,
  costUsd: z.number(),
  millicredits: z.number().int(),
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
});
export type EvaluationRunListItem = z.infer<typeof EvaluationRunListItem>;

export const ListEvaluationsReply = z.object({ evaluations: z.array(EvaluationRunListItem) });
export type ListEvaluationsReply = z.infer<typeof ListEvaluationsReply>;

export const EvaluationOverride = z.object({
  verdict: EvaluationVerdict,
  note: z.string().nullable(),
  userId: z.string(),
  at: IsoDateTime,
});
export type EvaluationOverride = z.infer<typeof EvaluationOverride>;

export const EvaluationConversationListItem = z.object({
  id: z.string(),
  group: EvaluationGroup,
  questionId: z.string(),
  /** The question as written in the settings. */
  questionText: z.string(),
  /** What the simulated user asked: the text itself (variation 1) or a rewording. */
  askedText: z.string().nullable(),
  /** 1-based; variation 1 asks the text verbatim. */
  variation: z.number().int(),
  whenToAsk: z.number().int(),
  status: EvaluationConversationStatus,
  /** The verdict that counts: the override when there is one, else the judge's. */
  verdict: EvaluationVerdict.nullable(),
  judgeVerdict: EvaluationVerdict.nullable(),
  override: EvaluationOverride.nullable(),
  score: z.number().nullable(),
  /** True when the simulated user and judge were the offline stand-ins (no provider configured). */
  offline: z.boolean(),
  error: z.string().nullable(),
  costUsd: z.number(),
});
export type EvaluationConversationListItem = z.infer<typeof EvaluationConversationListItem>;

export const EvaluationStats = EvaluationTotals.pick({
  total: true,
  passes: true,
  failures: true,
  unclear: true,
  errors: true,
}).extend({ passRate: PassRate });
export type EvaluationStats = z.infer<typeof EvaluationStats>;

export const EvaluationQuestionStats = EvaluationStats.extend({
  group: EvaluationGroup,
  questionId: z.string(),
  questionText: z.string(),
});
export type EvaluationQuestionStats = z.infer<typeof EvaluationQuestionStats>;

export const EvaluationSummary = EvaluationRunHead.extend({
  /** Why the run failed or stopped early (e.g. out of credits). */
  error: z.string().nullable(),
  concurrency: z.number().int(),
  totals: EvaluationTotals,
  passRate: z.object({
    overall: PassRate,
    byGroup: z.array(EvaluationStats.extend({ group: EvaluationGroup })),
    byQuestion: z.array(EvaluationQuestionStats),
  }),
  /** How many verdicts are manual overrides (the counts above use them). */
  overrides: z.number().int(),
  usage: EvaluationUsage,
  conversations: z.array(EvaluationConversationListItem),
  createdAt: IsoDateTime,
  startedAt: IsoDateTime.nullable(),
  finishedAt: IsoDateTime.nullable(),
});
export type EvaluationSummary = z.infer<typeof EvaluationSummary>;

export const EvaluationTranscriptTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** 1-based user turn number this message belongs to. */
  turn: z.number().int(),
  /** The user turn that asks the question. */
  isQuestion: z.boolean(),
  /** The assistant answer the judge judged. */
  isJudged: z.boolean(),
});
export type EvaluationTranscriptTurn = z.infer<typeof EvaluationTranscriptTurn>;

export const EvaluationConversationDetail = EvaluationConversationListItem.extend({
  runId: z.string(),
  successCriteria: z.string(),
  transcript: z.array(EvaluationTranscriptTurn),
  /** Index in transcript of the judged assistant answer; null before judging. */
  judgedTurnIndex: z.number().int().nullable(),
  judgeReasoning: z.string().nullable(),
  usage: EvaluationUsage,
  startedAt: IsoDateTime.nullable(),
  finishedAt: IsoDateTime.nullable(),
});
export type EvaluationConversationDetail = z.infer<typeof EvaluationConversationDetail>;

export const EvaluationRunParams = z.object({ runId: z.string().min(1).max(200) });
export type EvaluationRunParams = z.infer<typeof EvaluationRunParams>;

export const EvaluationConversationParams = z.object({
  runId: z.string().min(1).max(200),
  conversationId: z.string().min(1).max(200),
});
export type EvaluationConversationParams = z.infer<typeof EvaluationConversationParams>;

/** PATCH .../verdict: null clears the override. */
export const OverrideVerdictBody = z.object({
  verdict: EvaluationVerdict.nullable(),
  note: z.string().trim().max(2000).optional(),
});
export type OverrideVerdictBody = z.infer<typeof OverrideVerdictBody>;

export const OverrideVerdictReply = z.object({
  conversation: EvaluationConversationListItem,
  totals: EvaluationTotals,
  passRate: PassRate,
  /** Always true: summaries count the override in place of the judge's verdict. */
  countsUseOverride: z.literal(true),
  message: z.string(),
});
export type OverrideVerdictReply = z.infer<typeof OverrideVerdictReply>;

export const CancelEvaluationReply = z.object({ runId: z.string(), status: EvaluationRunStatus });
export type CancelEvaluationReply = z.infer<typeof CancelEvaluationReply>;

export const ExportEvaluationQuery = z.object({ format: z.enum(['csv', 'json']).default('json') });
export type ExportEvaluationQuery = z.infer<typeof ExportEvaluationQuery>;

/** A question's verdict over its conversations: fail if any failed, else unclear/error if any, else pass. */
export const QuestionVerdict = z.enum(['pass', 'fail', 'unclear', 'error']);
export type QuestionVerdict = z.infer<typeof QuestionVerdict>;

export const EvaluationComparisonQuestion = z.object({
  group: EvaluationGroup,
  questionText: z.string(),
  previous: QuestionVerdict.nullable(),
  current: QuestionVerdict.nullable(),
  previousPassRate: PassRate,
  currentPassRate: PassRate,
  changed: z.boolean(),
  /** A conversation of each run for this question (variation 1 first), to read the two transcripts side by side. */
  currentConversationId: z.string().nullable(),
  previousConversationId: z.string().nullable(),
});
export type EvaluationComparisonQuestion = z.infer<typeof EvaluationComparisonQuestion>;

export const EvaluationComparisonQuery = z.object({
  /** The run to compare with; by default the latest earlier run of the same agent or model with a judged conversation. */
  baseline: z.string().min(1).max(200).optional(),
});
export type EvaluationComparisonQuery = z.infer<typeof EvaluationComparisonQuery>;

export const EvaluationComparisonCandidate = z.object({
  id: z.string(),
  name: z.string(),
  status: EvaluationRunStatus,
  createdAt: IsoDateTime,
  /** True when it tested the same agent (or the same model for chat completion). */
  isSameTarget: z.boolean(),
});
export type EvaluationComparisonCandidate = z.infer<typeof EvaluationComparisonCandidate>;

export const EvaluationComparisonReply = z.object({
  runId: z.string(),
  /** The baseline: the run picked, else the previous run of the same agent (or model); null when none. */
  previousRun: EvaluationRunListItem.nullable(),
  questions: z.array(EvaluationComparisonQuestion),
  changedCount: z.number().int(),
  /** The runs of the sub account this one can be compared with (any with a judged conversation), newest first. */
  candidates: z.array(EvaluationComparisonCandidate),
});
export type EvaluationComparisonReply = z.infer<typeof EvaluationComparisonReply>;

/**
 * One SSE `data:` payload of GET /api/evaluations/:runId/events: first a snapshot, then a
 * progress event within a second of each conversation's end; the stream ends with the run.
 * Lines starting with ':' are heartbeats (every 15 s).
 */
export const EvaluationProgressEvent = z.object({
  type: z.enum(['snapshot', 'progress']),
  runId: z.string(),
  status: EvaluationRunStatus,
  done: z.number().int(),
  total: z.number().int(),
  passes: z.number().int(),
  failures: z.number().int(),
  unclear: z.number().int(),
  errors: z.number().int(),
  /** The conversation started most recently among those running; null when none runs. */
  current: z.object({ questionText: z.string(), variation: z.number().int() }).nullable(),
});
export type EvaluationProgressEvent = z.infer<typeof EvaluationProgressEvent>;

export const TestingModel = z.object({ id: z.string(), label: z.string(), provider: z.string() });
export type TestingModel = z.infer<typeof TestingModel>;

export const ListTestingModelsReply = z.object({ models: z.array(TestingModel) });
export type ListTestingModelsReply = z.infer<typeof ListTestingModelsReply>;

// ---------------------------------------------------------------------------------------------
// What the testing model must answer (forced JSON)

/** The judge: reasoning first, then verdict and score. */
export const JudgeOutput = z.object({
  reasoning: z.string().max(20_000),
  verdict: EvaluationVerdict,
  score: z.number().min(0).max(100),
});
export type JudgeOutput = z.infer<typeof JudgeOutput>;

/** Rewordings of one question: N-1 of them for N variations. */
export const RewordingsOutput = z.object({ rewordings: z.array(z.string().trim().min(1).max(8000)) });
export type RewordingsOutput = z.infer<typeof RewordingsOutput>;
