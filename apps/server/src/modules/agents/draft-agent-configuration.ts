import type { FastifyBaseLogger } from 'fastify';
import {
  AgentDraft,
  DEFAULT_SUGGESTED_RESPONSES,
  builderErrorMessages,
  type AgentCategory,
} from '@agentry/core/agents';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { generateLlmText } from '../llm/call-language-model';
import type { agent } from './agents.tables';

export const BUILDER_SYSTEM_PROMPT = [
  'You design AI chat agents for businesses. You get an idea for an agent.',
  'Answer with one JSON object and nothing else, with exactly these fields:',
  '"aiName": a short name for the agent (at most 40 characters);',
  '"instructions": the system instructions for the agent, written to it in the second person ("You are ..."), 4 to 10 sentences: who it serves, what it helps with, its tone, and what it must not do;',
  '"firstMessage": the greeting the agent sends first (one or two sentences);',
  '"suggestedResponses": exactly three short questions a visitor might ask first;',
  '"category": one of Chatbots, LLMs, Code, Data, Automation, Web, SAAS, Consulting, Other.',
].join('\n');

const categoryHints: [RegExp, AgentCategory][] = [
  [/\b(code|coding|developer|programming|debug)/i, 'Code'],
  [/\b(data|analytics|report|spreadsheet|sql)/i, 'Data'],
  [/\b(automat|workflow|zapier|integration)/i, 'Automation'],
  [/\b(saas|software|subscription app)/i, 'SAAS'],
  [/\b(consult|advis|coach)/i, 'Consulting'],
  [/\b(website|web site|landing page|seo)/i, 'Web'],
  [/\b(llm|language model|prompt)/i, 'LLMs'],
];

function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/** Without a provider the first configuration is put together from the idea itself. */
export function draftAgentOffline(idea: string): AgentDraft {
  const text = idea.trim().replace(/\s+/g, ' ');
  const business = /\bfor (?:an? |the |my |our )?([\p{L}\p{N}'&. -]{2,40}?)(?:[,.;!?]| that| which| who| to| and|$)/iu
    .exec(text)?.[1]
    ?.trim();
  const words = (business ?? text)
    .split(' ')
    .filter((word) => word.length > 2)
    .slice(0, 3)
    .join(' ');
  const aiName = `${titleCase(words || 'AI')} Assistant`.slice(0, 40).trim();
  return {
    aiName,
    instructions: [
      `You are ${aiName}, an AI assistant.`,
      `Your purpose: ${text}${/[.!?]$/.test(text) ? '' : '.'}`,
      'Be friendly, clear and concise.',
      'If you do not know an answer, say so and offer to connect the visitor with a person.',
    ].join('\n'),
    firstMessage: `Hello! I'm ${aiName}. How can I help you today?`,
    suggestedResponses: [...DEFAULT_SUGGESTED_RESPONSES],
    category: categoryHints.find(([pattern]) => pattern.test(text))?.[1] ?? 'Chatbots',
  };
}

/** The JSON object in a model's answer (models like to wrap it in a code fence or a sentence). */
export function parseAgentDraft(text: string): AgentDraft | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return undefined;
  try {
    const parsed = AgentDraft.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the agent's model (through the gateway) for a first configuration of the idea. */
export async function draftAgentConfiguration(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  agent: typeof agent.$inferSelect;
  idea: string;
}): Promise<AgentDraft> {
  const { agent: row } = options;
  const result = await generateLlmText({
    db: options.db,
    config: options.config,
    logger: options.logger,
    subaccountId: row.subaccountId,
    agentId: row.id,
    threadId: null,
    source: 'agent-build',
    choice: { provider: row.provider, model: row.model, providerKeyId: row.providerKeyId },
    sampling: {
      temperature: 0.7,
      maxTokens: 1500,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      stopSequences: [],
    },
    system: BUILDER_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: `Idea: ${options.idea}` }],
    offline: () => JSON.stringify(draftAgentOffline(options.idea)),
  });
  const draft = parseAgentDraft(result.text);
  if (!draft) {
    options.logger?.warn(
      { agentId: row.id, answer: result.text.slice(0, 500) },
      'builder answer was not a valid agent configuration',
    );
    throw new AppError('AI_PROVIDER_ERROR', { message: builderErrorMessages.failed });
  }
  return draft;
}
