/**
 * An agent's defaults, in a module without schemas: pages that only show an agent (the shared demo
 * page) read them without loading zod. agents.ts re-exports them.
 */

/** docs/product/widget.md#settings, defaults. */
export const DEFAULT_FIRST_MESSAGE = 'Hello! How can I help you today?';
export const DEFAULT_SUGGESTED_RESPONSES = [
  'What is your product?',
  'How does it work?',
  'What are the pricing plans?',
] as const;
export const DEFAULT_AI_NAME = 'AI Assistant';
