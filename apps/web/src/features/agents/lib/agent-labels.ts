import type { AgentType } from '@agentry/core/agents';
import type { LlmProvider } from '@agentry/core/llm';

export const agentTypeLabels: Record<AgentType, string> = {
  assistant: 'Assistant',
  'chat-completion': 'Chat completion',
};

export const providerLabels: Record<LlmProvider, string> = {
  openai: 'OpenAI',
  openrouter: 'OpenRouter',
  'openai-compatible': 'OpenAI-compatible',
  offline: 'Offline responder',
};
