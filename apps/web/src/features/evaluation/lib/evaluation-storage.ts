/** docs/product/evaluation.md#test-settings: the form persists in local storage under keys prefixed 'evaluation:'. */
export const EVALUATION_STORAGE_PREFIX = 'evaluation:';

export const evaluationStorageKeys = {
  /** The evaluation chosen on the type page (docs/product/evaluation.md#test-settings, "evaluation settings kept locally"). */
  settings: 'evaluation:settings',
  template: 'evaluation:template',
  testingModel: 'evaluation:testingModel',
  initialMessage: 'evaluation:initialMessage',
  shortuserDescription: 'evaluation:shortuserDescription',
  conversationFlowInput: 'evaluation:conversationFlowInput',
  hallucinationInstruction: 'evaluation:hallucinationInstruction',
  hallucinationChoice: 'evaluation:hallucinationChoice',
  checkedItems: 'evaluation:checkedItems',
  customQuestions: 'evaluation:customQuestions',
  complianceQuestions: 'evaluation:complianceQuestions',
  promptHackingQuestions: 'evaluation:promptHackingQuestions',
  /** How many runs this browser started; the one key a successful run keeps (docs/product/evaluation.md#test-settings). */
  chatRunCount: 'evaluation:chatRunCount',
} as const;

/** Reads a JSON value; anything missing, unreadable or rejected by `isValid` gives the fallback. */
export function readStoredValue<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

export function writeStoredValue(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses persistence, never the form.
  }
}

/** docs/product/evaluation.md#test-settings: after a successful run every 'evaluation:' key goes, except the chat run counter. */
export function clearEvaluationStorage() {
  const keys: string[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (key?.startsWith(EVALUATION_STORAGE_PREFIX) && key !== evaluationStorageKeys.chatRunCount) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
}

/** Counts a started run (kept across the clean-up above). */
export function incrementChatRunCount() {
  const count = readStoredValue(
    evaluationStorageKeys.chatRunCount,
    0,
    (value): value is number => typeof value === 'number' && Number.isInteger(value),
  );
  writeStoredValue(evaluationStorageKeys.chatRunCount, count + 1);
}
