export const aiErrorTypes = [
  'quota_exceeded',
  'invalid_api_key',
  'rate_limit',
  'model_error',
  'network_error',
  'timeout',
  'config_error',
  'no_api_key',
  'permission_error',
  'validation_error',
  'unknown_error',
] as const;
export type AiErrorType = (typeof aiErrorTypes)[number];

export type ParsedAiError = { type: AiErrorType; message: string; advice: string };

/** What callers hand in: a thrown Error, or what they know about a failed response. */
export type AiErrorInput =
  Error | { status?: number; body?: unknown; code?: string; message?: string } | string | null | undefined;

const byCode: Record<string, ParsedAiError> = {
  insufficient_quota: {
    type: 'quota_exceeded',
    message: 'You exceeded your current quota, please check your plan and billing details.',
    advice: 'Add credits or upgrade your plan.',
  },
  invalid_api_key: {
    type: 'invalid_api_key',
    message: 'Your API key is invalid or has been revoked.',
    advice: 'Update your API key in settings.',
  },
  rate_limit_exceeded: {
    type: 'rate_limit',
    message: 'Rate limit exceeded. Too many requests in a short period.',
    advice: 'Wait a moment, then try again.',
  },
  model_not_found: {
    type: 'model_error',
    message: 'The requested AI model is not available.',
    advice: 'Try again in a few minutes.',
  },
};

function byCodeOrThrow(code: string): ParsedAiError {
  const result = byCode[code];
  if (!result) throw new Error(`Unknown AI error code ${code}`);
  return result;
}

const retryLater = 'Try again in a few minutes.';

/** docs/product/README.md#errors, "from general messages", first match wins. */
const byMessage: readonly { pattern: RegExp; result: ParsedAiError }[] = [
  {
    pattern: /timed? ?out|timeout|ETIMEDOUT/i,
    result: { type: 'timeout', message: 'The request timed out.', advice: 'Please try again in a moment.' },
  },
  {
    pattern: /encryption key/i,
    result: { type: 'config_error', message: 'System configuration error.', advice: 'Please contact support.' },
  },
  {
    pattern: /no (openai )?api key|api key (is )?(missing|not found|not set)|missing (openai )?api key/i,
    result: { type: 'no_api_key', message: 'No OpenAI API key found.', advice: 'Add your OpenAI API key in settings.' },
  },
  { pattern: /incorrect api key|invalid api key/i, result: byCodeOrThrow('invalid_api_key') },
  { pattern: /quota/i, result: byCodeOrThrow('insufficient_quota') },
  { pattern: /rate limit|too many requests/i, result: byCodeOrThrow('rate_limit_exceeded') },
  {
    pattern: /unauthori[sz]ed|permission denied|forbidden/i,
    result: {
      type: 'permission_error',
      message: "You don't have permission to perform this action.",
      advice: 'Check that your account has access, or ask an admin.',
    },
  },
  {
    pattern: /validation|invalid input/i,
    result: {
      type: 'validation_error',
      message: 'Invalid input data provided.',
      advice: 'Check your input and try again.',
    },
  },
  {
    pattern: /backend|azure/i,
    result: { type: 'config_error', message: 'Backend service temporarily unavailable.', advice: retryLater },
  },
  {
    pattern: /database/i,
    result: { type: 'config_error', message: 'Database connection error.', advice: retryLater },
  },
];

const networkError: ParsedAiError = {
  type: 'network_error',
  message: 'Unable to connect to the service.',
  advice: 'Check your internet connection and try again.',
};

const unknownAdvice = 'Please try again. If the problem persists, contact support.';

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A body that is JSON text is read as JSON; any other text is unparseable. */
function readBody(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'string') return readRecord(body);
  try {
    return readRecord(JSON.parse(body));
  } catch {
    return undefined;
  }
}

/** OpenAI-style `{ error: { code | type, message } }`, our `{ error: { code, message } }`, or flat fields. */
function readDetails(input: Exclude<AiErrorInput, null | undefined | string>) {
  const record = readRecord(input) ?? {};
  const body = readBody(record.body);
  const nested = readRecord(body?.error);
  return {
    codes: [record.code, nested?.code, nested?.type, body?.code].filter((c): c is string => typeof c === 'string'),
    message: readText(nested?.message) ?? readText(body?.error) ?? readText(body?.message) ?? readText(record.message),
    status: typeof record.status === 'number' ? record.status : undefined,
  };
}

function isFetchTypeError(input: unknown): boolean {
  return input instanceof TypeError && /fetch|network|load failed/i.test(input.message);
}

/** docs/product/README.md#errors: turn any AI call failure into a type, a user message and advice. */
export function parseAiError(input: AiErrorInput): ParsedAiError {
  if (input === null || input === undefined) {
    return { type: 'unknown_error', message: 'Something went wrong', advice: unknownAdvice };
  }
  const details = typeof input === 'string' ? { codes: [], message: input, status: undefined } : readDetails(input);

  for (const code of details.codes) {
    const known = byCode[code];
    if (known) return { ...known };
  }
  if (isFetchTypeError(input)) return { ...networkError };
  if (details.message) {
    const match = byMessage.find((entry) => entry.pattern.test(details.message ?? ''));
    if (match) return { ...match.result };
  }
  const status = details.status;
  if (status === 503) {
    return {
      type: 'config_error',
      message: 'Service temporarily unavailable',
      advice: 'The service is down for maintenance. Please try again in a few minutes.',
    };
  }
  if (status !== undefined && status >= 500 && status <= 502) {
    return { type: 'config_error', message: 'Server error occurred', advice: unknownAdvice };
  }
  if (status !== undefined && !details.message) {
    return { type: 'unknown_error', message: `Request failed with status ${status}`, advice: unknownAdvice };
  }
  return { type: 'unknown_error', message: details.message ?? 'Something went wrong', advice: unknownAdvice };
}
